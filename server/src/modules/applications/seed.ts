import type { DemoContext } from '../../db/seed.js';
import { rows, sql } from '../../db/index.js';
import { bumpResumeCounter } from '../resumes/public.js';
import { shieldCompany } from '../relations/public.js';

/**
 * Demo step of applications and relations, after the jobs: the demo seeker applied to a handful
 * of jobs in every state (two at the demo HR's enterprise, so the enterprise centre has something
 * to handle, one in a fair's hall), has an interview invitation waiting and one accepted, saved
 * jobs, followed enterprises, one shielded enterprise, and a résumé viewed by several HR.
 */
export async function seedApplicationsDemo(ctx: DemoContext): Promise<void> {
  const { db, seekerId, hrId, companyId } = ctx;
  // One published job per enterprise, the demo enterprise's first, each with an HR who joined it.
  const jobs = await rows<{ job_id: string; company_id: string; hr_id: string; fair_id: string | null }>(
    db,
    sql`select distinct on (j.company_id) j.id::text as job_id, j.company_id::text as company_id, j.hr_id::text as hr_id,
               (select jf.fair_id::text from job_fairs jf join fairs f on f.id = jf.fair_id
                 where jf.job_id = j.id and f.published and f.ends_at > now() limit 1) as fair_id
        from jobs j join companies c on c.id = j.company_id
        where j.status = 1 and j.deleted_at is null and c.status = 1
        order by j.company_id, (j.company_id = ${companyId}) desc, j.id limit 40`,
  );
  const own = await rows<{ id: string }>(
    db,
    sql`select id::text as id from jobs where company_id = ${companyId} and status = 1 and deleted_at is null order by id limit 2`,
  );
  const others = jobs.filter((j) => j.company_id !== companyId);
  if (own.length < 2 || others.length < 6) {
    ctx.log.warn('demo applications skipped: too few published jobs');
    return;
  }
  const atFair = others.find((j) => j.fair_id) ?? null;
  const rest = others.filter((j) => j !== atFair);

  /** [job, enterprise, fair, state, days ago] */
  const plan: [string, string, string | null, number, number][] = [
    [own[0].id, companyId, null, 4, 6],
    [own[1].id, companyId, null, 1, 0],
    [rest[0].job_id, rest[0].company_id, null, 2, 9],
    [rest[1].job_id, rest[1].company_id, null, 3, 5],
    [rest[2].job_id, rest[2].company_id, null, 4, 12],
    [rest[3].job_id, rest[3].company_id, null, 5, 15],
    [rest[4].job_id, rest[4].company_id, null, 6, 30],
  ];
  if (atFair) plan.push([atFair.job_id, atFair.company_id, atFair.fair_id, 1, 1]);
  const hrOf = new Map(jobs.map((j) => [j.company_id, j.hr_id]));
  hrOf.set(companyId, hrId);

  const apps = await rows<{ id: string; job_id: string }>(
    db,
    sql`insert into applications (seeker_id, job_id, company_id, fair_id, channel, state, state_by, state_at, created_at)
        values ${sql.join(
          plan.map(
            ([job, company, fair, state, days]) =>
              sql`(${seekerId}, ${job}, ${company}, ${fair}, ${fair ? 'fair' : 'search'}, ${state},
                   ${state > 1 ? hrOf.get(company) ?? null : null},
                   ${state > 1 ? sql`now() - make_interval(days => ${Math.max(days - 2, 0)})` : null},
                   now() - make_interval(days => ${days}, hours => ${(days * 7) % 11}))`,
          ),
          sql`, `,
        )}
        returning id::text as id, job_id::text as job_id`,
  );
  const appOf = new Map(apps.map((a) => [a.job_id, a.id]));

  // A waiting invitation from the demo enterprise, and an accepted one from another.
  const invite = (job: string, company: string, days: number, answer: number, title: string, address: string, contact: string, phone: string) =>
    sql`(${appOf.get(job)}, ${seekerId}, ${job}, ${company}, ${hrOf.get(company) ?? null}, ${title},
         (date_trunc('day', now() at time zone 'Asia/Shanghai') + make_interval(days => ${days}, hours => 10)) at time zone 'Asia/Shanghai', '440000', '440300', ${address}, ${contact}, ${phone},
         '请携带身份证和学历证书原件，提前 10 分钟到前台登记。', ${answer}, ${answer ? '好的，准时参加。' : ''},
         ${answer ? sql`now() - interval '1 day'` : null}, now() - interval '2 days')`;
  await db.execute(
    sql`insert into interviews (application_id, seeker_id, job_id, company_id, hr_id, title, at, province, city, address, contact, phone,
                                note, answer, answer_note, answered_at, created_at)
        values ${invite(own[0].id, companyId, 3, 0, '初试', '深圳市南山区科技园科苑路 15 号 8 楼', '王芳', '13800000002')},
               ${invite(rest[2].job_id, rest[2].company_id, 5, 1, '部门复试', '深圳市福田区深南大道 6008 号 12 楼会议室', '刘女士', '13912340000')}`,
  );

  // Saved jobs (one of them applied to), followed enterprises, one shielded.
  const saved = [own[1].id, rest[5]?.job_id, rest[6]?.job_id, rest[0].job_id].filter((x): x is string => !!x);
  await db.execute(
    sql`insert into saved_jobs (seeker_id, job_id, created_at)
        values ${sql.join(saved.map((j, i) => sql`(${seekerId}, ${j}, now() - make_interval(days => ${i * 2 + 1}))`), sql`, `)}
        on conflict do nothing`,
  );
  const followed = [companyId, rest[1].company_id, rest[5]?.company_id].filter((x): x is string => !!x);
  await db.execute(
    sql`insert into followed_companies (seeker_id, company_id, created_at)
        values ${sql.join(followed.map((c, i) => sql`(${seekerId}, ${c}, now() - make_interval(days => ${i * 3 + 2}))`), sql`, `)}
        on conflict do nothing`,
  );
  const shielded = others.at(-1)!.company_id;
  if (!followed.includes(shielded) && !plan.some((p) => p[1] === shielded)) await shieldCompany(db, seekerId, shielded);

  // HR who opened the résumé: the enterprises applied to past "submitted", plus the demo HR twice.
  const views: [string, string, number][] = [
    [hrId, companyId, 6],
    [hrId, companyId, 1],
    ...plan.filter((p) => p[3] > 1 && p[1] !== companyId).map((p, i): [string, string, number] => [hrOf.get(p[1])!, p[1], Math.max(p[4] - 2, 0) + i]),
  ];
  await db.execute(
    sql`insert into resume_views (seeker_id, hr_id, company_id, viewed_at)
        values ${sql.join(views.map(([hr, c, days]) => sql`(${seekerId}, ${hr}, ${c}, now() - make_interval(days => ${days}, hours => 3))`), sql`, `)}`,
  );
  await bumpResumeCounter(db, seekerId, 'viewed', views.length);

  // The demo HR keeps the demo seeker among favourite talents.
  await db.execute(sql`insert into talent_favourites (hr_id, company_id, seeker_id) values (${hrId}, ${companyId}, ${seekerId}) on conflict do nothing`);
  await bumpResumeCounter(db, seekerId, 'favourited');

  ctx.log.info({ applications: apps.length, saved: saved.length, followed: followed.length, views: views.length }, 'demo applications');
}
