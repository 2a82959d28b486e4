// Builds the widget package in the current directory (named after its directory) with React itself
// inside the bundle, for a widget without preact among its dependencies; see ./build-split.mjs for
// what lands in dist/ and dist/browser/. Run from a widget's package.json ("node ../build-widget.mjs").
import { basename } from 'node:path';
import { buildSplitWidget, initialGzip, kb } from './build-split.mjs';

const dir = process.cwd();
const name = basename(dir);
const browser = await buildSplitWidget(dir, name, { preact: false });
console.log(`${name}: dist/browser/${name}.js with its static chunks ${kb(initialGzip(browser, `${name}.js`))} gzip`);
