/** All of the queue module's SQL: booth lines (booth_queues) and the seekers in them (queue_entries). */
import { chinaTime, inList, one, rows, sql, type Db } from '../../db/index.js';

/** The states in which a seeker holds a place. */
const ACTIVE = sql`('waiting', 'called')`;

export interface EntryRow {
  id: string;
  fair_id: string;
  company_id: string;
  user_id: string;
  state: 'waiting' | 'called';
  skipped: boolean;
  away: boolean;
  joined_at: string;
  joined_ms: number;
  called_by: string | null;
  called_ms: number | null;
}

const entryColumns = sql`e.id::text as id, e.fair_id::text as fair_id, e.company_id::text as company_id, e.user_id::text as user_id,
  e.state, e.skipped, e.away_since is not null as away, ${chinaTime('e.joined_at')} as joined_at,
  (extract(epoch from e.joined_at) * 1000)::float8 as joined_ms, e.called_by::text as called_by,
  (extract(epoch from e.called_at) * 1000)::float8 as called_ms`;

/** The seeker's place, if any. */
export async function activeEntryOf(db: Db, userId: string): Promise<EntryRow | undefined> {
  return one<EntryRow>(db, sql`select ${entryColumns} from queue_entries e where e.user_id = ${userId} and e.state in ${ACTIVE}`);
}

export async function entryById(db: Db, id: string): Promise<EntryRow | undefined> {
  return one<EntryRow>(db, sql`select ${entryColumns} from queue_entries e where e.id = ${id} and e.state in ${ACTIVE}`);
}

/** The line of one booth, called ones first, then by place. */
export async function lineOf(db: Db, fairId: string, companyId: string): Promise<EntryRow[]> {
  return rows<EntryRow>(
    db,
    sql`select ${entryColumns} from queue_entries e
        where e.fair_id = ${fairId} and e.company_id = ${companyId} and e.state in ${ACTIVE}
        order by (e.state = 'waiting'), e.place`,
  );
}

/** How many wait ahead of the entry (its position is this plus one). */
export async function waitingAhead(db: Db, entryId: string): Promise<number> {
  const r = await one<{ n: number }>(
    db,
    sql`select count(*)::int as n from queue_entries o join queue_entries e on e.id = ${entryId}
        where o.fair_id = e.fair_id and o.company_id = e.company_id and o.state = 'waiting' and o.place < e.place`,
  );
  return r?.n ?? 0;
}

/** Waiting counts per booth of a fair. */
export async function waitingCounts(db: Db, fairId: string, companyIds: readonly string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const r = await rows<{ company_id: string; n: number }>(
    db,
    sql`select company_id::text as company_id, count(*)::int as n from queue_entries
        where fair_id = ${fairId} and company_id in (${inList(companyIds)}) and state = 'waiting' group by company_id`,
  );
  return new Map(r.map((x) => [x.company_id, x.n]));
}

/** Joins the line at its end; null when the seeker already holds a place somewhere (the unique index). */
export async function insertEntry(db: Db, fairId: string, companyId: string, userId: string): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into queue_entries (fair_id, company_id, user_id, state, place)
        values (${fairId}, ${companyId}, ${userId}, 'waiting', nextval('queue_places'))
        on conflict do nothing returning id::text as id`,
  );
  return r?.id ?? null;
}

/** Ends a place (left, done, missed, gone); false when it was no longer held. */
export async function endEntry(db: Db, id: string, state: 'left' | 'done' | 'missed' | 'gone', from: 'waiting' | 'called' | null = null): Promise<boolean> {
  const r = await one(
    db,
    sql`update queue_entries set state = ${state}, ended_at = now()
        where id = ${id} and ${from ? sql`state = ${from}` : sql`state in ${ACTIVE}`} returning id`,
  );
  return !!r;
}

/** The entry the HR is calling now (at any booth), if any. */
export async function calledBy(db: Db, hrId: string): Promise<EntryRow | undefined> {
  return one<EntryRow>(db, sql`select ${entryColumns} from queue_entries e where e.state = 'called' and e.called_by = ${hrId}`);
}

/**
 * Calls the first waiting seeker (one whose pages are open before one who is away). Several HR
 * pressing 下一位 at once each get a different seeker: the row is taken under a lock others skip.
 */
export async function callFirst(db: Db, fairId: string, companyId: string, hrId: string): Promise<EntryRow | undefined> {
  return one<EntryRow>(
    db,
    sql`update queue_entries e set state = 'called', called_at = now(), called_by = ${hrId}
        where e.id = (select id from queue_entries
                      where fair_id = ${fairId} and company_id = ${companyId} and state = 'waiting'
                      order by (away_since is not null), place limit 1 for update skip locked)
          and e.state = 'waiting'
        returning ${entryColumns}`,
  );
}

/**
 * A called seeker who did not answer: back to the end of the line the first time, out the second.
 * Only once the ring time is over; false when not called any more or still ringing.
 */
export async function skipCalled(db: Db, id: string, ringSeconds: number): Promise<'requeued' | 'missed' | 'ringing' | null> {
  const r = await one<{ skipped: boolean; ringing: boolean }>(
    db,
    sql`select skipped, called_at > now() - make_interval(secs => ${ringSeconds}) as ringing from queue_entries where id = ${id} and state = 'called'`,
  );
  if (!r) return null;
  if (r.ringing) return 'ringing';
  if (r.skipped) return (await endEntry(db, id, 'missed', 'called')) ? 'missed' : null;
  const back = await one(
    db,
    sql`update queue_entries set state = 'waiting', skipped = true, place = nextval('queue_places'), called_at = null, called_by = null
        where id = ${id} and state = 'called' returning id`,
  );
  return back ? 'requeued' : null;
}

export interface BoothSetting {
  paused: boolean;
  note: string;
}

export async function boothSettings(db: Db, fairId: string, companyIds: readonly string[]): Promise<Map<string, BoothSetting>> {
  if (!companyIds.length) return new Map();
  const r = await rows<BoothSetting & { company_id: string }>(
    db,
    sql`select company_id::text as company_id, paused, note from booth_queues where fair_id = ${fairId} and company_id in (${inList(companyIds)})`,
  );
  return new Map(r.map(({ company_id, ...x }) => [company_id, x]));
}

export async function saveBoothSetting(db: Db, fairId: string, companyId: string, hrId: string, paused: boolean, note: string): Promise<void> {
  await db.execute(
    sql`insert into booth_queues (fair_id, company_id, paused, note, updated_by) values (${fairId}, ${companyId}, ${paused}, ${note}, ${hrId})
        on conflict (fair_id, company_id) do update set paused = excluded.paused, note = excluded.note, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

export interface Served {
  served: number;
  /** minutes a conversation took on average; null before anyone was served */
  average: number | null;
}

/** Seekers served at booths of this fair and the average length of their conversations, by enterprise. */
export async function servedAt(db: Db, fairId: string, companyIds: readonly string[]): Promise<Map<string, Served>> {
  if (!companyIds.length) return new Map();
  const r = await rows<Served & { company_id: string }>(
    db,
    sql`select company_id::text as company_id, count(*)::int as served, (avg(extract(epoch from ended_at - called_at)) / 60)::float8 as average
        from queue_entries where fair_id = ${fairId} and company_id in (${inList(companyIds)}) and state = 'done' and called_at is not null
        group by company_id`,
  );
  return new Map(r.map(({ company_id, ...x }) => [company_id, x]));
}

/** The fairs whose lines the enterprise has: live online fairs it signed up for. */
export async function liveOnlineFairsOf(db: Db, companyId: string): Promise<{ id: string; name: string; ends: string }[]> {
  return rows(
    db,
    sql`select f.id::text as id, f.name, ${chinaTime('f.ends_at')} as ends from fair_signups s join fairs f on f.id = s.fair_id
        where s.company_id = ${companyId} and f.published and f.venue_type = 1 and now() between f.starts_at and f.ends_at
        order by f.ends_at, f.id`,
  );
}

/** A published online fair running now, with its name; undefined otherwise. */
export async function liveOnlineFair(db: Db, fairId: string): Promise<{ id: string; name: string; live: boolean } | undefined> {
  return one(
    db,
    sql`select id::text as id, name, (venue_type = 1 and now() between starts_at and ends_at) as live from fairs where id = ${fairId} and published`,
  );
}

/** The seeker's hall page asked for the place: it is open (whatever the notification socket does). */
export async function touchEntry(db: Db, userId: string): Promise<void> {
  await db.execute(sql`update queue_entries set seen_at = now() where user_id = ${userId} and state in ${ACTIVE}`);
}

/** Every place held now, for the presence sweep; `seen`: the hall page asked within `seenSeconds`. */
export async function activeEntries(
  db: Db,
  seenSeconds: number,
): Promise<{ id: string; fair_id: string; company_id: string; user_id: string; away: boolean; seen: boolean }[]> {
  return rows(
    db,
    sql`select id::text as id, fair_id::text as fair_id, company_id::text as company_id, user_id::text as user_id, away_since is not null as away,
               seen_at > now() - make_interval(secs => ${seenSeconds}) as seen
        from queue_entries where state in ${ACTIVE}`,
  );
}

/** Marks places away (pages closed) or back. */
export async function setAway(db: Db, ids: readonly string[], away: boolean): Promise<void> {
  if (!ids.length) return;
  await db.execute(
    sql`update queue_entries set away_since = ${away ? sql`coalesce(away_since, now())` : sql`null`}
        where id in (${inList(ids)}) and state in ${ACTIVE}`,
  );
}

/**
 * Ends waiting places away longer than the grace time ('gone'), and places whose booth is gone —
 * the fair ended or was withdrawn, or the enterprise's sign-up was ('closed'); who they were.
 */
export async function expireEntries(db: Db, graceMinutes: number): Promise<{ id: string; fair_id: string; company_id: string; user_id: string; state: string }[]> {
  return rows(
    db,
    sql`update queue_entries e set state = case when e.state = 'waiting' and e.away_since < now() - make_interval(mins => ${graceMinutes}) then 'gone' else 'closed' end,
          ended_at = now()
        from fairs f
        where f.id = e.fair_id and e.state in ${ACTIVE}
          and (f.ends_at <= now() or not f.published
               or not exists (select 1 from fair_signups s where s.fair_id = e.fair_id and s.company_id = e.company_id)
               or (e.state = 'waiting' and e.away_since < now() - make_interval(mins => ${graceMinutes})))
        returning e.id::text as id, e.fair_id::text as fair_id, e.company_id::text as company_id, e.user_id::text as user_id, e.state`,
  );
}

/** Seekers holding places in a booth's line (to signal them). */
export async function userIdsInLine(db: Db, fairId: string, companyId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select user_id::text as id from queue_entries where fair_id = ${fairId} and company_id = ${companyId} and state in ${ACTIVE}`,
  );
  return r.map((x) => x.id);
}
