// Builds <zp-chat> with ../build-split.mjs (npm module in dist/, script-tag bundle in
// dist/browser/): code splitting, so that @tencentcloud/chat (imported dynamically by
// @zp/chat-sdk/provider only when the server says the Tencent service is configured) becomes its
// own chunk beside the bundle and is not part of what every page downloads. React is served by preact/compat (same API, a fifth of the size).
// Two entries: chat.js, the light launcher every page loads (button, live unread badge), and
// chat-panel.js, the whole widget it loads on first use (src/launcher.ts). Prints their sizes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildSplitWidget, initialGzip, kb } from '../build-split.mjs';
import { precompress } from '../../scripts/precompress.mjs';

const dir = import.meta.dirname;
const browser = await buildSplitWidget(dir, 'chat', { entries: { 'chat-panel': 'src/panel.ts' } });

// The emoji images the widget shows for '[微笑]' and the rest: one small SVG per code, fetched by
// the browser only when a message or the picker shows it (spec section 9: 142 codes). Beside the
// bundle: the widget finds them relative to its own script.
const fluent = createRequire(import.meta.url)('@iconify-json/fluent-emoji-flat/icons.json');
const pairs = JSON.parse(readFileSync(join(dir, 'src', 'emoji.json'), 'utf8'));
mkdirSync(join(browser, 'emoji'));
pairs.forEach(([name, icon], index) => {
  const art = fluent.icons[icon];
  if (!art) throw new Error(`emoji [${name}]: no Fluent icon "${icon}"`);
  const size = fluent.width ?? 32;
  writeFileSync(join(browser, 'emoji', `e${index}.svg`), `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${art.width ?? size} ${art.height ?? size}">${art.body}</svg>`);
});
// Written after the bundle: their .br/.gz too (buildSplitWidget compressed what it wrote).
precompress(join(browser, 'emoji'));

// The widget's budget: what every page of a logged-in person downloads for it before anyone opens
// the chat (chat.js, the hashed launcher it imports and that file's static chunks); the panel, the
// Tencent SDKs and the call's rtc client load on first use.
const BUDGET = 60 * 1024;
const initial = initialGzip(browser, 'chat.js');
const panel = initialGzip(browser, 'chat-panel.js');
console.log(`chat: dist/browser/chat.js with its static chunks ${kb(initial)} gzip of the ${kb(BUDGET)} budget; the panel (chat-panel.js, on first use) ${kb(panel)} gzip more at most (Tencent SDKs and the video client in chunks loaded on demand); ${pairs.length} emoji in dist/browser/emoji/`);
if (initial > BUDGET) throw new Error(`chat widget: ${kb(initial)} gzip is over its ${kb(BUDGET)} budget`);
