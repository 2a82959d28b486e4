/** The jobs module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jobsApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { isPageRender, readerOf, registerPageViewCounter } from '../../http/page-views.js';
import { badRequest, notFound, pageOf } from '../../http/reply.js';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import type { FairLookups } from './needs.js';
import { contentChanged } from '../../bus/content-changed.js';
import { joinedCompanyId } from '../companies/public.js';
import { addViews, jobFormFields, jobsForOperator, jobsOfCompany } from './repo.js';
import { ownJob } from './own-job.js';
import { addJob } from './add-job.js';
import { updateJob } from './update-job.js';
import { deleteJob } from './delete-job.js';
import { refreshJob } from './refresh-job.js';
import { publishJob } from './publish-job.js';
import { closeJob } from './close-job.js';
import { fairsForJob, setJobFairs } from './job-fairs.js';
import { detailOf, jobDetail, postedJob, visibleJob } from './job-detail.js';
import { takeDownJob } from './take-down-job.js';

/** The jobs module, given what it asks of the fairs module (see needs.ts). */
export function jobsModule(fairs: FairLookups): Module {
  return { name: 'jobs', dependencies: ['companies', 'codes'], register: (app, s) => register(app, s, fairs) };
}

function register(app: FastifyInstance, s: Services, fairs: FairLookups): void {
  // Readers of a job page count as views, once a day each (http/page-views.ts).
  registerPageViewCounter('job', addViews);
  const company = (userId: string) => joinedCompanyId(s.db, userId);
  // Public pages (search, job and company pages, fair halls) are cached; tell the caches.
  const changed = (jobId: string) => contentChanged(s, 'job', jobId);

  handle(app, s, jobsApi.add, async ({ body, query, user }) => {
    const { fb, ...fields } = body;
    const publish = fb ?? query.type;
    if (publish === undefined) throw badRequest('缺少必填参数：是否发布(type)');
    const gwid = await addJob(s, fairs, user.id, await company(user.id), fields, publish === 1);
    await changed(gwid);
    return { gwid, msg: publish === 1 ? '岗位已发布' : '草稿已保存' };
  });

  handle(app, s, jobsApi.update, async ({ body, user }) => {
    const { gwid, ...fields } = body;
    await updateJob(s, fairs, await company(user.id), gwid, fields);
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
    const { total, list } = await jobsOfCompany(s.db, companyId, user.id, { ...query, name, end });
    return { page: pageOf(list, total, query.page, query.limit) };
  });

  handle(app, s, jobsApi.detailHr, async ({ params, user }) => {
    const companyId = await company(user.id);
    await ownJob(s.db, companyId, params.gwid);
    const j = await jobDetail(s, params.gwid);
    if (!j) throw notFound('岗位不存在');
    const hxlist = await fairsForJob(s.db, fairs, companyId, params.gwid);
    const hxid = hxlist.filter((f) => f.sfxz === 1).map((f) => f.hxid);
    return { gwxxxqHrVO: { ...(await detailOf(s.db, j, user)), ...(await jobFormFields(s.db, params.gwid)), hxid, xjyy: j.xjyy, hxlist } };
  });

  handle(app, s, jobsApi.fairs, async ({ query, user }) => {
    const companyId = await company(user.id);
    await ownJob(s.db, companyId, query.gwid);
    return { hxlist: await fairsForJob(s.db, fairs, companyId, query.gwid) };
  });

  handle(app, s, jobsApi.setFairs, async ({ body, user }) => {
    await setJobFairs(s, fairs, await company(user.id), body.gwid, body.hxids);
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
    const j = await postedJob(s, query.gwid, user);
    return { hrInfo: { hrid: j.hrid, xm: j.hrxm, zw: j.hrzw, dwid: j.dwid, dwmc: j.dwmc } };
  });

  // ---- the operator

  handle(app, s, jobsApi.adminList, async ({ query }) => {
    const { total, list } = await jobsForOperator(s.db, { ...query, key: query.key?.trim() });
    return { page: pageOf(list, total, query.page, query.limit) };
  });

  handle(app, s, jobsApi.adminTakeDown, async ({ body, user }) => {
    await takeDownJob(s, user.id, body.gwid, body.xjyy);
    await changed(body.gwid);
    return { msg: '岗位已下架，已通知发布的 HR' };
  });
}
