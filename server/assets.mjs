// What a server bundle needs beside its JavaScript, for the build (build.mjs) and for the test
// bundles of the process suites (src/modules/chat/processes.ts) alike: every module's SQL
// migrations in sql/, and the embedded database's thread, loaded by URL from beside the bundle.
import fs from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;

export function copyRuntimeFiles(outDir) {
  fs.copyFileSync(path.join(root, 'src/db/pglite-worker.mjs'), path.join(outDir, 'pglite-worker.mjs'));
  fs.mkdirSync(path.join(outDir, 'sql'), { recursive: true });
  const modules = path.join(root, 'src/modules');
  for (const m of fs.readdirSync(modules)) {
    const dir = path.join(modules, m, 'sql');
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) fs.copyFileSync(path.join(dir, f), path.join(outDir, 'sql', f));
  }
}
