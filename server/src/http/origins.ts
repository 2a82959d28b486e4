import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What an embedding page on an origin that is not on the list is told (the widget shows it as is). */
export const NOT_A_PARTNER_MSG = '本站尚未开通嵌入，请联系平台';

/**
 * `scheme://host[:port]` of a web origin, lower case, default port left out; null for anything
 * else (a path, a query, credentials, a wildcard, another scheme, the opaque origin 'null').
 */
export function normaliseOrigin(text: string): string | null {
  const raw = text.trim();
  if (!/^https?:\/\/[^\s/?#@\\]+\/?$/i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  // A host the URL parser fixed up (trailing dot aside) is not what the person typed: refuse it.
  if (!/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname) || url.hostname.startsWith('.') || url.hostname.includes('..')) return null;
  return url.origin;
}

/** Origins read so far, per request: the refusal hook, the token check and handlers all ask. */
const origins = new WeakMap<FastifyRequest, string | null>();

/** The request's Origin header, normalised (once per request); null when absent or not a web origin. */
export function requestOrigin(req: FastifyRequest): string | null {
  const h = req.headers.origin;
  const v = Array.isArray(h) ? h[0] : h;
  if (!v) return null;
  let origin = origins.get(req);
  if (origin === undefined) origins.set(req, (origin = normaliseOrigin(v)));
  return origin;
}

export interface PartnerInfo {
  name: string;
}

/**
 * Who may call the API from a browser page on another origin: the enabled partner sites (kept by
 * the partners module, the same on every node through the bus) and CORS_ORIGINS.
 */
export class OriginPolicy {
  private partners = new Map<string, PartnerInfo>();
  private readonly configured: Set<string>;

  // The two Config fields it reads, named here: config.ts imports normaliseOrigin from this file.
  constructor(private readonly config: { corsOrigins: string[]; publicUrl: string }) {
    // config.ts has normalised them (a malformed entry stopped the start).
    this.configured = new Set(config.corsOrigins);
  }

  /** Read each time: tests and start-up learn the listening address after the app was built. */
  private get publicOrigin(): string | null {
    return normaliseOrigin(this.config.publicUrl.replace(/^(https?:\/\/[^/]+).*$/i, '$1'));
  }

  /** Replaces the enabled partner sites (origin → name). */
  setPartners(list: { origin: string; name: string }[]) {
    this.partners = new Map(list.map((p) => [p.origin, { name: p.name }]));
  }

  /**
   * The origin is the platform's own: its host is the request's Host (the page was served by this
   * server; the scheme is left out since behind a TLS proxy the server itself sees plain http),
   * or it is PUBLIC_URL's origin.
   */
  isOwn(req: FastifyRequest, origin: string): boolean {
    if (origin === this.publicOrigin) return true;
    const host = normaliseOrigin(`http://${req.host}`);
    return host !== null && new URL(origin).host === new URL(host).host;
  }

  /** A foreign origin that may embed the widgets. */
  isPartner(origin: string): boolean {
    return this.partners.has(origin) || this.configured.has(origin);
  }

  /** The partner site's name ('' for one from CORS_ORIGINS, null for none). */
  nameOf(origin: string): string | null {
    return this.partners.get(origin)?.name ?? (this.configured.has(origin) ? '' : null);
  }

  /**
   * The partner origin a request comes from: null for the platform's own pages and for clients
   * that send no Origin (server to server, curl). The refusal hook has already turned away every
   * other foreign origin, so a non-null answer is a listed partner.
   */
  partnerOf(req: FastifyRequest): string | null {
    const origin = requestOrigin(req);
    if (!origin || this.isOwn(req, origin)) return null;
    return this.isPartner(origin) ? origin : null;
  }
}

/**
 * Refuses, before any handler runs, every API call and socket upgrade from a page on a foreign
 * origin that is not on the list: 403 `{code: 403, msg: NOT_A_PARTNER_MSG}`. The CORS plugin
 * (registered before) has already added Access-Control-Allow-Origin, so the widget can read the
 * refusal and show it; since no handler ran, reading it grants nothing. Other paths (the widget
 * scripts, public files) stay loadable from anywhere so the widget can start and say so.
 */
export function installOriginRefusal(app: FastifyInstance, policy: OriginPolicy) {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'OPTIONS') return;
    const path = req.url;
    if (!path.startsWith('/api/') && !path.startsWith('/wss/') && !path.startsWith('/imapi/')) return;
    const raw = req.headers.origin;
    if (raw === undefined) return;
    const origin = requestOrigin(req);
    if (origin && (policy.isOwn(req, origin) || policy.isPartner(origin))) return;
    return reply.code(403).header('cache-control', 'no-store').send({ code: 403, msg: NOT_A_PARTNER_MSG });
  });
}

/**
 * Whether a session counts on a call whose partner origin is `partner` (OriginPolicy.partnerOf:
 * null on the platform's own pages and without Origin). A partner session counts only on its
 * own site; a full session never on a partner's page, where any script could have brought it
 * (a login body replayed without Origin, a token copied from the platform): the page gets its
 * scoped token through the platform's login window instead.
 */
export function originMatches(user: { origin: string | null }, partner: string | null): boolean {
  return user.origin ? user.origin === partner : partner === null;
}
