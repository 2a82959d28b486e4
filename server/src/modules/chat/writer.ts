import type { Logger } from 'pino';
import type { WireMessage } from '@zp/core/contract';
import { inList, rows, sql, type Database } from '../../db/index.js';
import { MESSAGE_COLUMNS, messageForShow, wireOf, type MessageRow } from './common.js';

/** A message about to be stored; seq is assigned by the writer, which numbers this very object. */
export interface NewMessage {
  conv: string;
  message: Omit<WireMessage, 'seq'>;
  senderId: string | null;
  /** false for AVChatRoom: numbered and delivered, never stored */
  persist: boolean;
  /** users whose view of the conversation must exist (both sides of a C2C chat, a system notice's owner) */
  viewers: string[];
  ref: string | null;
}

export type Written = { message: WireMessage; duplicate: boolean };

interface Pending {
  row: NewMessage;
  waiters: { resolve: (w: Written) => void; reject: (e: unknown) => void }[];
}

const MAX_BATCH = 500;
/** the sender of server-made messages (group tips, system notices) */
const SYSTEM_SENDER = '@TIM#SYSTEM';
const RETRYABLE = new Set(['40P01', '40001']); // deadlock, serialization failure

/**
 * Group commit: sends that arrive together are gathered for a millisecond or two and stored by
 * one statement (sequence numbers taken per conversation, rows inserted, viewers recorded); each
 * sender is answered after that statement commits.
 *
 * Where the numbers come from depends on who else writes. On a shared PostgreSQL (one or many
 * server processes) the statement takes them from the conversation row, whose lock orders
 * concurrent batches, so sequence order is commit order across processes. The embedded database
 * has one writer, this process, and batches are written one at a time: the numbers are counted
 * here and the statement only inserts, kept prepared (planning the shared statement cost more than
 * a small batch's writing). A batch it cannot store as numbered — a resend of a stored message,
 * whose ID is taken — changes nothing and goes the shared way, which answers the stored message.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  private byId = new Map<string, Pending>();
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private idle: (() => void)[] = [];
  /** conversations whose views are known to exist (see viewersToRecord) */
  private viewed = new Set<string>();
  /** the last sequence number of each conversation seen, when this process is the only writer */
  private lastSeq: Map<string, number> | null;
  /** batches and rows written, for the bench and the log */
  readonly stats = { batches: 0, rows: 0 };

  constructor(
    private database: Database,
    private waitMs: number,
    private log: Logger,
  ) {
    this.lastSeq = database.kind === 'pglite' ? new Map() : null;
  }

  write(row: NewMessage): Promise<Written> {
    return new Promise((resolve, reject) => {
      // The same ID twice in flight (a resend racing its first try) shares one slot.
      const same = this.byId.get(row.message.ID);
      if (same) {
        same.waiters.push({ resolve, reject });
        return;
      }
      const p: Pending = { row, waiters: [{ resolve, reject }] };
      this.byId.set(row.message.ID, p);
      this.queue.push(p);
      this.schedule();
    });
  }

  /** Resolves when everything queued so far is written. */
  drain(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((r) => this.idle.push(r));
  }

  private schedule() {
    if (this.running || this.timer) return;
    if (this.queue.length >= MAX_BATCH || this.waitMs === 0) {
      this.timer = setImmediate(() => this.flush()) as unknown as NodeJS.Timeout;
    } else {
      this.timer = setTimeout(() => this.flush(), this.waitMs);
    }
  }

  private async flush() {
    this.timer = null;
    if (this.running) return;
    this.running = true;
    try {
      // One batch is written while the one before it is answered: answering (acks, pushes) is most
      // of this thread's work, and the database would otherwise wait for it.
      let answer = () => {};
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH);
        for (const p of batch) this.byId.delete(p.row.message.ID);
        const writing = this.writeBatch(batch);
        answer();
        answer = await writing;
      }
      answer();
    } finally {
      this.running = false;
      if (this.queue.length) this.schedule();
      else for (const r of this.idle.splice(0)) r();
    }
  }

  /** Stores a batch; resolves, once it is stored, to what answers its senders. */
  private async writeBatch(batch: Pending[]): Promise<() => void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await this.store(batch.map((p) => p.row));
        this.stats.batches++;
        this.stats.rows += batch.length;
        return () => {
          for (const [i, p] of batch.entries()) for (const w of p.waiters) w.resolve(results[i]);
        };
      } catch (err) {
        const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
        if (code && RETRYABLE.has(code) && attempt < 5) continue;
        if (batch.length > 1) {
          // One bad row (say, a sender deleted meanwhile) must not fail the others: store them one by one.
          for (const p of batch) (await this.writeBatch([p]))();
          return () => {};
        }
        this.log.error({ err, rows: batch.length }, 'chat: storing a message failed');
        return () => {
          for (const p of batch) for (const w of p.waiters) w.reject(err);
        };
      }
    }
  }

  private async store(batch: NewMessage[]): Promise<Written[]> {
    if (this.lastSeq) {
      try {
        return await this.storeNumbered(batch, this.lastSeq);
      } catch (err) {
        // nothing was written; these conversations' numbers are read again next time
        this.log.debug({ err, rows: batch.length }, 'chat: a numbered batch goes the shared way');
        for (const r of batch) this.lastSeq.delete(r.conv);
      }
    }
    return this.storeShared(batch);
  }

  /**
   * A message as the statements read it: short keys, and values at their defaults left out (the
   * SQL puts them back): the driver measures and copies this text character by character, and it
   * is most of a batch's bytes.
   */
  private encode(r: NewMessage): Record<string, unknown> {
    const m = r.message;
    const row: Record<string, unknown> = { c: r.conv, i: m.ID, to: m.to, k: m.conversationType, y: m.type, p: m.payload, tm: m.time };
    if (r.senderId !== null) row.s = r.senderId;
    if (m.from !== (r.senderId ?? SYSTEM_SENDER)) row.f = m.from;
    if (m.nick) row.n = m.nick;
    if (m.avatar) row.a = m.avatar;
    if (m.nameCard) row.nc = m.nameCard;
    if (m.cloudCustomData) row.cc = m.cloudCustomData;
    if (m.priority !== 'Normal') row.pr = m.priority;
    if (m.atUserList.length) row.at = m.atUserList;
    if (!m.countsUnread) row.u = false;
    if (r.ref !== null) row.r = r.ref;
    return row;
  }

  /**
   * The views a message still needs recorded. A conversation's viewers are fixed by its kind (both
   * sides of a one-to-one chat, a system conversation's owner; group messages record none), and a
   * view once recorded is never removed for those: they are not sent again.
   */
  private viewersToRecord(r: NewMessage): string[] {
    return this.viewed.has(r.conv) ? [] : r.viewers;
  }

  private noteViewed(batch: NewMessage[]) {
    for (const r of batch) if (r.viewers.length) this.viewed.add(r.conv);
    if (this.viewed.size > 200_000) this.viewed.clear();
  }

  /** The stored message: the sender's own object, numbered (no copy per message). */
  private numbered(r: NewMessage, seq: number): WireMessage {
    const m = r.message as WireMessage;
    m.seq = seq;
    return m;
  }

  /** The embedded database's way: numbered here, inserted by a prepared statement. */
  private async storeNumbered(batch: NewMessage[], lastSeq: Map<string, number>): Promise<Written[]> {
    // bounded: forgotten numbers are read again (before the batch looks for the ones it lacks)
    if (lastSeq.size > 200_000) lastSeq.clear();
    const unknown = [...new Set(batch.map((r) => r.conv))].filter((c) => !lastSeq.has(c));
    if (unknown.length) {
      const found = await rows<{ conv: string; n: number }>(
        this.database.db,
        sql`select conv, last_seq::int as n from chat_convs where conv in (${sql.join(unknown.map((c) => sql`${c}`), sql`, `)})`,
      );
      for (const c of unknown) lastSeq.set(c, 0);
      for (const r of found) lastSeq.set(r.conv, r.n);
    }
    // numbers taken by this batch: kept only once it is stored
    const taken = new Map<string, number>();
    const stored: Record<string, unknown>[] = [];
    // each conversation's newest message in the batch, and its latest time
    const newest = new Map<string, { r: NewMessage; seq: number; t: number }>();
    const views: { u: string; c: string }[] = [];
    const seqs = batch.map((r) => {
      const seq = (taken.get(r.conv) ?? lastSeq.get(r.conv)!) + 1;
      taken.set(r.conv, seq);
      if (r.persist) {
        const row = this.encode(r);
        row.q = seq;
        stored.push(row);
      }
      newest.set(r.conv, { r, seq, t: Math.max(r.message.time, newest.get(r.conv)?.t ?? 0) });
      for (const u of this.viewersToRecord(r)) views.push({ u, c: r.conv });
      return seq;
    });
    // the conversation's last message, as the shared statement builds it
    const lasts = [...newest.values()].map(({ r: { conv, message: m }, seq, t }) => ({
      c: conv,
      q: seq,
      t,
      m: {
        ID: m.ID, lastTime: m.time, fromAccount: m.from, type: m.type, payload: m.payload, messageForShow: messageForShow(m.type, m.payload),
        isRevoked: false, nick: m.nick, nameCard: m.nameCard, cloudCustomData: m.cloudCustomData, lastSequence: seq,
      },
    }));
    await this.database.prepared('chat_write_numbered', NUMBERED_SQL, [JSON.stringify(stored), JSON.stringify(lasts), JSON.stringify(views)]);
    for (const [c, n] of taken) lastSeq.set(c, n);
    this.noteViewed(batch);
    return batch.map((r, i) => ({ message: this.numbered(r, seqs[i]), duplicate: false }));
  }

  /** The shared database's way: numbered by the statement, from the conversation row. */
  private async storeShared(batch: NewMessage[]): Promise<Written[]> {
    const input = batch.map((r, ord) => {
      const row = this.encode(r);
      row.o = ord;
      if (!r.persist) row.ps = false;
      const viewers = this.viewersToRecord(r);
      if (viewers.length) row.v = viewers;
      // a text message's summary is its text, which the SQL takes from the payload
      if (r.message.type !== 'TIMTextElem') row.w = messageForShow(r.message.type, r.message.payload);
      return row;
    });
    const out = await rows<{ id: string; seq: number; inserted: boolean }>(
      this.database.db,
      sql`with input as (
            select o as ord, c as conv, i as id, s as sender_id, x.to as to_id, k as conv_type, y as type, p as payload,
                   coalesce(n, '') as nick, coalesce(a, '') as avatar, coalesce(nc, '') as name_card, coalesce(cc, '') as cloud,
                   coalesce(pr, 'Normal') as priority, coalesce(at, '[]'::jsonb) as at_users, coalesce(u, true) as counts_unread,
                   coalesce(ps, true) as persist, r as ref, tm as t, coalesce(v, '[]'::jsonb) as viewers,
                   coalesce(f, s::text, ${SYSTEM_SENDER}) as from_acc, coalesce(w, p->>'text') as show
            from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
              o int, c text, i text, s bigint, "to" text, k text, y text, p jsonb, n text, a text, nc text, cc text, pr text,
              at jsonb, u boolean, ps boolean, r text, tm double precision, v jsonb, f text, w text)
          ),
          -- Looked up by the id index: the planner, guessing 100 rows from the function, would
          -- otherwise hash the input against a sequential scan of every message ever stored.
          existing as (
            select m.id from chat_messages m where m.id = any(array(select id from input))
          ),
          fresh as (
            select i.* from input i where i.id not in (select id from existing)
          ),
          -- The conversation's last message, built for the newest row of each conversation only.
          newest as (
            select distinct on (conv) * from fresh order by conv, ord desc
          ),
          lasts as (
            select conv, jsonb_build_object('ID', id, 'lastTime', t, 'fromAccount', from_acc, 'type', type, 'payload', payload,
              'messageForShow', show, 'isRevoked', false, 'nick', nick, 'nameCard', name_card, 'cloudCustomData', cloud) as last
            from newest
          ),
          counts as (
            select conv, count(*) as n, max(t) as t from fresh group by conv
          ),
          bumped as (
            insert into chat_convs as c (conv, last_seq, last_at, last_msg)
            select k.conv, k.n, to_timestamp(k.t), jsonb_set(l.last, '{lastSequence}', to_jsonb(k.n)) from counts k join lasts l on l.conv = k.conv order by k.conv
            on conflict (conv) do update set
              last_seq = c.last_seq + excluded.last_seq,
              last_at = excluded.last_at,
              last_msg = excluded.last_msg || jsonb_build_object('lastSequence', c.last_seq + excluded.last_seq)
            returning conv, last_seq
          ),
          numbered as (
            select f.*, b.last_seq - k.n + row_number() over (partition by f.conv order by f.ord) as seq
            from fresh f join bumped b on b.conv = f.conv join counts k on k.conv = f.conv
          ),
          ins as (
            insert into chat_messages (conv, seq, id, sender_id, to_id, conv_type, type, payload, nick, avatar, name_card,
                                       cloud_custom_data, priority, at_users, counts_unread, ref, created_at)
            select conv, seq, id, sender_id, to_id, conv_type, type, payload, nick, avatar, name_card,
                   cloud, priority, at_users, counts_unread, ref, to_timestamp(t)
            from numbered where persist
            on conflict do nothing
            returning id
          ),
          viewed as (
            insert into chat_user_convs (user_id, conv)
            select distinct v::bigint, f.conv from fresh f, jsonb_array_elements_text(f.viewers) as v
            on conflict do nothing
          )
          -- a hashed subplan: a join of the two CTEs would be planned as a nested loop (rows²)
          select n.id, n.seq::int as seq, (not n.persist or n.id in (select id from ins)) as inserted
          from numbered n`,
    );
    this.noteViewed(batch);
    const written = new Map(out.map((r) => [r.id, r]));
    const missing = batch.filter((r) => !written.get(r.message.ID)?.inserted).map((r) => r.message.ID);
    const existing = new Map<string, WireMessage>();
    if (missing.length) {
      // Already stored (a resend after a lost ack, or the same ID written by another node): answer with the stored message.
      const found = await rows<MessageRow>(
        this.database.db,
        sql`select ${sql.raw(MESSAGE_COLUMNS)} from chat_messages m where m.id in (${inList(missing)})`,
      );
      for (const r of found) existing.set(r.id, wireOf(r));
    }
    return batch.map((r) => {
      const stored = existing.get(r.message.ID);
      if (stored) return { message: stored, duplicate: true };
      const w = written.get(r.message.ID);
      if (!w) throw new Error(`message ${r.message.ID} neither written nor found`);
      return { message: this.numbered(r, w.seq), duplicate: false };
    });
  }
}

/**
 * The numbered batch: $1 the messages to store with their numbers, $2 each conversation's last
 * number and message, $3 the views to record. No ID check: a taken ID fails the statement (unique
 * index), which then changes nothing.
 */
const NUMBERED_SQL = `with stored as (
    insert into chat_messages (conv, seq, id, sender_id, to_id, conv_type, type, payload, nick, avatar, name_card,
                               cloud_custom_data, priority, at_users, counts_unread, ref, created_at)
    select c, q, i, s, x.to, k, y, p, coalesce(n, ''), coalesce(a, ''), coalesce(nc, ''), coalesce(cc, ''),
           coalesce(pr, 'Normal'), coalesce(at, '[]'::jsonb), coalesce(u, true), r, to_timestamp(tm)
    from jsonb_to_recordset($1::jsonb) as x(c text, q bigint, i text, s bigint, "to" text, k text, y text, p jsonb, n text,
      a text, nc text, cc text, pr text, at jsonb, u boolean, r text, tm double precision)
  ),
  bumped as (
    insert into chat_convs as cv (conv, last_seq, last_at, last_msg)
    select c, q, to_timestamp(t), m from jsonb_to_recordset($2::jsonb) as x(c text, q bigint, t double precision, m jsonb)
    on conflict (conv) do update set last_seq = excluded.last_seq, last_at = excluded.last_at, last_msg = excluded.last_msg
  ),
  viewed as (
    insert into chat_user_convs (user_id, conv)
    select u, c from jsonb_to_recordset($3::jsonb) as x(u bigint, c text)
    on conflict do nothing
  )
  select 1`;
