// Builds <zp-feedback> like ../build-widget.mjs (one ES module, everything inside, so a partner
// page needs one script tag), with React served by preact/compat as <zp-chat> does: the same
// API at a fifth of the size, for a dialog most visitors never open.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const dir = import.meta.dirname;
const outfile = join(dir, 'dist', 'feedback.js');
await build({
  entryPoints: [join(dir, 'src', 'index.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
  },
});

const code = readFileSync(outfile);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`feedback: dist/feedback.js ${kb(code.length)} minified, ${kb(gzipSync(code, { level: 9 }).length)} gzip`);
