import crypto from 'node:crypto';
import type { RtcIceServer } from '@zp/core/contract';
import type { Config } from '../../config.js';

/**
 * The ICE servers handed out with a join: ICE_SERVERS as configured, plus, with TURN_SECRET, a
 * TURN entry whose credentials are made for this user now and expire after TURN_TTL — coturn's
 * REST scheme (use-auth-secret): username `${expiry}:${userId}`, credential
 * base64(HMAC-SHA1(secret, username)). No static TURN password leaves the server.
 */
export function iceServersFor(config: Config, userId: string, nowMs: number): RtcIceServer[] {
  const out: RtcIceServer[] = config.iceServers.map((s) => ({ ...s }));
  const { turnSecret, turnUrls, turnTtl } = config.rtc;
  if (turnSecret && turnUrls.length) out.push({ urls: [...turnUrls], ...turnCredentials(turnSecret, userId, Math.floor(nowMs / 1000) + turnTtl) });
  return out;
}

function turnCredentials(secret: string, userId: string, expirySeconds: number): { username: string; credential: string } {
  const username = `${expirySeconds}:${userId}`;
  return { username, credential: crypto.createHmac('sha1', secret).update(username).digest('base64') };
}
