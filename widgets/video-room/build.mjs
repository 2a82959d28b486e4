// Builds <zp-video-room> like ../chat/build.mjs (npm module in dist/, script-tag bundle in
// dist/browser/): React served by preact/compat (same API, a fifth
// of the size) and code splitting, so that neither video SDK is part of video-room.js: the
// self-hosted @zp/rtc-sdk or trtc-sdk-v5 (whichever the server's userSig reply names, see
// @zp/rtc-sdk/provider) and the chat provider (loaded to send an invitation) come as chunks
// beside it, fetched when the room needs them. Prints what a page downloads for the widget
// (video-room.js, its hashed bundle and static chunks) and the gzip size of every chunk.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSplitWidget, gzipped, initialGzip, kb } from '../build-split.mjs';

const dist = await buildSplitWidget(import.meta.dirname, 'video-room');
const chunks = readdirSync(dist).filter((f) => f !== 'video-room.js' && f.endsWith('.js'));
console.log(`video-room: dist/browser/video-room.js with its static chunks ${kb(initialGzip(dist, 'video-room.js'))} gzip; files: ${chunks.map((f) => `${f} ${kb(gzipped(join(dist, f)))}`).join(', ')}`);
