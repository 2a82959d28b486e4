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
 */
import { computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import SparkMD5 from 'spark-md5';
// The schema-free manifest, not the contract: this module ends up in browser bundles.
import { authApi } from './routes.gen.js';
import { ApiError, createClient, type Client } from './client.js';

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

export type Credentials = { phone: string; password: string } | { phone: string; code: string };

const loginRoutes = { qz: authApi.loginSeeker, hr: authApi.loginHr, xs: authApi.loginOperator } as const;

/**
 * Logs in with a password or an SMS code; rejects with the server's ApiError (msg in Chinese).
 * The bodies are the previous client's (Qzlogin.vue): both fields always sent, the unused one ''.
 */
export async function loginWith(role: Role, credentials: Credentials): Promise<UserSession> {
  const body =
    'password' in credentials
      ? { phone: credentials.phone, pwd: passwordDigest(credentials.password), logintype: 0 as const, validatecode: '' as const }
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
  if (core.refreshing) return core.refreshing;
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
