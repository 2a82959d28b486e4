import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/**
 * What the logs must never keep: credentials in URLs (the refresh path's token, `?token=`,
 * `?userSig=`, passwords and SMS codes that legacy GETs carry in the query, the signature of a
 * signed file link) and in headers (token, cookie, authorization, a socket subprotocol).
 */
const SECRET_QUERY_KEY = /(token|sig|signature|pwd|password|validatecode|secret|credential)$/i;
/** Signed file links carry their signature as `s` (files module, chat files). */
const SIGNED_PATH = /\/files\//;
const REDACTED = '[redacted]';

/** The URL with every credential replaced by [redacted]; the rest kept for debugging. */
export function redactUrl(url: string): string {
  if (typeof url !== 'string') return url;
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  path = path.replace(/(\/refreshToken\/)[^/?#]*/i, `$1${REDACTED}`);
  if (q < 0) return path;
  const signed = SIGNED_PATH.test(path);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        /* a malformed escape: judge the raw key */
      }
      return SECRET_QUERY_KEY.test(key) || (signed && key === 's') ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Header names whose values are credentials, in every shape a log record may hold them. */
const SECRET_HEADERS = ['token', 'cookie', 'authorization', 'sec-websocket-protocol', 'set-cookie'];
const redactPaths = ['req.headers', 'headers', 'res.headers', 'request.headers'].flatMap((p) => SECRET_HEADERS.map((h) => `${p}["${h}"]`));

interface RawReq {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer with the URL redacted (and no headers at all). */
const serializers = {
  req(req: RawReq) {
    return {
      method: req.method,
      url: redactUrl(String(req.url ?? '')),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};

/**
 * The logger every part of the server writes to: whatever logger was given (tests pass one that
 * captures), with the redacting serializers and paths added, so no caller can bypass them.
 */
export function redactingLogger(base: Logger): Logger {
  return base.child({}, { serializers, redact: { paths: redactPaths, censor: REDACTED } });
}

/**
 * The server's own logger: JSON lines for machines (a pipe, a file, a log collector), readable
 * lines when the output is a terminal, i.e. a person watching `npm start` (written at once, so that
 * the start-up banner printed after them comes last).
 */
export function defaultLogger(level: string): Logger {
  if (!process.stdout.isTTY) return pino({ level });
  return pino({ level }, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }));
}
