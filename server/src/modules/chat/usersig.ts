import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * Tencent's TLS-sig v2 userSig: HMAC-SHA256 over the fixed "TLS.*" lines, put into a JSON
 * document, zlib-deflated and base64-encoded with '+' → '*', '/' → '-', '=' → '_'.
 */
const escape64 = (s: string) => s.replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');
const unescape64 = (s: string) => s.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=');

function tlsHmac(key: string, sdkAppId: number, identifier: string, time: number, expire: number): string {
  const content = `TLS.identifier:${identifier}\nTLS.sdkappid:${sdkAppId}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  return crypto.createHmac('sha256', key).update(content).digest('base64');
}

export function tencentUserSig(sdkAppId: number, key: string, identifier: string, expireSeconds: number, now = Math.floor(Date.now() / 1000)): string {
  const doc = {
    'TLS.ver': '2.0',
    'TLS.identifier': identifier,
    'TLS.sdkappid': sdkAppId,
    'TLS.time': now,
    'TLS.expire': expireSeconds,
    'TLS.sig': tlsHmac(key, sdkAppId, identifier, now, expireSeconds),
  };
  return escape64(zlib.deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64'));
}

/** expiresAt in seconds; issuedAt in ms (compared with the user's revocation time). */
/** origin: the partner site a self-hosted userSig is bound to (issued to a partner session); absent when unbound. */
export type SigCheck = { ok: true; userId: string; expiresAt: number; issuedAt: number; origin?: string } | { ok: false; expired: boolean };

/** Checks a TLS-sig v2 userSig the way Tencent's server does (any JSON layout, any deflate level). */
export function verifyTencentUserSig(sdkAppId: number, key: string, sig: string, now = Math.floor(Date.now() / 1000)): SigCheck {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(zlib.inflateSync(Buffer.from(unescape64(sig), 'base64')).toString('utf8'));
  } catch {
    return { ok: false, expired: false };
  }
  const identifier = doc['TLS.identifier'];
  const time = Number(doc['TLS.time']);
  const expire = Number(doc['TLS.expire']);
  if (typeof identifier !== 'string' || Number(doc['TLS.sdkappid']) !== sdkAppId || !Number.isFinite(time) || !Number.isFinite(expire)) {
    return { ok: false, expired: false };
  }
  const expected = Buffer.from(tlsHmac(key, sdkAppId, identifier, time, expire));
  const given = Buffer.from(String(doc['TLS.sig'] ?? ''));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, expired: false };
  if (time + expire < now) return { ok: false, expired: true };
  // TLS.time has whole seconds: counted as the end of its second, so a signature issued just
  // after a revocation in the same second is not refused.
  return { ok: true, userId: identifier, expiresAt: time + expire, issuedAt: time * 1000 + 999 };
}

/**
 * The self-hosted userSig: `<payload>.<mac>`, payload the base64url JSON {u, exp, iat}, mac an
 * HMAC-SHA256 with the server-wide secret, so any node of the same database can check it. iat
 * (ms) lets a revocation refuse every signature issued before it.
 */
export function selfUserSig(secret: string, userId: string, ttlSeconds: number, now = Date.now() / 1000, origin: string | null = null): string {
  // o: a partner session's origin; the chat and video sockets then accept the userSig only from that origin.
  const claims = { u: userId, exp: Math.floor(now) + ttlSeconds, iat: Math.floor(now * 1000), ...(origin ? { o: origin } : {}) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = crypto.createHmac('sha256', secret).update(`chat-usersig:${payload}`).digest('base64url');
  return `${payload}.${mac}`;
}

export function verifySelfUserSig(secret: string, sig: string, now = Math.floor(Date.now() / 1000)): SigCheck {
  const dot = sig.indexOf('.');
  if (dot < 1) return { ok: false, expired: false };
  const payload = sig.slice(0, dot);
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`chat-usersig:${payload}`).digest('base64url'));
  const given = Buffer.from(sig.slice(dot + 1));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, expired: false };
  let body: { u?: unknown; exp?: unknown; iat?: unknown; o?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, expired: false };
  }
  if (typeof body.u !== 'string' || typeof body.exp !== 'number') return { ok: false, expired: false };
  if (body.exp < now) return { ok: false, expired: true };
  // Signatures from before iat existed count as issued at the epoch (any revocation refuses them).
  return { ok: true, userId: body.u, expiresAt: body.exp, issuedAt: typeof body.iat === 'number' ? body.iat : 0, ...(typeof body.o === 'string' ? { origin: body.o } : {}) };
}
