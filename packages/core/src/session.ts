/**
 * The one session core: who is logged in, kept in a nanostores atom that persists to
 * localStorage (key `zp:session`) and follows other tabs through the `storage` event.
 *
 * Widgets built as separate bundles each carry their own copy of this module; the state lives on
 * globalThis under a registered symbol, so every copy on one page shares the same atom and a
 * login in one widget is seen by all of them at once.
 *
 * On the server (Astro SSR) there is no localStorage: the atom stays empty there. Server code
 * calls the API with its own `createClient` and never logs anyone in.
 *
 * On a partner site's page the key lives in that site's localStorage; what it holds is only ever
 * the partner token the server issued there (bound to that origin, 2 hours, limited to what the
 * widgets need). The token travels in the `token` header only, never in a URL: the refresh too.
 * While the page is in use the token is renewed once less than half of its lifetime is left, so
 * a short partner token lives as long as the person keeps the page open.
 *
 * A partner page never sees a password or an SMS code: loginInWindow opens the platform's login
 * window (LOGIN_WINDOW_PATH, on the platform's origin, as OAuth does), where the person logs in or
 * authorises the site with the platform session they already have; the window posts the partner
 * token back to this page's exact origin with the state this page made up.
 */
import { computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import SparkMD5 from 'spark-md5';
// The schema-free manifest, not the contract: this module ends up in browser bundles.
import { authApi } from './routes.gen.js';
import { ApiError, createClient, type Client } from './client.js';
import { SITE_PATHS } from './fairs.js';

export type Role = 'qz' | 'hr' | 'xs';
export const ROLES: readonly Role[] = ['qz', 'hr', 'xs'];

export interface UserSession {
  token: string;
  userId: string;
  /** qz job seeker, hr enterprise HR, xs operator */
  roleId: Role;
  /** Name to show; the phone when no name is known yet. */
  userName: string;
  phone: string;
  /** Avatar url, '' until the identity call filled it in (then the UI shows the default). */
  avatar: string;
  /** When the token lapses, ms since epoch. */
  expiresAt: number;
  /** From when the token is renewed on activity (half its lifetime), ms since epoch. */
  renewAt: number;
}

/** What login, register and refresh replies carry (authApi's SessionReply). */
export interface SessionGrant {
  token: string;
  expiresIn: number;
  userId: string;
  roleId: string;
  userName: string;
  phone: string;
}

export const SESSION_STORAGE_KEY = 'zp:session';

function decode(raw: string): UserSession | null {
  try {
    const v = JSON.parse(raw) as Partial<UserSession> | null;
    if (!v || typeof v.token !== 'string' || !v.token || typeof v.userId !== 'string' || !ROLES.includes(v.roleId as Role)) return null;
    return {
      token: v.token,
      userId: v.userId,
      roleId: v.roleId as Role,
      userName: typeof v.userName === 'string' ? v.userName : '',
      phone: typeof v.phone === 'string' ? v.phone : '',
      avatar: typeof v.avatar === 'string' ? v.avatar : '',
      expiresAt: typeof v.expiresAt === 'number' ? v.expiresAt : 0,
      // stored before renewal existed: renewed in its last hour
      renewAt: typeof v.renewAt === 'number' ? v.renewAt : typeof v.expiresAt === 'number' ? v.expiresAt - 3600_000 : 0,
    };
  } catch {
    return null; // someone else's or a corrupted value: treat as logged out
  }
}

interface SessionCore {
  $session: WritableAtom<UserSession | null>;
  baseURL: string;
  api: Client;
  refreshing: Promise<UserSession | null> | null;
  /** work that must run while the session still works, before a logout revokes it */
  beforeLogout: Set<() => Promise<unknown>>;
  /** when renewal on activity was last tried (a failed try waits RENEW_RETRY_MS) */
  lastRenewTry: number;
  /** the platform's login window this page is waiting for (one for every widget on the page) */
  loginWindow?: LoginWindow | null;
}

interface LoginWindow {
  win: Window;
  result: Promise<LoginWindowResult>;
  finish: (result: LoginWindowResult) => void;
}

const CORE = Symbol.for('@zp/core/session@1');

function createCore(): SessionCore {
  const $session = persistentAtom<UserSession | null>(SESSION_STORAGE_KEY, null, {
    encode: (v) => (v ? JSON.stringify(v) : undefined), // undefined removes the key
    decode,
  });
  const core: SessionCore = {
    $session,
    baseURL: '',
    refreshing: null,
    beforeLogout: new Set(),
    lastRenewTry: 0,
    api: createClient({
      baseURL: () => core.baseURL,
      getToken: () => {
        // A call is activity: renew afterwards if due (not now: the refresh itself asks for the token).
        if (renewDue(core)) setTimeout(() => renewIfDue(core), 0);
        return $session.get()?.token;
      },
      onUnauthorized: () => {
        if ($session.get() !== null) $session.set(null);
      },
    }),
  };
  watchActivity(core);
  return core;
}

/** How often an open, visible page checks whether its token is due for renewal. */
const RENEW_CHECK_MS = 60_000;
/** After a renewal that could not reach the server, the next try waits this long. */
const RENEW_RETRY_MS = 30_000;

function renewDue(core: SessionCore, now = Date.now()): boolean {
  const s = core.$session.get();
  return !!s && !core.refreshing && now >= s.renewAt && now < s.expiresAt && now - (core.lastRenewTry ?? 0) >= RENEW_RETRY_MS;
}

function renewIfDue(core: SessionCore): void {
  if (!renewDue(core)) return;
  core.lastRenewTry = Date.now();
  void refreshSession();
}

/** While the page is in use (visible): a check every minute and one each time it comes back into view. */
function watchActivity(core: SessionCore): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  const check = () => {
    if (document.visibilityState !== 'hidden') renewIfDue(core);
  };
  const timer = setInterval(check, RENEW_CHECK_MS) as unknown as { unref?: () => void };
  timer.unref?.();
  document.addEventListener('visibilitychange', check);
}

const holder = globalThis as unknown as Record<symbol, SessionCore | undefined>;
const core: SessionCore = (holder[CORE] ??= createCore());

/** The current session, null when logged out. Change it only through the helpers below. */
export const $session: ReadableAtom<UserSession | null> = core.$session;
export const $loggedIn = computed($session, (s) => s !== null);
export const $role = computed($session, (s) => s?.roleId ?? null);
/** The HR flag of the legacy client: true while an enterprise HR is logged in. */
export const $isHr = computed($session, (s) => s?.roleId === 'hr');

/**
 * The browser's API client: sends the session token and clears the session on a 401.
 * Same origin by default; a partner page embedding widgets sets the API origin with configureApi.
 */
export const api: Client = core.api;

export function configureApi(opts: { baseURL: string }): void {
  core.baseURL = opts.baseURL.replace(/\/$/, '');
}

/** Passwords travel as the hex MD5 of what the person typed (UTF-8); the server hashes that again. */
export function passwordDigest(plain: string): string {
  return SparkMD5.hash(plain);
}

/** Stores the session a login, register or refresh reply granted. */
export function startSession(grant: SessionGrant): UserSession {
  if (!ROLES.includes(grant.roleId as Role)) throw new ApiError(500, `未知的角色：${grant.roleId}`);
  const previous = core.$session.get();
  const session: UserSession = {
    token: grant.token,
    userId: grant.userId,
    roleId: grant.roleId as Role,
    userName: grant.userName || grant.phone,
    phone: grant.phone,
    // The avatar belongs to the person, so it survives a token refresh.
    avatar: previous?.userId === grant.userId ? previous.avatar : '',
    expiresAt: Date.now() + grant.expiresIn * 1000,
    renewAt: Date.now() + grant.expiresIn * 500,
  };
  core.$session.set(session);
  return session;
}

/** Changes what the UI shows about the person (name after editing a profile, avatar once loaded). */
export function updateSession(patch: Partial<Pick<UserSession, 'userName' | 'phone' | 'avatar'>>): void {
  const s = core.$session.get();
  if (s) core.$session.set({ ...s, ...patch });
}

/** Forgets the session in this browser (every tab) without telling the server. */
export function clearSession(): void {
  if (core.$session.get() !== null) core.$session.set(null);
}

/** A password, optionally with the SMS code when the server asked for both (LOGIN_CODE_REQUIRED); or the SMS code alone. */
export type Credentials = { phone: string; password: string; code?: string } | { phone: string; code: string };

const loginRoutes = { qz: authApi.loginSeeker, hr: authApi.loginHr, xs: authApi.loginOperator } as const;

/**
 * Logs in with a password or an SMS code; rejects with the server's ApiError (msg in Chinese).
 * The bodies are the previous client's (Qzlogin.vue): both fields always sent, the unused one ''.
 */
export async function loginWith(role: Role, credentials: Credentials): Promise<UserSession> {
  const body =
    'password' in credentials
      ? { phone: credentials.phone, pwd: passwordDigest(credentials.password), logintype: 0 as const, validatecode: credentials.code ?? ('' as const) }
      : { phone: credentials.phone, pwd: '' as const, logintype: 1 as const, validatecode: credentials.code };
  const grant = await core.api.call(loginRoutes[role], { body });
  return startSession(grant);
}

/** Ends the session on the server (best effort) and in this browser. */
/** How long a logout waits for the work registered with beforeLogout. */
const BEFORE_LOGOUT_MS = 2000;

/**
 * Registers work to finish while the session still works, before a logout revokes it (a video
 * call's hangup reaching the other person); returns the function that unregisters it.
 */
export function beforeLogout(task: () => Promise<unknown>): () => void {
  (core.beforeLogout ??= new Set()).add(task);
  return () => core.beforeLogout.delete(task);
}

export async function logout(): Promise<void> {
  if (core.beforeLogout?.size) {
    await Promise.race([Promise.allSettled([...core.beforeLogout].map((task) => task())), new Promise((r) => setTimeout(r, BEFORE_LOGOUT_MS))]);
  }
  if (core.$session.get()) {
    try {
      await core.api.call(authApi.logout);
    } catch {
      // Already invalid or offline: the local session goes anyway.
    }
  }
  clearSession();
}

/**
 * Trades the token for a fresh one (the old one lapses shortly after). Resolves with the session
 * afterwards: null when there was none or the server refused it (the session is then cleared);
 * unchanged when the server could not be reached, so a flaky network does not log anyone out.
 * Concurrent calls on one page share one request.
 */
export function refreshSession(): Promise<UserSession | null> {
  if (core.refreshing !== null) return core.refreshing;
  const current = core.$session.get();
  if (!current) return Promise.resolve(null);
  // The token goes in the header (refreshCurrent), not in the path of the legacy refresh route.
  core.refreshing = core.api
    .call(authApi.refreshCurrent)
    .then(
      (grant) => (core.$session.get()?.token === current.token ? startSession(grant) : core.$session.get()),
      (error: unknown) => {
        if (error instanceof ApiError && error.requestFailed) return core.$session.get();
        if (core.$session.get()?.token === current.token) clearSession();
        return core.$session.get();
      },
    )
    .finally(() => {
      core.refreshing = null;
    });
  return core.refreshing;
}

// ---- the platform's login window

/** The page of the platform's site that partner pages open to log in. */
export const LOGIN_WINDOW_PATH = SITE_PATHS.loginWindow;
/** The `type` of the one message the login window posts to its opener. */
export const LOGIN_WINDOW_MESSAGE = 'zp:login-window';

/**
 * What the login window posts to its opener, addressed to the opener's exact origin: the state the
 * opener made up, and the partner token issued for that origin (absent when the opener is on the
 * platform's own site: the window stored the session there itself, in the storage both share).
 */
export interface LoginWindowMessage {
  type: typeof LOGIN_WINDOW_MESSAGE;
  state: string;
  grant?: SessionGrant;
}

/** The person logged in; or why not: the browser blocked the window, it was closed first, or the page gave up on it. */
export type LoginWindowResult = { session: UserSession } | { failed: 'blocked' | 'closed' | 'cancelled' };

/** A state the opener makes up: 32 random bytes, base64url. */
export const LOGIN_WINDOW_STATE = /^[A-Za-z0-9_-]{43}$/;

function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The login window's address for a page on `origin` waiting with `state`; `platform`: the platform's base ('' on its own site). */
export function loginWindowUrl(platform: string, origin: string, state: string): string {
  const url = new URL(`${platform || origin}${LOGIN_WINDOW_PATH}`);
  url.searchParams.set('origin', origin);
  url.searchParams.set('state', state);
  return url.href;
}

/** How often the page looks whether the window was closed; after that, how long a message already on its way may take. */
const WINDOW_POLL_MS = 400;
const WINDOW_LAST_MESSAGE_MS = 600;

/**
 * Opens the platform's login window (or brings forward the one already open for this page: every
 * widget waits for the same) and resolves once the person logged in there, with the session now
 * shared by every widget; or with why not. Call it from a click: browsers block windows opened
 * otherwise. A wide screen gets a popup beside the page; a phone a full page (a new tab).
 */
export function loginInWindow(): Promise<LoginWindowResult> {
  const open = core.loginWindow;
  if (open && !open.win.closed) {
    open.win.focus();
    return open.result;
  }
  const state = newState();
  const url = loginWindowUrl(core.baseURL, window.location.origin, state);
  const platformOrigin = new URL(url).origin;
  const wide = window.innerWidth >= 640 && !window.matchMedia?.('(pointer: coarse)').matches;
  const width = 480;
  const height = 700;
  const features = wide
    ? `popup=yes,width=${width},height=${height},left=${Math.round(window.screenX + (window.outerWidth - width) / 2)},top=${Math.round(window.screenY + Math.max(0, (window.outerHeight - height) / 2))}`
    : '';
  const win = window.open(url, 'zp-login', features);
  if (!win) return Promise.resolve({ failed: 'blocked' });

  let settle!: (r: LoginWindowResult) => void;
  const result = new Promise<LoginWindowResult>((resolve) => (settle = resolve));
  let closedAt = 0;
  const onMessage = (event: MessageEvent) => {
    // Only the window this page opened, on the platform's origin, answering this page's state.
    if (event.source !== win || event.origin !== platformOrigin) return;
    const data = event.data as Partial<LoginWindowMessage> | null;
    if (!data || data.type !== LOGIN_WINDOW_MESSAGE || data.state !== state) return;
    try {
      if (data.grant) return finish({ session: startSession(data.grant) });
      // The platform's own site: the window stored the session in the storage this page shares.
      const stored = decode(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '');
      if (stored) {
        core.$session.set(stored);
        return finish({ session: stored });
      }
    } catch {
      // a grant this copy cannot read: wait for the window to close
    }
  };
  const timer = setInterval(() => {
    if (!win.closed) return;
    closedAt ||= Date.now();
    if (Date.now() - closedAt >= WINDOW_LAST_MESSAGE_MS) finish({ failed: 'closed' });
  }, WINDOW_POLL_MS);
  const entry: LoginWindow = { win, result, finish: (r) => finish(r) };
  function finish(r: LoginWindowResult) {
    clearInterval(timer);
    window.removeEventListener('message', onMessage);
    if (core.loginWindow === entry) core.loginWindow = null;
    settle(r);
  }
  window.addEventListener('message', onMessage);
  core.loginWindow = entry;
  return result;
}

/** Gives up on the login window (the widget's login prompt was closed): the window closes too. */
export function cancelLoginWindow(): void {
  const open = core.loginWindow;
  if (!open) return;
  try {
    open.win.close();
  } catch {
    // already gone
  }
  open.finish({ failed: 'cancelled' });
}

/**
 * The login window's answer to its opener: posted to `origin` exactly, so that a page elsewhere
 * (whoever opened the window with another site's name) gets nothing. False without an opener.
 */
export function answerOpener(origin: string, state: string, grant?: SessionGrant): boolean {
  const opener = window.opener as Window | null;
  if (!opener) return false;
  const message: LoginWindowMessage = { type: LOGIN_WINDOW_MESSAGE, state, ...(grant ? { grant } : {}) };
  opener.postMessage(message, origin);
  return true;
}
