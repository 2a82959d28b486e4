// The site: Astro renders every page on request (output 'server'); @astrojs/node in middleware
// mode builds dist/server/entry.mjs exporting `handler(req, res, next, locals)`, which the API
// server mounts under /zppc (server/src/http/site.ts). dist/client holds the static assets.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import sessionDirective from './src/directives/integration.mjs';

export default defineConfig({
  base: '/zppc/',
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // client:session: islands hydrate at once for a logged-in person, on intent for a visitor.
  integrations: [react(), sessionDirective()],
  trailingSlash: 'ignore',
  build: { assets: '_astro' },
  server: { port: 4321, host: '127.0.0.1' },
  vite: {
    ssr: {
      // Workspace packages are TypeScript sources; their own dependencies live in their
      // node_modules (pnpm), so bundle them into the server build instead of importing at run time.
      noExternal: ['@zp/core', '@zp/ui', 'ofetch', 'destr', 'ufo', '@nanostores/persistent', 'spark-md5'],
    },
  },
});
