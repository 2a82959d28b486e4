#!/usr/bin/env node
// Writes a .br and a .gz beside every text asset of a built directory, once at build time, so the
// server sends them as files (@fastify/static preCompressed) instead of compressing per request.
// Brotli at its highest quality: it costs seconds once here and saves bytes on every download.
//   node scripts/precompress.mjs site/dist/client
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/** Compresses every text file under `dir` (recursively); returns [files, bytes before, brotli bytes]. */
export function precompress(dir) {
  let files = 0;
  let before = 0;
  let after = 0;
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = join(d, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (TEXT.test(entry.name) && statSync(file).size >= MIN_BYTES) {
        const body = readFileSync(file);
        const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        files++;
        before += body.length;
        after += br.length;
      }
    }
  };
  visit(dir);
  return [files, before, after];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) {
    const [files, before, after] = precompress(dir);
    console.log(`precompress ${dir}: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
  }
}
