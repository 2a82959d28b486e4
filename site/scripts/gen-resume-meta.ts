// Writes site/src/components/seeker/resume.gen.ts (see resume-meta.ts).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderResumeMeta } from './resume-meta.js';

const target = fileURLToPath(new URL('../src/components/seeker/resume.gen.ts', import.meta.url));
fs.writeFileSync(target, renderResumeMeta());
console.log(`wrote ${target}`);
