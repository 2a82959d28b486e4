/**
 * The one API client: every call goes through a contract route spec, so the url, the method, what
 * may be sent and what comes back are all typed from packages/core/src/contract.
 *
 * Conventions (spec section 8): 10 s timeout; the `token` header on non-public routes; a reply
 * with a non-zero `code` rejects with an ApiError carrying the server's `{code, msg}`; a request
 * that got no proper answer (network, timeout, a proxy's HTML page) rejects with msg
 * '请求错误，请重试'; a 401 tells the owner (the session core clears the session).
 */
import { createFetch } from 'ofetch';
import type { Access, Body, Method, Params, Query, Reply, RouteSpec } from './contract/define.js';

export const REQUEST_FAILED_MSG = '请求错误，请重试';
export const REQUEST_TIMEOUT_MS = 10_000;
/** `code` of an ApiError for a request that got no answer in the reply convention. */
export const REQUEST_FAILED_CODE = -1;
/**
 * Sent by the site's server-side page renders: a job or notice read for a page is not a view by
 * itself, the page counts the reader it is served to (server/src/http/page-views.ts).
 */
export const PAGE_RENDER_HEADER = 'x-zp-page-render';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The reply's code, or REQUEST_FAILED_CODE when there was no proper reply. */
    readonly code: number,
    /** Chinese text to show the person. */
    readonly msg: string,
    /** HTTP status, 0 when no response arrived. */
    readonly status = 0,
    options?: { cause?: unknown },
  ) {
    super(msg, options);
  }

  /** True when the API never answered (network, timeout, not our reply format). */
  get requestFailed(): boolean {
    return this.code === REQUEST_FAILED_CODE;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * True when the API says the thing asked for is not there (404) or the id cannot be one (400): a
 * page answers 404 then. By the reply's code, as the previous back end's paths answer HTTP 200.
 */
export const isNotFound = (e: unknown): boolean => isApiError(e) && (e.code === 404 || e.code === 400);

/** Errors the script engine itself raises: their text is English and about code, not for people. */
const SCRIPT_ERRORS = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];
const CHINESE = /[\u3400-\u9fff]/;

/**
 * The one wording of a failure for a person, on the site and in every widget:
 * - the API refused: the server's msg; the call got no proper answer (network, timeout, a
 *   proxy's page): REQUEST_FAILED_MSG — the client puts both into the ApiError;
 * - an error written for people — the chat and RTC SDKs' refusals (`{code, message}`), a
 *   component's own `throw new Error('对方已结束通话')`: its message;
 * - anything else — a script error (TypeError …), a DOMException, an SDK's English text, a value
 *   that is no error: the generic REQUEST_FAILED_MSG.
 * Engines and browsers write their errors in English while every message written for the people
 * using this platform is Chinese, so an error's own text is shown only when it is Chinese.
 */
export function failureText(err: unknown): string {
  if (isApiError(err)) return err.msg;
  if (typeof err !== 'object' || err === null) return REQUEST_FAILED_MSG;
  if (SCRIPT_ERRORS.some((E) => err instanceof E)) return REQUEST_FAILED_MSG;
  if (typeof DOMException !== 'undefined' && err instanceof DOMException) return REQUEST_FAILED_MSG;
  const { message } = err as { message?: unknown };
  return typeof message === 'string' && CHINESE.test(message) ? message : REQUEST_FAILED_MSG;
}

/**
 * What the client needs of a route: method, url and access. The entries of the routes manifest
 * (routes.gen.ts, for browser bundles: no schemas) carry the contract spec in their type only.
 */
export interface RouteRef<S extends RouteSpec = RouteSpec> {
  readonly method: Method | readonly Method[];
  readonly url: string;
  readonly access: Access;
  /** Type only, never set: the contract spec this entry stands for. */
  readonly __spec?: S;
}

/** The contract spec behind a call's first argument (a contract spec itself, or a manifest entry). */
export type SpecOf<T> = T extends RouteSpec ? T : T extends RouteRef<infer S> ? S : never;

type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What one call takes: body, query and params exactly as the route declares them. */
export type CallInput<S extends RouteSpec> = Field<'body', Body<S>> &
  Field<'query', Query<S>> &
  Field<'params', Params<S>> & {
    /** Only for routes that accept several methods; defaults to POST when a body is given, else the first. */
    method?: Method;
    signal?: AbortSignal;
  };

/** The input may be left out when the route takes nothing. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends X` is the test for "every field of X is optional"
export type CallArgs<S extends RouteSpec> = {} extends CallInput<S> ? [input?: CallInput<S>] : [input: CallInput<S>];

export interface ClientOptions {
  /** Origin (and optional path prefix) of the API; '' means the page's own origin. A function is read per call. */
  baseURL: string | (() => string);
  /** A fetch implementation; the global fetch by default. */
  fetch?: typeof globalThis.fetch;
  /** The session token; sent as the `token` header on every route that is not public. */
  getToken?: () => string | null | undefined;
  /** Called once per 401 reply, before the call rejects. */
  onUnauthorized?: (error: ApiError) => void;
  timeout?: number;
  headers?: Record<string, string>;
}

export interface Client {
  call<T extends RouteSpec | RouteRef>(spec: T, ...args: CallArgs<SpecOf<T>>): Promise<Reply<SpecOf<T>>>;
}

/** Fills `:name` segments of a route url; a missing value is a programming error. */
export function fillParams(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${url}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function methodOf(spec: RouteRef, input: { method?: Method; body?: unknown }): Method {
  const allowed: readonly Method[] = typeof spec.method === 'string' ? [spec.method] : spec.method;
  if (input.method) {
    if (!allowed.includes(input.method)) throw new TypeError(`${spec.url} does not accept ${input.method}`);
    return input.method;
  }
  if (input.body !== undefined && allowed.includes('POST')) return 'POST';
  return allowed[0];
}

function isEnvelope(data: unknown): data is { code: number; msg?: unknown } {
  return typeof data === 'object' && data !== null && typeof (data as { code?: unknown }).code === 'number';
}

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal | undefined {
  if (!signal) return undefined; // ofetch applies its own timeout when no signal is given
  const any = (AbortSignal as { any?: (s: AbortSignal[]) => AbortSignal }).any;
  return any ? any([signal, AbortSignal.timeout(ms)]) : signal;
}

export function createClient(options: ClientOptions): Client {
  // Resolved per request so tests and pages may replace globalThis.fetch after this module loaded.
  const $fetch = createFetch({ fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)) });
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;

  async function call<T extends RouteSpec | RouteRef>(spec: T, ...args: CallArgs<SpecOf<T>>): Promise<Reply<SpecOf<T>>> {
    const input = (args[0] ?? {}) as { body?: unknown; query?: Record<string, unknown>; params?: Record<string, unknown>; method?: Method; signal?: AbortSignal };
    const url = fillParams(spec.url, input.params);
    const method = methodOf(spec, input);
    const headers: Record<string, string> = { ...options.headers };
    if (spec.access !== 'public') {
      const token = options.getToken?.();
      if (token) headers.token = token;
    }
    const baseURL = typeof options.baseURL === 'function' ? options.baseURL() : options.baseURL;

    let status = 0;
    let data: unknown;
    try {
      const res = await $fetch.raw(url, {
        baseURL: baseURL || undefined,
        method,
        headers,
        body: input.body as Record<string, unknown> | undefined,
        query: input.query,
        timeout,
        signal: withTimeout(input.signal, timeout),
        // One attempt only: several legacy GETs change data, and the person sees the error at once.
        retry: 0,
        ignoreResponseError: true,
      });
      status = res.status;
      data = res._data;
    } catch (cause) {
      throw new ApiError(REQUEST_FAILED_CODE, REQUEST_FAILED_MSG, 0, { cause });
    }

    if (!isEnvelope(data)) throw new ApiError(REQUEST_FAILED_CODE, REQUEST_FAILED_MSG, status);
    if (data.code !== 0 || status >= 400) {
      const msg = typeof data.msg === 'string' && data.msg ? data.msg : REQUEST_FAILED_MSG;
      const error = new ApiError(data.code === 0 ? status : data.code, msg, status);
      if (status === 401 || data.code === 401) options.onUnauthorized?.(error);
      throw error;
    }
    return data as Reply<SpecOf<T>>;
  }

  return { call };
}
