/**
 * The signalling socket `/api/rtc/ws` (protocol: packages/core/src/contract/rtc.ts). One hub per
 * server process: it holds this node's sockets, turns room events from the bus into pushes, and
 * relays negotiation messages to whichever node holds the receiving socket.
 */
import crypto from 'node:crypto';
import type { WebSocket } from 'ws';
import { isId, rtcOps, RTC_CLOSE_REVOKED, RTC_WARNING_SECONDS, type RTC_REMOVED_CAUSES, type RtcJoinResult, type RtcOp, type RtcOpParams, type RtcPush } from '@zp/core/contract';
import { compile, describe } from '../../http/validation.js';
import { AppError, badRequest, conflict, forbidden, tooMany, unauthorized } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { chatHubs } from '../chat/public.js';
import { CONTENT_CHANGED } from '../../bus/content-changed.js';
import { rows, sql } from '../../db/index.js';
import { RTC_MSG } from '@zp/core/rtc-words';
import { RTC_FREE_LIMIT_MINUTES } from '@zp/core/rules/interview';
import { roomEnded, rtcTopic, type RoomEvent, type Rooms } from './rooms.js';
import { iceServersFor } from './turn.js';
import { sendBounded } from '../../http/socket.js';
import type { Sfu } from './sfu/sfu.js';
import type { Recordings } from './recording/recordings.js';
import { RoomChat } from './room-chat.js';
import { ROOM_CHAT_CMD } from '@zp/core/rules/interview';

const PING_MS = 30_000;
const AUTH_WAIT_MS = 10_000;
/** Frames per second a socket may send (a 6-person mesh trickles a few hundred candidates at join). */
const RATE = 200;
const BURST = 500;
/** Custom messages (the room's chat, raised hands) of one socket: a few a second is plenty for people typing. */
const CUSTOM_RATE = 3;
const CUSTOM_BURST = 10;
/** A socket that cannot keep up (this much unsent) is dropped; its SDK reconnects and resumes. */
const MAX_BUFFERED = 4 * 1024 * 1024;
/** How long a lost media server is waited for before its rooms' people are told to publish anew anyway. */
const MEDIA_BACK_WAIT_MS = 15_000;

interface Seat {
  id: string;
  session: string;
  /** the member row and attach counter of this socket's admission; 0 until the join is stored */
  row: number;
  attachSeq: number;
  /** a later admission of the same person seen while this join was being stored */
  supersededBy: [number, number] | null;
  endsAt: number | null;
  warned: boolean;
  /** the room's promoter (known once admitted) */
  promoter: string;
}

interface Conn {
  /** unique across nodes: node id and a counter */
  key: string;
  ws: WebSocket;
  userId: string | null;
  alive: boolean;
  seat: Seat | null;
  /** pushes held back while a join is being answered (the reply goes first) */
  held: string[] | null;
  /** frames the socket may still send now, and its custom messages (chat, hands) */
  frames: Bucket;
  customs: Bucket;
  /** requests of one socket are handled one after another, in order */
  chain: Promise<unknown>;
  /** the partner site the socket was opened from; null on the platform's own pages and without Origin */
  origin: string | null;
}

type Relay = { r: string; to: string; ts?: string; f: string };

/** A token bucket: `rate` a second, at most `burst` at once. */
interface Bucket {
  tokens: number;
  at: number;
}

/** The room the socket's page is in (attached to its seat), else the refusal every in-room request gets. */
function seatOf(conn: Conn): NonNullable<Conn['seat']> {
  const seat = conn.seat;
  if (!seat || seat.attachSeq === 0) throw badRequest('请先进入房间');
  return seat;
}

/** Takes one token from the bucket if it has one (refilled for the time since it was last used). */
function take(b: Bucket, rate: number, burst: number): boolean {
  const now = Date.now();
  b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

type RemovedCause = (typeof RTC_REMOVED_CAUSES)[number];
const REMOVED_MSG: Record<RemovedCause, string> = {
  other_session: '您已在其他页面进入该房间',
  left_elsewhere: '您已在其他页面退出该房间',
  promoter_ended: '房间发起人已结束视频面试',
  time_up: `免费会员的视频面试时长已满 ${RTC_FREE_LIMIT_MINUTES} 分钟，房间已结束`,
  empty: '房间已结束',
  expired: '房间已超过最长时长，已结束',
  company_unapproved: RTC_MSG.companyUnapproved,
};

const validators = new Map<string, ReturnType<typeof compile>>();
function validatorOf(op: RtcOp) {
  let v = validators.get(op);
  if (!v) validators.set(op, (v = compile(rtcOps[op], false)));
  return v;
}

/** Whether admission a (member row, attach counter) came after b. */
const later = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

export class RtcHub {
  readonly node = crypto.randomUUID();
  private counter = 0;
  private conns = new Set<Conn>();
  private byRoom = new Map<string, Set<Conn>>();
  /** Who holds a seat in the rooms this node has sockets in; a miss is checked in the database. */
  private seated = new Map<string, Set<string>>();
  private unsubscribe: (() => Promise<void>)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private sweeping: Promise<void> | null = null;
  private nextSweep: Promise<void> | null = null;
  private stopped = false;
  /** people whose uplink on this node Janus records now: room → user → recording */
  private recording = new Map<string, Map<string, number>>();
  private topics: { ev: string; relay: string; revoke: string };

  constructor(
    private s: Services,
    readonly rooms: Rooms,
    /** the media server, when one is configured (rooms of three or more go through it) */
    readonly sfu: Sfu | null = null,
    /** the process id of the Janus this server started (tests kill it) */
    readonly janusPid: () => number | null = () => null,
    readonly recordings: Recordings | null = null,
  ) {
    this.topics = { ev: rtcTopic(s, 'ev'), relay: rtcTopic(s, 'relay'), revoke: rtcTopic(s, 'revoke') };
    this.chat = new RoomChat(s.db);
  }

  /** the rooms' text chat (its HTTP reading side uses it too) */
  readonly chat: RoomChat;
  /** seq of the custom messages that are not kept (the chat's are its rows' ids) */
  private customSeq = 0;

  async start() {
    this.unsubscribe.push(
      await this.s.bus.subscribe(this.topics.ev, (e) => this.guard(() => this.onEvent(e as RoomEvent))),
      await this.s.bus.subscribe(this.topics.relay, (r) => this.guard(() => this.onRelay(r as Relay))),
      await this.s.bus.subscribe(this.topics.revoke, (p) => this.guard(() => this.onRevoke(p as { u?: unknown }))),
      // How the chat learns of an enterprise's review, too (companies publishes it after a review or an edit).
      await this.s.bus.subscribe(CONTENT_CHANGED, (p) => {
        this.onCompanyChanged(p as { kind?: unknown; id?: unknown }).catch((err) => this.s.log.error({ err }, 'rtc: enterprise change not applied'));
      }),
    );
    // This node is marked alive before it holds any member: another node's sweep takes the members
    // of a node it has never seen alive for dropped (it came up between two of this node's sweeps).
    await this.rooms.alive(this.node);
    const sweepMs = Math.min(1000, Math.max(50, Math.floor(this.rooms.graceMs / 3)));
    this.timers.push(setInterval(() => this.heartbeat(), PING_MS), setInterval(() => void this.sweep(), sweepMs));
    for (const t of this.timers) t.unref();
  }

  async stop() {
    for (const t of this.timers) clearInterval(t);
    for (const c of this.conns) c.ws.close(1012, 'server restart');
    this.stopped = true;
    await this.nextSweep;
    await this.sweeping;
    for (const u of this.unsubscribe) await u();
  }

  /**
   * The user's sessions were revoked (logout, password change or reset): the chat has already
   * refused every userSig issued until now (its listener runs first), so this tells every node to
   * close the user's sockets; a page whose session still stands comes back with a fresh userSig.
   */
  async revokeUser(userId: string) {
    await this.s.bus.publish(this.topics.revoke, { u: userId });
  }

  private onRevoke(p: { u?: unknown }) {
    if (typeof p?.u !== 'string') return;
    for (const c of this.conns) if (c.userId === p.u) c.ws.close(RTC_CLOSE_REVOKED, 'credentials revoked');
  }

  /**
   * An enterprise changed: if it is no longer approved its rooms end (every node tries; one
   * succeeds), and the sockets of its HR held here close, told first why they left their room.
   */
  private async onCompanyChanged(p: { kind?: unknown; id?: unknown }) {
    if (p?.kind !== 'company' || !isId(p.id)) return;
    await this.rooms.endUnapproved(p.id);
    const lost = await rows<{ id: string }>(
      this.s.db,
      sql`select h.user_id::text as id from hr_profiles h join companies c on c.id = h.company_id
          where h.company_id = ${p.id} and h.join_state = 2 and c.status <> 1`,
    );
    const ids = new Set(lost.map((x) => x.id));
    for (const c of [...this.conns]) {
      if (!c.userId || !ids.has(c.userId)) continue;
      if (c.seat) this.remove(c, 'room_disband', 'company_unapproved');
      c.ws.close(RTC_CLOSE_REVOKED, 'enterprise not approved');
    }
  }

  /**
   * The media server lost these rooms (it died or restarted): nobody's media reach it now, so the
   * people in them here publish and subscribe anew — on the same server once it is back, or on
   * another one — told as when a room first moves to the media server.
   */
  async mediaLost(roomIds: string[]) {
    try {
      await this.rooms.unpublishRooms(roomIds);
    } catch (err) {
      this.s.log.error({ err }, 'rtc: lost rooms not marked');
    }
    // Told once a media server answers again (our own Janus restarts within seconds), so that
    // the first try to publish anew finds one; the SDK tries again meanwhile anyway.
    const deadline = Date.now() + MEDIA_BACK_WAIT_MS;
    while (!this.sfu?.up && !this.stopped && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    for (const r of roomIds) for (const c of this.byRoom.get(r) ?? []) this.push(c, { ev: 'room-mode', mode: 'sfu' });
  }

  get socketCount() {
    return this.conns.size;
  }

  /**
   * Ends rooms whose time is up, removes dropped members, warns before a limited room ends. A call
   * while a sweep runs gets the next one (started once that ends), which sees what the caller saw.
   */
  sweep(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.sweeping !== null) return (this.nextSweep ??= this.sweeping.then(() => {
      this.nextSweep = null;
      return this.sweep();
    }));
    this.sweeping = (async () => {
      try {
        await this.rooms.sweep(this.node);
        this.warn();
      } catch (err) {
        this.s.log.error({ err }, 'rtc: sweep failed');
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  private warn() {
    const now = this.rooms.now();
    for (const c of this.conns) {
      const seat = c.seat;
      if (!seat || seat.endsAt === null || seat.warned || seat.attachSeq === 0) continue;
      const left = seat.endsAt - now;
      if (left > RTC_WARNING_SECONDS * 1000 || left <= 0) continue;
      seat.warned = true;
      this.push(c, { ev: 'time-warning', endsAt: seat.endsAt, remainingSeconds: Math.ceil(left / 1000) });
    }
  }

  // ---------------------------------------------------------------- sockets

  attach(ws: WebSocket, origin: string | null = null) {
    const conn: Conn = {
      key: `${this.node}:${++this.counter}`, ws, userId: null, alive: true, seat: null, held: null,
      frames: { tokens: BURST, at: Date.now() }, customs: { tokens: CUSTOM_BURST, at: Date.now() }, chain: Promise.resolve(), origin,
    };
    this.conns.add(conn);
    const authTimer = setTimeout(() => ws.close(4001, 'auth timeout'), AUTH_WAIT_MS);
    authTimer.unref();
    ws.on('message', (data, isBinary) => {
      try {
        this.onFrame(conn, data, isBinary, authTimer);
      } catch (err) {
        this.s.log.error({ err }, 'rtc: frame handling failed');
        this.reply(conn, null, err);
      }
    });
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('close', () => {
      clearTimeout(authTimer);
      this.conns.delete(conn);
      const seat = conn.seat;
      if (!seat) return;
      this.unseat(conn);
      // The place is kept for the grace period; a join with the same session takes it back.
      if (seat.attachSeq > 0 && conn.userId) {
        this.rooms.detach(conn.userId, seat.id, seat.attachSeq).catch((err) => this.s.log.warn({ err }, 'rtc: detach failed'));
      }
    });
    // Oversized frames (1009) and invalid UTF-8 (1007) end up here: the ws library closes the socket.
    ws.on('error', () => ws.terminate());
  }

  private onFrame(conn: Conn, data: unknown, isBinary: boolean, authTimer: NodeJS.Timeout) {
    if (!take(conn.frames, RATE, BURST)) return this.reply(conn, null, tooMany('信令发送过于频繁，请稍后再试'));
    if (isBinary) return this.reply(conn, null, badRequest('只接受文本帧（JSON）'));
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return this.reply(conn, null, badRequest('请求不是合法的 JSON'));
    }
    if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return this.reply(conn, null, badRequest('请求应为 JSON 对象 {id, op, p}'));
    const f = frame as { id?: unknown; op?: unknown; p?: unknown };
    const id = Number.isSafeInteger(f.id) && (f.id as number) >= 0 ? (f.id as number) : null;
    if (f.id !== undefined && id === null) return this.reply(conn, null, badRequest('id 应为非负整数'));
    if (typeof f.op !== 'string' || !Object.hasOwn(rtcOps, f.op)) {
      return this.reply(conn, id, badRequest(`未知的操作：${String(typeof f.op === 'string' ? f.op : typeof f.op).slice(0, 40)}`));
    }
    const op = f.op as RtcOp;
    const p = f.p === undefined ? {} : f.p;
    if (!p || typeof p !== 'object' || Array.isArray(p)) return this.reply(conn, id, badRequest('参数 p 应为对象'));
    const validate = validatorOf(op);
    if (!validate(p)) return this.reply(conn, id, badRequest(describe(validate.errors ?? [], 'body')));
    if (op === 'auth') clearTimeout(authTimer);
    conn.chain = conn.chain.then(async () => {
      try {
        const out = await this.run(conn, op, p as never);
        this.reply(conn, id, null, out);
      } catch (err) {
        this.reply(conn, id, err);
        if (op === 'auth') conn.ws.close(4001, 'auth failed');
      } finally {
        this.release(conn);
      }
    });
  }

  private async run(conn: Conn, op: RtcOp, p: never): Promise<unknown> {
    if (op === 'auth') return this.auth(conn, p);
    if (!conn.userId) throw unauthorized('请先发送 auth 完成登录');
    switch (op) {
      case 'ping':
        return { serverTime: this.rooms.now() };
      case 'join':
        return this.join(conn, p);
      case 'leave':
        return this.leave(conn);
      case 'relay':
        return this.relay(conn, p);
      case 'media':
        return this.media(conn, p);
      case 'custom':
        return this.custom(conn, p);
      case 'sfuPublish':
      case 'sfuSubscribe':
      case 'sfuAnswer':
      case 'sfuTrickle':
      case 'sfuLayer':
        return this.sfuOp(conn, op, p);
      case 'recordAsk':
      case 'recordAnswer':
      case 'recordStop':
        return this.recordOp(conn, op, p);
      case 'sfuFallback':
        return this.sfuFallback(conn);
    }
  }

  /**
   * A member whose direct path to the other will not come up (firewalls, no TURN that works):
   * the room moves to the media server as a third person would move it (Jitsi does the same for
   * pairs); harmless when it already has.
   */
  private async sfuFallback(conn: Conn) {
    const seat = seatOf(conn);
    if (!this.sfu?.up) throw new AppError(503, '本站未启用媒体服务器（Janus），无法改由服务器转发');
    await this.rooms.toSfu(seat.id, true);
    return {};
  }

  /** Asking to record, answering (or withdrawing), stopping: see recording/recordings.ts. */
  private async recordOp(conn: Conn, op: 'recordAsk' | 'recordAnswer' | 'recordStop', p: never) {
    const seat = seatOf(conn);
    const rec = this.recordings;
    if (!rec) throw new AppError(503, '本站未启用媒体服务器（Janus），无法录制');
    const me = conn.userId!;
    if (op === 'recordAsk') {
      if (me !== seat.promoter) throw forbidden('只有房间发起人可以申请录制');
      // Only asking needs the media server: a "no" and a stop must work while it restarts.
      if (!this.sfu?.up) throw new AppError(503, '本站未启用媒体服务器（Janus），无法录制');
      // Recording is done by the media server: a pair's room moves there first.
      await this.rooms.toSfu(seat.id, true);
      await rec.ask(seat.id, me, seat.promoter);
    } else if (op === 'recordAnswer') await rec.answer(seat.id, me, (p as RtcOpParams<'recordAnswer'>).agree);
    else await rec.stopByPromoter(seat.id, me, seat.promoter);
    return {};
  }

  /** A publication whose media reached Janus: the others may subscribe now, and it is recorded if a recording runs. */
  private async announcePublished(room: string, me: string, session: string) {
    try {
      await this.rooms.published(room, me, session);
    } catch {
      // Left meanwhile: the publication just made goes with them.
      await this.sfu?.release(room, me).catch(() => {});
      return;
    }
    // A new uplink while recording (a reload, the media server back): recorded too, if they
    // agreed and it is not already (a recording that started since). Its failure is logged, never
    // the publication's.
    try {
      const live = await this.recordings?.live(room);
      if (live?.state === 'recording') await this.applyRecording(room, live.id, live.state, live.agreed);
    } catch (err) {
      this.s.log.error({ err, room }, 'rtc: recording of a new publication not started');
    }
  }

  /** Starts or stops Janus recording the uplinks this node holds in a room, as the recording's state says. */
  private async applyRecording(room: string, id: number, state: 'asking' | 'recording' | 'off', agreed: string[]) {
    const sfu = this.sfu;
    const rec = this.recordings;
    if (!sfu || !rec) return;
    let here = this.recording.get(room);
    if (state === 'recording') {
      if (!here) this.recording.set(room, (here = new Map()));
      for (const u of sfu.publishers(room)) {
        if (!agreed.includes(u) || here.get(u) === id) continue;
        try {
          await sfu.record(room, u, rec.fileFor(id, u));
          here.set(u, id);
        } catch (err) {
          // The others are still recorded; this uplink is tried again when it publishes anew.
          this.s.log.error({ err, room, user: u }, 'rtc: media server did not start recording a person');
        }
      }
    } else if (state === 'off' && here) {
      this.recording.delete(room);
      for (const u of here.keys()) await sfu.record(room, u, null).catch(() => {});
    }
  }

  /** The SFU requests: the person's uplink and subscriptions, negotiated with the media server through us. */
  private async sfuOp(conn: Conn, op: 'sfuPublish' | 'sfuSubscribe' | 'sfuAnswer' | 'sfuTrickle' | 'sfuLayer', p: never) {
    const seat = seatOf(conn);
    const sfu = this.sfu;
    if (!sfu?.up) throw new AppError(503, '媒体服务器（Janus）未启用或暂不可用，请稍后重试');
    const me = conn.userId!;
    const room = seat.id;
    try {
      switch (op) {
        case 'sfuPublish': {
          const q = p as RtcOpParams<'sfuPublish'>;
          const { answer, up } = await sfu.publish(room, me, seat.row, q.sdp);
          // A new uplink: whatever recorded the one before no longer does.
          this.recording.get(room)?.delete(me);
          // The others are told once the media reach Janus: it refuses subscriptions before, and a
          // refused one would wait for a retry. The answer goes now.
          void up.then(() => this.announcePublished(room, me, seat.session), () => {});
          return { sdp: answer };
        }
        case 'sfuSubscribe': {
          const q = p as RtcOpParams<'sfuSubscribe'>;
          if (q.userId === me) throw badRequest('不能订阅自己');
          const feed = await this.rooms.feedOf(room, q.userId);
          if (feed === null) throw conflict('对方尚未发布音视频');
          return { sdp: await sfu.subscribe(room, me, q.userId, feed, q.layer ?? 1) };
        }
        case 'sfuAnswer': {
          const q = p as RtcOpParams<'sfuAnswer'>;
          await sfu.answer(room, me, q.userId, q.sdp);
          return {};
        }
        case 'sfuTrickle': {
          const q = p as RtcOpParams<'sfuTrickle'>;
          await sfu.trickle(room, me, q.userId ?? null, q.candidate);
          return {};
        }
        case 'sfuLayer': {
          const q = p as RtcOpParams<'sfuLayer'>;
          await sfu.layer(room, me, q.userId, q.layer);
          return {};
        }
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Janus refused or went away: said plainly, logged without the SDP.
      this.s.log.warn({ op, room, err: (err as Error).message }, 'rtc: media server request failed');
      throw new AppError(502, '媒体服务器处理失败，请稍后重试');
    }
  }

  private async auth(conn: Conn, p: RtcOpParams<'auth'>) {
    if (conn.userId) {
      if (conn.userId !== p.userId) throw badRequest('该连接已登录为其他用户');
      return { userId: conn.userId, serverTime: this.rooms.now() };
    }
    // The chat's check, so that a logout, a password change or an enterprise's rejection ends
    // video credentials as it ends chat ones (revocation, HR approval).
    const chat = chatHubs.get(this.s);
    const check = chat ? await chat.credentials(p.userId, p.userSig, conn.origin) : null;
    if (!check?.ok) throw unauthorized(check?.expired ? 'userSig 已过期，请重新登录' : (check?.error.message ?? 'userSig 无效，请重新登录'));
    conn.userId = p.userId;
    return { userId: conn.userId, serverTime: this.rooms.now() };
  }

  private async join(conn: Conn, p: RtcOpParams<'join'>): Promise<RtcJoinResult> {
    const userId = conn.userId!;
    if (conn.seat && (conn.seat.id !== p.roomId || conn.seat.session !== p.session)) throw conflict('请先退出当前房间再进入其他房间');
    // Seated before the database knows, so that a member's first offer right after our
    // member-joined is not lost; pushes are held until the reply has gone.
    const seat: Seat = conn.seat ?? { id: p.roomId, session: p.session, row: 0, attachSeq: 0, supersededBy: null, endsAt: null, warned: false, promoter: '' };
    conn.held = [];
    this.seat(conn, seat);
    try {
      const a = await this.rooms.admit(userId, p.roomId, {
        session: p.session, audio: p.audio ?? false, video: p.video ?? false, node: this.node, conn: conn.key,
      });
      if (conn.seat !== seat || (seat.supersededBy && later(seat.supersededBy, [a.row, a.attachSeq]))) {
        // The socket closed, the room ended, or another page of the same person came in after us.
        const superseded = conn.seat === seat;
        this.unseat(conn);
        await this.rooms.detach(userId, seat.id, a.attachSeq);
        throw superseded ? conflict('您已在其他页面进入该房间') : roomEnded('已不在该房间中');
      }
      seat.row = a.row;
      seat.attachSeq = a.attachSeq;
      seat.promoter = a.room.promoter_id;
      // Someone entering while recording is asked for or running is asked too (after the reply).
      if (this.recordings) await this.recordings.settle(seat.id);
      seat.endsAt = a.room.ends === null ? null : Number(a.room.ends);
      this.seated.set(seat.id, new Set([userId, ...a.others.map((m) => m.userId)]));
      return {
        roomId: seat.id,
        promoterId: a.room.promoter_id,
        members: a.others,
        iceServers: iceServersFor(this.s.config, userId, this.rooms.now()),
        endsAt: seat.endsAt,
        serverTime: this.rooms.now(),
        resumed: a.resumed,
        // A node without a media server keeps even such a room peer to peer (at most six).
        mode: a.room.sfu && this.sfu ? 'sfu' : 'mesh',
      };
    } catch (err) {
      if (seat.attachSeq === 0) {
        // Never seated: what was held for the seat is not this socket's business.
        if (conn.seat === seat) this.unseat(conn);
        conn.held = null;
      }
      throw err;
    }
  }

  private async leave(conn: Conn) {
    const seat = conn.seat;
    if (!seat) return {};
    await this.rooms.leave(conn.userId!, seat.id, conn.key);
    if (conn.seat === seat) this.unseat(conn);
    return {};
  }

  private async relay(conn: Conn, p: RtcOpParams<'relay'>) {
    const seat = seatOf(conn);
    if (p.to === conn.userId) throw badRequest('不能发给自己');
    let known = this.seated.get(seat.id);
    if (!known?.has(p.to)) {
      if (!(await this.rooms.isSeated(seat.id, p.to))) throw badRequest('对方不在房间中');
      if (!known) this.seated.set(seat.id, (known = new Set()));
      known.add(p.to);
    }
    const push: RtcPush = { ev: 'peer-message', from: conn.userId!, session: seat.session, message: p.message };
    const relay: Relay = { r: seat.id, to: p.to, f: JSON.stringify(push) };
    if (p.toSession) relay.ts = p.toSession;
    await this.s.bus.publish(this.topics.relay, relay);
    return {};
  }

  /** A custom message to the others in the room; the chat's is kept first (and refused when it is not text). */
  private async custom(conn: Conn, p: RtcOpParams<'custom'>) {
    const seat = seatOf(conn);
    if (!take(conn.customs, CUSTOM_RATE, CUSTOM_BURST)) throw tooMany('发送太频繁，请稍后再试');
    const bytes = Buffer.from(p.data, 'base64');
    if (bytes.length > 1024) throw badRequest('消息内容过长（最多 1 KB）');
    const seq = p.cmdId === ROOM_CHAT_CMD ? (await this.chat.say(seat.id, conn.userId!, bytes, this.rooms.now())).id : ++this.customSeq;
    // What the server decoded goes on, in canonical base64: a lenient spelling would fail in browsers' atob.
    const data = bytes.toString('base64');
    await this.s.bus.publish(this.topics.ev, { k: 'custom', r: seat.id, u: conn.userId!, cmd: p.cmdId, seq, data } satisfies RoomEvent);
    return { seq };
  }

  private async media(conn: Conn, p: RtcOpParams<'media'>) {
    const seat = seatOf(conn);
    await this.rooms.media(conn.userId!, seat.id, seat.session, p);
    return {};
  }

  // ---------------------------------------------------------------- room state on this node

  private seat(conn: Conn, seat: Seat) {
    conn.seat = seat;
    let set = this.byRoom.get(seat.id);
    if (!set) this.byRoom.set(seat.id, (set = new Set()));
    set.add(conn);
  }

  private unseat(conn: Conn) {
    const seat = conn.seat;
    if (!seat) return;
    conn.seat = null;
    const set = this.byRoom.get(seat.id);
    set?.delete(conn);
    if (set && !set.size) {
      this.byRoom.delete(seat.id);
      this.seated.delete(seat.id);
    }
  }

  private remove(conn: Conn, reason: 'kick' | 'room_disband', cause: RemovedCause) {
    this.unseat(conn);
    this.push(conn, { ev: 'removed', reason, cause, msg: REMOVED_MSG[cause] });
  }

  private onEvent(e: RoomEvent) {
    const here = this.byRoom.get(e?.r);
    if (e.k === 'ended') {
      this.seated.delete(e.r);
      this.sfu?.endRoom(e.r).catch((err) => this.s.log.warn({ err }, 'rtc: media server room not destroyed'));
    }
    // The handles this node holds for a stay that ended (whichever socket it had).
    if (e.k === 'left') {
      this.sfu?.release(e.r, e.u).catch((err) => this.s.log.warn({ err }, 'rtc: media server handles not released'));
      this.recording.get(e.r)?.delete(e.u);
      // One fewer to answer: the recording may start now.
      this.recordings?.settle(e.r).catch((err) => this.s.log.warn({ err }, 'rtc: recording not settled'));
    }
    if (e.k === 'ended') {
      this.recording.delete(e.r);
      this.recordings?.stop(e.r, 'ended').catch((err) => this.s.log.error({ err }, 'rtc: recording not stopped'));
    }
    if (e.k === 'record') {
      this.applyRecording(e.r, e.id, e.state, e.agreed).catch((err) => this.s.log.error({ err }, 'rtc: media server recording not switched'));
    }
    if (!here) return;
    const known = this.seated.get(e.r);
    switch (e.k) {
      case 'joined':
        known?.add(e.m.userId);
        for (const c of [...here]) {
          if (c.userId === e.m.userId) {
            const seat = c.seat!;
            if (c.key === e.c) continue;
            // A join being stored decides when it is done; an older admission's late news changes nothing.
            if (seat.attachSeq === 0) seat.supersededBy = seat.supersededBy && later(seat.supersededBy, [e.row, e.s]) ? seat.supersededBy : [e.row, e.s];
            else if (later([e.row, e.s], [seat.row, seat.attachSeq])) this.remove(c, 'kick', 'other_session');
          } else {
            this.push(c, e.resumed ? { ev: 'member-media', member: e.m } : { ev: 'member-joined', member: e.m });
          }
        }
        break;
      case 'left':
        known?.delete(e.u);
        for (const c of [...here]) {
          if (c.userId === e.u) {
            // Only the stay that ended: a join being stored, or a newer stay, is not touched.
            if (c.key !== e.c && c.seat!.row === e.row) this.remove(c, 'kick', 'left_elsewhere');
          } else {
            this.push(c, { ev: 'member-left', userId: e.u, cause: e.cause });
          }
        }
        break;
      case 'media':
        for (const c of here) if (c.userId !== e.m.userId) this.push(c, { ev: 'member-media', member: e.m });
        break;
      case 'custom':
        for (const c of here) if (c.userId !== e.u) this.push(c, { ev: 'custom', userId: e.u, cmdId: e.cmd, seq: e.seq, data: e.data });
        break;
      case 'mode':
        for (const c of here) this.push(c, { ev: 'room-mode', mode: 'sfu' });
        break;
      case 'published':
        for (const c of here) if (c.userId !== e.m.userId) this.push(c, { ev: 'member-published', member: e.m });
        break;
      case 'talking':
        for (const c of here) this.push(c, { ev: 'talking', userId: e.u, talking: e.t });
        break;
      case 'record':
        for (const c of here) this.push(c, { ev: 'record', id: e.id, state: e.state, askedBy: e.by, agreed: e.agreed, pending: e.pending, msg: e.msg });
        break;
      case 'ended':
        for (const c of [...here]) this.remove(c, 'room_disband', e.cause);
        break;
      case 'timer':
        // The interview began: the one-minute warning goes by its end.
        for (const c of here) if (c.seat) c.seat.endsAt = e.endsAt;
        break;
    }
  }

  private onRelay(r: Relay) {
    const here = this.byRoom.get(r?.r);
    if (!here || typeof r.f !== 'string') return;
    for (const c of here) if (c.userId === r.to && (!r.ts || c.seat?.session === r.ts)) this.send(c, r.f);
  }

  /** A bus handler that throws must not take the subscription (or the process) down. */
  private guard(fn: () => void) {
    try {
      fn();
    } catch (err) {
      this.s.log.error({ err }, 'rtc: bus event failed');
    }
  }

  // ---------------------------------------------------------------- sending

  private reply(conn: Conn, id: number | null, err: unknown, data?: unknown) {
    if (err) {
      const e = err instanceof AppError ? err : null;
      if (!e) this.s.log.error({ err }, 'rtc: request failed');
      this.sendNow(conn, JSON.stringify({ id, code: e?.status ?? 500, msg: e?.message ?? '服务器开小差了，请稍后重试' }));
      return;
    }
    this.sendNow(conn, JSON.stringify({ id, code: 0, msg: 'success', data: data ?? {} }));
  }

  /** Sends what was held back during a join, after its reply. */
  private release(conn: Conn) {
    const held = conn.held;
    if (!held) return;
    conn.held = null;
    for (const text of held) this.sendNow(conn, text);
  }

  private push(conn: Conn, frame: RtcPush) {
    this.send(conn, JSON.stringify(frame));
  }

  private send(conn: Conn, text: string) {
    if (conn.held) conn.held.push(text);
    else this.sendNow(conn, text);
  }

  private sendNow(conn: Conn, text: string) {
    sendBounded(conn.ws, text, MAX_BUFFERED);
  }

  private heartbeat() {
    for (const c of this.conns) {
      if (!c.alive) {
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }
}
