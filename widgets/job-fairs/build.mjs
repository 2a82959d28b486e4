// Builds <zp-job-fairs> with ../build-split.mjs (React served by preact/compat) and holds it to
// its budget: everything a partner page downloads before the list runs — preact, lit, the
// @zp/core and @zp/ui pieces, the widget — at most 40 KB gzip.
import { buildSplitWidget, initialGzip, kb } from '../build-split.mjs';

const BUDGET = 40 * 1024;
const dist = await buildSplitWidget(import.meta.dirname, 'job-fairs');
const initial = initialGzip(dist, 'job-fairs.js');
console.log(`job-fairs: dist/browser/job-fairs.js with its hashed bundle and static chunks ${kb(initial)} gzip of the ${kb(BUDGET)} budget`);
if (initial > BUDGET) throw new Error(`job-fairs widget: ${kb(initial)} gzip is over its ${kb(BUDGET)} budget`);
