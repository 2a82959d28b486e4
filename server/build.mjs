// Bundles the server into dist/ (workspace packages inlined, npm dependencies left external)
// and copies every module's SQL migrations to dist/sql.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

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
fs.mkdirSync('dist/sql', { recursive: true });
for (const m of fs.readdirSync('src/modules')) {
  const dir = path.join('src/modules', m, 'sql');
  if (!fs.existsSync(dir)) continue;
  for (const f of fs.readdirSync(dir)) fs.copyFileSync(path.join(dir, f), path.join('dist/sql', f));
}
console.log('server built: dist/main.js, dist/cli.js');
