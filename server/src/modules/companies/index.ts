import { identityApi, companiesApi, companyMissingText } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { badRequest, conflict, notFound, pageOf } from '../../http/reply.js';
import { one, rows, sql, chinaTime } from '../../db/index.js';
import type { Module } from '../index.js';
import { contentChanged } from '../content/public.js';
import { companyStateOfHr, createHrProfile } from './hr.js';
import { fileUrl } from '../files/public.js';
import { createUser, setDisplayName, findUser } from '../auth/public.js';
import { perkList, publishedJobsOfCompany, type JobListItem } from '../jobs/public.js';
import { companyLogoUrls, type InterviewCounter } from './public.js';
import { hrState, joinedCompanyId, missingCompanyFields, registerCompany, requestJoin, reviewCompany, reviewJoin, updateCompany } from './store.js';
import { isValidCode } from '../codes/public.js';
import type { Services } from '../../services.js';
import type { FastifyInstance } from 'fastify';


/** A job of a company's list (CompanyJobItem): the job row with its perks as fllist. */
const jobItem = ({ hrid: _h, gwms: _d, gwfl, ...j }: JobListItem) => ({ ...j, fllist: perkList(gwfl) });

/** What the companies module counts with data other modules own. */
export interface CompaniesNeeds {
  interviewsSent: InterviewCounter;
}

export function companiesModule(needs: CompaniesNeeds): Module {
  return { name: 'companies', dependencies: ['auth'], register: (app, s) => register(app, s, needs) };
}

function register(app: FastifyInstance, s: Services, needs: CompaniesNeeds): void {
  s.companyStateOfHr = (userId) => companyStateOfHr(s.db, userId);

  handle(app, s, identityApi.companyState, async ({ user }) => ({ shzt: await companyStateOfHr(s.db, user.id) }));

  handle(app, s, identityApi.hrInfo, async ({ user }) => {
    const r = await one<{ xm: string; zw: string; yx: string; xb: string; dwid: string; dwmc: string; shzt: number | null; vip: number; join_state: number; manager: boolean }>(
      s.db,
      sql`select h.name as xm, h.title as zw, h.email as yx, h.gender as xb, coalesce(h.company_id::text, '') as dwid, coalesce(c.name, '') as dwmc,
                 coalesce(c.created_by = h.user_id, false) as manager,
                 c.status::int as shzt, h.join_state::int as join_state,
                 -- paying: the enterprise's membership (rtc/vip.ts) or the older per-account flag
                 (case when h.vip = 1 or (h.join_state = 2 and c.vip_until >= (now() at time zone 'Asia/Shanghai')::date) then 1 else 0 end) as vip
          from hr_profiles h left join companies c on c.id = h.company_id where h.user_id = ${user.id}`,
    );
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
    const f = await one<{ storage_key: string }>(
      s.db,
      sql`select storage_key from files where id = ${params.id} and kind = 20 and not private and deleted_at is null`,
    );
    if (!f) throw notFound('文件不存在');
    return { fileUrl: fileUrl(s.config, f.storage_key) };
  });

  handle(app, s, identityApi.companyFiles, async ({ query }) => {
    const list = await rows<{ wjid: string; wjlx: number; wjmc: string; storage_key: string; createTime: string }>(
      s.db,
      sql`select id::text as wjid, kind::int as wjlx, name as wjmc, storage_key, ${chinaTime('created_at')} as "createTime"
          from files where company_id = ${query.dwid} and kind = 20 and deleted_at is null
          order by created_at desc, id desc limit 50`,
    );
    // Oldest first: the previous client takes the last logo as the current one.
    const out = list.reverse().map(({ storage_key, ...f }) => ({ ...f, fileUrl: fileUrl(s.config, storage_key) }));
    return { page: out };
  });

  // ---- the enterprise, as its HR manage it

  handle(app, s, companiesApi.register, async ({ body, user }) => ({ dwid: await registerCompany(s, user.id, body), msg: '单位信息已提交，请等待审核' }));

  handle(app, s, companiesApi.update, async ({ body, user }) => {
    const shzt = await updateCompany(s, user.id, body);
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
    const c = await one<{
      dwid: string; dwmc: string; dwxz: string; sshy: string; dwgm: string; dwszsf: string; dwszcs: string; dwszxxdz: string; dwjs: string;
      tyshxydm: string; lxr: string; lxdh: string; dwwz: string; lxyx: string; qydwimage: string; yyzzimage: string; shzt: number; shsm: string; createTime: string;
    }>(
      s.db,
      sql`select id::text as dwid, name as dwmc, nature as dwxz, industry as sshy, size as dwgm, province as dwszsf, city as dwszcs,
                 address as dwszxxdz, intro as dwjs, credit_code as tyshxydm, contact as lxr, contact_phone as lxdh, website as dwwz, email as lxyx,
                 coalesce(logo_file_id::text, '') as qydwimage, coalesce(licence_file_id::text, '') as yyzzimage,
                 status::int as shzt, review_note as shsm, ${chinaTime('created_at')} as "createTime"
          from companies where id = ${st.companyId}`,
    );
    if (!c) return empty;
    const files = await rows<{ wjid: string; wjlx: number; wjmc: string; wjgs: string; wjdx: number; storage_key: string; createTime: string }>(
      s.db,
      sql`select id::text as wjid, kind::int as wjlx, name as wjmc, ext as wjgs, size::int as wjdx, storage_key, ${chinaTime('created_at')} as "createTime"
          from files where id in (${c.qydwimage || null}, ${c.yyzzimage || null}) and deleted_at is null order by kind`,
    );
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

  handle(app, s, companiesApi.findByName, async ({ query }) => {
    const name = query.dwmc.trim();
    const like = `%${name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const list = await rows<{ dwid: string; dwmc: string; dwszcs: string; shzt: number }>(
      s.db,
      sql`select id::text as dwid, name as dwmc, city as dwszcs, status::int as shzt from companies
          where name ilike ${like} and status in (0, 1) order by (name = ${name}) desc, status desc, length(name), id limit 20`,
    );
    return { list };
  });

  // ---- the enterprise, as visitors see it

  const publicCompany = async (dwid: string, viewerId: string | null) => {
    const c = await one<{
      dwid: string; dwmc: string; dwxz: string; sshy: string; dwgm: string; dwszsf: string; dwszcs: string; dwszxxdz: string; dwjs: string; dwwz: string;
      status: number;
    }>(
      s.db,
      sql`select id::text as dwid, name as dwmc, nature as dwxz, industry as sshy, size as dwgm, province as dwszsf, city as dwszcs,
                 address as dwszxxdz, intro as dwjs, website as dwwz, status::int as status
          from companies where id = ${dwid}`,
    );
    // Until approved, only the enterprise's own HR may preview it.
    const st = viewerId ? await hrState(s.db, viewerId).catch(() => null) : null;
    const own = st?.joinState === 2 && st.companyId === dwid;
    if (!c || (c.status !== 1 && !own)) throw notFound('单位不存在或尚未通过审核');
    return c;
  };

  handle(app, s, companiesApi.detail, async ({ query, user }) => {
    const { status: _status, ...c } = await publicCompany(query.dwid, user?.role === 'hr' ? user.id : null);
    const jobs = await publishedJobsOfCompany(s.db, c.dwid, { page: query.page, limit: query.limit });
    const logos = await companyLogoUrls(s.db, s.config, [c.dwid]);
    const listed = query.sfxstd === undefined || query.sfxstd === 1;
    const list = listed ? jobs.list.map(jobItem) : [];
    return {
      dwInfo: { ...c, logoUrl: logos[c.dwid], rzgws: jobs.total },
      page: pageOf(list, listed ? jobs.total : 0, query.page, query.limit),
    };
  });

  handle(app, s, companiesApi.logo, async ({ query }) => ({ fileUrl: (await companyLogoUrls(s.db, s.config, [query.dwid]))[query.dwid] }));

  handle(app, s, companiesApi.jobs, async ({ query }) => {
    await publicCompany(query.dwid, null);
    const jobs = await publishedJobsOfCompany(s.db, query.dwid, { page: 1, limit: 100 });
    return { gwList: jobs.list.map(jobItem) };
  });

  handle(app, s, companiesApi.counts, async ({ query }) => {
    await publicCompany(query.dwid, null);
    const jobs = await publishedJobsOfCompany(s.db, query.dwid, { page: query.page, limit: query.limit });
    return {
      gwCount: jobs.total,
      msCount: await needs.interviewsSent(s.db, query.dwid),
      page: pageOf(jobs.list.map(jobItem), jobs.total, query.page, query.limit),
    };
  });

  // ---- HR profile and colleagues

  handle(app, s, companiesApi.joinCompany, async ({ body, user }) => {
    await requestJoin(s, user.id, body.dwid, body);
    return { msg: '申请已提交，请等待单位同事审核' };
  });

  handle(app, s, companiesApi.updateProfile, async ({ body, user }) => {
    const xm = body.xm.trim();
    if (!xm) throw badRequest('请填写姓名');
    if (body.xb && !(await isValidCode(s.db, 'm_xbdm', body.xb))) throw badRequest('性别无效，请重新选择');
    await s.db.execute(
      sql`update hr_profiles set name = ${xm}, title = ${body.zw.trim()},
            email = ${body.yx?.trim() ?? sql`email`}, gender = ${body.xb ?? sql`gender`}
          where user_id = ${user.id}`,
    );
    await setDisplayName(s.db, user.id, xm);
    return { msg: '个人信息已保存' };
  });

  handle(app, s, companiesApi.joinRequests, async ({ query, user }) => {
    const companyId = await joinedCompanyId(s.db, user.id);
    const state = query.sqzt ?? 1;
    const where = sql`h.company_id = ${companyId} and h.join_state = ${state} and h.join_requested_at is not null`;
    const total = await one<{ n: number }>(s.db, sql`select count(*)::int as n from hr_profiles h where ${where}`);
    const list = await rows<{ hrid: string; xm: string; zw: string; phone: string; sqzt: number; sqsj: string }>(
      s.db,
      sql`select h.user_id::text as hrid, h.name as xm, h.title as zw, u.phone, h.join_state::int as sqzt, ${chinaTime('h.join_requested_at')} as sqsj
          from hr_profiles h join users u on u.id = h.user_id where ${where}
          order by h.join_requested_at desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    );
    return { page: pageOf(list, total?.n ?? 0, query.page, query.limit) };
  });

  handle(app, s, companiesApi.joinReview, async ({ query, user }) => {
    await reviewJoin(s, user.id, query.dwid, query.hrid, query.shzt);
    return { msg: query.shzt === 1 ? '已同意加入' : '已拒绝申请' };
  });

  handle(app, s, companiesApi.addSubAccount, async ({ body, user }) => {
    const companyId = await joinedCompanyId(s.db, user.id);
    if (await findUser(s.db, 'hr', body.phone)) throw conflict('该手机号已注册 HR 账号，请让对方通过“申请加入单位”加入');
    const xm = body.xm.trim();
    const id = await createUser(s.db, 'hr', body.phone, body.pwd, xm);
    await createHrProfile(s.db, id, { xm, zw: body.zw?.trim() ?? '' });
    await s.db.execute(sql`update hr_profiles set company_id = ${companyId}, join_state = 2, join_reviewed_by = ${user.id} where user_id = ${id}`);
    return { hrid: id, msg: '子账号已开通，同事可用该手机号和密码登录' };
  });

  handle(app, s, companiesApi.colleagues, async ({ user }) => {
    const companyId = await joinedCompanyId(s.db, user.id);
    const list = await rows<{ hrid: string; xm: string; zw: string }>(
      s.db,
      sql`select h.user_id::text as hrid, h.name as xm, h.title as zw from hr_profiles h
          where h.company_id = ${companyId} and h.join_state = 2 and h.user_id <> ${user.id} order by h.created_at, h.user_id`,
    );
    return { list };
  });

  // ---- the operator's review

  handle(app, s, companiesApi.adminList, async ({ query }) => {
    const state = query.shzt ?? 0;
    const name = query.dwmc?.trim();
    const where = sql`c.status = ${state} ${name ? sql`and c.name ilike ${`%${name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}` : sql``}`;
    const total = await one<{ n: number }>(s.db, sql`select count(*)::int as n from companies c where ${where}`);
    const list = await rows<{
      dwid: string; dwmc: string; tyshxydm: string; dwszcs: string; sshy: string; lxr: string; lxdh: string; shzt: number; shsm: string;
      hrid: string; hrxm: string; hrphone: string; licence_key: string | null; logo_key: string | null; createTime: string;
    }>(
      s.db,
      sql`select c.id::text as dwid, c.name as dwmc, c.credit_code as tyshxydm, c.city as dwszcs, c.industry as sshy, c.contact as lxr,
                 c.contact_phone as lxdh, c.status::int as shzt, c.review_note as shsm, coalesce(c.created_by::text, '') as hrid,
                 coalesce(u.name, '') as hrxm, coalesce(u.phone, '') as hrphone, lf.storage_key as licence_key, gf.storage_key as logo_key,
                 ${chinaTime('c.submitted_at')} as "createTime"
          from companies c left join users u on u.id = c.created_by
          left join files lf on lf.id = c.licence_file_id and lf.deleted_at is null
          left join files gf on gf.id = c.logo_file_id and gf.deleted_at is null
          where ${where} order by c.submitted_at ${state === 0 ? sql`asc` : sql`desc`}, c.id
          limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    );
    const out = list.map(({ licence_key, logo_key, ...r }) => ({
      ...r,
      yyzzimageUrl: licence_key ? fileUrl(s.config, licence_key) : '',
      qydwimageUrl: logo_key ? fileUrl(s.config, logo_key) : '',
    }));
    return { page: pageOf(out, total?.n ?? 0, query.page, query.limit) };
  });

  handle(app, s, companiesApi.adminReview, async ({ body, user }) => {
    await reviewCompany(s, user.id, body.dwid, body.shzt, body.shsm ?? '');
    await contentChanged(s, 'company', body.dwid);
    return { msg: body.shzt === 1 ? '已通过审核，已通知企业' : '已驳回，已通知企业' };
  });
}
