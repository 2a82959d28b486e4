// Bundles the server into dist/ (workspace packages inlined, npm dependencies left external)
// and copies what runs beside it (assets.mjs).
import { build } from 'esbuild';
import fs from 'node:fs';
import { copyRuntimeFiles } from './assets.mjs';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});
fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
copyRuntimeFiles('dist');
console.log('server built: dist/main.js, dist/cli.js');
