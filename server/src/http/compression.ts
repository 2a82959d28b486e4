/**
 * Compressed responses by Accept-Encoding (brotli first, then gzip):
 * - API replies and other Fastify replies through @fastify/compress, above 1 KB;
 * - built assets as the .br/.gz files written at build time (scripts/precompress.mjs, served by
 *   @fastify/static's preCompressed), so nothing is compressed per request for them;
 * - the site's pages, which Astro writes to the raw response (the route is hijacked, so Fastify's
 *   hooks never see them): a cached page keeps its compressed forms, made once per render (site.ts);
 *   a page being rendered is compressed as Astro streams it (compressWhileWriting).
 * Brotli's quality for work done per request is 5: near gzip's speed at a better ratio.
 */
import zlib from 'node:zlib';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
// The negotiator @fastify/compress itself uses, so pages and API replies choose alike.
import { negotiate } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip';

/** Smaller bodies go out as they are: the saving would not pay for the work and the header. */
export const COMPRESS_THRESHOLD = 1024;
const BROTLI_LIVE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_LIVE = { level: 6 };
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * `sitePrefix`: the paths whose responses are written to the raw response (the site's pages). Their
 * compression wraps the response first, so that whatever wraps it later (the page cache's capture,
 * the inline-script hashing of headers.ts) reads the page as written and hands it on to be compressed.
 */
export async function installCompression(app: FastifyInstance, sitePrefix: string): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith(`${sitePrefix}/`) || req.url === sitePrefix) compressWhileWriting(req.raw, reply.raw);
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_LIVE,
    zlibOptions: GZIP_LIVE,
    // Request bodies stay as sent: nothing of ours posts compressed bodies.
    inflateIfDeflated: false,
  });
}

/** The encoding to answer with for an Accept-Encoding header (q-values honoured; q=0 refuses), or none. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  return negotiate<Encoding>(String(header ?? ''), ['br', 'gzip']);
}

export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_LIVE) : zlib.gzipSync(body, GZIP_LIVE);
}

/** Headers a page is stored under and sent again with: no transfer encoding of a former response. */
export function identityHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const { 'content-encoding': _e, 'content-length': _l, vary: _v, ...rest } = headers;
  return rest;
}

function isCompressible(contentType: unknown): boolean {
  return COMPRESSIBLE.test(String(contentType ?? ''));
}

/**
 * Compresses what is about to be written to `res` when the client accepts it and the response is
 * text of a compressible type (decided when the headers go out: Astro calls writeHead before its
 * body). Writes then go through a zlib stream; a response without writeHead goes out unchanged.
 */
function compressWhileWriting(req: IncomingMessage, res: ServerResponse): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (!encoding || req.method === 'HEAD') return;
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  let stream: zlib.BrotliCompress | zlib.Gzip | null = null;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((r) => r && typeof r === 'object') as OutgoingHttpHeaders | undefined;
    const reason = rest.find((r) => typeof r === 'string');
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
    const length = Number(res.getHeader('content-length') ?? Infinity);
    if (status >= 200 && status !== 204 && status !== 304 && !res.getHeader('content-encoding') && isCompressible(res.getHeader('content-type')) && length >= COMPRESS_THRESHOLD) {
      res.setHeader('content-encoding', encoding);
      res.setHeader('vary', 'Accept-Encoding');
      res.removeHeader('content-length');
      const s = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_LIVE) : zlib.createGzip(GZIP_LIVE);
      s.on('data', (chunk: Buffer) => write(chunk));
      s.on('end', () => end());
      s.on('error', (err) => res.destroy(err));
      stream = s;
    }
    return reason ? writeHead(status, reason) : writeHead(status);
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!stream) return write(chunk, ...rest);
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    const enc = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    return enc ? stream.write(chunk, enc, callback) : stream.write(chunk, callback);
  }) as typeof res.write;

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!stream) return end(chunk, ...rest);
    const enc = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      if (enc) stream.end(chunk, enc);
      else stream.end(chunk);
    } else stream.end();
    return res;
  }) as typeof res.end;
}
