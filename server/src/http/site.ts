import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Services } from '../services.js';
import { CONTENT_CHANGED } from '../bus/content-changed.js';
import { CODES_CHANGED } from '../modules/codes/store.js';
import { PageCache, captureResponse, isCacheablePage, type RenderedPage } from './page-cache.js';
import { COMPRESS_THRESHOLD, compressBody, identityHeaders, negotiateEncoding, type Encoding } from './compression.js';
import { PAGE_VIEWS_HEADER, PageViews, readerOf, watchPageViews } from './page-views.js';

/**
 * Bus topics after which cached public pages may be out of date: banners, notices and fairs
 * (content.changed, published by the content and fairs modules, fair sign-ups included) and code
 * tables (category panel, filter names). Jobs and companies announce no change on the bus yet;
 * their pages rely on the cache's short lifetime (PAGE_CACHE_TTL_MS).
 */
const PAGE_INVALIDATING_TOPICS = [CONTENT_CHANGED, CODES_CHANGED] as const;

/** Where the site lives; the Astro build uses the same base (site/astro.config.mjs). */
export const SITE_BASE = '/zppc';

/** What Astro renders with: `Astro.locals` of every page (declared in site/src/env.d.ts). */
interface SiteLocals {
  /** Origin the pages' server-side API calls go to. */
  apiBase: string;
}

/** The export of dist/server/entry.mjs built by @astrojs/node in middleware mode. */
type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void, locals?: object) => Promise<void> | void;

/** Hashed build assets never change under their name; other public files may. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

/**
 * Page files are lower case; the spec's links are not (/public/meetingList, /Job_hunter/Hunter_home).
 * A page path under /zppc with upper-case letters answers with its lower-case form (query kept);
 * null when the path is already lower case or belongs to Astro itself (/zppc/_…, e.g. hashed assets).
 */
function lowerCasePath(url: string): string | null {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (pathname.startsWith(`${SITE_BASE}/_`)) return null;
  const lower = pathname.toLowerCase();
  return lower === pathname ? null : lower + (q < 0 ? '' : url.slice(q));
}

/**
 * Each widget's script-tag bundle beside the site: SITE_DIR is <repo>/site/dist, the bundles live in
 * <repo>/widgets/<name>/dist/browser (dist/ itself holds the npm module, widgets/build-split.mjs).
 */
function widgetDistDirs(siteDir: string): string[] {
  const root = path.resolve(siteDir, '..', '..', 'widgets');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(root, d.name, 'dist', 'browser'))
    .filter((d) => fs.existsSync(d));
}

/** Every file under the widget directories (their .br/.gz aside), by its path inside its directory → that directory. */
function widgetFiles(dirs: string[]): Map<string, string> {
  const owner = new Map<string, string>();
  for (const root of dirs) {
    const visit = (sub: string) => {
      for (const entry of fs.readdirSync(path.join(root, sub), { withFileTypes: true })) {
        const rel = sub ? `${sub}/${entry.name}` : entry.name;
        if (entry.isDirectory()) visit(rel);
        else if (!/\.(br|gz)$/.test(entry.name) && !owner.has(rel)) owner.set(rel, root);
      }
    };
    visit('');
  }
  return owner;
}

/** A widget file named by its content (esbuild's [hash]: `chat-OYGX5MWI.js`, as widgets/build-split.mjs HASHED). */
const isHashedWidgetFile = (file: string) => /-[A-Z2-7]{8}\.js$/.test(path.basename(file).replace(/\.(br|gz)$/, ''));

/** A cached page's compressed form, made on its first reader who accepts that encoding and kept with it. */
const encodedForms = new WeakMap<RenderedPage, Partial<Record<Encoding, Buffer>>>();
function encodedPage(page: RenderedPage, encoding: Encoding): Buffer {
  let forms = encodedForms.get(page);
  if (!forms) encodedForms.set(page, (forms = {}));
  return (forms[encoding] ??= compressBody(page.body, encoding));
}

/**
 * Serves the built Astro site under /zppc/: dist/client files directly (hashed assets cached for
 * a year), every other /zppc path rendered by Astro's handler. Pages reach the API over HTTP at
 * config.publicUrl, handed to them as `Astro.locals.apiBase` (read per request: main.ts learns
 * the real port only after listening).
 */
export async function mountSite(app: FastifyInstance, services: Services) {
  app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.redirect(`${SITE_BASE}/`));

  const dir = services.config.siteDir;
  if (!dir) return;
  const entry = path.join(dir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) {
    services.log.warn({ siteDir: dir }, 'site not built: pages under /zppc/ are unavailable until `pnpm --filter @zp/site build` runs');
    return;
  }
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler?: AstroHandler };
  if (typeof handler !== 'function') throw new Error(`${entry} exports no handler: build the site with @astrojs/node in middleware mode`);

  // biome-ignore lint/nursery/noMisusedPromises: register takes an async plugin (FastifyPluginAsync) as well as a callback one
  await app.register(async (site) => {
    // Leave request bodies unread: Astro reads the raw stream itself (forms, endpoints).
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', (_req, _payload, done) => done(null));

    const clientDir = path.join(dir, 'client');
    if (fs.existsSync(clientDir)) {
      await site.register(fastifyStatic, {
        root: clientDir,
        prefix: `${SITE_BASE}/`,
        // One route per file found now, so everything else under /zppc falls through to Astro.
        wildcard: false,
        // The .br/.gz written at build (scripts/precompress.mjs) go out in place of their file.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        index: false,
        decorateReply: false,
        cacheControl: false,
        schemaHide: true,
        setHeaders(res, file) {
          const hashed = file.split(path.sep).includes('_astro');
          res.setHeader('cache-control', hashed ? IMMUTABLE : SHORT);
        },
      });
    }

    // Widgets (widgets/<name>/dist/browser, built apart from the site) under /zppc/widgets/, e.g.
    // the footer's <zp-feedback> from /zppc/widgets/feedback.js. That stable entry (and the emoji
    // images) may change under its name, so browsers revalidate it (ETag); the content-hashed
    // bundle and chunks it imports never do, so browsers keep them for a year.
    const widgetDirs = widgetDistDirs(dir);
    if (widgetDirs.length) {
      // Each file from the one widget directory that holds it. (@fastify/static given several
      // roots answers 404 for a file without a .br/.gz beside it when the browser accepts those,
      // e.g. the small stable entries and the emoji: so one root per file, found here.)
      const owner = widgetFiles(widgetDirs);
      await site.register(fastifyStatic, {
        root: widgetDirs[0],
        serve: false,
        preCompressed: true,
        index: false,
        cacheControl: false,
        setHeaders(res, file) {
          res.setHeader('cache-control', isHashedWidgetFile(file) ? IMMUTABLE : 'no-cache');
        },
      });
      site.get(`${SITE_BASE}/widgets/*`, { schema: { hide: true } }, (req, reply) => {
        const file = (req.params as { '*': string })['*'];
        const root = owner.get(file);
        if (!root) return reply.code(404).send({ code: 404, msg: '文件不存在' });
        return reply.sendFile(file, root);
      });
    }

    const cache = new PageCache();
    const views = new PageViews(services.db, services.log);
    services.onClose(() => views.stop());
    for (const topic of PAGE_INVALIDATING_TOPICS) {
      const unsubscribe = await services.bus.subscribe(topic, () => cache.clear());
      services.onClose(unsubscribe);
    }

    const render = async (req: FastifyRequest, reply: FastifyReply) => {
      const lower = lowerCasePath(req.url);
      if (lower) return reply.redirect(lower, 301);
      reply.hijack();
      const res = reply.raw;
      const cacheable = isCacheablePage(SITE_BASE, req.method, req.url, req.headers);
      if (cacheable) {
        // One render per page at a time: readers of a page being rendered wait for it, and an
        // expired page is served stale while one reader renders it again (page-cache.ts).
        const found = cache.lookup(req.url, req.method === 'GET');
        const page = found.kind === 'hit' ? found.page : found.kind === 'wait' ? await found.page : null;
        if (page !== null) {
          const how = found.kind === 'wait' ? 'shared' : found.kind === 'hit' && found.stale ? 'stale' : 'hit';
          // A counted page (a job, a notice): this reader is a view (once a day).
          const { [PAGE_VIEWS_HEADER]: counted, ...headers } = page.headers;
          if (req.method === 'GET') views.count(counted, readerOf(req));
          const encoding = page.body.length >= COMPRESS_THRESHOLD ? negotiateEncoding(req.headers['accept-encoding']) : null;
          const body = encoding ? encodedPage(page, encoding) : page.body;
          res.writeHead(page.status, {
            ...headers,
            'x-page-cache': how,
            vary: 'Accept-Encoding',
            'content-length': body.length,
            ...(encoding && { 'content-encoding': encoding }),
          });
          res.end(req.method === 'HEAD' ? undefined : body);
          return;
        }
        res.setHeader('x-page-cache', 'miss');
        if (found.kind === 'render') {
          captureResponse(res, (rendered) => {
            if (!rendered) return found.done(null);
            const type = String(rendered.headers['content-type'] ?? '');
            // Only complete, shareable HTML pages; a page for one reader only says no-store.
            const control = String(rendered.headers['cache-control'] ?? '');
            const shareable =
              req.method === 'GET' && rendered.status === 200 && type.startsWith('text/html') && !rendered.headers['set-cookie'] && !/no-store|private/.test(control);
            const { 'x-page-cache': _, ...headers } = identityHeaders(rendered.headers);
            found.done({ page: { ...rendered, headers }, shareable });
          });
        }
      }
      // The reader of a rendered counted page is a view (the render's API call is not), cached or not.
      if (req.method === 'GET') watchPageViews(res, (counted) => views.count(counted, readerOf(req)));
      const locals: SiteLocals = { apiBase: services.config.publicUrl };
      try {
        await handler(req.raw, reply.raw, undefined, locals);
      } catch (err) {
        req.log.error({ err }, 'site render failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          reply.raw.end('页面渲染失败，请稍后重试');
        }
      }
    };

    // /zppc → /zppc/ (query kept); HEAD comes with GET (exposeHeadRoutes).
    site.get(SITE_BASE, { schema: { hide: true } }, async (req, reply) => reply.redirect(`${SITE_BASE}/${req.url.slice(SITE_BASE.length)}`));
    site.route({ method: ['GET', 'POST'], url: `${SITE_BASE}/*`, schema: { hide: true }, handler: render });
  });
  services.log.info({ siteDir: dir }, `site mounted at ${SITE_BASE}/`);
}
