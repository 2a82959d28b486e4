/**
 * Test arrangement for the video suites: people of every relation to a room, made through the
 * API where it is short (registration, sessions, userSig) and in the database where the API
 * would take several screens (an approved enterprise, joining a colleague's enterprise).
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import type { chatApi, RtcJoinResult, RtcPush, RtcReply, rtcApi } from '@zp/core/contract';
import { sql } from '../src/db/index.js';
import type { ApiReply, TestServer } from './helpers.js';
import { actor, uniquePhone, type Actor } from './roles.js';
import { rtcHubs } from '../src/modules/rtc/index.js';
import type { RtcHub } from '../src/modules/rtc/hub.js';

export interface Person extends Actor {
  userId: string;
  token: string;
  /** for the signalling socket ('' for roles that get none) */
  userSig: string;
}

async function withSig(srv: TestServer, a: Actor): Promise<Person> {
  const r = await srv.call<ApiReply<typeof chatApi.userSig>>('/api/sec/trtc/userSig', { token: a.token });
  return { ...a, userId: a.userId!, token: a.token!, userSig: r.body.code === 0 ? r.body.userSig : '' };
}

export async function seeker(srv: TestServer): Promise<Person> {
  return withSig(srv, await actor(srv, 'seeker'));
}

/** An HR of a newly approved enterprise (free unless made paying). */
export async function hr(srv: TestServer): Promise<Person> {
  return withSig(srv, await actor(srv, 'hrApproved'));
}

/** A second HR who has joined `of`'s enterprise. */
export async function colleague(srv: TestServer, of: Person): Promise<Person> {
  const phone = uniquePhone();
  const s = await srv.registerHr(phone, 'secret123', { xm: '同事甲', zw: '面试官' });
  await srv.app.services.db.execute(sql`update hr_profiles set company_id = ${of.companyId}, join_state = 2 where user_id = ${s.userId}`);
  return withSig(srv, { role: 'hrApproved', ...s, phone, companyId: of.companyId });
}

export function hubOf(srv: TestServer): RtcHub {
  return rtcHubs.get(srv.app.services)!;
}

/** Replaces the rooms' clock of a server by one the test moves; returns the setter. */
export function controlClock(srv: TestServer, start = Date.now()) {
  let now = start;
  hubOf(srv).rooms.now = () => now;
  return {
    get now() {
      return now;
    },
    set(t: number) {
      now = t;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

export async function openRoom(srv: TestServer, promoter: Person, invite?: Person): Promise<number> {
  const r = await srv.call<ApiReply<typeof rtcApi.hrOpenRoom>>('/api/sec/trtc/hrOpenRoom', { method: 'POST', token: promoter.token, query: { userId: invite?.userId } });
  if (r.body.code !== 0) throw new Error(`hrOpenRoom: ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export async function invite(srv: TestServer, by: Person, roomId: number, who: Person) {
  const r = await srv.call('/api/sec/trtc/inviteRoom', { method: 'POST', token: by.token, query: { channelId: roomId, userId: who.userId } });
  if (r.body.code !== 0) throw new Error(`inviteRoom: ${JSON.stringify(r.body)}`);
}

const newSession = () => crypto.randomBytes(9).toString('base64url');

/** What the ops the suites read replies of give back (`data`; RtcAuthResult is not read). */
interface RtcOpData {
  join: RtcJoinResult;
}
/** The reply to op `O`: its data as RtcOpData gives it (unknown for an op not listed). */
export type RtcAnswer<O extends string = string> = Omit<RtcReply, 'data'> & { data?: O extends keyof RtcOpData ? RtcOpData[O] : unknown };
/** The push of kind `E`. */
export type PushOf<E extends RtcPush['ev']> = Extract<RtcPush, { ev: E }>;

/** A bare signalling client: requests with ids, every push kept in order. */
export class Signal {
  ws: WebSocket;
  pushes: RtcPush[] = [];
  session = newSession();
  private id = 0;
  private waiting = new Map<number | null, ((r: RtcReply) => void)[]>();
  private pushWaiters: { match: (p: RtcPush) => boolean; resolve: (p: RtcPush) => void }[] = [];
  private opened: Promise<void>;
  readonly closed: Promise<number>;

  /** `origin`: the Origin header a browser page on that origin would send with the upgrade. */
  constructor(url: string, opts: { origin?: string } = {}) {
    this.ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/rtc/ws`, opts.origin ? { origin: opts.origin } : {});
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
    this.ws.on('message', (data) => {
      // A push (RtcPush, with ev) or a reply (RtcReply), as the server sends them.
      const f = JSON.parse(String(data)) as { ev?: string };
      if (f.ev) {
        const push = f as RtcPush;
        this.pushes.push(push);
        for (const w of [...this.pushWaiters]) {
          if (w.match(push)) {
            this.pushWaiters.splice(this.pushWaiters.indexOf(w), 1);
            w.resolve(push);
          }
        }
        return;
      }
      const reply = f as RtcReply;
      const list = this.waiting.get(reply.id);
      const next = list?.shift();
      if (next) next(reply);
    });
  }

  /** Waits for the reply to the next frame sent with this id (null: replies to frames without a usable id). */
  private replyTo(id: number | null): Promise<RtcReply> {
    return new Promise((resolve) => {
      const list = this.waiting.get(id) ?? [];
      list.push(resolve);
      this.waiting.set(id, list);
    });
  }

  async call<O extends string>(op: O, p: unknown = {}): Promise<RtcAnswer<O>> {
    await this.opened;
    const id = ++this.id;
    const r = this.replyTo(id);
    this.ws.send(JSON.stringify({ id, op, p }));
    // The server answers op `O` with its data (RtcOpData).
    return r as Promise<RtcAnswer<O>>;
  }

  /** Sends raw text or bytes and waits for the reply frame carrying `id` (null by default). */
  async raw(data: string | Buffer, id: number | null = null): Promise<RtcReply> {
    await this.opened;
    const r = this.replyTo(id);
    this.ws.send(data, { binary: Buffer.isBuffer(data) });
    return r;
  }

  /** Sends without waiting for anything (for frames the server closes the socket on). */
  async send(data: string | Buffer) {
    await this.opened;
    this.ws.send(data, { binary: Buffer.isBuffer(data) });
  }

  async auth(person: Person) {
    const r = await this.call('auth', { userId: person.userId, userSig: person.userSig });
    if (r.code !== 0) throw new Error(`auth: ${JSON.stringify(r)}`);
    return this;
  }

  join(roomId: number | string, media: { audio?: boolean; video?: boolean } = {}) {
    return this.call('join', { roomId: String(roomId), session: this.session, ...media });
  }

  /** The first push matching (already received or still to come). */
  next<E extends RtcPush['ev']>(ev: E, match: (p: PushOf<E>) => boolean = () => true, timeoutMs = 15_000): Promise<PushOf<E>> {
    const fits = (p: RtcPush): p is PushOf<E> => p.ev === ev && match(p as PushOf<E>);
    const seen = this.pushes.find(fits);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const w = { match: fits, resolve: (p: RtcPush) => resolve(p as PushOf<E>) };
      this.pushWaiters.push(w);
      setTimeout(() => {
        if (this.pushWaiters.includes(w)) {
          this.pushWaiters.splice(this.pushWaiters.indexOf(w), 1);
          reject(new Error(`no ${ev} push within ${timeoutMs} ms; got ${JSON.stringify(this.pushes)}`));
        }
      }, timeoutMs);
    });
  }

  /** Drops the connection the way a network failure would (no close frame). */
  drop() {
    this.ws.terminate();
  }

  close() {
    this.ws.close();
  }
}

/** A socket logged in as `person`. */
export async function signal(srv: TestServer, person: Person): Promise<Signal> {
  return new Signal(srv.url).auth(person);
}
