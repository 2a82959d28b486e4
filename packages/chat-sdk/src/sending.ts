import { ChatError, ERR } from './errors.js';

/** A send limit as the server announces it at authentication. */
export interface Limit {
  /** messages per second */
  rate: number;
  /** messages at once after a quiet spell */
  burst: number;
}

export interface Limits {
  user: Limit;
  group: Limit;
}

/** The server's defaults (CHAT_RATE_USER 20, CHAT_RATE_GROUP 40), until it says otherwise. */
const DEFAULT_LIMITS: Limits = { user: { rate: 20, burst: 40 }, group: { rate: 40, burst: 80 } };

/** Refusals that mean "not now": the user's or the group's send rate (Tencent's codes). */
const RATE_CODES = new Set([10006, 10023]);
/** A send waiting this long without a connection fails, and the person can resend it. */
export const OFFLINE_FAIL_MS = 30_000;
/** A send on an open connection fails when its answer takes longer than this. */
const ANSWER_MS = 30_000;
/** Refused for the rate again and again (other pages or other members flooding): give up after this. */
const RATE_GIVE_UP_MS = 120_000;

/** The client's copy of a server bucket: when the next message may go. */
class Bucket {
  private tokens: number;
  private at = Date.now();
  constructor(private limit: Limit) {
    this.tokens = limit.burst;
  }
  setLimit(limit: Limit) {
    this.refill();
    this.limit = limit;
    this.tokens = Math.min(this.tokens, limit.burst);
  }
  private refill() {
    const now = Date.now();
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.at) / 1000) * this.limit.rate);
    this.at = now;
  }
  /** ms until a token is there (0: now) */
  wait(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.limit.rate) * 1000);
  }
  take() {
    this.refill();
    this.tokens -= 1;
  }
  /** The server said its bucket is empty: ours is too. */
  drain() {
    this.refill();
    this.tokens = Math.min(this.tokens, 0);
  }
  get rate() {
    return this.limit.rate;
  }
}

interface Entry {
  /** the message ID: the server stores a message once whatever the number of attempts */
  id: string;
  conversationID: string;
  /** the group's ID for group messages (its own bucket) */
  group: string | null;
  params: unknown;
  enqueuedAt: number;
  inFlight: boolean;
  /** not before (a rate refusal's back-off) */
  notBefore: number;
  refusals: number;
  firstRefusalAt: number;
  /** the caller's promise: its type is the caller's (send<T>); the queue only hands the answer on */
  promise: Promise<unknown>;
  resolve: (data: unknown) => void;
  reject: (err: ChatError) => void;
}

export interface SendTransport {
  /** true while authenticated (a request made now goes out at once) */
  readonly online: boolean;
  request<T>(op: 'send', p: unknown, opts: { timeoutMs: number }): Promise<T>;
}

/**
 * The sends of one SDK instance, in the order they were made. Each conversation has one send
 * in flight at a time (so a retried message keeps its place), and sends go out no faster than
 * the limits the server announced, so that a queue released by a reconnect is not refused. A
 * rate refusal is waited out and the same message (same ID) tried again; a dropped connection
 * sends it again on the next. A send fails only after OFFLINE_FAIL_MS without a connection,
 * ANSWER_MS without an answer, or a refusal other than the rate.
 */
export class SendQueue {
  private entries: Entry[] = [];
  private user: Bucket;
  private groupLimit: Limit;
  private groups = new Map<string, Bucket>();
  private pumpTimer: ReturnType<typeof setTimeout> | null = null;
  private pumpAt = 0;
  private failTimer: ReturnType<typeof setTimeout> | null = null;
  private offlineSince: number | null = Date.now();

  constructor(private conn: SendTransport) {
    this.user = new Bucket(DEFAULT_LIMITS.user);
    this.groupLimit = DEFAULT_LIMITS.group;
  }

  setLimits(limits: Partial<Limits> | undefined) {
    if (validLimit(limits?.user)) this.user.setLimit(limits.user);
    if (validLimit(limits?.group)) {
      this.groupLimit = limits.group;
      for (const b of this.groups.values()) b.setLimit(limits.group);
    }
  }

  /** Resolves with the server's answer; the same ID sent again while pending shares the attempt. */
  send<T>(id: string, conversationID: string, group: string | null, params: unknown): Promise<T> {
    const same = this.entries.find((e) => e.id === id);
    if (same) return same.promise as Promise<T>;
    let resolve!: (d: unknown) => void;
    let reject!: (e: ChatError) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = (d) => res(d as T);
      reject = rej;
    });
    this.entries.push({
      id, conversationID, group, params, enqueuedAt: Date.now(), inFlight: false, notBefore: 0, refusals: 0, firstRefusalAt: 0, promise, resolve, reject,
    });
    this.pump();
    this.armFailTimer();
    return promise;
  }

  /** The connection is authenticated again: what waits goes out (paced). */
  online() {
    this.offlineSince = null;
    this.clearFailTimer();
    this.pump();
  }

  /** The connection dropped: sends not answered within OFFLINE_FAIL_MS from now (or from when they were made) fail. */
  offline() {
    this.offlineSince ??= Date.now();
    this.armFailTimer();
  }

  /** Logged out or kicked out: nothing more goes. */
  stop(err: ChatError) {
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.pumpTimer = null;
    this.clearFailTimer();
    const list = this.entries;
    this.entries = [];
    for (const e of list) e.reject(err);
  }

  private groupBucket(groupID: string): Bucket {
    let b = this.groups.get(groupID);
    if (!b) {
      if (this.groups.size > 200) this.groups.clear();
      this.groups.set(groupID, (b = new Bucket(this.groupLimit)));
    }
    return b;
  }

  private pump() {
    if (!this.conn.online) return;
    const now = Date.now();
    const busy = new Set<string>();
    let wake = Infinity;
    for (const e of [...this.entries]) {
      if (busy.has(e.conversationID)) continue;
      busy.add(e.conversationID); // later sends of this conversation wait for this one
      if (e.inFlight) continue;
      if (e.notBefore > now) {
        wake = Math.min(wake, e.notBefore - now);
        continue;
      }
      const g = e.group ? this.groupBucket(e.group) : null;
      const waitGroup = g?.wait() ?? 0;
      if (waitGroup > 0) {
        wake = Math.min(wake, waitGroup);
        continue;
      }
      const waitUser = this.user.wait();
      if (waitUser > 0) {
        // The user's bucket is shared by every conversation: the oldest send goes first.
        wake = Math.min(wake, waitUser);
        break;
      }
      this.user.take();
      g?.take();
      this.dispatch(e);
    }
    if (wake !== Infinity) this.schedulePump(wake);
  }

  private schedulePump(ms: number) {
    const at = Date.now() + ms;
    if (this.pumpTimer && this.pumpAt <= at) return;
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.pumpAt = at;
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      this.pump();
    }, ms);
  }

  private dispatch(e: Entry) {
    e.inFlight = true;
    this.conn.request('send', e.params, { timeoutMs: ANSWER_MS }).then(
      (data) => {
        this.remove(e);
        e.resolve(data);
        this.pump();
      },
      (err: ChatError) => {
        e.inFlight = false;
        if (!this.entries.includes(e)) return; // stopped meanwhile
        const now = Date.now();
        if (RATE_CODES.has(err.code)) {
          // Another page of this person, another node's count, or the group's other members:
          // the server's bucket is empty. Wait for a token (longer each time) and try again.
          const bucket = err.code === 10023 && e.group ? this.groupBucket(e.group) : this.user;
          bucket.drain();
          e.firstRefusalAt ||= now;
          e.refusals++;
          if (now - e.firstRefusalAt > RATE_GIVE_UP_MS) return this.fail(e, err);
          const base = Math.min(5000, (1000 / bucket.rate) * 2 ** Math.min(e.refusals, 8));
          e.notBefore = now + base / 2 + Math.random() * (base / 2);
        } else if (err.code === ERR.network) {
          // The connection dropped before the answer: it goes again, same ID, on the next one.
          if (!this.conn.online) this.offline();
        } else {
          return this.fail(e, err);
        }
        this.pump();
      },
    );
  }

  private remove(e: Entry) {
    const i = this.entries.indexOf(e);
    if (i >= 0) this.entries.splice(i, 1);
  }

  private fail(e: Entry, err: ChatError) {
    this.remove(e);
    e.reject(err);
    this.pump();
  }

  private clearFailTimer() {
    if (this.failTimer) clearTimeout(this.failTimer);
    this.failTimer = null;
  }

  /** While offline: fails what has waited OFFLINE_FAIL_MS, and wakes for the next one due. */
  private armFailTimer() {
    this.clearFailTimer();
    if (this.offlineSince === null || this.conn.online) return;
    const now = Date.now();
    let next = Infinity;
    for (const e of [...this.entries]) {
      if (e.inFlight) continue; // its request is answered or dropped first
      const due = Math.max(e.enqueuedAt, this.offlineSince) + OFFLINE_FAIL_MS;
      if (due <= now) this.fail(e, new ChatError(ERR.network, '网络连接已断开，消息发送失败，请稍后重发'));
      else next = Math.min(next, due);
    }
    if (next !== Infinity) this.failTimer = setTimeout(() => this.armFailTimer(), next - now);
  }
}

function validLimit(l: Limit | undefined): l is Limit {
  return !!l && Number.isFinite(l.rate) && l.rate > 0 && Number.isFinite(l.burst) && l.burst >= 1;
}
