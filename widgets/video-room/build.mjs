// Builds <zp-video-room> like ../chat/build.mjs: React served by preact/compat (same API, a fifth
// of the size) and code splitting, so that neither video SDK is part of video-room.js: the
// self-hosted @zp/rtc-sdk or trtc-sdk-v5 (whichever the server's userSig reply names, see
// @zp/core/rtc-provider) and the chat provider (loaded to send an invitation) come as chunks
// beside it, fetched when the room needs them. Prints the gzip size of video-room.js and of the chunks.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const dir = import.meta.dirname;
const dist = join(dir, 'dist');
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { 'video-room': join(dir, 'src', 'bundle.ts') },
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
  chunkNames: 'video-room-[name]-[hash]',
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
  },
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const chunks = readdirSync(dist).filter((f) => f !== 'video-room.js' && f.endsWith('.js'));
console.log(`video-room: dist/video-room.js ${kb(readFileSync(join(dist, 'video-room.js')).length)} minified, ${kb(gz('video-room.js'))} gzip; chunks: ${chunks.map((f) => `${f} ${kb(gz(f))}`).join(', ')}`);
