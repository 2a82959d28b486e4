import type { ChatPush } from '@zp/core/contract';
import type { SocketFactory, SocketLike } from './types.js';
import { ChatError, ERR, kickedOutText } from './errors.js';
import type { Limits } from './sending.js';

export type NetState = 'connected' | 'connecting' | 'disconnected';

interface Request {
  op: string;
  p: unknown;
  /** sent again on the next socket if the current one drops before the answer (idempotent operations only) */
  retry: boolean;
  sentOn: SocketLike | null;
  /** with the answer's data, as the server sent it */
  resolve: (data: unknown) => void;
  reject: (err: ChatError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A frame from the server: a push, or the answer to request `id` (0: the authentication). */
type Frame = ChatPush | { ev?: undefined; id: number; code: number; message?: string; data?: unknown };

export interface Credentials {
  userID: string;
  userSig: string;
  instance: string;
  /**
   * Fetches a new userSig through the person's session (self-hosted service). With it the
   * connection renews its userSig before it expires and comes back by itself after a
   * revocation that left its own session valid (a logout elsewhere); without it, it ends there.
   */
  refresh?: () => Promise<string>;
}

/** What authentication and renewal answer about the userSig (seconds). */
type RenewInfo = { serverTime: number; sigExpiresAt?: number };

/** The server closed the socket because the user's credentials were revoked. */
const CLOSE_REVOKED = 4002;
/** Renewal retries after a failed attempt (the userSig stays valid for a while yet). */
const RENEW_RETRY_MS = 30_000;
/** The longest wait before a renewal (timers overflow beyond 24.8 days). */
const MAX_RENEW_WAIT_MS = 86_400_000;

/** What the server answers to authentication. */
export interface ServerInfo {
  serverTime: number;
  /** its send limits (older servers: absent) */
  limits?: Partial<Limits>;
}

export interface ConnectionHooks {
  /** after each successful authentication; `first` on login */
  online(info: ServerInfo, first: boolean): Promise<void> | void;
  push(frame: ChatPush): void;
  state(s: NetState): void;
  /** the server refused the session for good (kicked out, signature no longer valid) */
  ended(reason: { kicked?: string; error?: ChatError }): void;
}

const PING_MS = 25_000;
const PING_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 10_000;
/** A socket not authenticated by then is given up and another one tried (a server still starting, a dead route). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The socket to the chat service: authenticates with the userSig, answers requests by id,
 * reconnects with exponential backoff and jitter, and sends idempotent requests (message sends,
 * which carry their client ID) again on the new socket.
 */
export class Connection {
  private ws: SocketLike | null = null;
  private nextId = 1;
  private reqs = new Map<number, Request>();
  private authed = false;
  private stopped = true;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private creds: Credentials | null = null;
  private loginPending: { resolve: () => void; reject: (e: ChatError) => void } | null = null;
  private state: NetState = 'disconnected';
  private renewTimer: ReturnType<typeof setTimeout> | null = null;
  /** a refused userSig was replaced once since the last authentication (a second refusal ends the session) */
  private sigReplaced = false;
  /** the server refused the userSig with a kick: the next close connects again with a new one */
  private retryWithNewSig = false;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  /** the last authentication's answer */
  info: ServerInfo | null = null;

  constructor(
    private url: string,
    private Socket: SocketFactory,
    private hooks: ConnectionHooks,
  ) {}

  get online() {
    return this.authed;
  }

  /** Connects and authenticates; rejects when the server refuses the signature or is unreachable for `timeoutMs`. */
  login(creds: Credentials, timeoutMs = 10_000): Promise<void> {
    this.creds = creds;
    this.stopped = false;
    this.attempts = 0;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.loginPending) return;
        this.loginPending = null;
        this.stop();
        reject(new ChatError(ERR.timeout, '连接聊天服务超时，请检查网络后重试'));
      }, timeoutMs);
      this.loginPending = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      this.open();
    });
  }

  /** Closes for good; requests waiting are refused. */
  stop() {
    this.stopped = true;
    this.authed = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = this.pingTimer = null;
    this.clearConnectTimer();
    this.clearRenewTimer();
    this.retryWithNewSig = false;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = ws.onmessage = ws.onerror = ws.onopen = null;
      try {
        ws.close(1000, 'logout');
      } catch {
        /* already closed */
      }
    }
    for (const [id, r] of this.reqs) {
      clearTimeout(r.timer);
      r.reject(new ChatError(ERR.notLoggedIn, '聊天服务未登录'));
      this.reqs.delete(id);
    }
    this.setState('disconnected');
  }

  /** Resolves with the answer's data; `T` is the shape the server answers `op` with (the wire is not checked here). */
  request<T = unknown>(op: string, p: unknown = {}, opts: { retry?: boolean; timeoutMs?: number } = {}): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.stopped && op !== 'logout') return reject(new ChatError(ERR.notLoggedIn, '聊天服务未登录'));
      const id = this.nextId++;
      const timer = setTimeout(() => {
        if (!this.reqs.delete(id)) return;
        reject(new ChatError(ERR.timeout, '请求超时，请检查网络后重试'));
      }, opts.timeoutMs ?? 10_000);
      const r: Request = { op, p, retry: !!opts.retry, sentOn: null, resolve: (data) => resolve(data as T), reject, timer };
      this.reqs.set(id, r);
      if (this.authed) this.sendRequest(id, r);
    });
  }

  private sendRequest(id: number, r: Request) {
    const ws = this.ws;
    if (!ws) return;
    r.sentOn = ws;
    ws.send(JSON.stringify({ id, op: r.op, p: r.p }));
  }

  private setState(s: NetState) {
    if (s === this.state) return;
    this.state = s;
    this.hooks.state(s);
  }

  private open() {
    if (this.stopped || !this.creds) return;
    this.setState('connecting');
    let ws: SocketLike;
    try {
      ws = new this.Socket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    const first = !!this.loginPending;
    this.clearConnectTimer();
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (this.ws !== ws || this.authed) return;
      try {
        ws.close(4000, 'connect timeout');
      } catch {
        /* ignore */
      }
      this.onClose(ws, 4000);
    }, CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      const creds = this.creds!;
      ws.send(JSON.stringify({ id: 0, op: 'auth', p: { userID: creds.userID, userSig: creds.userSig, instance: creds.instance, login: first } }));
    };
    ws.onmessage = (ev) => this.onFrame(ws, String(ev.data), first);
    ws.onerror = () => undefined;
    ws.onclose = (ev) => this.onClose(ws, ev.code);
  }

  private onFrame(ws: SocketLike, text: string, first: boolean) {
    // A socket given up on (ping or connect timeout) may still speak: not heard any more.
    if (ws !== this.ws) return;
    let f: Frame;
    try {
      f = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    if (f.ev) {
      if (f.ev === 'kicked') {
        // An expired or revoked userSig: one new one from the session may do. The server closes
        // this socket next; onClose then connects again with it.
        if (f.type === 'userSigExpired' && this.creds?.refresh && !this.sigReplaced && !this.stopped) {
          this.sigReplaced = true;
          this.retryWithNewSig = true;
          return;
        }
        this.stopped = true;
        if (this.loginPending) {
          // Overtaken by newer logins while this one was under way: the login fails as kicked out.
          this.loginPending.reject(new ChatError(ERR.kicked, kickedOutText(f.type), { type: f.type }));
          this.loginPending = null;
        }
        this.hooks.ended({ kicked: f.type });
        return;
      }
      this.hooks.push(f);
      return;
    }
    if (f.id === 0) {
      if (f.code !== 0) {
        const err = new ChatError(f.code, f.message ?? '登录失败');
        this.stopped = true;
        if (this.loginPending) {
          this.loginPending.reject(err);
          this.loginPending = null;
        } else this.hooks.ended({ error: err });
        return;
      }
      void this.onAuthed(ws, f.data as ServerInfo, first);
      return;
    }
    const r = this.reqs.get(f.id);
    if (!r) return;
    this.reqs.delete(f.id);
    clearTimeout(r.timer);
    if (f.code === 0) r.resolve(f.data);
    else r.reject(new ChatError(f.code, f.message ?? '操作失败'));
  }

  private async onAuthed(ws: SocketLike, info: ServerInfo, first: boolean) {
    if (ws !== this.ws) return;
    this.clearConnectTimer();
    this.info = info;
    this.authed = true;
    this.attempts = 0;
    this.startPing();
    this.sigReplaced = false;
    this.scheduleRenewal(info as RenewInfo);
    // Requests made while away (and sends that never got their answer) go out on this socket.
    for (const [id, r] of this.reqs) if (r.sentOn !== ws) this.sendRequest(id, r);
    this.setState('connected');
    try {
      await this.hooks.online(info, first);
      if (first && this.loginPending) {
        this.loginPending.resolve();
        this.loginPending = null;
      }
    } catch (err) {
      // The first picture could not be built (the socket dropped meanwhile): the login fails and may be tried again.
      if (first && this.loginPending) {
        const pending = this.loginPending;
        this.loginPending = null;
        this.stop();
        pending.reject(err instanceof ChatError ? err : new ChatError(ERR.network, '登录聊天服务失败，请重试'));
      }
    }
  }

  private clearConnectTimer() {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private onClose(ws: SocketLike, code: number) {
    if (ws !== this.ws) return;
    this.clearConnectTimer();
    this.ws = null;
    this.authed = false;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    for (const [id, r] of this.reqs) {
      if (r.retry || r.sentOn === null) continue;
      clearTimeout(r.timer);
      this.reqs.delete(id);
      r.reject(new ChatError(ERR.network, '网络连接已断开，请稍后重试'));
    }
    this.clearRenewTimer();
    if (!this.stopped && (this.retryWithNewSig || (code === CLOSE_REVOKED && this.creds?.refresh))) {
      this.retryWithNewSig = false;
      this.setState('connecting');
      void this.replaceSig().then((ok) => {
        if (this.stopped) return;
        if (ok) this.open();
        else {
          this.stopped = true;
          this.setState('disconnected');
          this.hooks.ended({ kicked: 'userSigExpired' });
        }
      });
      return;
    }
    if (this.stopped || code === 4001 || code === 4003) {
      this.setState('disconnected');
      return;
    }
    this.scheduleReconnect();
  }

  /** The userSig in use (renewed ones included); uploads sign with it. */
  get userSig(): string {
    return this.creds?.userSig ?? '';
  }

  /** Replaces the userSig with a new one from the session; false when none could be had. */
  private async replaceSig(): Promise<boolean> {
    const creds = this.creds;
    if (!creds?.refresh) return false;
    try {
      const sig = await creds.refresh();
      if (this.creds !== creds || typeof sig !== 'string' || !sig) return false;
      creds.userSig = sig;
      return true;
    } catch {
      return false;
    }
  }

  /** Renews the userSig on the open socket well before it expires (the server closes sockets whose userSig expired). */
  private scheduleRenewal(info: RenewInfo, delayMs?: number) {
    this.clearRenewTimer();
    if (!this.creds?.refresh || typeof info?.sigExpiresAt !== 'number' || typeof info.serverTime !== 'number') return;
    const left = (info.sigExpiresAt - info.serverTime) * 1000;
    // Halfway through its life: time enough for a retry or two before it expires.
    const wait = delayMs ?? Math.min(MAX_RENEW_WAIT_MS, Math.max(1000, left / 2));
    this.renewTimer = setTimeout(() => void this.renew(info), wait);
    (this.renewTimer as { unref?: () => void }).unref?.();
  }

  private async renew(previous: RenewInfo) {
    this.renewTimer = null;
    if (this.stopped || !this.authed) return;
    try {
      if (!(await this.replaceSig())) throw new ChatError(ERR.notLoggedIn, '无法获取新的 userSig');
      const creds = this.creds!;
      const r = await this.request<RenewInfo>('auth', { userID: creds.userID, userSig: creds.userSig, instance: creds.instance, login: false });
      if (this.authed) this.scheduleRenewal(r);
    } catch {
      // Tried again shortly; a session that has ended gets none, and the server ends the socket when the userSig expires.
      if (!this.stopped && this.authed) this.scheduleRenewal(previous, RENEW_RETRY_MS);
    }
  }

  private clearRenewTimer() {
    if (this.renewTimer) clearTimeout(this.renewTimer);
    this.renewTimer = null;
  }

  /** Tries again now instead of waiting out the backoff (the browser says the network is back). */
  reconnectNow() {
    if (this.stopped || this.ws || !this.retryTimer) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    this.setState('connecting');
    const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(this.attempts, 10));
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempts++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  private startPing() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      const ws = this.ws;
      if (!ws || !this.authed) return;
      this.request('ping', {}, { timeoutMs: PING_TIMEOUT_MS }).catch(() => {
        // No answer: the socket is dead without knowing it. Drop it and reconnect.
        if (this.ws === ws) {
          try {
            ws.close(4000, 'ping timeout');
          } catch {
            /* ignore */
          }
          this.onClose(ws, 4000);
        }
      });
    }, PING_MS);
    (this.pingTimer as { unref?: () => void }).unref?.();
  }
}
