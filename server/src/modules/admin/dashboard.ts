/**
 * The operator console's first screen: how many of everything, and what waits for the operator.
 * Counting is read-only across the domains' tables, in one round of small aggregate queries.
 */
import { one, sql, type Db } from '../../db/index.js';

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
