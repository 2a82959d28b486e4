/**
 * The fairs module's SQL, split by table group (one repo.ts would run past 700 lines): this file
 * holds the figures read across fairs, sign-ups and applications.
 *
 * The halls' ticker (GET /api/qz/systemhxlogs/list): the latest sign-ups to a fair and the
 * applications made in its hall, as lines a visitor reads scrolling by. A hall asks for its own
 * fair's news; the previous client asks without a fair and gets the news of the fairs not yet
 * ended (an ended fair's sign-ups are not news). Job seekers are never named (a ticker is
 * public); enterprises are, since their presence is the news.
 */
import { rows, sql, type Db, chinaTime } from '../../../db/index.js';

/** How far back the ticker looks: older news is not news. */
const WINDOW_DAYS = 30;

export async function hallTicker(
  db: Db,
  page: number,
  limit: number,
  fairId?: string,
): Promise<{ list: { createTime: string; lgnr: string }[]; totalCount: number }> {
  const fairs = fairId ? sql`f.id = ${fairId}` : sql`f.ends_at > now()`;
  const events = sql`
    select s.created_at as at,
           case when s.company_id is null then '一位求职者报名参加了「' || f.name || '」'
                else c.name || ' 报名参加了「' || f.name || '」' end as line
      from fair_signups s join fairs f on f.id = s.fair_id and f.published and ${fairs}
      left join companies c on c.id = s.company_id
     where s.created_at > now() - make_interval(days => ${WINDOW_DAYS})
    union all
    select a.created_at as at, '一位求职者在「' || f.name || '」向 ' || c.name || ' 投递了「' || j.title || '」' as line
      from applications a join fairs f on f.id = a.fair_id and f.published and ${fairs}
      join companies c on c.id = a.company_id join jobs j on j.id = a.job_id
     where a.created_at > now() - make_interval(days => ${WINDOW_DAYS})`;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (${events}) e`);
  const list = await rows<{ createTime: string; lgnr: string }>(
    db,
    sql`select ${chinaTime('e.at')} as "createTime", e.line as lgnr from (${events}) e order by e.at desc offset ${(page - 1) * limit} limit ${limit}`,
  );
  return { list, totalCount: count?.n ?? 0 };
}

/**
 * The HR centre's figures (POST /api/hr/bshxxx/hrInfoTj) for the HR's enterprise: fairs booked and
 * attended, jobs open, résumés received and downloaded. An HR without an enterprise has zeros.
 */
export async function hrFigures(db: Db, companyId: string | null) {
  if (!companyId) return { ydcgs: 0, ycjhxs: 0, hrzzzws: 0, hrsdjls: 0, hrxzjls: 0 };
  const [r] = await rows<{ ydcgs: number; ycjhxs: number; hrzzzws: number; hrsdjls: number; hrxzjls: number }>(
    db,
    sql`select
      (select count(*)::int from fair_signups s join fairs f on f.id = s.fair_id where s.company_id = ${companyId}) as ydcgs,
      (select count(*)::int from fair_signups s join fairs f on f.id = s.fair_id where s.company_id = ${companyId} and f.starts_at <= now()) as ycjhxs,
      (select count(*)::int from jobs where company_id = ${companyId} and status = 1 and deleted_at is null) as hrzzzws,
      (select count(*)::int from applications where company_id = ${companyId}) as hrsdjls,
      (select count(*)::int from resume_downloads where company_id = ${companyId}) as hrxzjls`,
  );
  return r!;
}
