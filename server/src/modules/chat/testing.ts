/**
 * Test arrangement for chat suites: accounts made straight in the database (their password is
 * never used), a real session each, and the userSig fetched through the real route.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import ZpChat, { EVENT, type ChatSDK } from '@zp/chat-sdk';
import { one, sql } from '../../db/index.js';
import type { TestServer } from '../../../test/helpers.js';

export interface ChatUser {
  userId: string;
  token: string;
  userSig: string;
  name: string;
}

let seq = 0;
export async function chatUsers(srv: TestServer, n: number, prefix = '用户', opts: { sig?: boolean } = {}): Promise<ChatUser[]> {
  const out: ChatUser[] = [];
  for (let i = 0; i < n; i++) {
    const phone = `17${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(3, '0')}${crypto.randomInt(100, 999)}`.slice(0, 11);
    const name = `${prefix}${seq}`;
    const u = await one<{ id: string }>(
      srv.app.services.db,
      sql`insert into users (role, phone, password_hash, name) values ('qz', ${phone}, 'unused', ${name}) returning id::text as id`,
    );
    const { token } = await srv.app.services.sessions.create(u!.id);
    if (opts.sig === false) {
      out.push({ userId: u!.id, token, userSig: '', name });
      continue;
    }
    const r = await srv.call('/api/sec/trtc/userSig', { token });
    if (r.body.code !== 0) throw new Error(`userSig: ${JSON.stringify(r.body)}`);
    out.push({ userId: u!.id, token, userSig: r.body.userSig, name });
  }
  return out;
}

/** A bare protocol client, for what the SDK would never send. */
export class RawClient {
  ws: WebSocket;
  pushes: any[] = [];
  private id = 0;
  private waiting = new Map<number, (r: any) => void>();
  private opened: Promise<void>;

  private closing: Promise<number>;

  /** `origin`: the Origin header a browser page on that origin would send with the upgrade. */
  constructor(url: string, opts: { origin?: string } = {}) {
    this.ws = new WebSocket(url.replace(/^http/, 'ws') + '/api/chat/ws', opts.origin ? { origin: opts.origin } : {});
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

  async call(op: string, p: unknown = {}): Promise<{ code: number; message?: string; data?: any }> {
    await this.opened;
    const id = ++this.id;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
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


export interface SdkClient {
  user: ChatUser;
  chat: ChatSDK;
  /** every event the SDK emitted, in order */
  events: { name: string; data: any }[];
  /** messages received (MESSAGE_RECEIVED), in order */
  received: any[];
  /** waits for the first event of this name (after `since` events) that matches */
  next(name: string, match?: (data: any) => boolean, since?: number): Promise<any>;
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
  const events: { name: string; data: any }[] = [];
  const received: any[] = [];
  const waiters: { name: string; match: (d: any) => boolean; since: number; resolve: (d: any) => void }[] = [];
  for (const name of Object.values(EVENT)) {
    chat.on(name, (e) => {
      events.push({ name, data: e.data });
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
    next(name, match = () => true, since = 0) {
      const seen = events.slice(since).find((e) => e.name === name && match(e.data));
      if (seen) return Promise.resolve(seen.data);
      return new Promise((resolve, reject) => {
        const w = { name, match, since, resolve };
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
