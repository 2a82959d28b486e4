import crypto from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { chatOps, isId, type ChatOp, type ChatPush, type WireMessage, type WireProfile } from '@zp/core/contract';
import type { Services } from '../../services.js';
import { one, rows, sql } from '../../db/index.js';
import { compile, describe } from '../../http/validation.js';
import type { ChatSettings } from './settings.js';
import { ChatError, jsonOf, type Encoded, groupKey, nowSeconds, refuse, systemKey } from './common.js';
import { MessageWriter, type Written } from './writer.js';
import { existingUsers, loadProfiles } from './profiles.js';
import { verifySelfUserSig, verifyTencentUserSig, type SigCheck } from './usersig.js';
import { CONTENT_CHANGED } from '../../bus/content-changed.js';
import { SendLimits } from './ratelimit.js';
import { StartRules } from './starts.js';
import { sendBounded } from '../../http/socket.js';
import { TtlCache } from './cache.js';
import { originMatches } from '../../http/origins.js';
import { FULL_TOKEN_ON_PARTNER_MSG, PARTNER_WRONG_ORIGIN_MSG } from '../../http/route.js';
import { COMPANY_NOT_APPROVED_CHAT } from '@zp/core/rules/companies';

export interface Conn {
  ws: WebSocket;
  userId: string;
  instance: string;
  sigExpiresAt: number;
  /** an HR account: sends and new groups need an approved enterprise (spec section 6) */
  hr: boolean;
  alive: boolean;
  /** sends of one socket are checked in the order they arrived, so they are numbered in that order */
  sendChain: Promise<unknown>;
  /** the partner site the socket was opened from; null on the platform's own pages and without Origin */
  origin: string | null;
  /**
   * false while its login is under way: it already hears kicks, revocations and rejections (so
   * none published meanwhile passes it by) but no messages until its login is answered.
   */
  ready: boolean;
}

interface Member {
  role: 'Owner' | 'Admin' | 'Member';
  nameCard: string;
  muteUntil: number;
  remindType: string;
  joinedAt: number;
}

export interface GroupState {
  id: string;
  type: 'Private' | 'Public' | 'ChatRoom' | 'AVChatRoom';
  name: string;
  avatar: string;
  introduction: string;
  notification: string;
  joinOption: string;
  ownerId: string | null;
  maxMembers: number;
  muteAll: boolean;
  infoSeq: number;
  createdAt: number;
  updatedAt: number;
  members: Map<string, Member>;
}

// biome-ignore lint/suspicious/noExplicitAny: each handler names its own params type; the hub has checked them against that operation's schema before the call
export type Handler = (me: Conn, params: any) => Promise<unknown>;

const PING_MS = 30_000;
const AUTH_WAIT_MS = 10_000;
/** A socket that cannot keep up (this much unsent) is dropped; its client resumes from its last sequence. */
const MAX_BUFFERED = 8 * 1024 * 1024;
const validators = new Map<string, ReturnType<typeof compile>>();
/** How long a chat login is remembered for the kicked-out rules (a page renews its userSig meanwhile). */
const INSTANCE_RETENTION_SECONDS = 7 * 86400;
/** How long a node trusts what it last read about an HR's enterprise (changes also clear it at once). */
const HR_STATE_TTL_MS = 30_000;
/**
 * How long a node trusts a cached profile, blacklist or group without hearing of a change. The
 * chat's own changes clear entries on every node at once (chat:inv); this bounds how stale a
 * change made elsewhere (an account's name, a résumé photo) or a lost bus message can leave them.
 */
const CACHE_TTL_MS = 60_000;
/** What an HR may not do without an approved enterprise. */
const HR_GATED_OPS = new Set(['send', 'createGroup']);
/** Close code for sockets whose credentials were revoked: the SDK fetches a new userSig if its session still allows. */
const CLOSE_REVOKED = 4002;

/** A request frame `{id, op, p}`, or null for anything that is not a JSON object. */
function parseFrame(data: RawData): { id?: unknown; op?: unknown; p?: unknown } | null {
  const text = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
  let frame: unknown;
  try {
    frame = JSON.parse(text.toString('utf8'));
  } catch {
    return null;
  }
  return frame && typeof frame === 'object' && !Array.isArray(frame) ? frame : null;
}

/**
 * One per server process: the sockets it holds, fan-out through the bus (so that every node
 * delivers to its own sockets), the caches the send path needs, and kicked-out rules.
 */
export class ChatHub {
  readonly writer: MessageWriter;
  private conns = new Map<string, Set<Conn>>();
  private groups = new TtlCache<GroupState | null>(CACHE_TTL_MS, 10_000);
  private profiles = new TtlCache<WireProfile | null>(CACHE_TTL_MS, 50_000);
  private blocked = new TtlCache<Set<string>>(CACHE_TTL_MS, 50_000);
  private known = new Set<string>();
  /** sockets corked for the rest of this turn of the event loop (see cork) */
  private corked = new Set<{ cork(): void; uncork(): void }>();
  private hrStates = new TtlCache<boolean>(HR_STATE_TTL_MS, 50_000);
  /** per user and per group send limits (across nodes with Redis) */
  readonly limits: SendLimits;
  /** who may start a 1:1 conversation with whom, and how many a day */
  readonly starts: StartRules;
  private handlers = new Map<string, Handler>();
  private unsubscribe: (() => Promise<void>)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private closing = false;

  constructor(
    readonly s: Services,
    readonly settings: ChatSettings,
  ) {
    this.writer = new MessageWriter(s.database, settings.commitWaitMs, s.log);
    this.limits = new SendLimits(settings, s.config.redisUrl, s.secret, s.log);
    this.starts = new StartRules(s.db, settings);
  }

  on(op: ChatOp, handler: Handler) {
    this.handlers.set(op, handler);
  }

  async start() {
    await this.limits.start();
    const bus = this.s.bus;
    this.unsubscribe.push(
      await bus.subscribe('chat:push', (p) => this.onPush(p as { u?: string[]; g?: string; f: string })),
      await bus.subscribe('chat:inv', (p) => this.onInvalidate(p as { g?: string[]; u?: string[] })),
      await bus.subscribe('chat:kick', (p) => this.onKick(p as { u: string; instances: string[]; type: string })),
      await bus.subscribe('chat:revoke', (p) => this.onRevoke(p as { u: string })),
      await bus.subscribe(CONTENT_CHANGED, (p) => {
        this.onCompanyChanged(p as { kind?: string; id?: unknown }).catch((err) => this.s.log.error({ err }, 'chat: enterprise change not applied to sockets'));
      }),
    );
    this.timers.push(
      setInterval(() => this.heartbeat(), PING_MS),
      setInterval(() => this.sweep(), this.settings.sweepMs),
    );
    for (const t of this.timers) t.unref();
  }

  async stop() {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    for (const set of this.conns.values()) for (const c of set) c.ws.close(1012, 'server restart');
    await this.writer.drain();
    this.s.log.info({ chatWriter: this.writer.stats }, 'chat: messages stored (rows, in batches)');
    for (const u of this.unsubscribe) await u();
    await this.limits.stop();
  }

  /** Sockets open on this node (for the bench and tests). */
  get socketCount() {
    let n = 0;
    for (const set of this.conns.values()) n += set.size;
    return n;
  }

  // ---------- sockets ----------

  /**
   * Serves one socket. Whatever arrives is input to refuse (an error answer, or a close for what
   * the socket layer itself rejects: oversize frames, invalid UTF-8), never a reason to throw.
   */
  /** `origin`: the partner site the upgrade came from (OriginPolicy.partnerOf), null for the platform and no Origin. */
  attach(ws: WebSocket, origin: string | null = null) {
    let conn: Conn | null = null;
    let authing = false;
    /** the login under way, tracked as soon as its user is known */
    let pending: Conn | null = null;
    const authTimer = setTimeout(() => ws.close(4001, 'auth timeout'), AUTH_WAIT_MS);
    ws.on('message', (data, isBinary) => {
      try {
        if (isBinary) return this.reply(ws, null, new ChatError(10004, '只接受文本帧'));
        const frame = parseFrame(data);
        if (!frame) return this.reply(ws, null, new ChatError(10004, '请求不是合法的 JSON 对象'));
        const id = typeof frame.id === 'number' && Number.isSafeInteger(frame.id) ? frame.id : null;
        // A request whose number is not a number cannot be answered in kind: refused, not run.
        if (frame.id !== undefined && id === null) return this.reply(ws, null, new ChatError(10004, '请求编号(id) 应为整数'));
        const op = typeof frame.op === 'string' ? frame.op : '';
        if (!conn) {
          if (authing) return this.reply(ws, id, new ChatError(10004, '正在登录，请稍候'));
          if (op !== 'auth') return this.reply(ws, id, refuse('notLoggedIn', '请先登录'));
          clearTimeout(authTimer);
          authing = true;
          this.authenticate(ws, id, frame.p, origin, (c) => (pending = c))
            .then((c) => {
              conn = c;
              pending = null;
            })
            .catch((err) => this.failed(ws, id, err))
            .finally(() => {
              authing = false;
            });
          return;
        }
        this.dispatch(conn, id, op, frame.p ?? {}).catch((err) => this.failed(ws, id, err));
      } catch (err) {
        this.failed(ws, null, err);
      }
    });
    ws.on('pong', () => {
      if (conn) conn.alive = true;
    });
    ws.on('close', () => {
      clearTimeout(authTimer);
      if (conn) this.remove(conn);
      if (pending) this.remove(pending);
    });
    ws.on('error', () => ws.terminate());
  }

  /** The last resort for an error that escaped a handler: logged, answered if possible, the socket closed. */
  private failed(ws: WebSocket, id: number | null, err: unknown) {
    this.s.log.error({ err }, 'chat: socket handler failed');
    try {
      this.reply(ws, id, new ChatError(10002, '服务器开小差了，请稍后重试'));
      ws.close(1011, 'server error');
    } catch {
      ws.terminate();
    }
  }

  private checkSig(sig: string): SigCheck {
    const self = verifySelfUserSig(this.s.secret, sig);
    if (self.ok || self.expired || !this.s.config.tencent) return self;
    return verifyTencentUserSig(this.s.config.tencent.sdkAppId, this.s.config.tencent.secret, sig);
  }

  /**
   * A userSig as the socket and the upload accept it: signed with our secret (or the Tencent
   * key), for this user, not expired, issued after the user's last revocation (logout, password
   * change), and, for HR, with an approved enterprise (spec section 6). `expired`: a new userSig
   * from the session may do. `partner`: the partner site the request comes from (null for the
   * platform's pages and for clients without Origin); a userSig must be bound to exactly it.
   */
  async credentials(userId: string, sig: string, partner: string | null): Promise<{ ok: true; expiresAt: number; hr: boolean } | { ok: false; expired: boolean; error: ChatError }> {
    const invalid = { ok: false as const, expired: false, error: refuse('sigInvalid', 'userSig 无效，请重新登录') };
    if (!isId(userId)) return invalid;
    const check = this.checkSig(sig);
    if (!check.ok) return check.expired ? { ok: false, expired: true, error: refuse('sigExpired', 'userSig 已过期，请重新登录') } : invalid;
    if (check.userId !== userId) return invalid;
    // A userSig issued to a partner session works only on that partner site's pages; one issued to
    // a full session (a token replayed server to server may fetch it) on none of them.
    if (!originMatches({ origin: check.origin ?? null }, partner)) {
      return { ok: false, expired: false, error: refuse('sigInvalid', check.origin ? PARTNER_WRONG_ORIGIN_MSG : FULL_TOKEN_ON_PARTNER_MSG) };
    }
    const account = await one<{ role: string; revoked: string | null }>(
      this.s.db,
      sql`select u.role, round(extract(epoch from r.revoked_at) * 1000)::bigint::text as revoked
          from users u left join chat_sig_revocations r on r.user_id = u.id where u.id = ${userId}`,
    );
    if (!account) return invalid;
    if (account.revoked !== null && check.issuedAt < Number(account.revoked)) {
      return { ok: false, expired: true, error: refuse('sigExpired', 'userSig 已失效，请重新登录') };
    }
    const hr = account.role === 'hr';
    if (hr && !(await this.hrApproved(userId, true))) return { ok: false, expired: false, error: refuse('permission', COMPANY_NOT_APPROVED_CHAT) };
    return { ok: true, expiresAt: check.expiresAt, hr };
  }

  /** Whether this HR's enterprise is approved; `fresh` reads the database, otherwise a recent answer does. */
  private hrApproved(userId: string, fresh = false): Promise<boolean> {
    if (fresh) this.hrStates.delete(userId);
    return this.hrStates.get(userId, () => this.s.companyStateOfHr(userId).then((state) => state === 1));
  }

  /**
   * The user's sessions were revoked (logout, password change or reset): every userSig issued
   * until now is refused from here on, and their sockets on every node close (with
   * CLOSE_REVOKED: a page whose own session is still valid fetches a new userSig and comes back).
   */
  async revokeUser(userId: string) {
    await this.s.db.execute(sql`insert into chat_sig_revocations (user_id, revoked_at) values (${userId}, ${new Date().toISOString()}::timestamptz)
      on conflict (user_id) do update set revoked_at = greatest(chat_sig_revocations.revoked_at, excluded.revoked_at)`);
    await this.s.bus.publish('chat:revoke', { u: userId });
  }

  private onRevoke(p: { u: string }) {
    const set = typeof p?.u === 'string' ? this.conns.get(p.u) : undefined;
    if (set) for (const c of set) c.ws.close(CLOSE_REVOKED, 'credentials revoked');
  }

  /** An enterprise changed (reviewed, edited back into review): its HR who lost approval are put out of chat here. */
  private async onCompanyChanged(p: { kind?: string; id?: unknown }) {
    if (p?.kind !== 'company' || !isId(p.id)) return;
    this.hrStates.clear();
    let holdsHr = false;
    // A login under way may be an HR's whose approval was read just before this change.
    for (const set of this.conns.values()) for (const c of set) holdsHr ||= c.hr || !c.ready;
    if (!holdsHr) return;
    const lost = await rows<{ id: string }>(
      this.s.db,
      sql`select h.user_id::text as id from hr_profiles h join companies c on c.id = h.company_id where h.company_id = ${p.id} and c.status <> 1`,
    );
    for (const { id } of lost)
      for (const c of this.conns.get(id) ?? []) {
        this.push(c.ws, { ev: 'kicked', type: 'REST_API_Kick' });
        c.ws.close(4003, 'kicked');
      }
  }

  /**
   * A login on a new socket. The socket is tracked (not ready) before anything is checked or
   * recorded: a kick of its instance can only be published after its own login row was written
   * and then deleted by a later login, and a revocation or rejection only after the state this
   * check reads, so whatever is published about it, on whichever node, finds it and closes it.
   * Checked first and tracked after, a login that was kicked meanwhile would have stayed open.
   */
  private async authenticate(ws: WebSocket, id: number | null, params: unknown, origin: string | null, tracking: (c: Conn) => void): Promise<Conn | null> {
    let conn: Conn | null = null;
    try {
      const p = this.validate('auth', params) as { userID: string; userSig: string; instance: string; login: boolean };
      conn = { ws, userId: p.userID, instance: p.instance, sigExpiresAt: Infinity, hr: false, alive: true, sendChain: Promise.resolve(), origin, ready: false };
      this.track(conn);
      tracking(conn);
      const check = await this.credentials(p.userID, p.userSig, origin);
      if (!check.ok) {
        if (check.expired && !p.login) {
          this.push(ws, { ev: 'kicked', type: 'userSigExpired' });
          ws.close(4003, 'kicked');
          this.remove(conn);
          return null;
        }
        throw check.error;
      }
      if (p.login) {
        await this.registerInstance(p.userID, p.instance);
      } else {
        const still = await one(this.s.db, sql`select 1 as x from chat_instances where user_id = ${p.userID} and instance_id = ${p.instance}`);
        if (!still) {
          // This page was kicked out (or logged out) while it was away.
          this.push(ws, { ev: 'kicked', type: 'multipleAccount' });
          ws.close(4003, 'kicked');
          this.remove(conn);
          return null;
        }
      }
      if (ws.readyState !== ws.OPEN) {
        // Kicked, revoked or gone while logging in.
        this.remove(conn);
        return null;
      }
      conn.sigExpiresAt = check.expiresAt;
      conn.hr = check.hr;
      conn.ready = true;
      this.known.add(conn.userId);
      // The send limits go with it: the SDK paces its sends (a queue after a reconnect) by them.
      this.reply(ws, id, null, { userID: conn.userId, serverTime: Date.now() / 1000, sigExpiresAt: conn.sigExpiresAt, limits: { user: this.limits.user, group: this.limits.group } });
      return conn;
    } catch (err) {
      if (conn) this.remove(conn);
      this.reply(ws, id, err);
      ws.close(4001, 'auth failed');
      return null;
    }
  }

  /** Records a login; instances beyond the allowed number, oldest first, are kicked out everywhere. */
  private async registerInstance(userId: string, instance: string) {
    const db = this.s.db;
    await db.execute(sql`insert into chat_instances (user_id, instance_id) values (${userId}, ${instance})
      on conflict (user_id, instance_id) do update set login_at = now()`);
    await db.execute(sql`delete from chat_instances where user_id = ${userId}
      and login_at < now() - make_interval(secs => ${INSTANCE_RETENTION_SECONDS})`);
    if (this.settings.maxInstances === 0) return;
    const surplus = await rows<{ instance_id: string }>(
      db,
      sql`delete from chat_instances where user_id = ${userId} and instance_id in (
            select instance_id from chat_instances where user_id = ${userId}
            order by login_at desc, instance_id offset ${this.settings.maxInstances})
          returning instance_id`,
    );
    if (surplus.length) await this.s.bus.publish('chat:kick', { u: userId, instances: surplus.map((r) => r.instance_id), type: 'multipleAccount' });
  }

  private track(conn: Conn) {
    let set = this.conns.get(conn.userId);
    if (!set) this.conns.set(conn.userId, (set = new Set()));
    set.add(conn);
  }

  private remove(conn: Conn) {
    const set = this.conns.get(conn.userId);
    if (!set) return;
    set.delete(conn);
    if (!set.size) this.conns.delete(conn.userId);
  }

  async logout(conn: Conn) {
    await this.s.db.execute(sql`delete from chat_instances where user_id = ${conn.userId} and instance_id = ${conn.instance}`);
    setImmediate(() => conn.ws.close(1000, 'logout'));
  }

  private validate(op: string, params: unknown): unknown {
    const schema = Object.hasOwn(chatOps, op) ? (chatOps as Record<string, object>)[op] : undefined;
    if (!schema) throw new ChatError(10003, `未知的操作：${op.slice(0, 40)}`);
    let v = validators.get(op);
    if (!v) validators.set(op, (v = compile(schema, false)));
    const p = params && typeof params === 'object' && !Array.isArray(params) ? params : {};
    if (!v(p)) throw new ChatError(10004, describe(v.errors ?? [], 'body'));
    return p;
  }

  private async dispatch(conn: Conn, id: number | null, op: string, params: unknown) {
    try {
      const p = this.validate(op, params);
      if (conn.hr && HR_GATED_OPS.has(op) && !(await this.hrApproved(conn.userId))) throw refuse('permission', COMPANY_NOT_APPROVED_CHAT);
      const handler = this.handlers.get(op);
      if (!handler) throw new ChatError(10003, `未知的操作：${op.slice(0, 40)}`);
      const data = await handler(conn, p);
      this.reply(conn.ws, id, null, data);
    } catch (err) {
      this.reply(conn.ws, id, err);
    }
  }

  private reply(ws: WebSocket, id: number | null, err: unknown, data?: unknown) {
    if (ws.readyState !== ws.OPEN) return;
    if (err) {
      const e = err instanceof ChatError ? err : null;
      if (!e) this.s.log.error({ err }, 'chat: operation failed');
      ws.send(JSON.stringify({ id, code: e?.code ?? 10002, message: e?.message ?? '服务器开小差了，请稍后重试' }));
      return;
    }
    this.cork(ws);
    ws.send(`{"id":${id},"code":0,"data":${jsonOf(data ?? {})}}`);
  }

  private push(ws: WebSocket, frame: ChatPush) {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  }

  private sendRaw(conn: Conn, text: string | Buffer) {
    this.cork(conn.ws);
    sendBounded(conn.ws, text, MAX_BUFFERED);
  }

  /**
   * Holds a socket's writes until the end of this turn of the event loop: a commit acks and pushes
   * to hundreds of sockets at once, and each socket then gets its frames in one write, not one
   * system call per frame. ws writes to its net.Socket; one that has none is left as it is.
   */
  private cork(ws: WebSocket) {
    const socket = (ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (!socket || this.corked.has(socket)) return;
    socket.cork();
    this.corked.add(socket);
    if (this.corked.size === 1) setImmediate(() => this.uncorkAll());
  }

  private uncorkAll() {
    const list = [...this.corked];
    this.corked.clear();
    for (const socket of list) socket.uncork();
  }

  private heartbeat() {
    for (const set of this.conns.values())
      for (const c of set) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
  }

  private sweep() {
    const now = nowSeconds();
    for (const set of this.conns.values())
      for (const c of set)
        if (c.sigExpiresAt < now) {
          this.push(c.ws, { ev: 'kicked', type: 'userSigExpired' });
          c.ws.close(4003, 'kicked');
        }
    this.limits.prune();
    if (this.known.size > 100_000) this.known.clear();
  }

  // ---------- fan-out ----------

  /** Pushes to every socket of these users, on whichever node holds them. */
  async toUsers(userIds: string[], frame: ChatPush | Encoded<ChatPush>) {
    if (!userIds.length) return;
    await this.s.bus.publish('chat:push', { u: [...new Set(userIds)], f: jsonOf(frame) });
  }

  /** Pushes to every member of a group. */
  async toGroup(groupID: string, frame: ChatPush | Encoded<ChatPush>) {
    await this.s.bus.publish('chat:push', { g: groupID, f: jsonOf(frame) });
  }

  /** Tells every node to forget what it cached about these groups and users. */
  async invalidate(what: { g?: string[]; u?: string[] }) {
    this.onInvalidate(what);
    await this.s.bus.publish('chat:inv', what);
  }

  private deliverLocal(userIds: Iterable<string>, text: string) {
    const to: Conn[] = [];
    for (const u of userIds) {
      const set = this.conns.get(u);
      // A socket still logging in gets its picture from its login (the SDK reads what it missed).
      if (set) for (const c of set) if (c.ready) to.push(c);
    }
    if (to.length === 1) return this.sendRaw(to[0], text);
    // ws would encode a string to UTF-8 for every socket: the frame is encoded once for all.
    const frame = Buffer.from(text);
    for (const c of to) this.sendRaw(c, frame);
  }

  private onPush(p: { u?: string[]; g?: string; f: string }) {
    if (this.closing || typeof p?.f !== 'string') return;
    if (p.u) this.deliverLocal(p.u, p.f);
    if (p.g) {
      // Members come from the cache; a cold cache is loaded first, in arrival order.
      this.group(p.g).then(
        (g) => g && this.deliverLocal(g.members.keys(), p.f),
        // Members who miss this push fetch the gap at their next message or reconnect.
        (err) => this.s.log.warn({ err, group: p.g }, 'chat: group members not loaded for a push'),
      );
    }
  }

  private onInvalidate(p: { g?: string[]; u?: string[] }) {
    for (const g of p?.g ?? []) if (typeof g === 'string') this.groups.delete(g);
    for (const u of p?.u ?? []) {
      if (typeof u !== 'string') continue;
      this.profiles.delete(u);
      this.blocked.delete(u);
    }
  }

  private onKick(p: { u: string; instances: string[]; type: string }) {
    const set = this.conns.get(p?.u);
    if (!set || !Array.isArray(p.instances)) return;
    for (const c of set)
      if (p.instances.includes(c.instance)) {
        this.push(c.ws, { ev: 'kicked', type: p.type as 'multipleAccount' });
        c.ws.close(4003, 'kicked');
      }
  }

  // ---------- caches ----------

  group(id: string): Promise<GroupState | null> {
    return this.groups.get(id, () => this.loadGroup(id));
  }

  private async loadGroup(id: string): Promise<GroupState | null> {
    const g = await one<{
      id: string; type: GroupState['type']; name: string; avatar: string; introduction: string; notification: string; join_option: string;
      owner_id: string | null; max_members: number; mute_all: boolean; info_seq: number; created: number; updated: number;
    }>(
      this.s.db,
      sql`select id, type, name, avatar, introduction, notification, join_option, owner_id::text as owner_id, max_members, mute_all, info_seq,
                 floor(extract(epoch from created_at))::bigint as created, floor(extract(epoch from updated_at))::bigint as updated
          from chat_groups where id = ${id} and dismissed_at is null`,
    );
    if (!g) return null;
    const ms = await rows<{ user_id: string; role: Member['role']; name_card: string; mute_until: string; remind_type: string; joined: number }>(
      this.s.db,
      sql`select user_id::text as user_id, role, name_card, mute_until::text as mute_until, remind_type, floor(extract(epoch from joined_at))::bigint as joined
          from chat_group_members where group_id = ${id} order by joined_at, user_id`,
    );
    return {
      id: g.id, type: g.type, name: g.name, avatar: g.avatar, introduction: g.introduction, notification: g.notification,
      joinOption: g.join_option, ownerId: g.owner_id, maxMembers: g.max_members, muteAll: g.mute_all, infoSeq: g.info_seq,
      createdAt: Number(g.created), updatedAt: Number(g.updated),
      members: new Map(ms.map((m) => [m.user_id, { role: m.role, nameCard: m.name_card, muteUntil: Number(m.mute_until), remindType: m.remind_type, joinedAt: Number(m.joined) }])),
    };
  }

  profile(userId: string): Promise<WireProfile | null> {
    return this.profiles.get(userId, () => loadProfiles(this.s.db, this.s.config, [userId]).then((l) => l[0] ?? null));
  }

  /** The users `userId` has blacklisted. */
  blockedBy(userId: string): Promise<Set<string>> {
    return this.blocked.get(userId, () =>
      rows<{ id: string }>(this.s.db, sql`select blocked_id::text as id from chat_blacklist where user_id = ${userId}`).then((r) => new Set(r.map((x) => x.id))),
    );
  }

  async userExists(id: string): Promise<boolean> {
    if (this.known.has(id)) return true;
    const found = await existingUsers(this.s.db, [id]);
    if (found.has(id)) this.known.add(id);
    return found.has(id);
  }

  async takeUserToken(userId: string) {
    if (!(await this.limits.takeUser(userId))) throw refuse('userRate', '发送消息过于频繁，请稍后再试');
  }

  async takeGroupToken(groupID: string) {
    if (!(await this.limits.takeGroup(groupID))) throw refuse('groupRate', '群内发消息过于频繁，请稍后再试');
  }

  // ---------- server-made messages ----------

  private serverMessageId() {
    // Server-made messages use sender id 1 (no account has it: ids start at 100001).
    return `1-${crypto.randomBytes(12).toString('hex')}`;
  }

  /** A group system notice (application, join result, kick, dismissal) into the user's @TIM#SYSTEM. */
  async systemNotice(userId: string, payload: Record<string, unknown>, ref: string | null = null): Promise<Written> {
    const message: Omit<WireMessage, 'seq'> = {
      ID: this.serverMessageId(), conversationType: '@TIM#SYSTEM', from: '@TIM#SYSTEM', to: userId, type: 'TIMGroupSystemNoticeElem',
      payload, time: nowSeconds(), nick: '', avatar: '', nameCard: '', priority: 'Normal', cloudCustomData: '', atUserList: [],
      isRevoked: false, revoker: '', countsUnread: true,
    };
    const w = await this.writer.write({ conv: systemKey(userId), message, senderId: null, persist: true, viewers: [userId], ref });
    await this.toUsers([userId], { ev: 'msg', m: w.message });
    return w;
  }

  /** A group tip (joined, quit, kicked, roles, profile changes) into the group conversation. */
  async groupTip(g: GroupState, payload: Record<string, unknown>): Promise<Written> {
    const message: Omit<WireMessage, 'seq'> = {
      ID: this.serverMessageId(), conversationType: 'GROUP', from: '@TIM#SYSTEM', to: g.id, type: 'TIMGroupTipElem',
      payload, time: nowSeconds(), nick: '', avatar: '', nameCard: '', priority: 'Normal', cloudCustomData: '', atUserList: [],
      isRevoked: false, revoker: '', countsUnread: false,
    };
    const w = await this.writer.write({ conv: groupKey(g.id), message, senderId: null, persist: g.type !== 'AVChatRoom', viewers: [], ref: null });
    await this.toGroup(g.id, { ev: 'msg', m: w.message });
    return w;
  }
}
