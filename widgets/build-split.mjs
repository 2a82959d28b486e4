// Builds a widget package into its two forms:
//   dist/               the npm module (tsc: .js + .d.ts of src/, tests excluded) that a partner's
//                       bundler gets from `import '@zp/widget-<name>'`; React etc. come from dependencies
//   dist/browser/       the script-tag bundle served under /zppc/widgets/: <name>-<hash>.js (everything
//                       inside, immutable), its chunks <name>-<chunk>-<hash>.js, and the stable
//                       <name>.js, one line importing the hashed file, the URL partners put in a page
// Heavy optional parts (a vendor SDK loaded only when the server names it) become chunks rather
// than part of what every page downloads. React is served by preact/compat (same API, a fifth of
// the size) unless the widget opts out. Used by each widget's build.mjs and ../build-widget.mjs.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { precompress } from '../scripts/precompress.mjs';

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** esbuild's [hash]: 8 base32 characters before `.js`; the server (server/src/http/site.ts) caches such files for a year. */
const HASHED = /-[A-Z2-7]{8}\.js$/;

/**
 * Builds <dir> into dist/ (npm module) and dist/browser/ (bundle of src/bundle.ts, or src/index.ts
 * when the widget has no bundle entry); returns dist/browser, where the stable <name>.js is.
 * `preact: false` bundles React itself (for a widget without preact among its dependencies).
 */
export async function buildSplitWidget(dir, name, { preact = true, entries = {} } = {}) {
  const require = createRequire(join(dir, 'package.json'));
  const dist = join(dir, 'dist');
  rmSync(dist, { recursive: true, force: true });

  // The npm module: the widget's own TypeScript (each widget's devDependency) with tsconfig.build.json.
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(dir, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error(`${name}: tsc -p tsconfig.build.json failed`);

  // esbuild is each widget's own devDependency; resolve it from there, not from this shared file.
  const { build } = await import(pathToFileURL(require.resolve('esbuild')).href);
  const browser = join(dist, 'browser');
  const entry = existsSync(join(dir, 'src', 'bundle.ts')) ? join(dir, 'src', 'bundle.ts') : join(dir, 'src', 'index.ts');
  const result = await build({
    // `entries`: more entry points (name → source file), each with its own stable <name>.js.
    entryPoints: { [name]: entry, ...Object.fromEntries(Object.entries(entries).map(([n, file]) => [n, join(dir, file)])) },
    outdir: browser,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    jsx: 'automatic',
    // React's production build; the development one is several times larger and slower.
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    // Content-hashed names, so the server can let browsers keep them for a year; the prefix keeps
    // them apart from the other widgets' files in the one directory they are served from (/zppc/widgets/).
    entryNames: '[name]-[hash]',
    chunkNames: `${name}-[name]-[hash]`,
    ...(preact && {
      alias: {
        react: 'preact/compat',
        'react-dom': 'preact/compat',
        'react-dom/client': 'preact/compat/client',
        'react/jsx-runtime': 'preact/jsx-runtime',
      },
    }),
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const unhashed = outputs.map(([file]) => basename(file)).filter((file) => !HASHED.test(file));
  if (unhashed.length) throw new Error(`${name}: ${unhashed.join(', ')} would not be cached as content-hashed files`);
  // The stable URL a partner page keeps: a few bytes, revalidated on every load (ETag), pointing at
  // the bundle of the day. Re-exports it, so `import { … } from '…/<name>.js'` works as before.
  for (const [stable, source] of [[name, entry], ...Object.entries(entries).map(([n, file]) => [n, join(dir, file)])]) {
    const hashed = basename(outputs.find(([, out]) => out.entryPoint && resolve(out.entryPoint) === source)?.[0] ?? '');
    if (!hashed) throw new Error(`${name}: no output for the entry ${stable}`);
    writeFileSync(join(browser, `${stable}.js`), `export*from"./${hashed}";\n`);
  }
  // .br and .gz beside each file, sent as they are to browsers that accept them.
  precompress(browser);
  return browser;
}

/** Gzip size (level 9) of a built file. */
export const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The chunks a built module imports statically (`from"./x.js"`): downloaded with it, before it runs. */
export const staticImports = (code) => [...new Set(Array.from(String(code).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g), (m) => m[1]))];

/**
 * What a page downloads for a widget before it runs: its file and every chunk it imports
 * statically, transitively (the dynamic imports, loaded later or never, are not counted); gzip
 * bytes. For the stable <name>.js that is the entry, the hashed bundle and its static chunks.
 */
export function initialGzip(dist, file) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return 0;
    seen.add(name);
    const path = join(dist, name);
    return gzipped(path) + staticImports(readFileSync(path, 'utf8')).reduce((sum, next) => sum + visit(next), 0);
  };
  return visit(file);
}
