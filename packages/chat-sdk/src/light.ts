/**
 * The chat before anyone opens it (`@zp/chat-sdk/light`): one logged-in connection to the
 * self-hosted chat service that keeps the total unread count, without the SDK. A page's launcher
 * shows its badge from this; the full SDK, loaded when the panel opens, takes the same connection
 * over (ChatSDK.adopt) with the conversation list it read and every push since, so it ends up
 * where it would be had it been there from the start: one login, one chat instance per page.
 *
 * The count follows the SDK's rule (chat.ts deliver): a message from someone else that counts as
 * unread and came after what the server's count covered adds one; a read (here or on another
 * instance) clears a conversation; the server's word on a conversation replaces ours.
 */
import type { ChatPush, WireConversation } from '@zp/core/contract';
import { Connection, type ConnectionHooks, type ServerInfo } from './connection.js';
import { conversationIdOf, mayBeCallSignal } from './ids.js';
import type { SocketFactory } from './types.js';

/** What the SDK takes over from the light connection. */
export interface Handover {
  userID: string;
  instance: string;
  conn: Connection;
  /** the answer to 'convs' the count started from */
  convs: WireConversation[];
  /**
   * Where the connection's events go from now on; returns every push since the list was asked
   * for, in order, for the SDK to take as if it had heard them (call it in the same task as
   * taking the list, so that nothing falls between).
   */
  attach(hooks: ConnectionHooks): ChatPush[];
}

export interface LightOptions {
  /** the chat socket, ws(s)://…/api/chat/ws */
  url: string;
  userID: string;
  userSig: string;
  /** a new userSig through the person's session (the connection renews its own) */
  refresh: () => Promise<string>;
  WebSocket?: SocketFactory;
  /** the total changed */
  onCount(total: number): void;
  /**
   * Something only the full chat can handle arrived: a one-to-one custom message (a call signal
   * rings at once), or the server ended the session (the SDK says why).
   */
  onNeedsChat(): void;
}

const newInstance = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;

interface Count {
  unread: number;
  /** messages up to this sequence are in the server's count */
  upTo: number;
  /** sequences counted here after it */
  seen: Set<number>;
}

/** The light connection: counts unread messages until the SDK takes it over (handOver) or it stops. */
export class LightChat {
  readonly instance = newInstance();
  readonly userID: string;
  private conn: Connection;
  private counts = new Map<string, Count>();
  private convs: WireConversation[] | null = null;
  private pushes: ChatPush[] = [];
  private target: ConnectionHooks | null = null;
  private total = -1;
  /** the first list has been read (or the login failed) */
  readonly ready: Promise<void>;
  /** the server ended the session (kicked out, signature refused): the SDK is told on handover */
  ended: { kicked?: string; error?: unknown } | null = null;
  private taken = false;

  constructor(private o: LightOptions) {
    this.userID = o.userID;
    const hooks: ConnectionHooks = {
      online: (info, first) => (this.target ? this.target.online(info, first) : this.online(info)),
      push: (f) => (this.target ? this.target.push(f) : this.onPush(f)),
      state: (s) => this.target?.state(s),
      ended: (r) => {
        if (this.target) return this.target.ended(r);
        this.ended = r;
        this.setTotal(0);
        this.o.onNeedsChat();
      },
    };
    this.conn = new Connection(o.url, o.WebSocket ?? (globalThis as { WebSocket?: SocketFactory }).WebSocket!, hooks);
    this.ready = this.conn.login({ userID: o.userID, userSig: o.userSig, instance: this.instance, refresh: o.refresh });
  }

  /** After each authentication: the list again (a reconnect may have missed anything). */
  private async online(_info: ServerInfo) {
    this.pushes = [];
    this.convs = null; // until the new list is read, the pushes are counted against it
    const r = await this.conn.request<{ conversationList: WireConversation[] }>('convs');
    this.convs = r.conversationList;
    this.counts.clear();
    for (const w of r.conversationList) this.take(w);
    // Pushes that came while the list was on its way, counted as the SDK would (its `early`).
    for (const f of this.pushes) this.count(f);
    this.update();
  }

  private take(w: WireConversation) {
    this.counts.set(w.conversationID, { unread: w.unreadCount, upTo: w.lastSeq, seen: new Set() });
  }

  private onPush(f: ChatPush) {
    this.pushes.push(f);
    if (this.convs) {
      this.count(f);
      this.update();
    }
  }

  private count(f: ChatPush) {
    if (f.ev === 'msg') {
      const m = f.m;
      if (m.from === this.o.userID) return;
      if (mayBeCallSignal(m)) this.o.onNeedsChat();
      const cid = conversationIdOf(m, this.o.userID);
      const c = this.counts.get(cid);
      if (!c) return void this.reload(cid);
      if (m.countsUnread && !m.isRevoked && m.seq > c.upTo && !c.seen.has(m.seq)) {
        c.seen.add(m.seq);
        c.unread++;
      }
    } else if (f.ev === 'read') {
      const c = this.counts.get(f.conversationID);
      if (c) c.unread = 0;
    } else if (f.ev === 'conv') {
      void this.reload(f.conversationID);
    } else if (f.ev === 'convDeleted') {
      for (const id of f.conversationIDList) this.counts.delete(id);
    }
  }

  /** A conversation new to this page, or one the server says changed: its word on the count. */
  private async reload(cid: string) {
    try {
      const r = await this.conn.request<{ conversation: WireConversation }>('conv', { conversationID: cid });
      if (this.target) return;
      this.take(r.conversation);
      this.update();
    } catch {
      /* the next list brings it */
    }
  }

  private update() {
    let n = 0;
    for (const c of this.counts.values()) n += c.unread;
    this.setTotal(n);
  }

  private setTotal(n: number) {
    if (n === this.total) return;
    this.total = n;
    this.o.onCount(n);
  }

  /**
   * The connection for the SDK, once the first list is read; null when it never logged in or was
   * ended (the SDK logs in anew, or learns why from `ended`). Taken once.
   */
  async handOver(): Promise<Handover | null> {
    try {
      await this.ready;
    } catch {
      return null;
    }
    if (this.taken || this.ended || !this.convs) return null;
    this.taken = true;
    return {
      userID: this.o.userID,
      instance: this.instance,
      conn: this.conn,
      convs: this.convs,
      attach: (hooks) => {
        this.target = hooks;
        const pushes = this.pushes;
        this.pushes = [];
        return pushes;
      },
    };
  }

  /**
   * Logs this instance out and closes the connection (the person logged out, or the SDK could not
   * take it over); not after a handover.
   */
  stop() {
    if (this.taken) return;
    this.taken = true;
    const conn = this.conn;
    if (!conn.online) return conn.stop();
    void conn
      .request('logout', {}, { timeoutMs: 3000 })
      .catch(() => undefined)
      .finally(() => conn.stop());
  }
}

// One light connection per page, whichever bundle made it: the SDK's copy in another bundle finds it here.
const KEY = Symbol.for('@zp/chat-sdk/light@1');
const holder = globalThis as unknown as Record<symbol, LightChat | null | undefined>;

/** Registers the page's light connection (null: none any more). */
export function setLightChat(light: LightChat | null): void {
  holder[KEY] = light;
}

/** The page's light connection for `userID`, if one is up. */
export function lightChatOf(userID: string): LightChat | null {
  const light = holder[KEY];
  return light?.userID === userID ? light : null;
}
