/**
 * The weekly job recommendation (recEveryWeek): once a week each subscribed seeker gets a message
 * (list category xx_002 recruitment) naming the newest open jobs that fit the first intention of
 * the résumé and were not applied to. Every node runs the timer; the claim is one UPDATE, so with
 * several nodes each seeker is sent one message a week.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { rows, sql } from '../../db/index.js';
import { runEvery, type Services } from '../../services.js';
import { notify } from '../notify/public.js';

const CHECK_MS = 3600_000;
/** Seekers claimed per round: a round stays short; the rest are taken on the next ones. */
const BATCH = 200;
const JOBS = 5;

export async function sendWeeklyRecommendations(s: Services): Promise<number> {
  const due = await rows<{ id: string }>(
    s.db,
    sql`update seeker_profiles set weekly_sent_at = now()
        where user_id in (select user_id from seeker_profiles
                          where weekly_jobs and (weekly_sent_at is null or weekly_sent_at <= now() - interval '7 days')
                          order by weekly_sent_at nulls first limit ${BATCH} for update skip locked)
        returning user_id::text as id`,
  );
  let sent = 0;
  for (const { id } of due) {
    const jobs = await rows<{ id: string; title: string; company: string }>(
      s.db,
      sql`select j.id::text as id, j.title, c.name as company
          from jobs j join companies c on c.id = j.company_id
          join lateral (select category3, city from resume_intentions where user_id = ${id} order by id limit 1) i on true
          where j.status = 1 and j.deleted_at is null and c.status = 1 and j.category = i.category3 and (i.city = '' or j.city = i.city)
            and not exists (select 1 from applications a where a.seeker_id = ${id} and a.job_id = j.id)
            and not exists (select 1 from seeker_shields sh where sh.seeker_id = ${id} and sh.company_id = c.id)
          order by j.refreshed_at desc, j.id desc limit ${JOBS}`,
    );
    if (!jobs.length) continue;
    const names = jobs.map((j) => `「${j.title}」（${j.company}）`).join('、');
    await notify(s, id, 'xtxx', '每周职位推荐', `根据您的求职意向，本周为您推荐：${names}。`, SITE_PATHS.job(jobs[0].id), 'xx_002');
    sent++;
  }
  if (due.length) s.log.info({ due: due.length, sent }, 'weekly job recommendations sent');
  return sent;
}

export function startWeeklyTimer(s: Services) {
  runEvery(s, CHECK_MS, 'weekly job recommendations', () => sendWeeklyRecommendations(s));
}
