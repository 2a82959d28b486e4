// Builds the widget package in the current directory into dist/<directory name>.js: one minified
// ES module with React, lit and @zp/core inside, so a partner page needs only
//   <script type="module" src=".../dist/<name>.js"></script>
// Run from a widget's package.json ("build": "tsc -p . && node ../build-widget.mjs").
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const dir = process.cwd();
const name = basename(dir);
// esbuild is each widget's own devDependency; resolve it from there, not from this shared file.
const { build } = await import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve('esbuild')).href);

const outfile = join(dir, 'dist', `${name}.js`);
await build({
  entryPoints: [join(dir, 'src', 'index.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  jsx: 'automatic',
  // React's production build; the development one is several times larger and slower.
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
});

const code = readFileSync(outfile);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`${name}: dist/${name}.js ${kb(code.length)} minified, ${kb(gzipSync(code, { level: 9 }).length)} gzip`);
