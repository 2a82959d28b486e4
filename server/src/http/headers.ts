import crypto from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.js';

/**
 * Hosts the Tencent Cloud SDKs talk to when TENCENT_* is set (their scripts are bundled and
 * served from here): Chat (@tencentcloud/chat: *.im.qcloud.com, *.my-imcloud.com,
 * *.my-cpaas.com, *.tim.qq.com, *.im.tencent.cn; rich media on COS, *.myqcloud.com and
 * *.tencentcos.cn) and TRTC (trtc-sdk-v5: yun.tim.qq.com, *.rtc.qq.com, *.cloud-rtc.com,
 * *.cloud-rtc.net, *.rtc-web.com, *.rtc-web.io, *.qcloud.com), as listed in the SDKs' sources
 * and Tencent's firewall allow-lists (cloud.tencent.com/document/faq/647/34399).
 */
const TENCENT_CONNECT = [
  '*.qcloud.com', '*.my-imcloud.com', '*.my-cpaas.com', '*.tim.qq.com', '*.im.tencent.cn', '*.rtc.qq.com',
  '*.cloud-rtc.com', '*.cloud-rtc.net', '*.rtc-web.com', '*.rtc-web.io', '*.myqcloud.com', '*.tencentcos.cn',
].flatMap((h) => [`https://${h}`, `wss://${h}`]);
const TENCENT_MEDIA = ['https://*.myqcloud.com', 'https://*.tencentcos.cn', 'https://*.qcloud.com', 'https://*.my-imcloud.com'];

const originOf = (url: string | undefined | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
const socketOriginOf = (origin: string) => origin.replace(/^http/, 'ws');
const unique = (list: (string | null)[]) => [...new Set(list.filter((x): x is string => !!x))];

export type Directives = Record<string, string[]>;

/**
 * The one Content-Security-Policy: scripts from this origin only (pages add the hashes of their
 * own inline scripts), no plugins, no framing of any page, forms and <base> to this origin.
 * Files may come from PUBLIC_URL and the S3 bucket; sockets go to this origin (and PUBLIC_URL).
 */
export function cspDirectives(config: Config): Directives {
  const publicOrigin = originOf(config.publicUrl);
  const s3 = config.s3 ? [originOf(config.s3.endpoint), originOf(config.s3.publicUrl)] : [];
  const tencent = !!config.tencent;
  const files = unique([publicOrigin, ...s3]);
  return {
    'default-src': ["'self'"],
    // TRTC compiles WebAssembly (audio processing); nothing here evaluates strings as code.
    'script-src': ["'self'", ...(tencent ? ["'wasm-unsafe-eval'"] : [])],
    // React and Astro set style attributes and small inline <style> blocks.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...files, ...(tencent ? TENCENT_MEDIA : [])],
    'media-src': ["'self'", 'data:', 'blob:', ...files, ...(tencent ? TENCENT_MEDIA : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': unique(["'self'", ...files, publicOrigin && socketOriginOf(publicOrigin), ...(tencent ? TENCENT_CONNECT : [])]),
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function formatPolicy(d: Directives): string {
  return Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' of every inline script of a page (what a browser hashes: the text between the tags). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === '') continue;
    out.add(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...out];
}

type Head = [status: number, ...rest: unknown[]];

/**
 * Holds back an HTML response until it is complete, then sends it with the policy plus the
 * hashes of its own inline scripts (Astro's island bootstrap and directive scripts, JSON blocks),
 * so the pages run under `script-src 'self'` without 'unsafe-inline'. Anything else passes
 * straight through.
 */
function hashPageScripts(res: ServerResponse, directives: Directives) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let head: Head | null = null;
  const chunks: Buffer[] = [];
  const restore = () => Object.assign(res, original);
  /** A header as it will go out: given to writeHead (any case), else set before. */
  const headerOf = (headers: unknown, name: string) => {
    if (headers && typeof headers === 'object' && !Array.isArray(headers))
      for (const [k, v] of Object.entries(headers as OutgoingHttpHeaders)) if (v !== undefined && k.toLowerCase() === name) return v;
    return res.getHeader(name);
  };
  /**
   * What the scripts are hashed from: an HTML page whose text passes through here. Compression
   * wraps the response before this does (compression.ts), so a page being rendered arrives here
   * as text; bytes already compressed cannot be read as text, and the only such page is a copy
   * from the page cache, whose stored headers carry the policy hashed when it was rendered.
   */
  const readablePage = (headers: unknown) => {
    const encoding = String(headerOf(headers, 'content-encoding') || 'identity').trim().toLowerCase();
    return /^text\/html/i.test(String(headerOf(headers, 'content-type') ?? '')) && encoding === 'identity';
  };
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding) : Buffer.from(chunk as Uint8Array));
  };

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const headers = rest.find((r) => r && typeof r === 'object');
    if (!readablePage(headers)) {
      restore();
      return (original.writeHead as (...a: unknown[]) => ServerResponse).call(res, status, ...rest);
    }
    head = [status, ...rest];
    return res;
  } as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!head && !res.headersSent) res.writeHead(res.statusCode);
    if (!head) return (original.write as (...a: unknown[]) => boolean).call(res, chunk, ...rest);
    keep(chunk, rest[0]);
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (cb) process.nextTick(cb);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!head && !res.headersSent && typeof chunk !== 'function') res.writeHead(res.statusCode);
    if (!head) return (original.end as (...a: unknown[]) => ServerResponse).call(res, chunk, ...rest);
    keep(chunk, rest[0]);
    const cb = rest.find((r) => typeof r === 'function') ?? (typeof chunk === 'function' ? chunk : undefined);
    const body = Buffer.concat(chunks);
    const policy = formatPolicy({ ...directives, 'script-src': [...directives['script-src'], ...inlineScriptHashes(body.toString('utf8'))] });
    const [status, ...headRest] = head;
    restore();
    res.setHeader('content-security-policy', policy);
    // Headers passed to writeHead win over setHeader: put the policy into them as well.
    const args = headRest.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? { ...(r as object), 'content-security-policy': policy } : r));
    (original.writeHead as (...a: unknown[]) => ServerResponse).call(res, status, ...args);
    return (original.end as (...a: unknown[]) => ServerResponse).call(res, body, ...(cb ? [cb] : []));
  }) as typeof res.end;
}

/**
 * Security headers, configured once for every response: @fastify/helmet with the policy above,
 * `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, a Referrer-Policy that sends only
 * the origin to other sites, HSTS. Resources stay loadable from partner pages (the widget
 * scripts, their images and the API: Cross-Origin-Resource-Policy cross-origin; CORS decides who
 * may read the API). Pages under `sitePrefix` get the hashes of their inline scripts.
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config, sitePrefix: string) {
  const directives = cspDirectives(config);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: false },
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith(`${sitePrefix}/`) || req.url === sitePrefix) hashPageScripts(reply.raw, directives);
  });
}
