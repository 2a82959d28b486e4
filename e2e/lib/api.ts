/**
 * Calls to the running product's API for arranging data in a journey (another person's side, e.g.
 * the HR moving an application), never for the steps the journey is about.
 */
import crypto from 'node:crypto';
import { baseUrl, demo, type Grant } from './harness.js';

export const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

export interface ApiReply {
  code: number;
  msg: string;
  [k: string]: unknown;
}

/** One call; rejects unless the reply's code is 0. */
export async function apiCall<T = ApiReply>(path: string, opts: { token?: string; method?: string; body?: unknown; query?: Record<string, string | number>; base?: string } = {}): Promise<T> {
  const url = new URL(path, opts.base ?? baseUrl());
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const data = (await res.json()) as ApiReply;
  if (data.code !== 0) throw new Error(`${path}: ${data.code} ${data.msg}`);
  return data as T;
}

const LOGIN_PATHS = { qz: '/api/sec/pc/logonQz', hr: '/api/sec/pc/logonHr', xs: '/api/sec/pc/logonXs' } as const;

/** Logs in over the API with a password (the demo one unless given): the whole grant. */
export function apiGrant(role: keyof typeof LOGIN_PATHS, phone: string, { password = demo.password, base }: { password?: string; base?: string } = {}): Promise<Grant> {
  return apiCall<Grant>(LOGIN_PATHS[role], { body: { logintype: 0, phone, pwd: md5(password) }, base });
}

/** Logs in over the API with a password: the token for arranging calls. */
export async function apiLogin(role: keyof typeof LOGIN_PATHS, phone: string, password: string): Promise<string> {
  return (await apiGrant(role, phone, { password })).token;
}

/** The versions of the 用户服务协议 and the 隐私政策 in force: what the site's registration form agrees to. */
export async function currentConsent(): Promise<{ terms: number; privacy: number }> {
  const version = (kind: string) => apiCall<{ policy: { version: number } }>('/api/sec/pc/policy', { query: { kind } }).then((r) => r.policy.version);
  return { terms: await version('terms'), privacy: await version('privacy') };
}
