// Boundary rules (issue 29): only public.ts across server modules, the workspace packages form a
// tree, no module-level cycles, site and widgets never reach into the server. `npm run check:boundaries`.
const MOD = '^server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-only-public',
      comment: 'A server module may use another module only through its public.ts (see CONTRIBUTING.md).',
      severity: 'error',
      from: { path: `${MOD}([^/]+)/` },
      to: { path: `${MOD}[^/]+/`, pathNot: [`${MOD}$1/`, `${MOD}[^/]+/public\\.ts$`] },
    },
    {
      name: 'modules-root-entries-only',
      comment: 'The composition root (modules/index.ts) registers each module through its entry: routes.ts, index.ts or public.ts.',
      severity: 'error',
      from: { path: `${MOD}index\\.ts$` },
      to: { path: `${MOD}[^/]+/`, pathNot: `${MOD}[^/]+/(index|routes|public)\\.ts$` },
    },
    // no-module-cycles: .dependency-cruiser.modules.cjs (it cruises the modules' own source only).
    {
      name: 'no-circular',
      comment: 'File-level cycles anywhere: break them (a cycle makes load order matter).',
      severity: 'error',
      from: {},
      // A loop closed only by `import type` is erased at compile time and orders no loading
      // (services.ts names the session store's type; the store's files name Services).
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'packages-stay-below',
      comment: 'packages/* are libraries: they never import an app (site, widgets, server, e2e, bench).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(site|widgets|server|e2e|bench|release)/' },
    },
    {
      name: 'packages-tree',
      comment: 'The package tree: core ← ui, chat-sdk ← rtc-sdk. A package imports only the ones below it.',
      severity: 'error',
      from: { path: '^packages/(core|ui|chat-sdk|rtc-sdk)/' },
      to: {
        path: '^packages/[^/]+/',
        pathNot: ['^packages/$1/', '^packages/core/', '^packages/chat-sdk/'],
      },
    },
    {
      name: 'packages-tree-core',
      comment: 'core is the root of the tree: it imports no other workspace package; ui and chat-sdk import only core.',
      severity: 'error',
      from: { path: '^packages/(core|ui|chat-sdk)/' },
      to: { path: '^packages/(ui|chat-sdk|rtc-sdk)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'clients-never-import-server',
      comment: 'The site and the widgets talk to the server over HTTP (through @zp/core), never by import.',
      severity: 'error',
      from: { path: '^(site|widgets|packages)/' },
      to: { path: '^server/' },
    },
    {
      name: 'packages-by-name',
      comment: 'A workspace package is imported by its name (@zp/...), never by a relative path into another package folder.',
      severity: 'error',
      from: { path: '^(packages|widgets|site|server|e2e|release)/([^/]+)/' },
      to: {
        dependencyTypes: ['local'],
        path: '^(packages|widgets)/[^/]+/',
        // widgets/build-split.mjs and build-widget.mjs are the widgets' shared build scripts, not a
        // package: each widget's build.mjs runs them by relative path on purpose (never published).
        pathNot: ['^$1/$2/', '^widgets/build-(split|widget)\\.mjs$'],
      },
    },
    // (bench is exempt from packages-by-name: it times the chat SDK's ordering internals, which the
    // package does not export, the same way it starts the server from server/src.)
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    extraExtensionsToScan: ['.astro'],
  },
};
