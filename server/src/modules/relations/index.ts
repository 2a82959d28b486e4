import { relationsApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { badRequest, notFound, offsetOf, pageOf } from '../../http/reply.js';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Module } from '../index.js';
import { companyLogoUrls } from '../companies/public.js';
import { companyJobCounts, jobSummary } from '../jobs/public.js';
import { shieldCompany, shieldedCompanies, unshieldCompany } from '../search/public.js';
import { bumpResumeCounter, seekerCards } from '../resumes/public.js';
import { candidateAccess } from '../applications/public.js';
import { hrCompany, likePattern, timeText } from '../applications/public.js';

/** An enterprise seekers may follow: registered and approved. */
async function liveCompany(db: Db, companyId: string) {
  const c = await one<{ id: string }>(db, sql`select id::text as id from companies where id = ${companyId} and status = 1`);
  if (!c) throw notFound('单位不存在');
  return c.id;
}

/** A job that may be saved: published, and of the enterprise named (when one is). */
async function savableJob(db: Db, gwid: string, dwid?: string) {
  const job = await jobSummary(db, gwid);
  if (!job) throw notFound('岗位不存在');
  if (dwid && dwid !== job.companyId) throw badRequest('单位与岗位不符');
  if (job.status !== 1) throw badRequest(`岗位「${job.title}」已停止招聘，不能收藏`);
  return job;
}

const relations: Module = {
  name: 'relations',
  dependencies: ['applications'],
  register(app, s) {
    // ---- saved jobs

    handle(app, s, relationsApi.savedJobs, async ({ params, user }) => {
      const { page, limit } = params;
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from saved_jobs where seeker_id = ${user.id}`))?.n ?? 0;
      const list = await rows<{ dwid: string; zdyx: number; zgyx: number } & Record<string, string | number>>(
        s.db,
        sql`select j.id::text as qdid, j.id::text as gwid, j.title as gwmc, job_gwzt(j.status) as gwzt, c.id::text as dwid, c.name as dwmc,
                   c.nature as dwxz, c.size as dwgm, j.city as sbcs, job_salary_code(j.salary_min, j.salary_max) as gwyx,
                   j.salary_min as zdyx, j.salary_max as zgyx, j.education as xlyq, j.experience as jyyq,
                   ${timeText('j.refreshed_at')} as gwfbsj, ${timeText('j.refreshed_at')} as sxsj, ${timeText('sj.created_at')} as scsj, coalesce(a.state, 0)::int as yyzt
            from saved_jobs sj join jobs j on j.id = sj.job_id join companies c on c.id = j.company_id
            left join applications a on a.seeker_id = sj.seeker_id and a.job_id = sj.job_id
            where sj.seeker_id = ${user.id} order by sj.created_at desc, j.id desc limit ${limit} offset ${offsetOf(page, limit)}`,
      );
      const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
      const out = list.map((x) => ({ ...x, zdyx: Number(x.zdyx), zgyx: Number(x.zgyx), logoUrl: logos[x.dwid] ?? '' }));
      return { page: pageOf(out as never[], total, page, limit) };
    });

    handle(app, s, relationsApi.saveJob, async ({ params, user }) => {
      const job = await savableJob(s.db, params.gwid, params.dwid);
      await s.db.execute(sql`insert into saved_jobs (seeker_id, job_id) values (${user.id}, ${job.id}) on conflict do nothing`);
      return { msg: '收藏成功' };
    });

    handle(app, s, relationsApi.saveJobs, async ({ body, user }) => {
      const items = body.map((x) => (typeof x === 'string' ? { gwid: x, dwid: undefined } : { gwid: x.gwid, dwid: x.dwid || undefined }));
      // All or nothing: every job is checked before any is saved.
      const jobs = [];
      for (const it of items) jobs.push(await savableJob(s.db, it.gwid, it.dwid));
      const ids = [...new Set(jobs.map((j) => j.id))];
      const r = await rows(
        s.db,
        sql`insert into saved_jobs (seeker_id, job_id) values ${sql.join(ids.map((id) => sql`(${user.id}, ${id})`), sql`, `)}
            on conflict do nothing returning job_id`,
      );
      return { saved: r.length, msg: '收藏成功' };
    });

    handle(app, s, relationsApi.unsaveJob, async ({ params, user }) => {
      await s.db.execute(sql`delete from saved_jobs where seeker_id = ${user.id} and job_id = ${params.gwid}`);
      return { msg: '已取消收藏' };
    });

    handle(app, s, relationsApi.jobFlags, async ({ body, user }) => {
      const ids = [...new Set(body)];
      const r = await rows<{ id: string }>(
        s.db,
        sql`select job_id::text as id from saved_jobs where seeker_id = ${user.id}
            and job_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      const saved = new Set(r.map((x) => x.id));
      return { sczt: Object.fromEntries(ids.map((id) => [id, saved.has(id) ? 1 : 0])) };
    });

    // ---- followed enterprises

    handle(app, s, relationsApi.followed, async ({ params, user }) => {
      const { page, limit } = params;
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from followed_companies where seeker_id = ${user.id}`))?.n ?? 0;
      const list = await rows<{ dwid: string; dwmc: string; dwxz: string; sshy: string; dwgm: string; dwszcs: string; scsj: string }>(
        s.db,
        sql`select c.id::text as dwid, c.name as dwmc, c.nature as dwxz, c.industry as sshy, c.size as dwgm, c.city as dwszcs,
                   ${timeText('fc.created_at')} as scsj
            from followed_companies fc join companies c on c.id = fc.company_id
            where fc.seeker_id = ${user.id} order by fc.created_at desc, c.id desc limit ${limit} offset ${offsetOf(page, limit)}`,
      );
      const ids = list.map((x) => x.dwid);
      const [logos, counts] = [await companyLogoUrls(s.db, s.config, ids), await companyJobCounts(s.db, ids)];
      return { page: pageOf(list.map((x) => ({ ...x, logoUrl: logos[x.dwid] ?? '', rzgws: counts[x.dwid] ?? 0 })), total, page, limit) };
    });

    handle(app, s, relationsApi.follow, async ({ params, user }) => {
      const id = await liveCompany(s.db, params.dwid);
      await s.db.execute(sql`insert into followed_companies (seeker_id, company_id) values (${user.id}, ${id}) on conflict do nothing`);
      return { msg: '关注成功' };
    });

    handle(app, s, relationsApi.unfollow, async ({ params, user }) => {
      await s.db.execute(sql`delete from followed_companies where seeker_id = ${user.id} and company_id = ${params.dwid}`);
      return { msg: '已取消关注' };
    });

    handle(app, s, relationsApi.companyFlags, async ({ body, user }) => {
      const ids = [...new Set(body)];
      const r = await rows<{ id: string }>(
        s.db,
        sql`select company_id::text as id from followed_companies where seeker_id = ${user.id}
            and company_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      const followed = new Set(r.map((x) => x.id));
      const shielded = new Set(await shieldedCompanies(s.db, user.id));
      return {
        sczt: Object.fromEntries(ids.map((id) => [id, followed.has(id) ? 1 : 0])),
        pbzt: Object.fromEntries(ids.map((id) => [id, shielded.has(id) ? 1 : 0])),
      };
    });

    // ---- shielded enterprises

    handle(app, s, relationsApi.shielded, async ({ user }) => {
      const ids = await shieldedCompanies(s.db, user.id);
      if (!ids.length) return { pbdwList: [] };
      const list = await rows<{ dwid: string; dwmc: string; dwszcs: string }>(
        s.db,
        sql`select id::text as dwid, name as dwmc, city as dwszcs from companies where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      const byId = new Map(list.map((x) => [x.dwid, x]));
      return { pbdwList: ids.flatMap((id) => byId.get(id) ?? []) };
    });

    handle(app, s, relationsApi.shield, async ({ params, user }) => {
      const c = await one<{ id: string }>(s.db, sql`select id::text as id from companies where id = ${params.dwid}`);
      if (!c) throw notFound('单位不存在');
      await shieldCompany(s.db, user.id, c.id);
      return { msg: '屏蔽成功，该单位的 HR 将无法在人才搜索中看到您' };
    });

    handle(app, s, relationsApi.unshield, async ({ params, user }) => {
      await unshieldCompany(s.db, user.id, params.dwid);
      return { msg: '已取消屏蔽' };
    });

    // ---- who viewed my résumé

    handle(app, s, relationsApi.viewers, async ({ query, user }) => {
      const { page, limit } = query;
      const total =
        (await one<{ n: number }>(s.db, sql`select count(distinct hr_id)::int as n from resume_views where seeker_id = ${user.id}`))?.n ?? 0;
      const list = await rows<{ hrid: string; dwid: string; cksj: string; ckcs: number; hrxm: string; hrzw: string; dwmc: string; sshy: string }>(
        s.db,
        sql`select v.hrid, v.dwid, ${timeText('v.last')} as cksj, v.n as ckcs, coalesce(h.name, '') as hrxm, coalesce(h.title, '') as hrzw,
                   c.name as dwmc, c.industry as sshy
            from (select hr_id::text as hrid, (array_agg(company_id order by viewed_at desc))[1]::text as dwid, max(viewed_at) as last,
                         count(*)::int as n
                  from resume_views where seeker_id = ${user.id} group by hr_id) v
            join companies c on c.id = v.dwid::bigint left join hr_profiles h on h.user_id = v.hrid::bigint
            order by v.last desc, v.hrid limit ${limit} offset ${offsetOf(page, limit)}`,
      );
      const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
      return { page: pageOf(list.map((x) => ({ ...x, logoUrl: logos[x.dwid] ?? '' })), total, page, limit) };
    });

    // ---- HR's favourite talents

    handle(app, s, relationsApi.addFavourite, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      if (!(await candidateAccess(s.db, company.id, query.qzzid))) throw notFound('该求职者不存在或已隐藏简历');
      const r = await one(
        s.db,
        sql`insert into talent_favourites (hr_id, company_id, seeker_id) values (${user.id}, ${company.id}, ${query.qzzid})
            on conflict do nothing returning seeker_id`,
      );
      if (r) await bumpResumeCounter(s.db, query.qzzid, 'favourited');
      return { msg: '收藏成功' };
    });

    handle(app, s, relationsApi.removeFavourite, async ({ params, user }) => {
      const r = await one(s.db, sql`delete from talent_favourites where hr_id = ${user.id} and seeker_id = ${params.qzbsid} returning seeker_id`);
      if (r) await bumpResumeCounter(s.db, params.qzbsid, 'favourited', -1);
      return { msg: '已取消收藏' };
    });

    handle(app, s, relationsApi.favourites, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      const { page, limit } = query;
      const where = sql`t.hr_id = ${user.id} ${query.xm?.trim() ? sql`and p.name ilike ${likePattern(query.xm)}` : sql``}`;
      const from = sql`from talent_favourites t left join seeker_profiles p on p.user_id = t.seeker_id where ${where}`;
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n ${from}`))?.n ?? 0;
      const list = await rows<{ qzbsid: string; scsj: string; sftd: number; sfyy: number }>(
        s.db,
        sql`select t.seeker_id::text as qzbsid, ${timeText('t.created_at')} as scsj,
                   (exists (select 1 from applications a where a.seeker_id = t.seeker_id and a.company_id = ${company.id}))::int as sftd,
                   (exists (select 1 from interviews i where i.seeker_id = t.seeker_id and i.company_id = ${company.id}))::int as sfyy
            ${from} order by t.created_at desc, t.seeker_id desc limit ${limit} offset ${offsetOf(page, limit)}`,
      );
      const cards = new Map((await seekerCards(s.db, s.config, list.map((x) => x.qzbsid))).map((c) => [c.qzbsid, c]));
      const out = list.map((x) => {
        const c = cards.get(x.qzbsid);
        return {
          ...x, xm: c?.xm ?? '', xbm: c?.xbm ?? '', nl: c?.nl ?? null, zgxl: c?.zgxl ?? '', gznx: c?.gznx ?? 0, dqszcs: c?.dqszcs ?? '',
          txUrl: c?.txUrl ?? '',
        };
      });
      return { page: pageOf(out, total, page, limit) };
    });
  },
};

export default relations;
