import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { chatApi } from '@zp/core/contract';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor } from '../../../test/roles.js';
import { selfUserSig, tencentUserSig, verifySelfUserSig, verifyTencentUserSig } from './usersig.js';

// The published test key and SDKAppID of Tencent's tls-sig-api-v2 libraries (README and tests of
// tencentyun/tls-sig-api-v2-node, -python, -java), with the clock fixed at 1700000000.
const SDKAPPID = 1400000000;
const KEY = '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e';
const T = 1700000000;
// Produced by the official Node package tls-sig-api-v2 1.x (genUserSig with Date.now fixed at T).
const OFFICIAL_NODE = {
  xiaojun: 'eJyrVgrxCdYrSy1SslIy0jNQ0gHzM1NS80oy0zLBwhWZiflZpXlQqeKU7MSCgswUJStDEwMogMiUZOamKlkZmqOKplYUZBaBxE1NTY3gosWZ6UpWSj5ljuYp*p7l5unBxXnF2WVhVU4uAf7Ozi5JpX7O5SbuHuUhzgZJmQXaTia2SrUAohcx8g__',
  '100001': 'eJyrVgrxCdYrSy1SslIy0jNQ0gHzM1NS80oy0zLBwoYGBgYGhlCZ4pTsxIKCzBQlK0MTAyiAyJRk5qYqWRmao4qmVhRkFqUqWZkZmFjAxIoz05WslJxcHYMNcxMjnfNczCMiMsw8jb0iI138fcwKvPSz-UJcSvySAk2TXRxzIlxtlWoBLLMu1w__',
};
// Produced by the official Python implementation (different JSON spacing, so different bytes), and the HMAC inside it.
const OFFICIAL_PYTHON = 'eJyrVgrxCdYrSy1SslJQMtIzUNJRAItkpqTmlWSmZUIkKjIT87NK82CSxSnZiQUFmSlAKUMTAyiAyqVWFGQWpYJkTE1NjRDiJZm5YFFzNPXFmekgG3zKHM1T9D3LzdODi-OKs8vCqpxcAvydnV2SSv2cy03cPcpDnA2SMgu0nUxslWoBHdYzUg__';

describe('Tencent TLS-sig v2 userSig', () => {
  it('matches the official implementation byte for byte', () => {
    expect(tencentUserSig(SDKAPPID, KEY, 'xiaojun', 86400 * 180, T)).toBe(OFFICIAL_NODE.xiaojun);
    expect(tencentUserSig(SDKAPPID, KEY, '100001', 604800, T)).toBe(OFFICIAL_NODE['100001']);
  });

  it("accepts the official Python library's userSig and refuses tampering, other apps and expiry", () => {
    expect(verifyTencentUserSig(SDKAPPID, KEY, OFFICIAL_PYTHON, T + 10)).toEqual({ ok: true, userId: 'xiaojun', expiresAt: T + 86400 * 180, issuedAt: T * 1000 + 999 });
    expect(verifyTencentUserSig(SDKAPPID, KEY, OFFICIAL_PYTHON, T + 86400 * 181)).toEqual({ ok: false, expired: true });
    expect(verifyTencentUserSig(1400000001, KEY, OFFICIAL_PYTHON, T).ok).toBe(false);
    expect(verifyTencentUserSig(SDKAPPID, KEY.replace('5bd', '6bd'), OFFICIAL_PYTHON, T).ok).toBe(false);
    expect(verifyTencentUserSig(SDKAPPID, KEY, `${OFFICIAL_PYTHON.slice(0, -6)}AAAA__`, T).ok).toBe(false);
  });
});

describe('self-hosted userSig', () => {
  it('is bound to the user, the secret and the expiry', () => {
    const sig = selfUserSig('s3cret', '100001', 60, T);
    expect(verifySelfUserSig('s3cret', sig, T + 59)).toEqual({ ok: true, userId: '100001', expiresAt: T + 60, issuedAt: T * 1000 });
    expect(verifySelfUserSig('s3cret', sig, T + 61)).toEqual({ ok: false, expired: true });
    expect(verifySelfUserSig('other', sig, T).ok).toBe(false);
    const [payload, mac] = sig.split('.');
    const forged = Buffer.from(JSON.stringify({ u: '100002', exp: T + 60 })).toString('base64url');
    expect(verifySelfUserSig('s3cret', `${forged}.${mac}`, T).ok).toBe(false);
    expect(verifySelfUserSig('s3cret', payload, T).ok).toBe(false);
  });
});

describe('GET /api/sec/trtc/userSig', () => {
  let srv: TestServer;
  let tencent: TestServer;
  beforeAll(async () => {
    srv = await startServer();
    tencent = await startServer({ env: { TENCENT_SDKAPPID: String(SDKAPPID), TENCENT_SECRET: KEY } });
  }, 180_000);
  afterAll(async () => {
    await srv?.close();
    await tencent?.close();
  });

  it('gives a logged-in user a signature for their own id only', async () => {
    const seeker = await actor(srv, 'seeker');
    const r = await srv.call<ApiReply<typeof chatApi.userSig>>('/api/sec/trtc/userSig', { token: seeker.token });
    expect(r.body).toMatchObject({ code: 0, userId: seeker.userId, appID: 0 });
    const check = verifySelfUserSig((srv.app.services as { secret: string }).secret, r.body.userSig);
    expect(check).toMatchObject({ ok: true, userId: seeker.userId });
  });

  it('refuses visitors, and HR whose enterprise is not approved (spec section 6)', async () => {
    const anon = await srv.call('/api/sec/trtc/userSig');
    expect(anon.body.code).not.toBe(0);
    const hr = await actor(srv, 'hrUnapproved');
    const r = await srv.call('/api/sec/trtc/userSig', { token: hr.token });
    expect(r.body).toEqual({ code: 403, msg: '单位信息未审核或审核不通过,请修改单位信息!' });
    const ok = await actor(srv, 'hrApproved');
    expect((await srv.call('/api/sec/trtc/userSig', { token: ok.token })).body.code).toBe(0);
  });

  it('in Tencent mode returns a real TLS-sig v2 userSig and the SDKAppID', async () => {
    const seeker = await actor(tencent, 'seeker');
    const r = await tencent.call<ApiReply<typeof chatApi.userSig>>('/api/sec/trtc/userSig', { token: seeker.token });
    expect(r.body).toMatchObject({ code: 0, userId: seeker.userId, appID: SDKAPPID });
    expect(verifyTencentUserSig(SDKAPPID, KEY, r.body.userSig)).toMatchObject({ ok: true, userId: seeker.userId });
  });
});
