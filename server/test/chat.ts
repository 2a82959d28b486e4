/**
 * Test arrangement for chat suites: accounts made straight in the database (their password is
 * never used), a real session each, and the userSig fetched through the real route.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import ZpChat, { EVENT, type ChatSDK, type Conversation, type Friend, type Group, type Message, type Profile } from '@zp/chat-sdk';
import type { chatApi, ChatPush, WireConversation, WireGroup, WireMessage, WireProfile } from '@zp/core/contract';
import { one, sql } from '../src/db/index.js';
import type { Limit } from '../src/modules/chat/ratelimit.js';
import type { TestServer, ApiReply } from './helpers.js';

export interface ChatUser {
  userId: string;
  token: string;
  userSig: string;
  name: string;
}

/**
 * Runs `fn` (a server's start) with `env` in process.env: the chat reads its CHAT_* settings
 * from there when it registers.
 */
export async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

let seq = 0;
/** Each server's enterprise whose HR the suites' chat users are by default (colleagues may write to each other). */
const teams = new WeakMap<TestServer, Promise<string>>();
function teamOf(srv: TestServer): Promise<string> {
  let t = teams.get(srv);
  if (!t) {
    t = one<{ id: string }>(srv.app.services.db, sql`insert into companies (name, status) values ('聊天测试科技有限公司', 1) returning id::text as id`).then((r) => r!.id);
    teams.set(srv, t);
  }
  return t;
}

/**
 * `n` accounts with a session and a userSig. By default they are HR colleagues of one approved
 * enterprise, who may all write to each other; `role: 'qz'` makes job seekers, who may write to
 * no one but the HR of approved enterprises (starts.ts).
 */
export async function chatUsers(srv: TestServer, n: number, prefix = '用户', opts: { sig?: boolean; role?: 'hr' | 'qz' } = {}): Promise<ChatUser[]> {
  const out: ChatUser[] = [];
  const role = opts.role ?? 'hr';
  const team = role === 'hr' ? await teamOf(srv) : null;
  for (let i = 0; i < n; i++) {
    const phone = `17${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(3, '0')}${crypto.randomInt(100, 999)}`.slice(0, 11);
    const name = `${prefix}${seq}`;
    const u = await one<{ id: string }>(
      srv.app.services.db,
      sql`insert into users (role, phone, password_hash, name) values (${role}, ${phone}, 'unused', ${name}) returning id::text as id`,
    );
    if (team) await srv.app.services.db.execute(sql`insert into hr_profiles (user_id, company_id, name, join_state) values (${u!.id}, ${team}, ${name}, 2)`);
    const { token } = await srv.app.services.sessions.create(u!.id);
    if (opts.sig === false) {
      out.push({ userId: u!.id, token, userSig: '', name });
      continue;
    }
    const r = await srv.call<ApiReply<typeof chatApi.userSig>>('/api/sec/trtc/userSig', { token });
    if (r.body.code !== 0) throw new Error(`userSig: ${JSON.stringify(r.body)}`);
    out.push({ userId: u!.id, token, userSig: r.body.userSig, name });
  }
  return out;
}

/** A message the server pushed. */
export type MessagePush = Extract<ChatPush, { ev: 'msg' }>;

/** The answer to a call on the chat socket: `data` on success, `message` on a refusal. */
export interface ChatAnswer<T = unknown> {
  code: number;
  message?: string;
  data?: T;
}

/** What the ops the suites read answers of give back (the handlers in src/modules/chat). */
interface OpData {
  auth: { userID: string; serverTime: number; sigExpiresAt: number; limits: { user: Limit; group: Limit } };
  send: { message: WireMessage };
  createGroup: { group: WireGroup };
  profiles: { profileList: WireProfile[] };
  convs: { conversationList: WireConversation[] };
  conv: { conversation: WireConversation };
  messages: { messageList: WireMessage[]; nextReqMessageID: string; isCompleted: boolean };
  block: { userIDList: string[] };
}
/** The data op `O` answers with (unknown for an op not listed above). */
export type OpDataOf<O extends string> = O extends keyof OpData ? OpData[O] : unknown;

/** A bare protocol client, for what the SDK would never send. */
export class RawClient {
  ws: WebSocket;
  pushes: ChatPush[] = [];
  private id = 0;
  private waiting = new Map<number, (r: ChatAnswer) => void>();
  private opened: Promise<void>;

  private closing: Promise<number>;

  /** `origin`: the Origin header a browser page on that origin would send with the upgrade. */
  constructor(url: string, opts: { origin?: string } = {}) {
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/chat/ws`, opts.origin ? { origin: opts.origin } : {});
    this.closing = new Promise((resolve) =>
      this.ws.once('close', (code) => {
        // A call the server closed the socket on instead of answering (a kicked-out page) ends too.
        for (const done of this.waiting.values()) done({ code: -1, message: `socket closed (${code})` });
        this.waiting.clear();
        resolve(code);
      }),
    );
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (f.ev) this.pushes.push(f);
      else if (typeof f.id === 'number') this.waiting.get(f.id)?.(f);
    });
  }

  async call<O extends string>(op: O, p: unknown = {}): Promise<ChatAnswer<OpDataOf<O>>> {
    await this.opened;
    const id = ++this.id;
    return new Promise((resolve) => {
      // The server answers op `O` with its data (OpData).
      this.waiting.set(id, resolve as (r: ChatAnswer) => void);
      this.ws.send(JSON.stringify({ id, op, p }));
    });
  }

  async sendRaw(text: string) {
    await this.opened;
    this.ws.send(text);
  }

  /** The close code, however early the server closed (even before the caller asked). */
  closed(): Promise<number> {
    return this.closing;
  }

  close() {
    this.ws.close();
  }
}


/** What the SDK's events carry, for the events the suites wait on. */
interface EventData {
  [EVENT.SDK_READY]: undefined;
  [EVENT.SDK_NOT_READY]: undefined;
  [EVENT.MESSAGE_RECEIVED]: Message[];
  [EVENT.MESSAGE_REVOKED]: Message[];
  [EVENT.MESSAGE_READ_BY_PEER]: Message[];
  [EVENT.MESSAGE_READ_RECEIPT_RECEIVED]: { groupID: string; messageID: string; readCount: number; unreadCount: number }[];
  [EVENT.CONVERSATION_LIST_UPDATED]: Conversation[];
  [EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED]: number;
  [EVENT.GROUP_LIST_UPDATED]: Group[];
  [EVENT.PROFILE_UPDATED]: Profile[];
  [EVENT.FRIEND_LIST_UPDATED]: Friend[];
  [EVENT.BLACKLIST_UPDATED]: string[];
  [EVENT.KICKED_OUT]: { type: string };
  [EVENT.NET_STATE_CHANGE]: { state: string };
  [EVENT.ERROR]: { code: number; message: string };
}
/** The data of event `N` (unknown for an event not listed above). */
type EventDataOf<N extends string> = N extends keyof EventData ? EventData[N] : unknown;
/** One event the SDK emitted: its name tells the shape of its data. */
type SdkEvent = { [N in EVENT]: { name: N; data: EventDataOf<N> } }[EVENT];

export interface SdkClient {
  user: ChatUser;
  chat: ChatSDK;
  /** every event the SDK emitted, in order */
  events: SdkEvent[];
  /** messages received (MESSAGE_RECEIVED), in order */
  received: Message[];
  /** waits for the first event of this name (after `since` events) that matches */
  next<N extends string>(name: N, match?: (data: EventDataOf<N>) => boolean, since?: number): Promise<EventDataOf<N>>;
  /** closes the client's socket the way a network failure would; the SDK reconnects by itself */
  drop(): void;
}

/** Our SDK in Node, logged in as `user`, with `ws` as its WebSocket. */
export async function sdkClient(url: string, user: ChatUser, opts: { login?: boolean } = {}): Promise<SdkClient> {
  const sockets = new Set<WebSocket>();
  class TrackedSocket extends WebSocket {
    constructor(u: string) {
      super(u);
      sockets.add(this);
      this.on('close', () => sockets.delete(this));
    }
  }
  const chat = ZpChat.create({ SDKAppID: 0, proxyServer: `${url.replace(/^http/, 'ws')}/api/chat/ws`, WebSocket: TrackedSocket as never });
  const events: SdkEvent[] = [];
  const received: Message[] = [];
  const waiters: { name: string; match: (d: unknown) => boolean; since: number; resolve: (d: unknown) => void }[] = [];
  for (const name of Object.values(EVENT)) {
    chat.on(name, (e) => {
      events.push({ name, data: e.data } as SdkEvent);
      if (name === EVENT.MESSAGE_RECEIVED) received.push(...e.data);
      for (const w of [...waiters]) {
        if (w.name === name && events.length - 1 >= w.since && w.match(e.data)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e.data);
        }
      }
    });
  }
  const client: SdkClient = {
    user,
    chat,
    events,
    received,
    next<N extends string>(name: N, match: (data: EventDataOf<N>) => boolean = () => true, since = 0) {
      // The SDK emits each event's data in the shape EventData gives it.
      const fits = (d: unknown) => match(d as EventDataOf<N>);
      const seen = events.slice(since).find((e) => e.name === name && fits(e.data));
      if (seen) return Promise.resolve(seen.data as EventDataOf<N>);
      return new Promise<EventDataOf<N>>((resolve, reject) => {
        const w = { name, match: fits, since, resolve: (d: unknown) => resolve(d as EventDataOf<N>) };
        waiters.push(w);
        setTimeout(() => {
          if (waiters.includes(w)) {
            waiters.splice(waiters.indexOf(w), 1);
            reject(new Error(`no ${name} event for ${user.userId} within 15 s`));
          }
        }, 15_000);
      });
    },
    drop() {
      for (const s of sockets) s.terminate();
    },
  };
  if (opts.login !== false) await chat.login({ userID: user.userId, userSig: user.userSig });
  return client;
}
