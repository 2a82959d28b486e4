/** All of the admin module's SQL: the operator log, the code tables' counts and the dashboard's figures. */
import type { SQL } from 'drizzle-orm';
import { escapeLike, one, rows, sql, type Db } from '../../db/index.js';
import { offsetOf } from '../../http/reply.js';

/** Records an operator action; every xs write route calls this. */
export async function logOperatorAction(db: Db, operatorId: string, action: string, target: string, detail: Record<string, unknown> = {}) {
  await db.execute(
    sql`insert into operator_log (operator_id, action, target, detail) values (${operatorId}, ${action}, ${target}, ${JSON.stringify(detail)}::jsonb)`,
  );
}

export interface OperatorLogRow {
  id: string;
  czrid: string;
  czrxm: string;
  czrphone: string;
  action: string;
  target: string;
  detail: unknown;
  czsj: string;
}

/**
 * A page of the operator log, newest first: by action (a prefix when it ends with '.'), operator,
 * and days in China (from, to: checked 'YYYY-MM-DD', both included).
 */
export async function operatorLog(
  db: Db,
  q: { action?: string; czrid?: string; from: string | null; to: string | null; page: number; limit: number },
): Promise<{ total: number; list: OperatorLogRow[] }> {
  const where: SQL[] = [sql`true`];
  if (q.action) {
    where.push(q.action.endsWith('.') ? sql`l.action like ${`${escapeLike(q.action)}%`}` : sql`l.action = ${q.action}`);
  }
  if (q.czrid) where.push(sql`l.operator_id = ${q.czrid}`);
  if (q.from) where.push(sql`(l.at at time zone 'Asia/Shanghai')::date >= ${q.from}::date`);
  if (q.to) where.push(sql`(l.at at time zone 'Asia/Shanghai')::date <= ${q.to}::date`);
  const cond = sql.join(where, sql` and `);
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from operator_log l where ${cond}`))?.n ?? 0;
  const list = await rows<OperatorLogRow>(
    db,
    sql`select l.id::text as id, l.operator_id::text as czrid, u.name as czrxm, u.phone as czrphone, l.action, l.target, l.detail,
                   to_char(l.at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as czsj
            from operator_log l join users u on u.id = l.operator_id
            where ${cond} order by l.at desc, l.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

/** How many items each code table has, disabled ones included. */
export async function codeItemCounts(db: Db): Promise<Map<string, number>> {
  const counts = await rows<{ t: string; n: number }>(db, sql`select table_name as t, count(*)::int as n from code_items group by table_name`);
  return new Map(counts.map((c) => [c.t, c.n]));
}

export interface DashboardSummary {
  users: { qz: number; hr: number; xs: number };
  companiesPending: number;
  companiesApproved: number;
  jobsPublished: number;
  jobsTotal: number;
  applicationsToday: number;
  applicationsTotal: number;
  feedbackUnanswered: number;
  fairsNow: number;
  fairsUpcoming: number;
}

/**
 * The operator console's first screen: how many of everything, and what waits for the operator.
 * Counting is read-only across the domains' tables, in one round of small aggregate queries.
 */
export async function dashboardSummary(db: Db): Promise<DashboardSummary> {
  const r = await one<Omit<DashboardSummary, 'users'> & { qz: number; hr: number; xs: number }>(
    db,
    sql`select
      (select count(*) from users where role = 'qz')::int as qz,
      (select count(*) from users where role = 'hr')::int as hr,
      (select count(*) from users where role = 'xs')::int as xs,
      (select count(*) from companies where status = 0)::int as "companiesPending",
      (select count(*) from companies where status = 1)::int as "companiesApproved",
      (select count(*) from jobs where status = 1 and deleted_at is null)::int as "jobsPublished",
      (select count(*) from jobs where deleted_at is null)::int as "jobsTotal",
      -- since midnight in Beijing, whatever the server's time zone
      (select count(*) from applications
        where created_at >= (date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'))::int as "applicationsToday",
      (select count(*) from applications)::int as "applicationsTotal",
      (select count(*) from feedback where answered_at is null)::int as "feedbackUnanswered",
      (select count(*) from fairs where published and now() >= starts_at and now() < ends_at)::int as "fairsNow",
      (select count(*) from fairs where published and now() < starts_at)::int as "fairsUpcoming"`,
  );
  const { qz, hr, xs, ...rest } = r!;
  return { users: { qz, hr, xs }, ...rest };
}
