import type { ChatPush, WireConversation, WireFriend, WireGroup, WireMember, WireMessage, WireProfile, WireReceipt } from '@zp/core/contract';
import { EVENT, TYPES } from './enums.js';
import { ChatError, ERR } from './errors.js';
import { Connection, type ConnectionHooks, type NetState } from './connection.js';
import type { Handover } from './light.js';
import { conversationIdOf, mayBeCallSignal } from './ids.js';
import { Ordering, type SyncResult } from './ordering.js';
import { uploadFile } from './upload.js';
import { SendQueue } from './sending.js';
import {
  atTypeFor, lastMessageOf, toConversation, toFriend, toGroup, toMember, toMessage, toProfile,
} from './convert.js';
import type {
  ChatEvent, ChatResponse, Conversation, CreateOptions, Friend, Group, GroupMember, Message, MessageOptions, Profile, SocketFactory,
} from './types.js';

type Handler = (event: ChatEvent) => void;
type FileKind = 'image' | 'file' | 'video' | 'sound';

const randomId = (n = 12) => {
  const abc = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < n; i++) s += abc[Math.floor(Math.random() * abc.length)];
  return s;
};

const ok = <T>(data: T): ChatResponse<T> => ({ code: 0, data });
/** Messages kept per conversation for showing it while offline (one history page). */
const KEPT_PER_CONVERSATION = 15;

/**
 * A drop-in for the part of @tencentcloud/chat the widgets use, talking to the self-hosted chat
 * service. Method names, arguments, results (`{code, data}`), errors (`{code, message}`), events
 * and objects follow Tencent's SDK.
 */
/** How long messages handed over before anyone listened are kept for the listeners to come. */
const HELD_MS = 10_000;

export class ChatSDK {
  private socketUrl: string;
  private uploadUrl: string;
  private Socket: SocketFactory | undefined;
  private conn: Connection | null = null;
  private queue: SendQueue | null = null;
  private me = '';
  private sig = '';
  private ready = false;
  private offsetMs = 0;
  private logLevel = 1;
  /** this page's chat instance (a light connection taken over keeps its own) */
  private instance = `${Date.now().toString(36)}-${randomId(16)}`;
  private listeners = new Map<string, { handler: Handler; context?: unknown }[]>();
  /**
   * After a hand-over (`adopt`), possible call signals that arrived before anyone listened (the
   * launcher's connection got a call invite, the panel is still mounting): kept for a while and
   * given to each MESSAGE_RECEIVED listener that subscribes meanwhile, so an invite still rings.
   * Nothing else is kept: a conversation opened later reads its messages from the history.
   */
  private held: { events: unknown[]; until: number } | null = null;
  private convs = new Map<string, Conversation>();
  private groupList: Group[] = [];
  private friendList: Friend[] = [];
  private blacklistIds: string[] = [];
  private ordering: Ordering<WireMessage>;
  /** IDs sent or revoked from this instance (no MESSAGE_RECEIVED / MESSAGE_REVOKED for those) */
  private mine = new Set<string>();
  private revokedHere = new Set<string>();
  private files = new WeakMap<Message, { file: Blob; kind: FileKind; name: string; onProgress?: (p: number) => void }>();
  private discovering = new Map<string, Promise<void>>();
  /** per conversation, the sequence the server's unread count included when we last took it */
  private countedUpTo = new Map<string, number>();
  private early: WireMessage[] | null = null;
  private received: Message[] = [];
  private listDirty = false;
  private flushQueued = false;
  private lastTotal = -1;
  private refreshTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /**
   * What this instance last knew, answered while the connection is away (Tencent's SDK answers
   * from its local store too): the person's own profile, others' profiles, each conversation's
   * latest messages.
   */
  private myProfile: Profile | null = null;
  private profileCache = new Map<string, Profile>();
  private pages = new Map<string, { list: Message[]; completed: boolean }>();
  /** lists fetched at least once (an empty one is known to be empty) */
  private loaded = new Set<'groups' | 'friends' | 'blacklist'>();

  constructor(readonly options: CreateOptions) {
    const loc = (globalThis as { location?: { protocol: string; host: string } }).location;
    this.socketUrl = options.proxyServer ? String(options.proxyServer) : loc ? `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/api/chat/ws` : '';
    this.uploadUrl = options.fileUploadProxy
      ? String(options.fileUploadProxy)
      : this.socketUrl.replace(/^ws/, 'http').replace(/\/api\/chat\/ws.*$/, '/api/chat/upload');
    this.Socket = options.WebSocket ?? (globalThis as { WebSocket?: SocketFactory }).WebSocket;
    // Browsers say when the network is back: reconnect then rather than at the end of the backoff.
    (globalThis as { addEventListener?: (name: string, fn: () => void) => void }).addEventListener?.('online', () => this.conn?.reconnectNow());
    this.ordering = new Ordering<WireMessage>(
      (cid, w) => this.deliver(cid, w),
      (cid, after) => this.call<SyncResult<WireMessage>>('sync', { conversationID: cid, after }),
      (err) => this.emit(EVENT.ERROR, { code: (err as ChatError).code ?? ERR.network, message: (err as Error).message }),
    );
  }

  // ---------- events ----------

  on(eventName: string, handler: Handler, context?: unknown): void {
    const list = this.listeners.get(eventName) ?? [];
    list.push({ handler, context });
    this.listeners.set(eventName, list);
    const held = this.heldFor(eventName);
    if (held?.events.length) queueMicrotask(() => { for (const data of held.events) handler.call(context, { name: eventName, data }); });
  }

  /** The messages still held for MESSAGE_RECEIVED listeners to come; dropped once their time is up. */
  private heldFor(eventName: string) {
    if (eventName !== EVENT.MESSAGE_RECEIVED || !this.held) return null;
    if (Date.now() > this.held.until) this.held = null;
    return this.held;
  }

  off(eventName: string, handler: Handler, context?: unknown): void {
    const list = this.listeners.get(eventName);
    if (!list) return;
    this.listeners.set(eventName, list.filter((l) => l.handler !== handler || (context !== undefined && l.context !== context)));
  }

  private emit(name: string, data?: unknown) {
    const held = this.heldFor(name);
    if (held && !this.listeners.get(name)?.length && held.events.length < 200) {
      const signals = (data as Message[]).filter(mayBeCallSignal);
      if (signals.length) held.events.push(signals);
    }
    for (const l of [...(this.listeners.get(name) ?? [])]) {
      try {
        l.handler.call(l.context, { name, data });
      } catch (err) {
        if (this.logLevel <= 3) console.error('[chat] event handler failed', name, err);
      }
    }
  }

  /** Events of one burst of messages go out together, once the burst is processed. */
  private scheduleFlush() {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      if (this.received.length) {
        const list = this.received;
        this.received = [];
        this.emit(EVENT.MESSAGE_RECEIVED, list);
      }
      if (this.listDirty) {
        this.listDirty = false;
        this.emit(EVENT.CONVERSATION_LIST_UPDATED, this.sortedConversations());
      }
      const total = this.getTotalUnreadMessageCount();
      if (total !== this.lastTotal) {
        this.lastTotal = total;
        this.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, total);
      }
    });
  }

  private convChanged() {
    this.listDirty = true;
    this.scheduleFlush();
  }

  // ---------- session ----------

  // biome-ignore lint/complexity/noBannedTypes: Tencent's signature, kept so code typed against it compiles
  registerPlugin(_options: Object): void {
    // Uploads are built in (the chat service's own endpoint); nothing to register.
  }

  setLogLevel(level: number): void {
    this.logLevel = level;
  }

  getLoginUser(): string {
    return this.me;
  }

  getServerTime(): number {
    return Math.floor((Date.now() + this.offsetMs) / 1000);
  }

  isReady(): boolean {
    return this.ready;
  }

  /**
   * Tencent's login; `refreshUserSig` (this SDK only) fetches a new userSig through the person's
   * session, so that the short-lived userSig is renewed before it expires and a page comes back
   * by itself after its user's credentials were revoked elsewhere while its own session lives.
   */
  async login(options: { userID: string; userSig: string; refreshUserSig?: () => Promise<string> }): Promise<ChatResponse<{ repeatLogin: boolean }>> {
    if (!options?.userID || !options?.userSig) throw new ChatError(ERR.badParameter, 'login 需要 userID 和 userSig');
    if (this.conn && this.me === options.userID) return ok({ repeatLogin: true });
    if (this.conn) await this.logout();
    if (!this.socketUrl) throw new ChatError(ERR.badParameter, '请在 create 的 proxyServer 中提供聊天服务地址');
    if (!this.Socket) throw new ChatError(ERR.badParameter, '当前环境没有 WebSocket，请在 create 的 WebSocket 选项中提供实现');
    this.me = String(options.userID);
    this.sig = options.userSig;
    const conn = new Connection(this.socketUrl, this.Socket, this.hooks());
    this.conn = conn;
    this.queue = new SendQueue(conn);
    try {
      await conn.login({ userID: this.me, userSig: this.sig, instance: this.instance, refresh: options.refreshUserSig });
    } catch (err) {
      if (this.conn === conn) this.reset();
      throw err;
    }
    return ok({ repeatLogin: false });
  }

  /**
   * This SDK only: takes over the page's light connection (light.ts, the launcher's unread count)
   * instead of logging in: the same chat instance, the conversation list it read and every push
   * since, taken as if this SDK had been there from the start (a call signal that made the page
   * load the chat arrives as MESSAGE_RECEIVED).
   */
  async adopt(h: Handover): Promise<ChatResponse<{ repeatLogin: boolean }>> {
    if (this.conn) await this.logout();
    const conn = h.conn;
    this.me = h.userID;
    this.instance = h.instance;
    this.conn = conn;
    this.queue = new SendQueue(conn);
    this.held = { events: [], until: Date.now() + HELD_MS };
    // Synchronously from here: the list and the pushes since meet without a gap.
    const pushes = h.attach(this.hooks());
    if (conn.online) this.onNetState('connected');
    this.offsetMs = (conn.info?.serverTime ?? Date.now() / 1000) * 1000 - Date.now();
    this.firstPicture(h.convs, () => {
      for (const f of pushes) this.onPush(f);
    });
    return ok({ repeatLogin: false });
  }

  private hooks(): ConnectionHooks {
    return {
      online: (info, first) => this.online(info, first),
      push: (f) => this.onPush(f),
      state: (s) => this.onNetState(s),
      ended: (r) => this.onEnded(r),
    };
  }

  /**
   * Declared as Tencent's declaration says (`Promise<void>`), so that code typed against it fits; it
   * resolves with `{code: 0, data: {}}` all the same, as Tencent's SDK does.
   */
  logout(): Promise<void>;
  async logout(): Promise<unknown> {
    const conn = this.conn;
    if (!conn) return ok({});
    try {
      if (conn.online) await conn.request('logout', {}, { timeoutMs: 3000 });
    } catch {
      /* leaving anyway */
    }
    this.reset();
    return ok({});
  }

  async destroy(): Promise<void> {
    await this.logout();
    this.listeners.clear();
  }

  private reset() {
    const wasReady = this.ready;
    this.queue?.stop(new ChatError(ERR.notLoggedIn, '聊天服务未登录'));
    this.queue = null;
    this.conn?.stop();
    this.conn = null;
    this.ready = false;
    this.me = '';
    this.sig = '';
    this.convs.clear();
    this.groupList = [];
    this.friendList = [];
    this.blacklistIds = [];
    this.ordering.forget();
    this.mine.clear();
    this.revokedHere.clear();
    this.discovering.clear();
    this.countedUpTo.clear();
    this.early = null;
    this.lastTotal = -1;
    for (const t of this.refreshTimers.values()) clearTimeout(t);
    this.refreshTimers.clear();
    this.myProfile = null;
    this.profileCache.clear();
    this.pages.clear();
    this.loaded.clear();
    if (wasReady) this.emit(EVENT.SDK_NOT_READY);
  }

  private onNetState(s: NetState) {
    if (s === 'connected') {
      this.queue?.setLimits(this.conn?.info?.limits);
      this.queue?.online();
    } else this.queue?.offline();
    this.emit(EVENT.NET_STATE_CHANGE, { state: s });
  }

  private onEnded(r: { kicked?: string; error?: ChatError }) {
    const type = r.kicked ?? (r.error?.code === 70001 ? TYPES.KICKED_OUT_USERSIG_EXPIRED : undefined);
    if (!type && r.error) this.emit(EVENT.ERROR, { code: r.error.code, message: r.error.message });
    this.reset();
    if (type) this.emit(EVENT.KICKED_OUT, { type });
  }

  private async call<T = unknown>(op: string, p: unknown = {}, opts?: { retry?: boolean; timeoutMs?: number }): Promise<T> {
    if (!this.conn) throw new ChatError(ERR.notLoggedIn, '聊天服务未登录');
    return this.conn.request<T>(op, p, opts);
  }

  private requireReady() {
    if (!this.ready || !this.conn) throw new ChatError(ERR.notLoggedIn, '聊天服务未登录或尚未就绪');
  }

  /** After every authentication: the first builds the picture, later ones resume from the last sequence seen. */
  private async online(info: { serverTime: number }, first: boolean) {
    this.offsetMs = info.serverTime * 1000 - Date.now();
    if (first) {
      this.early = [];
      const r = await this.call<{ conversationList: WireConversation[] }>('convs');
      const early = this.early;
      this.early = null;
      this.firstPicture(r.conversationList, () => {
        for (const w of early) this.incoming(w);
      });
      return;
    }
    try {
      const r = await this.call<{ convs: { conversationID: string; from: number }[] }>('resume', { seqs: this.ordering.seqs() });
      await Promise.all(
        r.convs.map(async (c) => {
          if (!this.ordering.known(c.conversationID)) this.ordering.baseline(c.conversationID, c.from);
          await this.ordering.catchUp(c.conversationID);
        }),
      );
      await this.mergeConversations();
      this.refresh('groups');
      this.refresh('friends');
      this.refresh('blacklist');
    } catch (err) {
      this.emit(EVENT.ERROR, { code: (err as ChatError).code ?? ERR.network, message: (err as Error).message });
    }
  }

  /** The list as the server gave it, then what arrived since (`since`), then ready. */
  private firstPicture(list: WireConversation[], since: () => void) {
    for (const w of list) {
      this.takeConversation(w);
      this.ordering.baseline(w.conversationID, w.lastSeq);
    }
    since();
    this.ready = true;
    this.emit(EVENT.SDK_READY);
    this.convChanged();
    this.refresh('groups');
    this.refresh('friends');
    this.refresh('blacklist');
    // Kept for when the connection is away: the panel still says who is logged in.
    void this.getMyProfile().catch(() => undefined);
  }

  /** Takes a conversation as the server sees it (its unread count covers messages up to its lastSeq). */
  private takeConversation(w: WireConversation): Conversation {
    const fresh = toConversation(w);
    const old = this.convs.get(w.conversationID);
    // A message delivered here after the server built its answer stays the last one.
    const oldSeq = (old?.lastMessage as { lastSequence?: number } | undefined)?.lastSequence ?? 0;
    if (old && oldSeq > w.lastSeq) fresh.lastMessage = old.lastMessage;
    this.countedUpTo.set(w.conversationID, Math.max(w.lastSeq, this.countedUpTo.get(w.conversationID) ?? 0));
    this.convs.set(w.conversationID, fresh);
    if (fresh.userProfile?.userID) this.keepProfiles([fresh.userProfile]);
    return fresh;
  }

  // ---------- pushes ----------

  private onPush(f: ChatPush) {
    switch (f.ev) {
      case 'msg':
        return this.incoming(f.m);
      case 'online':
        // Not in any conversation's order or count: handed to the listeners as it comes (not to the sender's own pages).
        if (f.m.from === this.me || !this.ready) return;
        this.received.push(toMessage(f.m, this.me));
        this.scheduleFlush();
        return;
      case 'revoked':
        return this.onRevoked(f.m);
      case 'read':
        return this.markRead(f.conversationID);
      case 'peerRead':
        return this.onPeerRead(f.conversationID, f.seq);
      case 'groupRead':
        this.emit(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, f.list.map((x) => ({ groupID: f.conversationID.slice(5), ...x })));
        return;
      case 'conv':
        void this.reloadConversation(f.conversationID);
        return;
      case 'convDeleted':
        for (const id of f.conversationIDList) this.convs.delete(id);
        this.convChanged();
        return;
      case 'groups':
        return this.refresh('groups');
      case 'friends':
        return this.refresh('friends');
      case 'blacklist':
        return this.refresh('blacklist');
      case 'profile':
        void this.onProfiles(f.userIDList);
        return;
      case 'error':
        this.emit(EVENT.ERROR, { code: f.code, message: f.message });
        return;
    }
  }

  private incoming(w: WireMessage) {
    if (this.early) {
      this.early.push(w);
      return;
    }
    const cid = conversationIdOf(w, this.me);
    if (this.ordering.known(cid)) {
      this.ordering.receive(cid, w);
      return;
    }
    // A conversation this client has not seen: learn where it starts for this user, then order as usual.
    let d = this.discovering.get(cid);
    if (!d) {
      d = this.call<{ conversation: WireConversation }>('conv', { conversationID: cid })
        .then((r) => {
          this.takeConversation(r.conversation);
          this.ordering.baseline(cid, Math.min(r.conversation.floorSeq, w.seq - 1));
        })
        .catch(() => this.ordering.baseline(cid, w.seq - 1))
        .finally(() => this.discovering.delete(cid));
      this.discovering.set(cid, d);
    }
    void d.then(() => {
      // Still logged in as the same user (a logout meanwhile forgets every conversation).
      if (this.ordering.known(cid)) this.ordering.receive(cid, w);
    });
  }

  /** Called by the ordering, once per message, in sequence order. */
  private deliver(cid: string, w: WireMessage) {
    let c = this.convs.get(cid);
    if (!c) {
      c = toConversation({
        conversationID: cid, type: w.conversationType, unreadCount: 0, lastSeq: w.seq, floorSeq: 0, lastMessage: null,
        userProfile: null, groupProfile: null, messageRemindType: 'AcceptAndNotify', atInfo: [], isPinned: false, draftText: '',
      });
      this.convs.set(cid, c);
      void this.reloadConversation(cid);
    }
    else if (c.type === TYPES.CONV_C2C && w.from !== this.me && w.nick && c.userProfile && c.userProfile.nick !== w.nick) {
      // The other person wrote: by the server's rule their name is no longer masked for this
      // user (or they renamed themselves). The server's word on the conversation replaces ours.
      void this.reloadConversation(cid);
    }
    const last = c.lastMessage as { lastSequence?: number };
    if (!last.lastSequence || w.seq >= last.lastSequence) c.lastMessage = lastMessageOf(w);
    if (w.from !== this.me && w.countsUnread && !w.isRevoked && w.seq > (this.countedUpTo.get(cid) ?? 0)) {
      c.unreadCount++;
      // A mention stays marked until the conversation is read, whatever comes after it.
      const at = c.type === TYPES.CONV_GROUP ? atTypeFor(w, this.me) : 0;
      if (at) c.groupAtInfoList = [...c.groupAtInfoList, { messageSequence: w.seq, atTypeArray: [at] }];
    }
    this.convChanged();
    this.keepOnPage(cid, toMessage(w, this.me));
    if (w.type === TYPES.MSG_GRP_TIP && w.payload.operationType === TYPES.GRP_TIP_GRP_PROFILE_UPDATED) this.applyGroupChange(w.to, w.payload.newGroupProfile as Record<string, unknown> | undefined);
    if (this.mine.has(w.ID)) return;
    if (c.messageRemindType === TYPES.MSG_REMIND_DISCARD) return;
    this.received.push(toMessage(w, this.me));
  }

  /** A group profile tip carries the change: apply it to the cached group instead of refetching. */
  private applyGroupChange(groupID: string, change: Record<string, unknown> | undefined) {
    if (!change) return;
    const fields = ['name', 'avatar', 'introduction', 'notification', 'joinOption', 'muteAllMembers', 'ownerID'] as const;
    const patch = Object.fromEntries(fields.filter((f) => change[f] !== undefined).map((f) => [f, change[f]]));
    const g = this.groupList.find((x) => x.groupID === groupID);
    if (g) Object.assign(g, patch);
    const c = this.convs.get(`GROUP${groupID}`);
    if (c?.groupProfile && c.groupProfile !== g) Object.assign(c.groupProfile, patch);
    if (g) this.emit(EVENT.GROUP_LIST_UPDATED, this.groupList);
  }

  /** The other person read the 1:1 conversation up to `seq`: my messages up to there are read (Tencent's MESSAGE_READ_BY_PEER). */
  private onPeerRead(conversationID: string, seq: number) {
    const read: Message[] = [];
    for (const m of this.pages.get(conversationID)?.list ?? []) {
      if (m.flow !== 'out' || m.isPeerRead || m.sequence > seq) continue;
      m.isPeerRead = true;
      read.push({ ...m });
    }
    if (read.length) this.emit(EVENT.MESSAGE_READ_BY_PEER, read);
  }

  private onRevoked(w: WireMessage) {
    const cid = conversationIdOf(w, this.me);
    this.keepOnPage(cid, toMessage(w, this.me));
    const c = this.convs.get(cid);
    if (c && (c.lastMessage as { ID?: string }).ID === w.ID) {
      (c.lastMessage as { isRevoked: boolean }).isRevoked = true;
      this.convChanged();
    }
    if (this.revokedHere.has(w.ID)) return;
    this.emit(EVENT.MESSAGE_REVOKED, [toMessage(w, this.me)]);
  }

  private async onProfiles(ids: string[]) {
    try {
      const r = await this.call<{ profileList: WireProfile[] }>('profiles', { userIDList: ids });
      const list = r.profileList.map(toProfile);
      for (const p of list) {
        const c = this.convs.get(`C2C${p.userID}`);
        if (c) {
          c.userProfile = p;
          this.listDirty = true;
        }
        for (const f of this.friendList) if (f.userID === p.userID) f.profile = p;
      }
      this.emit(EVENT.PROFILE_UPDATED, list);
      this.scheduleFlush();
    } catch {
      /* the next refresh brings it */
    }
  }

  /** Lists the server says changed are fetched again (coalesced) and announced. */
  private refresh(what: 'groups' | 'friends' | 'blacklist') {
    if (this.refreshTimers.has(what)) return;
    this.refreshTimers.set(
      what,
      setTimeout(async () => {
        this.refreshTimers.delete(what);
        if (!this.conn) return;
        try {
          if (what === 'groups') {
            const r = await this.call<{ groupList: WireGroup[] }>('groups');
            this.groupList = r.groupList.map(toGroup);
            this.loaded.add('groups');
            for (const g of this.groupList) {
              const c = this.convs.get(`GROUP${g.groupID}`);
              if (c) {
                c.groupProfile = g;
                c.messageRemindType = g.selfInfo.messageRemindType || c.messageRemindType;
                this.listDirty = true;
              }
            }
            this.emit(EVENT.GROUP_LIST_UPDATED, this.groupList);
            this.scheduleFlush();
          } else if (what === 'friends') {
            const r = await this.call<{ friendList: WireFriend[] }>('friends');
            this.friendList = r.friendList.map(toFriend);
            this.loaded.add('friends');
            this.emit(EVENT.FRIEND_LIST_UPDATED, this.friendList);
          } else {
            const r = await this.call<{ userIDList: string[] }>('blacklist');
            this.blacklistIds = r.userIDList;
            this.loaded.add('blacklist');
            this.emit(EVENT.BLACKLIST_UPDATED, this.blacklistIds);
          }
        } catch {
          /* retried on the next push or reconnect */
        }
      }, 20),
    );
  }

  private async reloadConversation(cid: string) {
    try {
      const r = await this.call<{ conversation: WireConversation }>('conv', { conversationID: cid });
      // A pin or draft of a conversation without messages: not listed (the server's list agrees).
      if (!this.convs.has(cid) && !r.conversation.lastMessage) return;
      this.takeConversation(r.conversation);
      this.convChanged();
    } catch {
      /* keep what we have */
    }
  }

  /** Takes the server's list (unread counts, profiles) without moving where delivery stands. */
  private async mergeConversations(): Promise<WireConversation[]> {
    const r = await this.call<{ conversationList: WireConversation[] }>('convs');
    const seen = new Set<string>();
    for (const w of r.conversationList) {
      seen.add(w.conversationID);
      this.takeConversation(w);
      if (!this.ordering.known(w.conversationID) && !this.discovering.has(w.conversationID)) {
        this.ordering.baseline(w.conversationID, w.floorSeq);
        void this.ordering.catchUp(w.conversationID);
      }
    }
    for (const id of [...this.convs.keys()]) if (!seen.has(id)) this.convs.delete(id);
    this.convChanged();
    return r.conversationList;
  }

  // ---------- conversations ----------

  /**
   * Group read receipts (Work and Public groups): each message gets readReceiptInfo with its
   * readCount and unreadCount, as Tencent's does; messages of one group conversation at a time.
   */
  async getMessageReadReceiptList(messageList: Message[]): Promise<ChatResponse<{ messageList: Message[] }>> {
    this.requireReady();
    const list = messageList.filter((m) => m.conversationType === TYPES.CONV_GROUP && m.ID);
    if (!list.length) return ok({ messageList });
    const r = await this.call<{ list: WireReceipt[] }>('receipts', { conversationID: list[0]!.conversationID, messageIDList: list.slice(0, 30).map((m) => m.ID) });
    const byId = new Map(r.list.map((x) => [x.messageID, x]));
    for (const m of messageList) {
      const x = byId.get(m.ID);
      if (x) m.readReceiptInfo = { messageID: m.ID, readCount: x.readCount, unreadCount: x.unreadCount, isPeerRead: false };
    }
    return ok({ messageList });
  }

  /** Who read a group message (filter 0) or not yet (1), `count` at a time from `cursor` ('' first). */
  async getGroupMessageReadMemberList(options: { message: Message; filter: number; cursor: string; count: number }): Promise<ChatResponse<{
    isCompleted: boolean; cursor: string; messageID: string; readUserIDList?: string[]; unreadUserIDList?: string[];
  }>> {
    this.requireReady();
    const { message, filter } = options;
    const r = await this.call<{ userIDList: string[]; isCompleted: boolean; offset: number }>('readMembers', {
      conversationID: message.conversationID, messageID: message.ID, filter: filter === 1 ? 1 : 0,
      offset: Number(options.cursor) || 0, count: Math.min(100, Math.max(1, options.count || 100)),
    });
    const ids = filter === 1 ? { unreadUserIDList: r.userIDList } : { readUserIDList: r.userIDList };
    return ok({ isCompleted: r.isCompleted, cursor: r.isCompleted ? '' : String(r.offset), messageID: message.ID, ...ids });
  }

  /** Pinned first, then (in each part) by the last message, newest first, as the server lists them. */
  private sortedConversations(): Conversation[] {
    const t = (c: Conversation) => (c.lastMessage as { lastTime?: number }).lastTime ?? 0;
    return [...this.convs.values()].sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || t(b) - t(a));
  }

  pinConversation(options: { conversationID: string; isPinned: boolean }): Promise<ChatResponse<{ conversationID: string }>> {
    return this.markConversation('pin', options.conversationID, { isPinned: options.isPinned });
  }

  /** Kept on the server for the person: it follows them to their other pages and survives a reload. */
  setConversationDraft(options: { conversationID: string; draftText: string }): Promise<ChatResponse<{ conversationID: string }>> {
    return this.markConversation('draft', options.conversationID, { draftText: options.draftText });
  }

  /** One of the person's own marks on a conversation (a pin, a draft): kept by the server, then shown here. */
  private async markConversation(op: 'pin' | 'draft', conversationID: string, mark: Partial<Pick<Conversation, 'isPinned' | 'draftText'>>) {
    this.requireReady();
    await this.call(op, { conversationID, ...mark });
    const c = this.convs.get(conversationID);
    if (c) {
      Object.assign(c, mark);
      this.convChanged();
    }
    return ok({ conversationID });
  }

  async getConversationList(options?: string[] | { type?: TYPES | string }): Promise<ChatResponse<{ conversationList: Conversation[]; isSyncCompleted: boolean }>> {
    this.requireReady();
    // While the connection is away the list is what this instance last knew; it is brought up to
    // date (CONVERSATION_LIST_UPDATED) once it is back.
    const synced = await this.whenOnline(() => this.mergeConversations());
    let list = this.sortedConversations();
    if (Array.isArray(options)) list = list.filter((c) => options.includes(c.conversationID));
    else if (options?.type) list = list.filter((c) => c.type === options.type);
    return ok({ conversationList: list, isSyncCompleted: synced !== null });
  }

  async getConversationProfile(conversationID: string): Promise<ChatResponse<{ conversation: Conversation }>> {
    this.requireReady();
    const known = this.convs.get(conversationID);
    if (known && !this.conn?.online) return ok({ conversation: known });
    const r = await this.call<{ conversation: WireConversation }>('conv', { conversationID });
    const c = this.convs.has(conversationID) ? this.takeConversation(r.conversation) : toConversation(r.conversation);
    return ok({ conversation: c });
  }

  async deleteConversation(options: string | { conversationIDList: string[]; clearHistoryMessage?: boolean }): Promise<ChatResponse<{ conversationID: string } | { conversationIDList: string[] }>> {
    this.requireReady();
    const single = typeof options === 'string';
    const ids = single ? [options] : options.conversationIDList;
    await this.call('deleteConv', { conversationIDList: ids, clearHistoryMessage: single ? true : options.clearHistoryMessage !== false });
    for (const id of ids) this.convs.delete(id);
    this.convChanged();
    return ok(single ? { conversationID: options } : { conversationIDList: ids });
  }

  // biome-ignore lint/complexity/noBannedTypes: Tencent's signature, kept so code typed against it compiles
  async setMessageRead(options: { conversationID: string }): Promise<ChatResponse<{}>> {
    this.requireReady();
    await this.call('read', { conversationID: options.conversationID });
    this.markRead(options.conversationID);
    return ok({});
  }

  /** Read here or on another instance of the same user: no unread, no pending mention. */
  private markRead(conversationID: string) {
    const c = this.convs.get(conversationID);
    if (!c || (!c.unreadCount && !c.groupAtInfoList.length)) return;
    c.unreadCount = 0;
    c.groupAtInfoList = [];
    this.convChanged();
  }

  getTotalUnreadMessageCount(): number {
    let n = 0;
    for (const c of this.convs.values()) n += c.unreadCount;
    return n;
  }

  async getMessageList(options: { conversationID: string; nextReqMessageID?: string }): Promise<ChatResponse<{ messageList: Message[]; nextReqMessageID: string; isCompleted: boolean }>> {
    this.requireReady();
    const kept = options.nextReqMessageID ? undefined : this.pages.get(options.conversationID);
    if (kept && !this.conn?.online) {
      const list = kept.list.map((m) => ({ ...m }));
      return ok({ messageList: list, nextReqMessageID: list[0]?.ID ?? '', isCompleted: kept.completed });
    }
    const r = await this.call<{ messageList: WireMessage[]; nextReqMessageID: string; isCompleted: boolean }>('messages', {
      conversationID: options.conversationID,
      ...(options.nextReqMessageID ? { nextReqMessageID: options.nextReqMessageID } : {}),
      count: 15,
    });
    const messageList = r.messageList.map((w) => toMessage(w, this.me));
    if (!options.nextReqMessageID) this.pages.set(options.conversationID, { list: messageList.map((m) => ({ ...m })), completed: r.isCompleted });
    return ok({ messageList, nextReqMessageID: r.nextReqMessageID, isCompleted: r.isCompleted });
  }

  /** The latest messages of a conversation whose first page was asked for: what it shows while offline. */
  private keepOnPage(conversationID: string, m: Message) {
    const page = this.pages.get(conversationID);
    if (!page) return;
    const i = page.list.findIndex((x) => x.ID === m.ID);
    if (i >= 0) page.list[i] = m;
    else page.list.push(m);
    if (page.list.length > KEPT_PER_CONVERSATION) {
      page.list.splice(0, page.list.length - KEPT_PER_CONVERSATION);
      page.completed = false;
    }
  }

  /**
   * Runs `fetch` when connected. While the connection is away, or when it drops during the
   * call, resolves null instead: the caller answers with what it last knew.
   */
  private async whenOnline<T>(fetch: () => Promise<T>): Promise<T | null> {
    if (!this.conn?.online) return null;
    try {
      return await fetch();
    } catch (err) {
      const code = (err as ChatError).code;
      if (code === ERR.network || code === ERR.timeout) return null;
      throw err;
    }
  }

  // ---------- messages ----------

  /** Keeps the most recent IDs only: their pushes arrive within moments of the send. */
  private remember(set: Set<string>, id: string) {
    set.add(id);
    if (set.size > 5000) set.delete(set.values().next().value!);
  }

  private newMessage(options: MessageOptions, type: TYPES, payload: { atUserList?: string[] } & Record<string, unknown>): Message {
    if (!options?.to) throw new ChatError(ERR.badParameter, '请指定消息接收方 to');
    const conversationType = (options.conversationType || TYPES.CONV_C2C) as TYPES;
    const ID = `${this.me || '0'}-${Date.now().toString(36)}-${randomId(10)}`;
    return {
      ID, type, payload, conversationID: conversationType === TYPES.CONV_GROUP ? `GROUP${options.to}` : `C2C${options.to}`,
      conversationType, to: String(options.to), from: this.me, flow: 'out', time: this.getServerTime(), status: 'unSend', isRevoked: false,
      priority: (options.priority || TYPES.MSG_PRIORITY_NORMAL) as TYPES, nick: '', avatar: '', isPeerRead: false, nameCard: '',
      atUserList: payload?.atUserList ?? [], cloudCustomData: options.cloudCustomData ?? '', isDeleted: false, isModified: false,
      needReadReceipt: false, readReceiptInfo: {}, isBroadcastMessage: false, isSupportExtension: false, revoker: '',
      revokerInfo: { userID: '', nick: '', avatar: '' }, revokeReason: '', sequence: 0, hasRiskContent: false, progress: 0,
    };
  }

  createTextMessage(options: MessageOptions): Message {
    return this.newMessage(options, TYPES.MSG_TEXT, { text: String(options?.payload?.text ?? '') });
  }

  createTextAtMessage(options: MessageOptions): Message {
    const m = this.newMessage(options, TYPES.MSG_TEXT, { text: String(options?.payload?.text ?? '') });
    m.atUserList = [...(options.payload?.atUserList ?? [])];
    return m;
  }

  createCustomMessage(options: MessageOptions): Message {
    const p = options?.payload ?? {};
    return this.newMessage(options, TYPES.MSG_CUSTOM, { data: String(p.data ?? ''), description: String(p.description ?? ''), extension: String(p.extension ?? '') });
  }

  createFaceMessage(options: MessageOptions): Message {
    return this.newMessage(options, TYPES.MSG_FACE, { index: Number(options?.payload?.index ?? 0), data: String(options?.payload?.data ?? '') });
  }

  createLocationMessage(options: MessageOptions): Message {
    const p = options?.payload ?? {};
    return this.newMessage(options, TYPES.MSG_LOCATION, { description: String(p.description ?? ''), longitude: Number(p.longitude), latitude: Number(p.latitude) });
  }

  createImageMessage(options: MessageOptions): Message {
    return this.fileMessage(options, TYPES.MSG_IMAGE, 'image');
  }

  createFileMessage(options: MessageOptions): Message {
    return this.fileMessage(options, TYPES.MSG_FILE, 'file');
  }

  createVideoMessage(options: MessageOptions): Message {
    return this.fileMessage(options, TYPES.MSG_VIDEO, 'video');
  }

  createAudioMessage(options: MessageOptions): Message {
    return this.fileMessage(options, TYPES.MSG_AUDIO, 'sound');
  }

  private fileMessage(options: MessageOptions, type: TYPES, kind: FileKind): Message {
    const raw = options?.payload?.file;
    const file: Blob | undefined = raw && typeof raw === 'object' && 'files' in raw ? raw.files?.[0] : raw;
    if (!file || typeof (file as Blob).size !== 'number') throw new ChatError(ERR.badParameter, '请选择要发送的文件');
    const name = (file as File).name || `${kind}`;
    const ext = (name.split('.').pop() ?? '').toLowerCase();
    const urlApi = (globalThis as { URL?: { createObjectURL?: (b: Blob) => string } }).URL;
    const local = typeof urlApi?.createObjectURL === 'function' && (globalThis as { document?: unknown }).document ? urlApi.createObjectURL(file) : '';
    const payload =
      kind === 'image'
        ? { uuid: '', imageFormat: ext, imageInfoArray: [0, 1, 2].map((t) => ({ url: local, width: 0, height: 0, size: file.size, type: t })) }
        : kind === 'video'
          ? { videoUrl: local, videoUUID: '', videoSize: file.size, videoSecond: 0, videoFormat: ext, thumbUrl: '' }
          : kind === 'sound'
            ? { url: local, uuid: '', size: file.size, second: 0 }
            : { uuid: '', fileName: name, fileUrl: local, fileSize: file.size };
    const m = this.newMessage(options, type, payload);
    this.files.set(m, { file, kind, name, onProgress: options.onProgress as ((p: number) => void) | undefined });
    return m;
  }

  private async imageSize(file: Blob): Promise<{ width: number; height: number }> {
    const make = (globalThis as { createImageBitmap?: (b: Blob) => Promise<{ width: number; height: number; close?: () => void }> }).createImageBitmap;
    if (!make) return { width: 0, height: 0 };
    try {
      const bmp = await make(file);
      const size = { width: bmp.width, height: bmp.height };
      bmp.close?.();
      return size;
    } catch {
      return { width: 0, height: 0 };
    }
  }

  private async upload(message: Message) {
    const f = this.files.get(message);
    if (!f) return;
    const progress = (p: number) => {
      message.progress = p;
      f.onProgress?.(p);
    };
    const up = await uploadFile({ url: this.uploadUrl, file: f.file, kind: f.kind, name: f.name, userID: this.me, userSig: this.conn?.userSig || this.sig, onProgress: progress });
    if (f.kind === 'image') {
      const { width, height } = await this.imageSize(f.file);
      message.payload = {
        uuid: up.uuid, imageFormat: message.payload.imageFormat,
        imageInfoArray: [0, 1, 2].map((type) => ({ url: up.url, width, height, size: up.size, type })),
      };
    } else if (f.kind === 'video') {
      message.payload = { ...message.payload, videoUrl: up.url, videoUUID: up.uuid, videoSize: up.size };
    } else if (f.kind === 'sound') {
      message.payload = { ...message.payload, url: up.url, uuid: up.uuid, size: up.size };
    } else {
      message.payload = { uuid: up.uuid, fileName: f.name, fileUrl: up.url, fileSize: up.size };
    }
    this.files.delete(message);
  }

  /** `options.onlineUserOnly`: only the recipients' open pages get it; it is neither stored nor counted (typing status). */
  async sendMessage(message: Message, options?: { onlineUserOnly?: boolean }): Promise<ChatResponse<{ message: Message }>> {
    this.requireReady();
    message.status = 'unSend';
    const onlineUserOnly = options?.onlineUserOnly === true;
    try {
      await this.upload(message);
      this.remember(this.mine, message.ID);
      const queue = this.queue;
      if (!queue) throw new ChatError(ERR.notLoggedIn, '聊天服务未登录');
      // Sends survive reconnects and rate refusals: the same ID goes out again and the server
      // stores it once; the queue paces them by the server's limits (see SendQueue).
      const r = await queue.send<{ message: WireMessage }>(
        message.ID,
        message.conversationID,
        message.conversationType === TYPES.CONV_GROUP ? message.to : null,
        {
          ID: message.ID, conversationType: message.conversationType, to: message.to, type: message.type, payload: message.payload,
          cloudCustomData: message.cloudCustomData || undefined, priority: message.priority, atUserList: message.atUserList,
          ...(onlineUserOnly ? { onlineUserOnly } : {}),
        },
      );
      Object.assign(message, toMessage(r.message, this.me), { status: 'success', progress: 1 });
      if (onlineUserOnly) return ok({ message });
      this.keepOnPage(message.conversationID, toMessage(r.message, this.me));
      const c = this.convs.get(message.conversationID);
      if (c && r.message.seq >= ((c.lastMessage as { lastSequence?: number }).lastSequence ?? 0)) {
        c.lastMessage = lastMessageOf(r.message);
        this.convChanged();
      }
      return ok({ message });
    } catch (err) {
      message.status = 'fail';
      const e = err as ChatError;
      throw new ChatError(e.code ?? ERR.network, e.message, { message });
    }
  }

  resendMessage(message: Message, options?: { onlineUserOnly?: boolean }): Promise<ChatResponse<{ message: Message }>> {
    return this.sendMessage(message, options);
  }

  async revokeMessage(message: Message): Promise<ChatResponse<{ message: Message }>> {
    this.requireReady();
    this.remember(this.revokedHere, message.ID);
    let r: { message: WireMessage };
    try {
      r = await this.call<{ message: WireMessage }>('revoke', { ID: message.ID });
    } catch (err) {
      this.revokedHere.delete(message.ID);
      throw err;
    }
    message.isRevoked = true;
    message.revoker = r.message.revoker;
    message.revokerInfo = { userID: r.message.revoker, nick: '', avatar: '' };
    return ok({ message });
  }

  // ---------- profiles, friends, blacklist ----------

  async getMyProfile(): Promise<ChatResponse<Profile>> {
    this.requireReady();
    if (this.myProfile && !this.conn?.online) return ok(this.myProfile);
    return ok(this.keepProfiles([toProfile((await this.call<{ profile: WireProfile }>('myProfile')).profile)])[0]!);
  }

  async getUserProfile(options: { userIDList: string[] }): Promise<ChatResponse<Profile[]>> {
    this.requireReady();
    const ids = options?.userIDList ?? [];
    if (!this.conn?.online) {
      const known = ids.map((id) => this.profileCache.get(String(id)));
      if (known.every(Boolean)) return ok(known as Profile[]);
    }
    const r = await this.call<{ profileList: WireProfile[] }>('profiles', { userIDList: ids });
    return ok(this.keepProfiles(r.profileList.map(toProfile)));
  }

  async updateMyProfile(options: { nick?: string; avatar?: string; gender?: TYPES | string; selfSignature?: string }): Promise<ChatResponse<Profile>> {
    this.requireReady();
    const { nick, avatar, gender, selfSignature } = options ?? {};
    const r = await this.call<{ profile: WireProfile }>('updateProfile', { nick, avatar, gender, selfSignature });
    return ok(this.keepProfiles([toProfile(r.profile)])[0]!);
  }

  private keepProfiles(list: Profile[]): Profile[] {
    for (const p of list) {
      if (this.profileCache.size > 5000) this.profileCache.clear();
      this.profileCache.set(p.userID, p);
      if (p.userID === this.me) this.myProfile = p;
    }
    return list;
  }

  async getFriendList(): Promise<ChatResponse<Friend[]>> {
    this.requireReady();
    if (this.knownWhileAway('friends')) return ok(this.friendList);
    const r = await this.call<{ friendList: WireFriend[] }>('friends');
    this.friendList = r.friendList.map(toFriend);
    this.loaded.add('friends');
    return ok(this.friendList);
  }

  async addFriend(options: { to: string; source: string; wording?: string; type?: TYPES | string; remark?: string }): Promise<ChatResponse<{ userID: string; code: number; message: string }>> {
    this.requireReady();
    return ok(await this.call('addFriend', { to: options.to, source: options.source, wording: options.wording, remark: options.remark, type: options.type }));
  }

  async deleteFriend(options: { userIDList: string[]; type?: TYPES | string }): Promise<ChatResponse<{ successUserIDList: { userID: string; code: number }[]; failureUserIDList: unknown[] }>> {
    this.requireReady();
    return ok(await this.call('deleteFriend', { userIDList: options.userIDList, type: options.type }));
  }

  async getBlacklist(): Promise<ChatResponse<string[]>> {
    this.requireReady();
    if (this.knownWhileAway('blacklist')) return ok(this.blacklistIds);
    this.blacklistIds = (await this.call<{ userIDList: string[] }>('blacklist')).userIDList;
    this.loaded.add('blacklist');
    return ok(this.blacklistIds);
  }

  async addToBlacklist(options: { userIDList: string[] }): Promise<ChatResponse<string[]>> {
    this.requireReady();
    this.blacklistIds = (await this.call<{ userIDList: string[] }>('block', { userIDList: options.userIDList })).userIDList;
    // As Tencent's SDK: every view of the blacklist hears the change.
    this.emit(EVENT.BLACKLIST_UPDATED, this.blacklistIds);
    return ok(this.blacklistIds);
  }

  async removeFromBlacklist(options: { userIDList: string[] }): Promise<ChatResponse<string[]>> {
    this.requireReady();
    this.blacklistIds = (await this.call<{ userIDList: string[] }>('unblock', { userIDList: options.userIDList })).userIDList;
    // As Tencent's SDK: every view of the blacklist hears the change.
    this.emit(EVENT.BLACKLIST_UPDATED, this.blacklistIds);
    return ok(this.blacklistIds);
  }

  // ---------- groups ----------

  async getGroupList(): Promise<ChatResponse<{ groupList: Group[] }>> {
    this.requireReady();
    if (this.knownWhileAway('groups')) return ok({ groupList: this.groupList });
    this.groupList = (await this.call<{ groupList: WireGroup[] }>('groups')).groupList.map(toGroup);
    this.loaded.add('groups');
    return ok({ groupList: this.groupList });
  }

  /** The connection is away and this list was fetched before: answer with it. */
  private knownWhileAway(what: 'groups' | 'friends' | 'blacklist'): boolean {
    return !this.conn?.online && this.loaded.has(what);
  }

  async getGroupProfile(options: { groupID: string }): Promise<ChatResponse<{ group: Group }>> {
    this.requireReady();
    return ok({ group: toGroup((await this.call<{ group: WireGroup }>('group', { groupID: options.groupID })).group) });
  }

  async createGroup(options: {
    name: string; type?: TYPES | string; groupID?: string; introduction?: string; notification?: string; avatar?: string;
    maxMemberNum?: number; joinOption?: TYPES | string; memberList?: { userID: string }[];
  }): Promise<ChatResponse<{ group: Group }>> {
    this.requireReady();
    const { name, type, groupID, introduction, notification, avatar, maxMemberNum, joinOption, memberList } = options ?? ({} as typeof options);
    const r = await this.call<{ group: WireGroup }>('createGroup', {
      name, type, groupID, introduction, notification, avatar, maxMemberNum, joinOption,
      memberList: memberList?.map((m) => ({ userID: String(m.userID) })),
    });
    return ok({ group: toGroup(r.group) });
  }

  async searchGroupByID(groupID: string): Promise<ChatResponse<{ group: Group }>> {
    this.requireReady();
    return ok({ group: toGroup((await this.call<{ group: WireGroup }>('searchGroup', { groupID })).group) });
  }

  async joinGroup(options: { groupID: string; applyMessage?: string; type?: TYPES | string }): Promise<ChatResponse<{ status: string; group?: Group }>> {
    this.requireReady();
    const r = await this.call<{ status: string; group?: WireGroup }>('joinGroup', { groupID: options.groupID, applyMessage: options.applyMessage });
    return ok(r.group ? { status: r.status, group: toGroup(r.group) } : { status: r.status });
  }

  async quitGroup(groupID: string): Promise<ChatResponse<{ groupID: string }>> {
    this.requireReady();
    const r = await this.call<{ groupID: string }>('quitGroup', { groupID });
    this.convs.delete(`GROUP${groupID}`);
    this.convChanged();
    return ok(r);
  }

  async dismissGroup(groupID: string): Promise<ChatResponse<{ groupID: string }>> {
    this.requireReady();
    return ok(await this.call<{ groupID: string }>('dismissGroup', { groupID }));
  }

  async updateGroupProfile(options: {
    groupID: string; name?: string; avatar?: string; introduction?: string; notification?: string; muteAllMembers?: boolean; joinOption?: TYPES | string;
  }): Promise<ChatResponse<{ group: Group }>> {
    this.requireReady();
    const { groupID, name, avatar, introduction, notification, muteAllMembers, joinOption } = options;
    const r = await this.call<{ group: WireGroup }>('updateGroup', { groupID, name, avatar, introduction, notification, muteAllMembers, joinOption });
    return ok({ group: toGroup(r.group) });
  }

  async changeGroupOwner(options: { groupID: string; newOwnerID: string }): Promise<ChatResponse<{ group: Group }>> {
    this.requireReady();
    return ok({ group: toGroup((await this.call<{ group: WireGroup }>('changeOwner', { groupID: options.groupID, newOwnerID: options.newOwnerID })).group) });
  }

  async getGroupMemberList(options: { groupID: string; count?: number; offset?: number | string }): Promise<ChatResponse<{ memberList: GroupMember[]; offset: number }>> {
    this.requireReady();
    const r = await this.call<{ memberList: WireMember[]; offset: number }>('members', {
      groupID: options.groupID, count: Math.min(100, options.count ?? 15), offset: Number(options.offset ?? 0),
    });
    return ok({ memberList: r.memberList.map(toMember), offset: r.offset });
  }

  async getGroupMemberProfile(options: { groupID: string; userIDList: string[] }): Promise<ChatResponse<{ memberList: GroupMember[] }>> {
    this.requireReady();
    const r = await this.call<{ memberList: WireMember[] }>('memberProfile', { groupID: options.groupID, userIDList: options.userIDList });
    return ok({ memberList: r.memberList.map(toMember) });
  }

  async addGroupMember(options: { groupID: string; userIDList: string[] }): Promise<ChatResponse<{ successUserIDList: string[]; failureUserIDList: string[]; existedUserIDList: string[]; group: Group }>> {
    this.requireReady();
    const r = await this.call<{ successUserIDList: string[]; failureUserIDList: string[]; existedUserIDList: string[]; group: WireGroup }>('addMembers', { groupID: options.groupID, userIDList: options.userIDList });
    return ok({ ...r, group: toGroup(r.group) });
  }

  async deleteGroupMember(options: { groupID: string; userIDList: string[]; reason?: string }): Promise<ChatResponse<{ group: Group; userIDList: string[] }>> {
    this.requireReady();
    const r = await this.call<{ group: WireGroup; userIDList: string[] }>('deleteMembers', { groupID: options.groupID, userIDList: options.userIDList, reason: options.reason });
    return ok({ group: toGroup(r.group), userIDList: r.userIDList });
  }

  async setGroupMemberRole(options: { groupID: string; userID: string; role: TYPES | string }): Promise<ChatResponse<{ group: Group; member: GroupMember }>> {
    this.requireReady();
    const r = await this.call<{ group: WireGroup; member: WireMember }>('setRole', { groupID: options.groupID, userID: options.userID, role: options.role });
    return ok({ group: toGroup(r.group), member: toMember(r.member) });
  }

  async setGroupMemberMuteTime(options: { groupID: string; userID: string; muteTime: number }): Promise<ChatResponse<{ group: Group; member: GroupMember }>> {
    this.requireReady();
    const r = await this.call<{ group: WireGroup; member: WireMember }>('mute', { groupID: options.groupID, userID: options.userID, muteTime: options.muteTime });
    return ok({ group: toGroup(r.group), member: toMember(r.member) });
  }

  async setGroupMemberNameCard(options: { groupID: string; nameCard: string; userID?: string }): Promise<ChatResponse<{ group: Group; member: GroupMember }>> {
    this.requireReady();
    const r = await this.call<{ group: WireGroup; member: WireMember }>('nameCard', { groupID: options.groupID, nameCard: options.nameCard, userID: options.userID });
    return ok({ group: toGroup(r.group), member: toMember(r.member) });
  }

  async setMessageRemindType(options: { groupID?: string; userIDList?: string[]; messageRemindType: TYPES | string }): Promise<ChatResponse<{ group?: Group }>> {
    this.requireReady();
    if (!options.groupID) throw new ChatError(ERR.badParameter, '目前只支持设置群组的消息提醒方式');
    const r = await this.call<{ group: WireGroup }>('remindType', { groupID: options.groupID, messageRemindType: options.messageRemindType });
    const c = this.convs.get(`GROUP${options.groupID}`);
    if (c) {
      c.messageRemindType = options.messageRemindType;
      this.convChanged();
    }
    return ok({ group: toGroup(r.group) });
  }

  async handleGroupApplication(options: { handleAction: string; handleMessage?: string; message?: Message; application?: unknown }): Promise<ChatResponse<{ group: Group }>> {
    this.requireReady();
    if (!options.message?.ID) throw new ChatError(ERR.badParameter, '请传入加群申请对应的系统通知 message');
    const r = await this.call<{ group: WireGroup }>('handleApplication', {
      messageID: options.message.ID, handleAction: options.handleAction, handleMessage: options.handleMessage,
    });
    return ok({ group: toGroup(r.group) });
  }
}
