/** The companies module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { identityApi, companiesApi, companyMissingText, type CompanyJobItem } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { notFound, pageOf, replyAfter } from '../../http/reply.js';
import type { Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import { contentChanged } from '../../bus/content-changed.js';
import { fileUrl } from '../files/public.js';
import { companyLogoUrls, type InterviewCounter } from './public.js';
import {
  colleaguesOf, companiesForReview, companiesNamed, companyForHr, companyLogoFiles, companyStateOfHr, hrInfoOf, joinRequests, logoAndLicenceFiles,
  missingCompanyFields, publicLogoFile,
} from './repo.js';
import { hrState, joinedCompanyId } from './joined-company.js';
import { registerCompany } from './register-company.js';
import { updateCompany } from './update-company.js';
import { visibleCompany } from './visible-company.js';
import { requestJoin } from './request-join.js';
import { reviewJoin } from './review-join.js';
import { updateHrProfile } from './update-hr-profile.js';
import { addSubAccount } from './add-sub-account.js';
import { reviewCompany } from './review-company.js';

/** What the companies module counts with data other modules own. */
export interface CompaniesNeeds {
  interviewsSent: InterviewCounter;
  /** The enterprise's published jobs as its page lists them (jobs module). */
  companyJobs(db: Db, companyId: string, opts: { page: number; limit: number }): Promise<{ list: Static<typeof CompanyJobItem>[]; total: number }>;
  /** After a rename, the enterprise's jobs are found by the new name (jobs module). */
  companyRenamed(db: Db, companyId: string, name: string): Promise<void>;
}

export function companiesModule(needs: CompaniesNeeds): Module {
  return { name: 'companies', dependencies: ['auth'], register: (app, s) => register(app, s, needs) };
}

function register(app: FastifyInstance, s: Services, needs: CompaniesNeeds): void {
  s.companyStateOfHr = (userId) => companyStateOfHr(s.db, userId);

  handle(app, s, identityApi.companyState, async ({ user }) => ({ shzt: await companyStateOfHr(s.db, user.id) }));

  handle(app, s, identityApi.hrInfo, async ({ user }) => {
    const r = await hrInfoOf(s.db, user.id);
    if (!r) throw notFound('HR 信息不存在');
    const joined = r.join_state === 0 || r.join_state === 2;
    return {
      qyDwhrxxEntity: {
        hrid: user.id, xm: r.xm, phone: user.phone, sjhm: user.phone, yx: r.yx, xb: r.xb, zw: r.zw, sflx: r.manager && joined ? ('s_002' as const) : ('s_001' as const),
        // no WeChat binding on this platform: the centre shows 未绑定微信
        wx: '',
        dwid: r.dwid, dwqc: r.dwmc, dwmc: r.dwmc, shzt: joined ? (r.shzt ?? -1) : -1, vip: r.vip,
      },
    };
  });

  handle(app, s, identityApi.companyLogos, async ({ body }) => ({ urls: await companyLogoUrls(s.db, s.config, body) }));

  // Public by the spec for logos only (fileType 20): a licence is for the operator's review, not for anyone with an id.
  handle(app, s, identityApi.companyFile, async ({ params }) => {
    const f = await publicLogoFile(s.db, params.id);
    if (!f) throw notFound('文件不存在');
    return { fileUrl: fileUrl(s.config, f.storage_key) };
  });

  handle(app, s, identityApi.companyFiles, async ({ query }) => {
    const list = await companyLogoFiles(s.db, query.dwid);
    // Oldest first: the previous client takes the last logo as the current one.
    const out = list.reverse().map(({ storage_key, ...f }) => ({ ...f, fileUrl: fileUrl(s.config, storage_key) }));
    return { page: out };
  });

  // ---- the enterprise, as its HR manage it

  handle(app, s, companiesApi.register, async ({ body, user }) => ({ dwid: await registerCompany(s, user.id, body), msg: '单位信息已提交，请等待审核' }));

  handle(app, s, companiesApi.update, async ({ body, user }) => {
    const shzt = await updateCompany(s, user.id, body, needs.companyRenamed);
    const companyId = await joinedCompanyId(s.db, user.id);
    // Company pages and lists are cached for visitors.
    await contentChanged(s, 'company', companyId);
    const missing = await missingCompanyFields(s.db, companyId);
    const saved = shzt === 0 ? '单位信息已保存，请等待重新审核' : '单位信息已保存';
    return { shzt, missing, msg: missing.length ? `${saved}。${companyMissingText(missing)}` : saved };
  });

  handle(app, s, companiesApi.infoForHr, async ({ user }) => {
    const st = await hrState(s.db, user.id);
    const sqzt = String(st.joinState) as '0' | '1' | '2' | '3';
    const empty = { BsKhglEntity: null, shzt: null, sqzt, shsm: '', qydwimageUrl: '', yyzzimageUrl: '', page: pageOf([], 0, 1, 10) };
    if (st.joinState !== 2 || !st.companyId) return empty;
    const c = await companyForHr(s.db, st.companyId);
    if (!c) return empty;
    const files = await logoAndLicenceFiles(s.db, c.qydwimage, c.yyzzimage);
    const list = files.map(({ storage_key, ...f }) => ({ ...f, fileUrl: fileUrl(s.config, storage_key) }));
    const urlOf = (id: string) => list.find((f) => f.wjid === id)?.fileUrl ?? '';
    return {
      BsKhglEntity: c,
      shzt: c.shzt,
      sqzt,
      shsm: c.shsm,
      qydwimageUrl: urlOf(c.qydwimage),
      yyzzimageUrl: urlOf(c.yyzzimage),
      page: pageOf(list, list.length, 1, 10),
    };
  });

  handle(app, s, companiesApi.findByName, async ({ query }) => ({ list: await companiesNamed(s.db, query.dwmc.trim()) }));

  // ---- the enterprise, as visitors see it

  handle(app, s, companiesApi.detail, async ({ query, user }) => {
    const { status: _status, ...c } = await visibleCompany(s, query.dwid, user?.role === 'hr' ? user.id : null);
    const jobs = await needs.companyJobs(s.db, c.dwid, { page: query.page, limit: query.limit });
    const logos = await companyLogoUrls(s.db, s.config, [c.dwid]);
    const listed = query.sfxstd === undefined || query.sfxstd === 1;
    const list = listed ? jobs.list : [];
    return {
      dwInfo: { ...c, logoUrl: logos[c.dwid], rzgws: jobs.total },
      page: pageOf(list, listed ? jobs.total : 0, query.page, query.limit),
    };
  });

  handle(app, s, companiesApi.logo, async ({ query }) => ({ fileUrl: (await companyLogoUrls(s.db, s.config, [query.dwid]))[query.dwid] }));

  handle(app, s, companiesApi.jobs, async ({ query }) => {
    await visibleCompany(s, query.dwid, null);
    const jobs = await needs.companyJobs(s.db, query.dwid, { page: 1, limit: 100 });
    return { gwList: jobs.list };
  });

  handle(app, s, companiesApi.counts, async ({ query }) => {
    await visibleCompany(s, query.dwid, null);
    const jobs = await needs.companyJobs(s.db, query.dwid, { page: query.page, limit: query.limit });
    return {
      gwCount: jobs.total,
      msCount: await needs.interviewsSent(s.db, query.dwid),
      page: pageOf(jobs.list, jobs.total, query.page, query.limit),
    };
  });

  // ---- HR profile and colleagues

  handle(app, s, companiesApi.joinCompany, ({ body, user }) => replyAfter(requestJoin(s, user.id, body.dwid, body), { msg: '申请已提交，请等待单位同事审核' }));

  handle(app, s, companiesApi.updateProfile, ({ body, user }) => replyAfter(updateHrProfile(s, user.id, body), { msg: '个人信息已保存' }));

  handle(app, s, companiesApi.joinRequests, async ({ query, user }) => {
    const companyId = await joinedCompanyId(s.db, user.id);
    const { total, list } = await joinRequests(s.db, companyId, query.sqzt ?? 1, query.page, query.limit);
    return { page: pageOf(list, total, query.page, query.limit) };
  });

  handle(app, s, companiesApi.joinReview, async ({ query, user }) => {
    await reviewJoin(s, user.id, query.dwid, query.hrid, query.shzt);
    return { msg: query.shzt === 1 ? '已同意加入' : '已拒绝申请' };
  });

  handle(app, s, companiesApi.addSubAccount, async ({ body, user }) => ({
    hrid: await addSubAccount(s, user.id, body),
    msg: '子账号已开通，同事可用该手机号和密码登录',
  }));

  handle(app, s, companiesApi.colleagues, async ({ user }) => {
    const companyId = await joinedCompanyId(s.db, user.id);
    return { list: await colleaguesOf(s.db, companyId, user.id) };
  });

  // ---- the operator's review

  handle(app, s, companiesApi.adminList, async ({ query }) => {
    const { total, list } = await companiesForReview(s.db, { state: query.shzt ?? 0, name: query.dwmc?.trim(), page: query.page, limit: query.limit });
    const out = list.map(({ licence_key, logo_key, ...r }) => ({
      ...r,
      yyzzimageUrl: licence_key ? fileUrl(s.config, licence_key) : '',
      qydwimageUrl: logo_key ? fileUrl(s.config, logo_key) : '',
    }));
    return { page: pageOf(out, total, query.page, query.limit) };
  });

  handle(app, s, companiesApi.adminReview, async ({ body, user }) => {
    await reviewCompany(s, user.id, body.dwid, body.shzt, body.shsm ?? '');
    await contentChanged(s, 'company', body.dwid);
    return { msg: body.shzt === 1 ? '已通过审核，已通知企业' : '已驳回，已通知企业' };
  });
}
