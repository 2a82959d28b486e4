/**
 * What other modules may ask about job fairs. Only published fairs exist for them; the operator's
 * drafts stay inside this module.
 */
import { one, rows, sql, type Db } from '../../db/index.js';

/** ifks: 1 not started, 2 started, 3 ended (the rule: @zp/core/rules/fairs). */
import type { FairState } from '@zp/core/rules/fairs';

export type { FairState };

/** The state as SQL, so lists and single reads agree on the boundaries (the rule: @zp/core/rules/fairs). */
export const fairStateSql = (alias = 'f') =>
  sql.raw(`(case when now() < ${alias}.starts_at then 1 when now() < ${alias}.ends_at then 2 else 3 end)::int`);

export async function fairExists(db: Db, fairId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 from fairs where id = ${fairId} and published`));
}

/** null when there is no such published fair. */
export async function fairState(db: Db, fairId: string): Promise<FairState | null> {
  const r = await one<{ state: FairState }>(db, sql`select ${fairStateSql()} as state from fairs f where f.id = ${fairId} and f.published`);
  return r?.state ?? null;
}

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

/** jltds / mys of the hall figures: résumés sent in a fair's hall and offers made from them (the applications module's). */
export type FairApplicationCounter = (db: Db, fairId: string) => Promise<{ sent: number; offers: number }>;
