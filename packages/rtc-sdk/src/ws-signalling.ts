/**
 * Signalling over the server's WebSocket /api/rtc/ws (the protocol is described and typed in
 * packages/core/src/contract/rtc.ts): auth, join, relay, media, leave, ping.
 *
 * A dropped socket is not leaving: the server keeps the member for a grace period, so the socket
 * reconnects with backoff and joins again with the same session while the peer connections stay
 * up (media flows peer to peer and rarely notices). The room logic gets RECONNECTING, then
 * 'rejoined' with the room as it is now, or DISCONNECTED / 'removed' when it is over.
 */
import type { RtcJoinResult, RtcOp, RtcOpParams, RtcPush, RtcReply } from '@zp/core/contract';
import { ERROR_CODE } from './constants.js';
import { RtcError } from './errors.js';
import type { JoinRequest, JoinResult, PeerMessage, PublishedMedia, Signalling, SignallingEvent } from './signalling.js';

/**
 * The part of WebSocket used here (the browser's, or `ws` in Node). The open and error events are
 * not read (`never`: any socket's handler type fits); a message's data is read as text.
 */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: never) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: never) => void) | null;
}
export type SocketFactory = new (url: string) => SocketLike;

/** How long the first connection (socket, auth, join) may take. */
const CONNECT_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 8_000;
/** The media server's negotiation may wait for it to come back after a restart. */
const SFU_TIMEOUT_MS = 15_000;
const PING_MS = 15_000;
const MAX_BACKOFF_MS = 4_000;
/** Reconnecting stops after this long away; the server's grace period is 30 s, a rejoin later is a fresh join. */
export const GIVE_UP_MS = 60_000;
/** Refusals that trying again cannot change (HTTP codes, contract RTC_ERRORS). */
const FINAL_CODES = new Set([401, 403, 404, 409, 410]);
const OPEN = 1;

/** The socket's address: the given one (enterRoom's proxy), else /api/rtc/ws on the page's host. */
export function rtcSocketUrl(proxy?: string): string {
  if (proxy) return proxy;
  const location = (globalThis as { location?: { protocol: string; host: string } }).location;
  if (!location?.host) {
    throw new RtcError({ code: ERROR_CODE.INVALID_PARAMETER, fnName: 'enterRoom', message: '请在 enterRoom 的 proxy 中提供音视频服务地址（wss://…/api/rtc/ws）' });
  }
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/rtc/ws`;
}

type Pending = { resolve: (data: unknown) => void; reject: (error: RtcError) => void; timer: ReturnType<typeof setTimeout> };

export class WebSocketSignalling implements Signalling {
  readonly #url: string;
  readonly #Socket: SocketFactory;
  readonly #listeners = new Set<(event: SignallingEvent) => void>();
  #ws: SocketLike | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  #request: JoinRequest | null = null;
  #media: PublishedMedia = { audio: false, video: false, screen: false };
  /** joined: in the room; away: reconnecting; closed: left, removed or given up. */
  #state: 'idle' | 'joining' | 'joined' | 'away' | 'closed' = 'idle';
  #attempts = 0;
  #awaySince = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #pingTimer: ReturnType<typeof setInterval> | null = null;

  constructor(url: string, Socket: SocketFactory | undefined = globalThis.WebSocket as SocketFactory | undefined) {
    if (!Socket) throw new RtcError({ code: ERROR_CODE.ENV_NOT_SUPPORTED, fnName: 'enterRoom', message: '当前环境不支持 WebSocket' });
    this.#url = url;
    this.#Socket = Socket;
  }

  subscribe(listener: (event: SignallingEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: SignallingEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }

  async join(request: JoinRequest): Promise<JoinResult> {
    if (this.#state !== 'idle') throw new RtcError({ code: ERROR_CODE.INVALID_OPERATION, fnName: 'enterRoom', message: '已在房间中' });
    this.#request = request;
    this.#media = { audio: request.audio, video: request.video, screen: false };
    this.#state = 'joining';
    try {
      const result = await this.#connect(CONNECT_TIMEOUT_MS);
      if (this.#state !== 'joining') throw new RtcError({ code: ERROR_CODE.OPERATION_ABORT, fnName: 'enterRoom', message: '已退出房间' });
      this.#joined();
      return result;
    } catch (error) {
      this.#close();
      throw error;
    }
  }

  async leave(): Promise<void> {
    const wasIn = this.#state === 'joined';
    this.#state = 'closed';
    if (wasIn) await this.#call('leave', {}, 2000).catch(() => {});
    this.#close();
  }

  send(to: string, message: PeerMessage, toSession?: string): void {
    // Lost while away: the peer connection restarts ICE once the room is back (see trtc.ts).
    if (this.#state !== 'joined') return;
    this.#fire('relay', { to, message, ...(toSession ? { toSession } : {}) });
  }

  publish(media: PublishedMedia): void {
    this.#media = { ...media };
    // While away the next join carries it.
    if (this.#state === 'joined') this.#fire('media', this.#media);
  }

  async sfuPublish(sdp: string): Promise<string> {
    return ((await this.#call('sfuPublish', { sdp }, SFU_TIMEOUT_MS)) as { sdp: string }).sdp;
  }

  async sfuSubscribe(userId: string, layer: 0 | 1): Promise<string> {
    return ((await this.#call('sfuSubscribe', { userId, layer }, SFU_TIMEOUT_MS)) as { sdp: string }).sdp;
  }

  async sfuAnswer(userId: string, sdp: string): Promise<void> {
    await this.#call('sfuAnswer', { userId, sdp }, SFU_TIMEOUT_MS);
  }

  sfuTrickle(userId: string | null, candidate: Parameters<Signalling['sfuTrickle']>[1]): void {
    if (this.#state === 'joined') this.#fire('sfuTrickle', { ...(userId ? { userId } : {}), candidate });
  }

  async custom(cmdId: number, data: string): Promise<number> {
    return ((await this.#call('custom', { cmdId, data })) as { seq: number }).seq;
  }

  async sfuFallback(): Promise<void> {
    await this.#call('sfuFallback', {});
  }

  async record(op: 'recordAsk' | 'recordAnswer' | 'recordStop', agree = false): Promise<void> {
    if (op === 'recordAnswer') await this.#call(op, { agree });
    else await this.#call(op, {});
  }

  sfuLayer(userId: string, layer: 0 | 1): void {
    if (this.#state === 'joined') this.#fire('sfuLayer', { userId, layer });
  }

  // ------------------------------------------------------------ connection

  /** Opens a socket, authenticates and joins; rejects with the server's refusal or a network error. */
  #connect(timeoutMs: number): Promise<JoinResult> {
    const request = this.#request!;
    return new Promise<JoinResult>((resolve, reject) => {
      let ws: SocketLike;
      try {
        ws = new this.#Socket(this.#url);
      } catch (error) {
        reject(networkError(error));
        return;
      }
      this.#ws = ws;
      let settled = false;
      const fail = (error: RtcError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.#drop(ws);
        reject(error);
      };
      const timer = setTimeout(() => fail(networkError(new Error('timeout'))), timeoutMs);
      ws.onmessage = (ev) => this.#onFrame(ws, ev.data);
      ws.onerror = () => undefined;
      ws.onclose = (ev) => {
        if (!settled) fail(ev.code === 4001 ? refused(401, '登录已失效，请重新登录') : networkError(new Error(`closed ${ev.code}`)));
        else this.#onClose(ws);
      };
      ws.onopen = async () => {
        try {
          await this.#call('auth', { userId: request.userId, userSig: request.userSig });
          const data = (await this.#call('join', {
            roomId: request.roomId,
            session: request.session,
            audio: this.#media.audio,
            video: this.#media.video,
          })) as RtcJoinResult;
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({
            members: data.members.map((m) => ({ userId: m.userId, session: m.session, audio: m.audio, video: m.video, screen: !!m.screen, published: !!m.published })),
            iceServers: data.iceServers as RTCIceServer[],
            resumed: data.resumed,
            mode: data.mode,
          });
        } catch (error) {
          fail(error as RtcError);
        }
      };
    });
  }

  #joined(): void {
    this.#state = 'joined';
    this.#attempts = 0;
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#pingTimer = setInterval(() => {
      const ws = this.#ws;
      if (!ws || this.#state !== 'joined') return;
      // No answer: the socket is dead without knowing it (a network change). Drop it and reconnect.
      this.#call('ping', {}).catch(() => {
        if (this.#ws === ws) this.#onClose(ws);
      });
    }, PING_MS);
    globalThis.addEventListener?.('online', this.#onOnline);
  }

  #onClose(ws: SocketLike): void {
    if (this.#ws !== ws) return;
    this.#drop(ws);
    if (this.#state !== 'joined') return;
    this.#state = 'away';
    this.#awaySince = Date.now();
    this.#emit({ type: 'connection', state: 'RECONNECTING' });
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    const base = Math.min(MAX_BACKOFF_MS, 300 * 2 ** this.#attempts);
    this.#attempts++;
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.#retry();
    }, base / 2 + Math.random() * (base / 2));
  }

  async #retry(): Promise<void> {
    if (this.#state !== 'away') return;
    const request = this.#request;
    if (request?.refreshUserSig) {
      // The userSig of the first join may have lapsed during a long call; a failed renewal
      // leaves the old one for the server to judge.
      request.userSig = await request.refreshUserSig().catch(() => request.userSig);
      if (this.#state !== 'away') return;
    }
    try {
      const result = await this.#connect(REQUEST_TIMEOUT_MS);
      if (this.#state !== 'away') return;
      this.#joined();
      this.#emit({ type: 'rejoined', result });
    } catch (error) {
      if (this.#state !== 'away') return;
      const code = (error as RtcError).extraCode ?? 0;
      if (code === 410) {
        this.#state = 'closed';
        this.#close();
        this.#emit({ type: 'removed', reason: 'room_disband', cause: 'expired', message: (error as Error).message });
      } else if (FINAL_CODES.has(code) || Date.now() - this.#awaySince > GIVE_UP_MS) {
        this.#state = 'closed';
        this.#close();
        this.#emit({ type: 'connection', state: 'DISCONNECTED', message: (error as Error).message });
      } else this.#scheduleRetry();
    }
  }

  /** The browser says the network is back: try now rather than at the end of the backoff. */
  #onOnline = (): void => {
    if (this.#state !== 'away' || !this.#retryTimer) return;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    void this.#retry();
  };

  #onFrame(ws: SocketLike, data: unknown): void {
    if (ws !== this.#ws) return;
    let frame: RtcReply | RtcPush;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    if ('ev' in frame) {
      this.#onPush(frame);
      return;
    }
    const pending = typeof frame.id === 'number' ? this.#pending.get(frame.id) : undefined;
    if (!pending) return; // the answer to a relay or media announcement
    this.#pending.delete(frame.id as number);
    clearTimeout(pending.timer);
    if (frame.code === 0) pending.resolve(frame.data);
    else pending.reject(refused(frame.code, frame.msg));
  }

  #onPush(push: RtcPush): void {
    if (this.#state !== 'joined' && this.#state !== 'joining') return;
    switch (push.ev) {
      case 'member-joined':
      case 'member-media':
        this.#emit({ type: push.ev, member: { ...push.member } });
        break;
      case 'member-left':
        this.#emit({ type: 'member-left', userId: push.userId });
        break;
      case 'room-mode':
        this.#emit({ type: 'room-mode', mode: push.mode });
        break;
      case 'member-published':
        this.#emit({ type: 'member-published', member: { ...push.member } });
        break;
      case 'custom':
        this.#emit({ type: 'custom', userId: push.userId, cmdId: push.cmdId, seq: push.seq, data: push.data });
        break;
      case 'talking':
        this.#emit({ type: 'talking', userId: push.userId, talking: push.talking });
        break;
      case 'record':
        this.#emit({ type: 'record', id: push.id, state: push.state, askedBy: push.askedBy, agreed: [...push.agreed], pending: [...push.pending], msg: push.msg });
        break;
      case 'peer-message':
        this.#emit({ type: 'peer-message', from: push.from, session: push.session, message: push.message });
        break;
      case 'removed':
        this.#state = 'closed';
        this.#close();
        this.#emit({ type: 'removed', reason: push.reason, cause: push.cause, message: push.msg });
        break;
      // 'time-warning': the room shows its own timer from endsAt (HTTP), which works with Tencent's SDK too.
    }
  }

  // ------------------------------------------------------------ frames

  #call<K extends RtcOp>(op: K, p: RtcOpParams<K>, timeoutMs = REQUEST_TIMEOUT_MS): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const ws = this.#ws;
      if (!ws || ws.readyState !== OPEN) {
        reject(networkError(new Error('not connected')));
        return;
      }
      const id = this.#nextId++;
      const timer = setTimeout(() => {
        if (this.#pending.delete(id)) reject(networkError(new Error(`${op} timeout`)));
      }, timeoutMs);
      this.#pending.set(id, { resolve, reject, timer });
      ws.send(JSON.stringify({ id, op, p }));
    });
  }

  /** A request whose answer nobody waits for. */
  #fire<K extends RtcOp>(op: K, p: RtcOpParams<K>): void {
    const ws = this.#ws;
    if (ws?.readyState === OPEN) ws.send(JSON.stringify({ op, p }));
  }

  /** Forgets a socket: its handlers, its waiting requests, and the socket itself. */
  #drop(ws: SocketLike): void {
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try {
      ws.close(1000);
    } catch {
      /* already closed */
    }
    if (this.#ws !== ws) return;
    this.#ws = null;
    if (this.#pingTimer) clearInterval(this.#pingTimer);
    this.#pingTimer = null;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.reject(networkError(new Error('closed')));
      this.#pending.delete(id);
    }
  }

  #close(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    globalThis.removeEventListener?.('online', this.#onOnline);
    if (this.#ws) this.#drop(this.#ws);
  }
}

/** The server said no: the code (contract RTC_ERRORS) as extraCode, its Chinese message as is. */
function refused(code: number, message: string): RtcError {
  return new RtcError({ code: ERROR_CODE.SERVER_ERROR, extraCode: code, fnName: 'enterRoom', message: message || '进入房间失败' });
}

function networkError(origin: unknown): RtcError {
  return new RtcError({
    code: ERROR_CODE.OPERATION_FAILED,
    fnName: 'enterRoom',
    message: '无法连接音视频服务，请检查网络后重试',
    originError: origin instanceof Error ? origin : undefined,
  });
}
