/**
 * The notification socket `/wss/ws` (spec section 7): the first frame carries the session token
 * (`{type: 'auth', token}`; a token in the URL would land in proxy and access logs); reminders
 * arrive as `{type: 1, message}`; the client sends a keep-alive text every 30 s; after an error
 * (or the server dropping the connection) it tries again 180 s later.
 *
 * One socket per page however many bundles use it: the state lives on globalThis under a
 * registered symbol, like the session core. It follows the session: opens for a logged-in person,
 * reopens with the new token after a refresh, closes on logout.
 *
 *   startNotifications();                 // once the token is fresh (TopNav does this)
 *   const off = onReminder((r) => ...);   // every type-1 message
 *   const off = onSignal('queue', () => ...); // type-3 signals of one topic
 */
import type { Reminder, SocketAuth, SocketMessage } from './contract/notify.js';
import { $session } from './session.js';

export const KEEP_ALIVE_MS = 30_000;
export const RECONNECT_DELAY_MS = 180_000;
export const KEEP_ALIVE_TEXT = 'ping';

type Listener = (reminder: Reminder) => void;
type SignalListener = { topic: string; fn: () => void };

interface SocketCore {
  started: boolean;
  ws: WebSocket | null;
  token: string | null;
  listeners: Set<Listener>;
  signals: Set<SignalListener>;
  keepAlive: ReturnType<typeof setInterval> | undefined;
  retry: ReturnType<typeof setTimeout> | undefined;
  /** Origin of the API ('' = the page's); widgets on a partner page set it with configureNotifications. */
  baseURL: string;
}

const CORE = Symbol.for('@zp/core/socket@1');
const holder = globalThis as unknown as Record<symbol, SocketCore | undefined>;
const core: SocketCore = (holder[CORE] ??= {
  started: false,
  ws: null,
  token: null,
  listeners: new Set(),
  signals: new Set(),
  keepAlive: undefined,
  retry: undefined,
  baseURL: '',
});

/** The socket address: same host as the API, ws: or wss: to match http: or https:. */
export function socketUrl(baseURL = core.baseURL, pageOrigin = typeof location === 'undefined' ? '' : location.origin): string {
  const origin = new URL(baseURL || pageOrigin);
  origin.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${origin.origin}/wss/ws`;
}

/** The first frame, which logs the socket in. */
export function authFrame(token: string): string {
  const frame: SocketAuth = { type: 'auth', token };
  return JSON.stringify(frame);
}

export function configureNotifications(opts: { baseURL: string }): void {
  core.baseURL = opts.baseURL.replace(/\/$/, '');
}

function stop(): void {
  clearInterval(core.keepAlive);
  clearTimeout(core.retry);
  core.keepAlive = undefined;
  core.retry = undefined;
  const ws = core.ws;
  core.ws = null;
  if (ws) {
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1000);
  }
}

function open(token: string): void {
  stop();
  core.token = token;
  if (typeof WebSocket === 'undefined') return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    scheduleRetry();
    return;
  }
  core.ws = ws;
  ws.onopen = () => {
    ws.send(authFrame(token));
    core.keepAlive = setInterval(() => {
      if (ws.readyState === ws.OPEN) ws.send(KEEP_ALIVE_TEXT);
    }, KEEP_ALIVE_MS);
  };
  ws.onmessage = (ev) => {
    let m: SocketMessage;
    try {
      m = JSON.parse(String(ev.data)) as SocketMessage;
    } catch {
      return;
    }
    if (m?.type === 1) for (const l of [...core.listeners]) l(m.message);
    if (m?.type === 3 && typeof m.message?.topic === 'string') for (const l of [...(core.signals ?? [])]) if (l.topic === m.message.topic) l.fn();
  };
  // An error is followed by close; either way try again after the spec's delay.
  ws.onerror = ws.onclose = () => {
    if (core.ws !== ws) return;
    core.ws = null;
    clearInterval(core.keepAlive);
    scheduleRetry();
  };
}

function scheduleRetry(): void {
  clearTimeout(core.retry);
  core.retry = setTimeout(() => {
    const token = $session.get()?.token;
    if (token) open(token);
  }, RECONNECT_DELAY_MS);
}

/** Opens the socket for the logged-in person and keeps it following the session. Idempotent. */
export function startNotifications(): void {
  if (core.started) return;
  core.started = true;
  const follow = (token: string | null) => {
    if (token === core.token && (core.ws || core.retry)) return;
    if (token) open(token);
    else {
      stop();
      core.token = null;
    }
  };
  $session.subscribe((s) => follow(s?.token ?? null));
}

/** Calls `listener` for every reminder the socket delivers; returns the function that stops it. */
export function onReminder(listener: Listener): () => void {
  core.listeners.add(listener);
  return () => core.listeners.delete(listener);
}

/** Calls `fn` each time the server signals a change of `topic` (type 3); returns the function that stops it. */
export function onSignal(topic: string, fn: () => void): () => void {
  // An older socket core on the page (another bundle's) has no signal set yet.
  core.signals ??= new Set();
  const l = { topic, fn };
  core.signals.add(l);
  return () => core.signals.delete(l);
}
