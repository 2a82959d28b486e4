// Builds a widget whose heavy optional parts (a vendor SDK loaded only when the server names it)
// become chunks beside dist/<name>.js rather than part of what every page downloads. React is
// served by preact/compat (same API, a fifth of the size). Used by chat/build.mjs and
// video-room/build.mjs, which add what is theirs (emoji files, size lines).
import { createRequire } from 'node:module';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Builds <dir>/src/bundle.ts into <dir>/dist/<name>.js and its chunks; returns the dist path. */
export async function buildSplitWidget(dir, name) {
  // esbuild is each widget's own devDependency; resolve it from there, not from this shared file.
  const { build } = await import(pathToFileURL(createRequire(join(dir, 'package.json')).resolve('esbuild')).href);
  const dist = join(dir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: { [name]: join(dir, 'src', 'bundle.ts') },
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    // Served from one directory with the other widgets' files (/zppc/widgets/): names must not clash.
    chunkNames: `${name}-[name]-[hash]`,
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
  });
  return dist;
}

/** Gzip size (level 9) of a built file. */
export const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The chunks a built module imports statically (`from"./x.js"`): downloaded with it, before it runs. */
export const staticImports = (code) => [...new Set(Array.from(String(code).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g), (m) => m[1]))];

/**
 * What a page downloads for a widget before it runs: its file and every chunk it imports
 * statically, transitively (the dynamic imports, loaded later or never, are not counted); gzip bytes.
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
