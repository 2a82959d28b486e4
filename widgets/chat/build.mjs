// Builds <zp-chat> like ../build-widget.mjs, with one difference: code splitting, so that
// @tencentcloud/chat (imported dynamically by @zp/core/providers only when the server says the
// Tencent service is configured) becomes its own chunk beside dist/chat.js and is not part of
// what every page downloads. React is served by preact/compat (same API, a fifth of the size),
// which keeps the widget within its 100 KB gzip budget with the self-hosted SDK inside. Prints the gzip size of chat.js, the widget's own JS.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const dir = import.meta.dirname;
rmSync(join(dir, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { chat: join(dir, 'src', 'bundle.ts') },
  outdir: join(dir, 'dist'),
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
  chunkNames: 'chat-[name]-[hash]',
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
  },
});

// The emoji images the widget shows for '[微笑]' and the rest: one small SVG per code, fetched by
// the browser only when a message or the picker shows it (spec section 9: 142 codes).
const fluent = createRequire(import.meta.url)('@iconify-json/fluent-emoji-flat/icons.json');
const pairs = JSON.parse(readFileSync(join(dir, 'src', 'emoji.json'), 'utf8'));
mkdirSync(join(dir, 'dist', 'emoji'));
pairs.forEach(([name, icon], index) => {
  const art = fluent.icons[icon];
  if (!art) throw new Error(`emoji [${name}]: no Fluent icon "${icon}"`);
  const size = fluent.width ?? 32;
  writeFileSync(join(dir, 'dist', 'emoji', `e${index}.svg`), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${art.width ?? size} ${art.height ?? size}">${art.body}</svg>`);
});

const code = readFileSync(join(dir, 'dist', 'chat.js'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`chat: dist/chat.js ${kb(code.length)} minified, ${kb(gzipSync(code, { level: 9 }).length)} gzip (Tencent SDK in a separate chunk, loaded only when configured); ${pairs.length} emoji in dist/emoji/`);
