// The module graph alone (issue 29): no cycle between server module folders (companies → jobs →
// companies and the like). It cruises the modules' own source only: the tests and the composition
// root (modules/index.ts, app.ts) import across modules by design and would close every loop.
// `npm run check:boundaries` runs it after the main rules.
const base = require('./.dependency-cruiser.cjs');
const MOD = '^server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      comment: 'A module needing what a module above it owns gets it handed in (see a module\'s needs.ts), never by import.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${MOD}[^/]+$` },
      to: { path: `${MOD}[^/]+$`, circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: `${MOD}[^/]+/`,
    exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.ts$' },
  },
};
