// @vitest-environment happy-dom
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KEY = 'zp:session';
const CORE = Symbol.for('@zp/core/session@1');
const grant = { token: 'tok_aaaaaaaaaaaaaaaaaaaaaaaa', expiresIn: 3600, userId: '7', roleId: 'qz', userName: '李明', phone: '13800000001' };

/** A fresh copy of the module, as a separately bundled widget would load it. */
const loadSession = () => import('./session.js');

function forgetModules() {
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[CORE];
}

type Handler = (req: Request) => Response | Promise<Response>;
function serveApi(handler: Handler) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input), 'http://localhost/'), init);
    requests.push(req.clone());
    return handler(req);
  });
  return requests;
}
const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

describe('session core', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('persists a login to localStorage and a new page load finds it', async () => {
    const first = await loadSession();
    first.startSession(grant);
    expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({ token: grant.token, roleId: 'qz', userName: '李明' });

    forgetModules();
    const reloaded = await loadSession();
    expect(reloaded.$session.get()).toMatchObject({ token: grant.token, userId: '7', roleId: 'qz', phone: '13800000001' });
    expect(reloaded.$loggedIn.get()).toBe(true);
    expect(reloaded.$isHr.get()).toBe(false);
  });

  it('treats a corrupted stored value as logged out', async () => {
    localStorage.setItem(KEY, '{not json');
    const s = await loadSession();
    expect(s.$session.get()).toBeNull();
    localStorage.setItem(KEY, JSON.stringify({ token: 'x', userId: '1', roleId: 'admin' }));
    forgetModules();
    expect((await loadSession()).$session.get()).toBeNull();
  });

  it('shares one session between copies of the module on one page', async () => {
    const widgetA = await loadSession();
    vi.resetModules(); // a second bundle: new module instance, same page
    const widgetB = await loadSession();
    expect(widgetB).not.toBe(widgetA);
    const seen: (string | undefined)[] = [];
    widgetB.$session.subscribe((s) => seen.push(s?.userName));
    widgetA.startSession({ ...grant, roleId: 'hr', userName: '王芳' });
    expect(widgetB.$session.get()?.userName).toBe('王芳');
    expect(widgetB.$isHr.get()).toBe(true);
    expect(seen).toEqual([undefined, '王芳']);
  });

  it('follows logins and logouts made in another tab', async () => {
    const s = await loadSession();
    const names: (string | null)[] = [];
    const off = s.$session.subscribe((v) => names.push(v ? v.userName : null));
    const other = JSON.stringify({ ...grant, avatar: '', expiresAt: Date.now() + 1000 });
    localStorage.setItem(KEY, other);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: other }));
    expect(s.$session.get()?.token).toBe(grant.token);
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: null }));
    expect(s.$session.get()).toBeNull();
    expect(names).toEqual([null, '李明', null]);
    off();
  });

  it('logs in with the hex MD5 of the password and keeps what the server granted', async () => {
    const requests = serveApi(() => json({ code: 0, msg: 'success', ...grant }));
    const s = await loadSession();
    const session = await s.loginWith('qz', { phone: '13800000001', password: 'zp123456' });
    expect(new URL(requests[0].url).pathname).toBe('/api/sec/pc/logonQz');
    expect(await requests[0].json()).toEqual({
      phone: '13800000001',
      pwd: crypto.createHash('md5').update('zp123456').digest('hex'),
      logintype: 0,
      validatecode: '',
    });
    expect(session.userName).toBe('李明');
    expect(s.$session.get()?.token).toBe(grant.token);
  });

  it('logs in with an SMS code', async () => {
    const requests = serveApi(() => json({ code: 0, msg: 'success', ...grant, roleId: 'hr' }));
    const s = await loadSession();
    await s.loginWith('hr', { phone: '13800000002', code: '123456' });
    expect(new URL(requests[0].url).pathname).toBe('/api/sec/pc/logonHr');
    expect(await requests[0].json()).toEqual({ phone: '13800000002', pwd: '', logintype: 1, validatecode: '123456' });
    expect(s.$role.get()).toBe('hr');
  });

  it('stays logged out when the login is refused, with the server message', async () => {
    serveApi(() => json({ code: 400, msg: '手机号或密码错误' }, 400));
    const s = await loadSession();
    await expect(s.loginWith('qz', { phone: '13800000001', password: 'wrong' })).rejects.toMatchObject({ msg: '手机号或密码错误' });
    expect(s.$session.get()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('sends the token with user calls and forgets the session on a 401', async () => {
    const requests = serveApi(() => json({ code: 401, msg: '登录已失效，请重新登录' }, 401));
    const { api, startSession, $session } = await loadSession();
    const { authApi } = await import('./contract/index.js');
    startSession(grant);
    await expect(api.call(authApi.currentUser)).rejects.toMatchObject({ code: 401 });
    expect(requests[0].headers.get('token')).toBe(grant.token);
    expect($session.get()).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('refreshes the token through /api/sec/token/refresh with the token in the header, never in the URL', async () => {
    const requests = serveApi(() => json({ code: 0, msg: 'success', ...grant, token: 'tok_bbbbbbbbbbbbbbbbbbbbbbbb' }));
    const s = await loadSession();
    s.startSession(grant);
    s.updateSession({ avatar: 'http://files/a.png' });
    const [a, b] = await Promise.all([s.refreshSession(), s.refreshSession()]);
    expect(requests).toHaveLength(1); // two callers, one request
    expect(requests[0].method).toBe('POST');
    expect(new URL(requests[0].url).pathname).toBe('/api/sec/token/refresh');
    expect(requests[0].headers.get('token')).toBe(grant.token);
    expect(requests[0].url).not.toContain(grant.token);
    expect(a?.token).toBe('tok_bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(b).toEqual(a);
    expect(s.$session.get()?.avatar).toBe('http://files/a.png');
  });

  it('renews a 2-hour token on activity once less than half of it is left, and when the page comes back into view', async () => {
    const renewed = 'tok_cccccccccccccccccccccccc';
    const requests = serveApi((req) =>
      new URL(req.url).pathname === '/api/sec/token/refresh'
        ? json({ code: 0, msg: 'success', ...grant, expiresIn: 7200, token: req.headers.get('token') === renewed ? 'tok_dddddddddddddddddddddddd' : renewed })
        : json({ code: 0, msg: 'success', userId: '7', roleId: 'qz', userName: '李明', phone: '13800000001', email: '' }),
    );
    const paths = () => requests.map((r) => new URL(r.url).pathname);
    const { authApi } = await import('./routes.gen.js');
    const s = await loadSession();
    const start = Date.now();
    s.startSession({ ...grant, expiresIn: 7200 });
    await s.api.call(authApi.currentUser);
    await new Promise((r) => setTimeout(r, 20));
    expect(paths()).toEqual(['/api/sec/pc/currentUser']); // most of its lifetime left: no renewal

    const clock = vi.spyOn(Date, 'now').mockReturnValue(start + 61 * 60_000);
    try {
      await s.api.call(authApi.currentUser);
      await vi.waitFor(() => expect(s.$session.get()?.token).toBe(renewed));
      expect(paths()).toEqual(['/api/sec/pc/currentUser', '/api/sec/pc/currentUser', '/api/sec/token/refresh']);
      expect(s.$session.get()?.expiresAt).toBe(start + 61 * 60_000 + 7200_000);
      expect(JSON.parse(localStorage.getItem(KEY)!).token).toBe(renewed);

      // a page left in the background for an hour renews when it is looked at again
      clock.mockReturnValue(start + 122 * 60_000);
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect(s.$session.get()?.token).toBe('tok_dddddddddddddddddddddddd'));
      for (const r of requests) expect(r.url).not.toMatch(/tok_/);
    } finally {
      clock.mockRestore();
    }
  });

  it('clears the session when the server refuses the refresh', async () => {
    serveApi(() => json({ code: 401, msg: '登录已失效，请重新登录' }, 401));
    const s = await loadSession();
    s.startSession(grant);
    expect(await s.refreshSession()).toBeNull();
    expect(s.$loggedIn.get()).toBe(false);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const s = await loadSession();
    s.startSession(grant);
    expect((await s.refreshSession())?.token).toBe(grant.token);
    expect(s.$loggedIn.get()).toBe(true);
  });

  it('logout tells the server and clears the session even if the server call fails', async () => {
    const requests = serveApi(() => json({ code: 500, msg: '服务器开小差了，请稍后重试' }, 500));
    const s = await loadSession();
    s.startSession(grant);
    await s.logout();
    expect(new URL(requests[0].url).pathname).toBe('/api/sec/pc/logout');
    expect(s.$session.get()).toBeNull();
  });
});
