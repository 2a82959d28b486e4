// Builds <zp-feedback> with ../build-split.mjs (npm module in dist/, script-tag bundle in
// dist/browser/), React served by preact/compat as <zp-chat> does: the same API at a fifth of the
// size, for a dialog most visitors never open. Prints what a page downloads for it.
import { buildSplitWidget, initialGzip, kb } from '../build-split.mjs';

const browser = await buildSplitWidget(import.meta.dirname, 'feedback');
console.log(`feedback: dist/browser/feedback.js with its static chunks ${kb(initialGzip(browser, 'feedback.js'))} gzip`);
