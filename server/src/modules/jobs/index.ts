import type { Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { jobsApi, type HrJobRow } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { isPageRender, readerOf, registerPageViewCounter } from '../../http/page-views.js';
import { badRequest, notFound, pageOf } from '../../http/reply.js';
import { chinaTime, one, rows, sql } from '../../db/index.js';
import type { Module } from '../index.js';
import { contentChanged } from '../content/public.js';
import { joinedCompanyId } from '../companies/public.js';
import {
  addJob, closeJob, deleteJob, detailOf, fairsForJob, jobDetail, jobFormFields, ownJob, publishJob, refreshJob, setJobFairs, takeDownJob, updateJob, visibleJob,
} from './store.js';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const jobs: Module = {
  name: 'jobs',
  dependencies: ['companies', 'codes'],
  register(app, s) {
    // Readers of a job page count as views, once a day each (http/page-views.ts).
    registerPageViewCounter('job', (db, id, n) => db.execute(sql`update jobs set views = views + ${n} where id = ${id}`));
    const company = (userId: string) => joinedCompanyId(s.db, userId);
    // Public pages (search, job and company pages, fair halls) are cached; tell the caches.
    const changed = (jobId: string) => contentChanged(s, 'job', jobId);

    handle(app, s, jobsApi.add, async ({ body, query, user }) => {
      const { fb, ...fields } = body;
      const publish = fb ?? query.type;
      if (publish === undefined) throw badRequest('缺少必填参数：是否发布(type)');
      const gwid = await addJob(s, user.id, await company(user.id), fields, publish === 1);
      await changed(gwid);
      return { gwid, msg: publish === 1 ? '岗位已发布' : '草稿已保存' };
    });

    handle(app, s, jobsApi.update, async ({ body, user }) => {
      const { gwid, ...fields } = body;
      await updateJob(s, await company(user.id), gwid, fields);
      await changed(gwid);
      return { msg: '岗位已保存' };
    });

    handle(app, s, jobsApi.remove, async ({ params, user }) => {
      await deleteJob(s, await company(user.id), params.gwid);
      await changed(params.gwid);
      return { msg: '岗位已删除' };
    });

    handle(app, s, jobsApi.refresh, async ({ params, user }) => {
      await refreshJob(s, await company(user.id), params.gwid);
      await changed(params.gwid);
      return { msg: '刷新成功' };
    });

    handle(app, s, jobsApi.publish, async ({ params, user }) => {
      const msg = await publishJob(s, await company(user.id), params.gwid);
      await changed(params.gwid);
      return { msg };
    });

    handle(app, s, jobsApi.openClose, async ({ query, user }) => {
      const companyId = await company(user.id);
      const msg = query.type === 2 ? await publishJob(s, companyId, query.gwid) : await closeJob(s, companyId, query.gwid);
      await changed(query.gwid);
      return { msg };
    });

    handle(app, s, jobsApi.listHr, async ({ query, user }) => {
      const companyId = await company(user.id);
      const name = query.gwmc?.trim();
      // a date alone as the end covers that whole day
      const end = query.endTime && query.endTime.length === 10 ? `${query.endTime} 23:59:59` : query.endTime;
      const when = sql.raw(`(j.refreshed_at at time zone 'Asia/Shanghai')`);
      const where = sql`j.company_id = ${companyId} and j.deleted_at is null
        ${query.gwzt ? sql`and job_gwzt(j.status) = ${query.gwzt}` : sql``}
        ${name ? sql`and j.title ilike ${like(name)}` : sql``}
        ${query.startTime ? sql`and ${when} >= ${query.startTime}::timestamp` : sql``}
        ${end ? sql`and ${when} <= ${end}::timestamp` : sql``}
        ${query.mine === 1 ? sql`and j.hr_id = ${user.id}` : sql``}`;
      const total = await one<{ n: number }>(s.db, sql`select count(*)::int as n from jobs j where ${where}`);
      const list = await rows<Static<typeof HrJobRow>>(
        s.db,
        sql`select j.id::text as gwid, j.title as gwmc, job_gwzt(j.status) as gwzt, job_salary_code(j.salary_min, j.salary_max) as gwyx,
                   j.salary_min as zdyx, j.salary_max as zgyx, j.province as sbsf, j.city as sbcs, left(j.category, 9) as gwlbt,
                   j.category as gwlb, j.education as xlyq, ${chinaTime('j.refreshed_at')} as gwfbsj,
                   (select count(*)::int from applications a where a.job_id = j.id) as sdjlcount,
                   (select count(*)::int from job_fairs f where f.job_id = j.id) as chcscount,
                   j.headcount as zprs, j.views as llcs, j.takedown_reason as xjyy, j.hr_id::text as hrid,
                   coalesce(nullif(h.name, ''), u.name, '') as hrxm
            from jobs j join users u on u.id = j.hr_id left join hr_profiles h on h.user_id = j.hr_id
            where ${where} order by j.updated_at desc, j.id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
      );
      return { page: pageOf(list, total?.n ?? 0, query.page, query.limit) };
    });

    handle(app, s, jobsApi.detailHr, async ({ params, user }) => {
      const companyId = await company(user.id);
      await ownJob(s.db, companyId, params.gwid);
      const j = await jobDetail(s, params.gwid);
      if (!j) throw notFound('岗位不存在');
      const hxlist = await fairsForJob(s.db, companyId, params.gwid);
      const hxid = hxlist.filter((f) => f.sfxz === 1).map((f) => f.hxid);
      return { gwxxxqHrVO: { ...(await detailOf(s.db, j, user)), ...(await jobFormFields(s.db, params.gwid)), hxid, xjyy: j.xjyy, hxlist } };
    });

    handle(app, s, jobsApi.fairs, async ({ query, user }) => {
      const companyId = await company(user.id);
      await ownJob(s.db, companyId, query.gwid);
      return { hxlist: await fairsForJob(s.db, companyId, query.gwid) };
    });

    handle(app, s, jobsApi.setFairs, async ({ body, user }) => {
      await setJobFairs(s, await company(user.id), body.gwid, body.hxids);
      await changed(body.gwid);
      return { msg: '已保存岗位参加的招聘会' };
    });

    // ---- visitors

    // A page render's read is not a view: the page counts its reader (http/page-views.ts).
    const reader = (req: FastifyRequest, user: { id: string } | null) => (isPageRender(req) ? null : readerOf(req, user?.id));
    handle(app, s, jobsApi.detailByPath, async ({ params, user, req }) => ({ gwxxxqQzVO: await visibleJob(s, params.gwid, user, reader(req, user)) }));
    handle(app, s, jobsApi.detail, async ({ query, user, req }) => ({ gwxxxqQzVO: await visibleJob(s, query.gwid, user, reader(req, user)) }));
    handle(app, s, jobsApi.info, async ({ query, user, req }) => ({ qyDwgwfbxx: await visibleJob(s, query.gwid, user, reader(req, user)) }));
    handle(app, s, jobsApi.postingHr, async ({ query, user }) => {
      const j = await jobDetail(s, query.gwid);
      const own = user?.role === 'hr' && j && (await joinedCompanyId(s.db, user.id).catch(() => null)) === j.dwid;
      if (!j || (!own && (j.company_status !== 1 || (j.zt !== 1 && j.zt !== 2)))) throw notFound('岗位不存在或已下线');
      return { hrInfo: { hrid: j.hrid, xm: j.hrxm, zw: j.hrzw, dwid: j.dwid, dwmc: j.dwmc } };
    });

    // ---- the operator

    handle(app, s, jobsApi.adminList, async ({ query }) => {
      const key = query.key?.trim();
      const where = sql`j.deleted_at is null
        ${query.zt !== undefined ? sql`and j.status = ${query.zt}` : sql``}
        ${key ? sql`and (j.title ilike ${like(key)} or c.name ilike ${like(key)})` : sql``}`;
      const total = await one<{ n: number }>(s.db, sql`select count(*)::int as n from jobs j join companies c on c.id = j.company_id where ${where}`);
      const list = await rows<{ gwid: string; gwmc: string; dwid: string; dwmc: string; zt: number; xjyy: string; sxsj: string; hrxm: string }>(
        s.db,
        sql`select j.id::text as gwid, j.title as gwmc, c.id::text as dwid, c.name as dwmc, j.status::int as zt, j.takedown_reason as xjyy,
                   ${chinaTime('j.refreshed_at')} as sxsj, coalesce(nullif(h.name, ''), u.name, '') as hrxm
            from jobs j join companies c on c.id = j.company_id join users u on u.id = j.hr_id left join hr_profiles h on h.user_id = j.hr_id
            where ${where} order by j.updated_at desc, j.id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
      );
      return { page: pageOf(list, total?.n ?? 0, query.page, query.limit) };
    });

    handle(app, s, jobsApi.adminTakeDown, async ({ body, user }) => {
      await takeDownJob(s, user.id, body.gwid, body.xjyy);
      await changed(body.gwid);
      return { msg: '岗位已下架，已通知发布的 HR' };
    });
  },
};
export default jobs;
