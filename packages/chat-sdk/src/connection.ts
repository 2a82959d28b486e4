import type { ChatPush } from '@zp/core/contract';
import type { SocketFactory, SocketLike } from './types.js';
import { ChatError, ERR } from './errors.js';

export type NetState = 'connected' | 'connecting' | 'disconnected';

interface Request {
  op: string;
  p: unknown;
  /** sent again on the next socket if the current one drops before the answer (idempotent operations only) */
  retry: boolean;
  sentOn: SocketLike | null;
  resolve: (data: any) => void;
  reject: (err: ChatError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export interface Credentials {
  userID: string;
  userSig: string;
  instance: string;
}

export interface ConnectionHooks {
  /** after each successful authentication; `first` on login */
  online(info: { serverTime: number }, first: boolean): Promise<void> | void;
  push(frame: ChatPush): void;
  state(s: NetState): void;
  /** the server refused the session for good (kicked out, signature no longer valid) */
  ended(reason: { kicked?: string; error?: ChatError }): void;
}

const PING_MS = 25_000;
const PING_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 10_000;

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

  request<T = any>(op: string, p: unknown = {}, opts: { retry?: boolean; timeoutMs?: number } = {}): Promise<T> {
    return new Promise((resolve, reject) => {
      if (this.stopped && op !== 'logout') return reject(new ChatError(ERR.notLoggedIn, '聊天服务未登录'));
      const id = this.nextId++;
      const timer = setTimeout(() => {
        if (!this.reqs.delete(id)) return;
        reject(new ChatError(ERR.timeout, '请求超时，请检查网络后重试'));
      }, opts.timeoutMs ?? 10_000);
      const r: Request = { op, p, retry: !!opts.retry, sentOn: null, resolve, reject, timer };
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
    ws.onopen = () => {
      const creds = this.creds!;
      ws.send(JSON.stringify({ id: 0, op: 'auth', p: { userID: creds.userID, userSig: creds.userSig, instance: creds.instance, login: first } }));
    };
    ws.onmessage = (ev) => this.onFrame(ws, String(ev.data), first);
    ws.onerror = () => undefined;
    ws.onclose = (ev) => this.onClose(ws, ev.code);
  }

  private onFrame(ws: SocketLike, text: string, first: boolean) {
    let f: any;
    try {
      f = JSON.parse(text);
    } catch {
      return;
    }
    if (f.ev) {
      if (f.ev === 'kicked') {
        this.stopped = true;
        this.hooks.ended({ kicked: f.type });
        return;
      }
      this.hooks.push(f as ChatPush);
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
      void this.onAuthed(ws, f.data, first);
      return;
    }
    const r = this.reqs.get(f.id);
    if (!r) return;
    this.reqs.delete(f.id);
    clearTimeout(r.timer);
    if (f.code === 0) r.resolve(f.data);
    else r.reject(new ChatError(f.code, f.message ?? '操作失败'));
  }

  private async onAuthed(ws: SocketLike, info: { serverTime: number }, first: boolean) {
    if (ws !== this.ws) return;
    this.authed = true;
    this.attempts = 0;
    this.startPing();
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

  private onClose(ws: SocketLike, code: number) {
    if (ws !== this.ws) return;
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
    if (this.stopped || code === 4001 || code === 4003) {
      this.setState('disconnected');
      return;
    }
    this.scheduleReconnect();
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
