import { afterEach, describe, expect, it, vi } from 'vitest';
import { Type } from '@sinclair/typebox';
import { createClient, ApiError, failureText, isNotFound, REQUEST_FAILED_MSG } from './client.js';
import { authApi, identityApi, route, replyOf } from './contract/index.js';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A fetch that answers every request with `respond` and records what was asked. */
function fakeFetch(respond: (req: Request) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    seen.push({ url: req.url, method: req.method, headers: req.headers, body: init?.body ? String(init.body) : null });
    return respond(req);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

describe('API client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the whole reply on code 0, with path params filled in and the token sent', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 0, msg: 'success', fileUrl: 'http://files/a.png' }));
    const client = createClient({ baseURL: 'http://api.test', fetch, getToken: () => 'tok_abcdefghijklmnopqrstuvwxyz' });
    const reply = await client.call(identityApi.seekerFile, { params: { id: '42' } });
    expect(reply.fileUrl).toBe('http://files/a.png');
    expect(seen[0].url).toBe('http://api.test/api/qz/qzFile/getFile/42');
    expect(seen[0].method).toBe('GET');
    expect(seen[0].headers.get('token')).toBe('tok_abcdefghijklmnopqrstuvwxyz');
  });

  it('does not send the token to public routes', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 0, msg: 'success' }));
    const client = createClient({ baseURL: 'http://api.test', fetch, getToken: () => 'tok_abcdefghijklmnopqrstuvwxyz' });
    await client.call(authApi.loginCode, { query: { phone: '13800000001' } });
    expect(seen[0].headers.get('token')).toBeNull();
    expect(seen[0].url).toBe('http://api.test/api/sec/pc/loginValidateCode?phone=13800000001');
  });

  it('sends bodies as JSON with POST', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: 0, msg: 'success', urls: {} }));
    const client = createClient({ baseURL: 'http://api.test', fetch });
    await client.call(identityApi.companyLogos, { body: ['1', '2'] });
    expect(seen[0].method).toBe('POST');
    expect(JSON.parse(seen[0].body!)).toEqual(['1', '2']);
    expect(seen[0].headers.get('content-type')).toContain('application/json');
  });

  it('escapes path parameters', async () => {
    const spec = route({
      method: 'GET', url: '/api/x/:name', summary: 't', access: 'public',
      params: Type.Object({ name: Type.String() }), reply: replyOf({}),
    });
    const { fetch, seen } = fakeFetch(() => json({ code: 0, msg: 'success' }));
    await createClient({ baseURL: 'http://api.test', fetch }).call(spec, { params: { name: 'a/b c' } });
    expect(seen[0].url).toBe('http://api.test/api/x/a%2Fb%20c');
  });

  it('rejects a non-zero code with the server message, even on HTTP 200', async () => {
    const { fetch } = fakeFetch(() => json({ code: 500, msg: '单位信息未审核' }));
    const client = createClient({ baseURL: 'http://api.test', fetch });
    const error = await client.call(authApi.currentUser).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 500, msg: '单位信息未审核' });
  });

  it('tells a missing thing by the reply code, whatever the HTTP status (a page answers 404 then)', async () => {
    for (const status of [200, 404]) {
      const { fetch } = fakeFetch(() => json({ code: 404, msg: '单位不存在或尚未通过审核' }, status));
      const error = await createClient({ baseURL: 'http://api.test', fetch }).call(authApi.currentUser).catch((e: unknown) => e);
      expect(isNotFound(error), String(status)).toBe(true);
    }
    expect(isNotFound(new ApiError(500, '服务器繁忙', 200))).toBe(false);
    expect(isNotFound(new ApiError(403, '无权访问', 200))).toBe(false);
    expect(isNotFound(new TypeError('x'))).toBe(false);
  });

  it('rejects an HTTP 400 reply with its code and Chinese msg', async () => {
    const { fetch } = fakeFetch(() => json({ code: 400, msg: '手机号或密码错误' }, 400));
    const client = createClient({ baseURL: 'http://api.test', fetch });
    const error = await client
      .call(authApi.loginSeeker, { body: { logintype: 0, phone: '13800000001', pwd: '0'.repeat(32) } })
      .catch((e) => e);
    expect(error).toMatchObject({ code: 400, msg: '手机号或密码错误', status: 400, requestFailed: false });
  });

  it('tells the owner about a 401 before rejecting', async () => {
    const { fetch } = fakeFetch(() => json({ code: 401, msg: '登录已失效，请重新登录' }, 401));
    const onUnauthorized = vi.fn();
    const client = createClient({ baseURL: 'http://api.test', fetch, getToken: () => 'tok_abcdefghijklmnopqrstuvwxyz', onUnauthorized });
    await expect(client.call(authApi.currentUser)).rejects.toMatchObject({ code: 401, msg: '登录已失效，请重新登录' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not treat other errors as a lost session', async () => {
    const { fetch } = fakeFetch(() => json({ code: 403, msg: '该操作仅限求职者' }, 403));
    const onUnauthorized = vi.fn();
    const client = createClient({ baseURL: 'http://api.test', fetch, onUnauthorized });
    await expect(client.call(authApi.currentUser)).rejects.toMatchObject({ code: 403 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps a network failure to 请求错误，请重试', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const client = createClient({ baseURL: 'http://api.test', fetch });
    await expect(client.call(authApi.currentUser)).rejects.toMatchObject({ msg: REQUEST_FAILED_MSG, requestFailed: true });
  });

  it('maps a reply that is not the API convention (a proxy error page) to 请求错误，请重试', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const client = createClient({ baseURL: 'http://api.test', fetch });
    await expect(client.call(authApi.currentUser)).rejects.toMatchObject({ msg: REQUEST_FAILED_MSG, status: 502, requestFailed: true });
  });

  it("shows a failed call's own msg, and the generic words for a script error or no error", async () => {
    const { fetch } = fakeFetch(() => Response.json({ code: 5, msg: '手机号已注册' }));
    const client = createClient({ baseURL: 'http://api.test', fetch });
    expect(failureText(await client.call(authApi.currentUser).catch((e: unknown) => e))).toBe('手机号已注册');
    // a script error's English text never reaches the page
    expect(failureText(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(REQUEST_FAILED_MSG);
    expect(failureText(null)).toBe(REQUEST_FAILED_MSG);
  });

  it('gives up after 10 seconds without an answer', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    ) as unknown as typeof globalThis.fetch;
    const client = createClient({ baseURL: 'http://api.test', fetch });
    let settled = false;
    const outcome = client.call(authApi.currentUser).catch((e) => e).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ msg: REQUEST_FAILED_MSG, requestFailed: true });
  });
});

describe('failureText: one wording of a failure for the site and every widget', () => {
  it('never shows a script error\'s English text', () => {
    const text = failureText(new TypeError("Cannot read properties of undefined (reading 'msg')"));
    expect(text).toBe(REQUEST_FAILED_MSG);
    expect(text).not.toContain('Cannot read');
    // not even when the error happens to quote Chinese data
    expect(failureText(new TypeError("Cannot read properties of undefined (reading '名称')"))).toBe(REQUEST_FAILED_MSG);
    expect(failureText(new RangeError('Invalid time value'))).toBe(REQUEST_FAILED_MSG);
  });

  it("gives the server's msg for a refusal and the Chinese words for a network failure", async () => {
    expect(failureText(new ApiError(5, '手机号已注册', 200))).toBe('手机号已注册');
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const client = createClient({ baseURL: 'http://api.test', fetch });
    const text = failureText(await client.call(authApi.currentUser).catch((e: unknown) => e));
    expect(text).toBe(REQUEST_FAILED_MSG);
    expect(text).not.toContain('Failed to fetch');
  });

  it('shows the text of an error written for people (an SDK refusal, a component\'s own error)', () => {
    expect(failureText(Object.assign(new Error('对方已将你拉黑'), { code: 20007 }))).toBe('对方已将你拉黑');
    expect(failureText({ code: 5400, message: '房间人数已满' })).toBe('房间人数已满');
    expect(failureText(new Error('对方已结束通话'))).toBe('对方已结束通话');
  });

  it('gives the generic Chinese words for anything else', () => {
    expect(failureText(new Error('logged out'))).toBe(REQUEST_FAILED_MSG);
    expect(failureText(new DOMException('The operation was aborted.', 'AbortError'))).toBe(REQUEST_FAILED_MSG);
    expect(failureText({ code: 2800, message: 'network error' })).toBe(REQUEST_FAILED_MSG);
    expect(failureText('boom')).toBe(REQUEST_FAILED_MSG);
    expect(failureText(undefined)).toBe(REQUEST_FAILED_MSG);
  });
});

