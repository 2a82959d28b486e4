import { PAGE_RENDER_HEADER, createClient, type Client } from '@zp/core/client';

/**
 * The API client for server-side rendering (frontmatter of .astro pages). Anonymous: public pages
 * render the same for everyone; personal parts are islands that use `api` from @zp/core/session
 * in the browser. Its calls say they are a page render, so that reading a job or notice for a
 * page is not counted as a view (the page counts its reader).
 *
 * The API origin comes from Astro.locals.apiBase, which the API server sets per request from its
 * config.publicUrl; under `astro dev` set ZP_API_URL (default http://127.0.0.1:8080).
 */
export function serverApi(locals: App.Locals): Client {
  const baseURL = locals.apiBase ?? process.env.ZP_API_URL ?? 'http://127.0.0.1:8080';
  return createClient({ baseURL, headers: { [PAGE_RENDER_HEADER]: '1' } });
}
