import fs from 'node:fs';
import path from 'node:path';

/** bench/results: each bench's `<name>-latest.md` is committed; the dated JSON beside it is not (bench/results/.gitignore). */
const RESULTS_DIR = path.join(import.meta.dirname, '..', 'results');

/**
 * Writes a run's figures: `<name>-latest.md` (replacing the previous run's, so git shows how the
 * figures moved) and `<name>-<time>.json` with everything measured, for this machine only.
 * `stamp` names the JSON file; by default the current time.
 */
export function writeResults(name: string, md: string, data: unknown, stamp = new Date().toISOString().replace(/[:.]/g, '-')): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}-latest.md`), md);
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}-${stamp}.json`), JSON.stringify(data, null, 2));
}
