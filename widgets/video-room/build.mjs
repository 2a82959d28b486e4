// Builds <zp-video-room> like ../chat/build.mjs: React served by preact/compat (same API, a fifth
// of the size) and code splitting, so that neither video SDK is part of video-room.js: the
// self-hosted @zp/rtc-sdk or trtc-sdk-v5 (whichever the server's userSig reply names, see
// @zp/core/rtc-provider) and the chat provider (loaded to send an invitation) come as chunks
// beside it, fetched when the room needs them. Prints the gzip size of video-room.js and of the chunks.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSplitWidget, gzipped, kb } from '../build-split.mjs';

const dist = await buildSplitWidget(import.meta.dirname, 'video-room');
const chunks = readdirSync(dist).filter((f) => f !== 'video-room.js' && f.endsWith('.js'));
console.log(`video-room: dist/video-room.js ${kb(readFileSync(join(dist, 'video-room.js')).length)} minified, ${kb(gzipped(join(dist, 'video-room.js')))} gzip; chunks: ${chunks.map((f) => `${f} ${kb(gzipped(join(dist, f)))}`).join(', ')}`);
