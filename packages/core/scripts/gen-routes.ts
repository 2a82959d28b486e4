/**
 * Writes src/routes.gen.ts (see routes-manifest.ts). An optional argument names another contract
 * index to render from (e.g. a copy of the committed contract).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderRoutesManifest } from './routes-manifest.js';

const target = fileURLToPath(new URL('../src/routes.gen.ts', import.meta.url));
const from = process.argv[2];
const mod = from ? ((await import(pathToFileURL(path.resolve(from)).href)) as Record<string, unknown>) : undefined;
fs.writeFileSync(target, renderRoutesManifest(mod));
console.log(`wrote ${target}`);
