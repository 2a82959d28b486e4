/**
 * The fairs module's SQL, split by table group (one repo.ts would run past 700 lines): this file
 * holds sign-ups (fair_signups), favourites (fair_favorites) and hall visits (fair_visits).
 */
import type { FairState } from '@zp/core/rules/fairs';
import { chinaTime, one, rows, sql, type Db } from '../../../db/index.js';
import type { Role } from '../../../http/user.js';
import { offsetOf } from '../../../http/reply.js';
import { fairStateSql } from './fairs.js';

/** Ids of the enterprises signed up for a fair, in sign-up order. */
export async function companiesAtFair(db: Db, fairId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select s.company_id::text as id from fair_signups s join fairs f on f.id = s.fair_id and f.published
        where s.fair_id = ${fairId} and s.company_id is not null order by s.created_at, s.id`,
  );
  return r.map((x) => x.id);
}

/** Whether an enterprise is signed up for a fair (jobs may only be attached to those fairs). */
export async function companySignedUp(db: Db, fairId: string, companyId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 from fair_signups where fair_id = ${fairId} and company_id = ${companyId}`));
}

/** The published fairs an enterprise signed up for, newest start first. */
export async function fairsOfCompany(db: Db, companyId: string): Promise<{ id: string; name: string; state: FairState }[]> {
  return rows(
    db,
    sql`select f.id::text as id, f.name, ${fairStateSql()} as state from fair_signups s join fairs f on f.id = s.fair_id and f.published
        where s.company_id = ${companyId} order by f.starts_at desc`,
  );
}

/** Signs a job seeker up for the fairs; the ones newly signed up for. */
export async function insertSeekerSignups(db: Db, userId: string, ids: string[]): Promise<string[]> {
  const added = await rows<{ id: string }>(
    db,
    sql`insert into fair_signups (fair_id, user_id)
        values ${sql.join(
          ids.map((id) => sql`(${id}, ${userId})`),
          sql`, `,
        )}
        on conflict (fair_id, user_id) where company_id is null do nothing
        returning fair_id::text as id`,
  );
  return added.map((x) => x.id);
}

/** Signs an enterprise up for the fairs through one of its HR; the ones newly signed up for. */
export async function insertCompanySignups(db: Db, hrId: string, companyId: string, ids: string[]): Promise<string[]> {
  const added = await rows<{ id: string }>(
    db,
    sql`insert into fair_signups (fair_id, user_id, company_id)
        values ${sql.join(
          ids.map((id) => sql`(${id}, ${hrId}, ${companyId})`),
          sql`, `,
        )}
        on conflict (fair_id, company_id) where company_id is not null do nothing
        returning fair_id::text as id`,
  );
  return added.map((x) => x.id);
}

/** Who is signed up for a fair: job seekers, and enterprises with the HR who signed them up. */
export async function signupsOf(db: Db, fairId: string) {
  return rows<{ user_id: string; company_id: string | null }>(
    db,
    sql`select user_id::text as user_id, company_id::text as company_id from fair_signups where fair_id = ${fairId}`,
  );
}

/** The operator's list of the enterprises signed up for a fair, with their zones; and how many job seekers signed up. */
export async function fairSignupRows(db: Db, q: { hxid: string; page: number; limit: number }) {
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from fair_signups where fair_id = ${q.hxid} and company_id is not null`))!.n;
  const list = await rows<{ dwid: string; dwmc: string; ztid: string; tmc: string; createTime: string }>(
    db,
    sql`select c.id::text as dwid, c.name as dwmc, coalesce(z.id::text, '') as ztid, coalesce(z.name, '') as tmc,
               ${chinaTime('s.created_at')} as "createTime"
        from fair_signups s join companies c on c.id = s.company_id left join fair_zones z on z.id = s.zone_id
        where s.fair_id = ${q.hxid} order by s.created_at, s.id limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  const seekers = (await one<{ n: number }>(db, sql`select count(*)::int as n from fair_signups where fair_id = ${q.hxid} and company_id is null`))!.n;
  return { total, list, seekers };
}

// ---- favourites

export async function insertFavorites(db: Db, userId: string, ids: string[]) {
  await db.execute(
    sql`insert into fair_favorites (user_id, fair_id) values ${sql.join(
      ids.map((id) => sql`(${userId}, ${id})`),
      sql`, `,
    )}
        on conflict do nothing`,
  );
}

export async function deleteFavorite(db: Db, userId: string, fairId: string) {
  await db.execute(sql`delete from fair_favorites where user_id = ${userId} and fair_id = ${fairId}`);
}

// ---- hall visits

/** Records that a user is in the hall (the talent hall and the online figures count them). */
export async function recordVisit(db: Db, fairId: string, user: { id: string; role: Role }) {
  await db.execute(
    sql`insert into fair_visits (fair_id, user_id, role) values (${fairId}, ${user.id}, ${user.role})
        on conflict (fair_id, user_id) do update set last_at = now()`,
  );
}

/** Seekers of the talent hall: signed up for the fair or entered its hall. */
export async function hallSeekerIds(db: Db, fairId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    db,
    sql`select user_id::text as id from fair_signups where fair_id = ${fairId} and company_id is null
        union select user_id::text from fair_visits where fair_id = ${fairId} and role = 'qz'`,
  );
  return r.map((x) => x.id);
}
