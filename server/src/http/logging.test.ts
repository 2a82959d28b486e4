import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, md5, type TestServer } from '../../test/helpers.js';
import { redactUrl } from './logging.js';

let srv: TestServer;
beforeAll(async () => {
  // Requests are logged at debug (info keeps starts, stops, warnings and errors).
  srv = await startServer({ demo: true, env: { LOG_LEVEL: 'debug' } });
});
afterAll(() => srv?.close());

/** Opens a socket and waits until the server has taken it (or refused it). */
function openSocket(url: string, headers: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve();
    });
    ws.once('error', () => resolve());
    ws.once('unexpected-response', () => resolve());
  });
}

describe('logs keep no credentials', () => {
  it('a refresh, sockets opened with ?token= and ?userSig=, and legacy GETs with passwords leave no secret in the log', async () => {
    const { token } = await srv.login('qz', '13800000001');
    const refreshed = await srv.call(`/api/sec/token/refreshToken/${token}`, { method: 'POST' });
    expect(refreshed.body.code).toBe(0);
    const next = refreshed.body.token as string;
    const sig = await srv.call('/api/sec/trtc/userSig', { token: next });
    const userSig = String(sig.body.userSig ?? 'fake-user-sig-value-0123456789');

    const ws = srv.url.replace(/^http/, 'ws');
    await openSocket(`${ws}/wss/ws?token=${next}`, { token: next, cookie: `zp=${next}` });
    await openSocket(`${ws}/api/chat/ws?userSig=${encodeURIComponent(userSig)}&token=${next}`);
    const oldPwd = md5('zp123456');
    const newPwd = md5('never-logged');
    await srv.call('/api/sec/secuser/updatePwd', { token: next, query: { oldPwd: md5('wrong'), newPwd } });
    await srv.call('/api/sec/pc/getBackPwdQz', { query: { phone: '13800000001', pwd: newPwd, validateCode: '123456' } });

    const text = srv.logs.join('\n');
    // The requests themselves were logged, only without their secrets.
    expect(text).toContain('/api/sec/token/refreshToken/[redacted]');
    expect(text).toContain('/wss/ws?token=[redacted]');
    for (const secret of [token, next, userSig, newPwd, oldPwd]) expect(text).not.toContain(secret);
    expect(text).not.toContain('validateCode=123456');
  });
});

describe('redactUrl', () => {
  it('redacts credentials and keeps the rest', () => {
    expect(redactUrl('/api/sec/token/refreshToken/abcDEF123_-xyz')).toBe('/api/sec/token/refreshToken/[redacted]');
    expect(redactUrl('/api/sec/token/refreshToken/abc?x=1')).toBe('/api/sec/token/refreshToken/[redacted]?x=1');
    expect(redactUrl('/wss/ws?token=abc&x=1')).toBe('/wss/ws?token=[redacted]&x=1');
    expect(redactUrl('/api/chat/ws?userSig=a.b.c&sdkAppId=1')).toBe('/api/chat/ws?userSig=[redacted]&sdkAppId=1');
    expect(redactUrl('/api/sec/pc/getBackPwdQz?phone=138&pwd=x&validateCode=1')).toBe('/api/sec/pc/getBackPwdQz?phone=138&pwd=[redacted]&validateCode=[redacted]');
    expect(redactUrl('/api/files/k/a.pdf?e=1&s=abc')).toBe('/api/files/k/a.pdf?e=1&s=[redacted]');
    expect(redactUrl('/api/search?s=abc&%74oken=1')).toBe('/api/search?s=abc&%74oken=[redacted]');
    expect(redactUrl('/api/jobs?keyword=%E4%BD%A0')).toBe('/api/jobs?keyword=%E4%BD%A0');
  });
});
