import { applicationsApi, CANDIDATE_SECTIONS, SELECTED_STATES, type SectionKey } from '@zp/core/contract';
import type { SQL } from 'drizzle-orm';
import { handle } from '../../http/route.js';
import { badRequest, forbidden, notFound, offsetOf, pageOf } from '../../http/reply.js';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import type { Module } from '../index.js';
import { companyLogoUrls, companyOfHr } from '../companies/public.js';
import { jobListColumns, type JobListItem } from '../jobs/public.js';
import { seekerCard, seekerCards, sectionRows, type SeekerCard } from '../resumes/public.js';
import { fileOf, FileKind } from '../files/public.js';
import { favouriteFlags, recordResumeView } from '../relations/public.js';
import { applicationStates, candidateAccess, resumeFileAccess } from './public.js';
import { downloadLink, registerDownloads } from './downloads.js';
import { registerHistory } from './history.js';
import { pdfFont } from '../resumes/public.js';
import {
  answerInvitation, apply, applyMany, assertMayApply, changeState, hrCompany, invite, likePattern, markViewed, minuteText, recordResult, timeText, validDay,
} from './store.js';


export { TALENT_DOWNLOADS_PER_DAY } from './downloads.js';

/** The older client's numbers may come as '' for "all". */
const optInt = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));

// ---------------------------------------------------------------------------------------------
// The seeker's lists

async function myApplications(s: Services, seekerId: string, where: SQL, page: number, limit: number) {
  const from = sql`from applications a join jobs j on j.id = a.job_id join companies c on c.id = a.company_id
    left join fairs f on f.id = a.fair_id left join files rf on rf.id = a.resume_file_id and rf.deleted_at is null
    where a.seeker_id = ${seekerId} and ${where}`;
  const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n ${from}`))?.n ?? 0;
  const list = await rows<{ dwid: string } & Record<string, string | number>>(
    s.db,
    sql`select a.id::text as bsid, j.id::text as gwid, j.title as gwmc, job_gwzt(j.status) as gwzt, c.id::text as dwid, c.name as dwmc,
               c.nature as dwxz, c.size as dwgm, c.province as dwszsf, c.city as dwszcs,
               j.city as sbcs, job_salary_code(j.salary_min, j.salary_max) as gwyx, j.salary_min as zdyx, j.salary_max as zgyx,
               j.education as xlyq, j.experience as jyyq, j.experience as gznx,
               (select count(*)::int from resume_views v where v.seeker_id = a.seeker_id and v.company_id = a.company_id) as ckcs,
               ${timeText('a.created_at')} as tdsj, a.state::int as yyzt, ${timeText('a.state_at')} as ztsj,
               coalesce(f.id::text, '') as hxid, coalesce(f.name, '') as hymc, coalesce(rf.id::text, '') as fjjlid, coalesce(rf.name, '') as fjjlmc
        ${from} order by a.created_at desc, a.id desc limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
  return {
    gwtdlist: list.map((x) => ({ ...x, zdyx: Number(x.zdyx), zgyx: Number(x.zgyx), logoUrl: logos[x.dwid] ?? '' })) as never[],
    total,
    currPage: page,
    pageSize: limit,
  };
}

// ---------------------------------------------------------------------------------------------
// HR's received lists

interface ReceivedFilter {
  gwids?: string;
  state?: number | null;
  states?: readonly number[];
  tdsj?: string;
  xl?: string;
  xm?: string;
  page: number;
  limit: number;
}

const emptyCard = (id: string): SeekerCard => ({
  qzbsid: id, xm: '', x: '', xbm: '', nl: null, zgxl: '', school: '', major: '', dqszcs: '', gznx: 0, qzzt: '', wsd: 0,
  txid: '', txUrl: '', yxcs: '', yxzw: '', yxxz: '', zwmc: '', dwmc: '', hidden: false, refreshTime: '',
});

async function received(s: Services, hrId: string, companyId: string, f: ReceivedFilter) {
  const where: SQL[] = [sql`a.company_id = ${companyId}`];
  if (f.gwids) where.push(sql`a.job_id in (${sql.join(f.gwids.split(',').map((id) => sql`${id}`), sql`, `)})`);
  if (f.state) where.push(sql`a.state = ${f.state}`);
  else if (f.states) where.push(sql`a.state in (${sql.join(f.states.map((x) => sql`${x}`), sql`, `)})`);
  if (f.tdsj) {
    const [a, b = a] = f.tdsj.split(',');
    const from = validDay(a);
    const to = validDay(b);
    if (!from || !to) throw badRequest('投递时间不是有效的日期');
    if (from > to) throw badRequest('投递时间的开始日期不能晚于结束日期');
    where.push(sql`(a.created_at at time zone 'Asia/Shanghai')::date between ${from}::date and ${to}::date`);
  }
  if (f.xm?.trim()) where.push(sql`p.name ilike ${likePattern(f.xm)}`);
  // The highest degree, as the résumé card shows it (the résumé module's education rows).
  if (f.xl) where.push(sql`(select max(e.degree) from resume_education e where e.user_id = a.seeker_id) = ${f.xl}`);
  const from = sql`from applications a join jobs j on j.id = a.job_id join users u on u.id = a.seeker_id
    left join seeker_profiles p on p.user_id = a.seeker_id
    left join fairs fa on fa.id = a.fair_id left join files rf on rf.id = a.resume_file_id and rf.deleted_at is null
    where ${sql.join(where, sql` and `)}`;
  const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n ${from}`))?.n ?? 0;
  const list = await rows<{
    bsid: string; qzbsid: string; phone: string; gwid: string; gwmc: string; tdsj: string; yyzt: number; ztsj: string;
    hxid: string; hymc: string; fjjlid: string; fjjlmc: string; channel: string; msid: string; tdcs: number;
  }>(
    s.db,
    sql`select a.id::text as bsid, a.seeker_id::text as qzbsid, u.phone, j.id::text as gwid, j.title as gwmc,
               ${timeText('a.created_at')} as tdsj, a.state::int as yyzt, ${timeText('a.state_at')} as ztsj,
               coalesce(fa.id::text, '') as hxid, coalesce(fa.name, '') as hymc,
               coalesce(rf.id::text, '') as fjjlid, coalesce(rf.name, '') as fjjlmc, a.channel,
               coalesce((select i.id::text from interviews i where i.application_id = a.id order by i.created_at desc, i.id desc limit 1), '') as msid,
               (select count(distinct t.company_id)::int from applications t where t.seeker_id = a.seeker_id) as tdcs
        ${from} order by a.created_at desc, a.id desc limit ${f.limit} offset ${offsetOf(f.page, f.limit)}`,
  );
  const ids = [...new Set(list.map((x) => x.qzbsid))];
  const cards = new Map((await seekerCards(s.db, s.config, ids)).map((c) => [c.qzbsid, c]));
  const favs = await favouriteFlags(s.db, hrId, ids);
  const out = list.map((x) => {
    const c = cards.get(x.qzbsid) ?? emptyCard(x.qzbsid);
    return {
      ...x,
      xm: c.xm, xbm: c.xbm, nl: c.nl, zgxl: c.zgxl, gznx: c.gznx, dqszcs: c.dqszcs, txUrl: c.txUrl,
      sfsc: favs[x.qzbsid] ?? 0,
      xl: c.zgxl, xxmc: c.school, dzjlid: x.fjjlid,
    };
  });
  return pageOf(out, total, f.page, f.limit);
}

// ---------------------------------------------------------------------------------------------
// Résumé reads by HR

async function candidateJobs(db: Db, companyId: string, seekerId: string) {
  return rows<{ bsid: string; gwid: string; gwmc: string; yyzt: number; tdsj: string; fjjlid: string }>(
    db,
    sql`select a.id::text as bsid, j.id::text as gwid, j.title as gwmc, a.state::int as yyzt, ${timeText('a.created_at')} as tdsj,
               coalesce(a.resume_file_id::text, '') as fjjlid
        from applications a join jobs j on j.id = a.job_id
        where a.seeker_id = ${seekerId} and a.company_id = ${companyId} order by a.created_at desc`,
  );
}

/** Who may read this résumé, and (when `open`) the view recorded and fresh applications marked viewed. */
async function openCandidate(s: Services, hrId: string, seekerId: string, open: { jobId?: string } | null) {
  const company = await hrCompany(s.db, hrId);
  const access = await candidateAccess(s.db, company.id, seekerId);
  if (!access) throw notFound('该求职者不存在或已隐藏简历');
  if (open) {
    await recordResumeView(s.db, { seekerId, hrId, companyId: company.id, jobId: open.jobId ?? null });
    if (access === 'applied') await markViewed(s, hrId, company.id, seekerId);
  }
  return { company, access, gwList: await candidateJobs(s.db, company.id, seekerId) };
}

const maskPhone = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : '');

async function candidateInfo(s: Services, hrId: string, seekerId: string, access: 'applied' | 'search') {
  const card = await seekerCard(s.db, s.config, seekerId);
  if (!card) throw notFound('该求职者不存在或已隐藏简历');
  // Contact and header fields the card leaves out (the résumé module's base information).
  const extra = await one<{ phone: string; email: string; zwpj: string; csrq: string }>(
    s.db,
    sql`select u.phone, coalesce(p.email, '') as email, coalesce(p.self_intro, '') as zwpj, coalesce(p.birth_date, '') as csrq
        from users u left join seeker_profiles p on p.user_id = u.id where u.id = ${seekerId}`,
  );
  const applied = access === 'applied';
  const favs = await favouriteFlags(s.db, hrId, [seekerId]);
  return {
    qzbsid: seekerId,
    xm: card.xm, x: card.x, nl: card.nl, xbm: card.xbm,
    phone: applied ? (extra?.phone ?? '') : maskPhone(extra?.phone ?? ''),
    email: applied ? (extra?.email ?? '') : '',
    gznx: card.gznx, zgxl: card.zgxl, zwpj: extra?.zwpj ?? '', csrq: extra?.csrq ?? '', dqszcs: card.dqszcs,
    qzzt: card.qzzt, txUrl: card.txUrl, wsd: card.wsd,
    qzjyjllist: await sectionRows(s.db, 'jyjl', seekerId),
    qzxmjylist: await sectionRows(s.db, 'xmjy', seekerId),
    qzyxlist: await sectionRows(s.db, 'qzyx', seekerId),
    sftd: applied ? 1 : 0,
    sfsc: favs[seekerId] ?? 0,
  };
}

/** The newest attachment résumé a seeker keeps, or null (the files module's records). */
async function latestResumeFile(db: Db, seekerId: string): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`select id::text as id from files where owner_id = ${seekerId} and kind = ${FileKind.resume} and deleted_at is null
        order by created_at desc, id desc limit 1`,
  );
  return r?.id ?? null;
}

/**
 * The link HR downloads (the older client's two calls): the attachment the caller has checked the
 * enterprise may have, else the online résumé as a PDF — a real file, counted when fetched
 * (downloads.ts), talent-search downloads held to TALENT_DOWNLOADS_PER_DAY.
 */
async function resumeLink(s: Services, d: { hrId: string; seekerId: string; fileId: string | null }) {
  const r = await downloadLink(s, d.hrId, { seekerIds: [d.seekerId], format: d.fileId ? 'file' : pdfFont() ? 'pdf' : 'docx', fileId: d.fileId });
  return { qzJldz: r.url, jlmc: r.name };
}

// ---------------------------------------------------------------------------------------------

const applications: Module = {
  name: 'applications',
  dependencies: ['jobs', 'resumes', 'files', 'fairs'],
  register(app, s) {
    registerDownloads(app, s);
    registerHistory(app, s);

    // ---- the job seeker

    handle(app, s, applicationsApi.apply, async ({ query, user }) => {
      await assertMayApply(s.db, user.id);
      return { bsid: await apply(s, user.id, query), msg: '投递成功' };
    });

    handle(app, s, applicationsApi.applyMany, async ({ body, user }) => {
      const r = await applyMany(s, user.id, body);
      const n = Object.keys(r.applied).length;
      if (!n) throw badRequest(r.failed.length === 1 ? r.failed[0].msg : `没有可投递的岗位：${[...new Set(r.failed.map((f) => f.msg))].join('；')}`);
      return { ...r, msg: r.failed.length ? `成功投递 ${n} 个岗位，${r.failed.length} 个未投递` : `成功投递 ${n} 个岗位` };
    });

    handle(app, s, applicationsApi.listAll, async ({ params, user }) => ({ page: await myApplications(s, user.id, sql`true`, params.page, params.limit) }));
    handle(app, s, applicationsApi.listLooked, async ({ params, user }) => ({
      page: await myApplications(s, user.id, sql`a.state in (2, 3, 4, 6)`, params.page, params.limit),
    }));
    handle(app, s, applicationsApi.listDenied, async ({ params, user }) => ({
      page: await myApplications(s, user.id, sql`a.state = 5`, params.page, params.limit),
    }));
    handle(app, s, applicationsApi.listFair, async ({ params, user }) => ({
      page: await myApplications(s, user.id, sql`a.fair_id is not null`, params.page, params.limit),
    }));
    handle(app, s, applicationsApi.applied, async ({ body, user }) => ({ tdzt: await applicationStates(s.db, user.id, [...new Set(body)]) }));

    handle(app, s, applicationsApi.recommended, async ({ query, user }) => {
      let category = query.gwlb || query.gwlbt || query.gwlbo || '';
      let city = query.sbcs || '';
      // A visitor (the job page's 相似职位, called without a token) gets the jobs like the one asked.
      const seekerId = user?.role === 'qz' ? user.id : null;
      if (!category && !city && seekerId) {
        // Nothing asked: the first job intention of the résumé.
        const card = await seekerCard(s.db, s.config, seekerId);
        category = card?.yxzw ?? '';
        city = card?.yxcs ?? '';
      }
      const where = sql`j.status = 1 and j.deleted_at is null and c.status = 1
        ${seekerId ? sql`and not exists (select 1 from applications a where a.seeker_id = ${seekerId} and a.job_id = j.id)` : sql``}
        ${category ? sql`and j.category like ${`${category}%`}` : sql``} ${city ? sql`and j.city = ${city}` : sql``}`;
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from jobs j join companies c on c.id = j.company_id where ${where}`))?.n ?? 0;
      const list = await rows<JobListItem>(
        s.db,
        sql`select ${jobListColumns} from jobs j join companies c on c.id = j.company_id
            where ${where} order by j.refreshed_at desc, j.id desc limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`,
      );
      const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
      const out = list.map(({ hrid: _hr, gwfl: _p, gwms: _d, ...x }) => ({ ...x, logoUrl: logos[x.dwid] ?? '' }));
      return { page: pageOf(out, total, query.page, query.limit) };
    });

    const myInvitations = async (seekerId: string, answer: 0 | 1 | 2, page: number, limit: number) => {
      const where = sql`i.seeker_id = ${seekerId} and i.answer = ${answer}`;
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from interviews i where ${where}`))?.n ?? 0;
      const list = await rows<{ dwid: string } & Record<string, string | number>>(
        s.db,
        sql`select ${invitationColumns} from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id
            where ${where} order by ${answer === 0 ? sql`i.at asc` : sql`i.created_at desc`}, i.id desc
            limit ${limit} offset ${offsetOf(page, limit)}`,
      );
      const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
      return { list: list.map((x) => ({ ...x, logoUrl: logos[x.dwid] ?? '' })) as never[], page: { total, currPage: page, pageSize: limit } };
    };
    handle(app, s, applicationsApi.invitationsWaiting, async ({ query, user }) => {
      const r = await myInvitations(user.id, 0, query.page, query.limit);
      return { listWait: r.list, page: r.page };
    });
    handle(app, s, applicationsApi.invitationsAccepted, async ({ query, user }) => {
      const r = await myInvitations(user.id, 1, query.page, query.limit);
      return { listAccepted: r.list, page: r.page };
    });
    handle(app, s, applicationsApi.invitationsDeclined, async ({ query, user }) => {
      const r = await myInvitations(user.id, 2, query.page, query.limit);
      return { listDenied: r.list, page: r.page };
    });
    handle(app, s, applicationsApi.answerInvitation, async ({ body, user }) => {
      await answerInvitation(s, user.id, body.msid, body.type, body.hfsm ?? '');
      return { msg: body.type === 1 ? '已接受面试邀请' : '已拒绝面试邀请' };
    });

    // ---- HR

    handle(app, s, applicationsApi.received, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { page: await received(s, user.id, company.id, { ...query, state: optInt(query.jlzt) }) };
    });
    handle(app, s, applicationsApi.selected, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { page: await received(s, user.id, company.id, { ...query, state: optInt(query.yyzt), states: SELECTED_STATES }) };
    });
    handle(app, s, applicationsApi.jobsOfHr, async ({ user }) => {
      const company = await hrCompany(s.db, user.id);
      const list = await rows<{ gwid: string; gwmc: string; zt: number; tdrs: number; wcks: number }>(
        s.db,
        sql`select j.id::text as gwid, j.title as gwmc, j.status::int as zt, count(a.id)::int as tdrs,
                   (count(a.id) filter (where a.state = 1))::int as wcks
            from jobs j left join applications a on a.job_id = j.id
            where j.company_id = ${company.id} and j.deleted_at is null
            group by j.id order by count(a.id) desc, j.created_at desc limit 500`,
      );
      return { list };
    });
    handle(app, s, applicationsApi.setState, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { yyzt: await changeState(s, user.id, company.id, query.bsid, query.type) };
    });
    handle(app, s, applicationsApi.invite, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { msid: await invite(s, user.id, company.id, query), msg: '面试邀请已发送' };
    });
    handle(app, s, applicationsApi.sentInvitations, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      const where: SQL[] = [sql`i.company_id = ${company.id}`];
      const zt = optInt(query.zt);
      const msjg = optInt(query.msjg);
      if (zt !== null) where.push(sql`i.answer = ${zt}`);
      if (msjg !== null) where.push(sql`i.result = ${msjg}`);
      if (query.gwid) where.push(sql`i.job_id = ${query.gwid}`);
      if (query.xm?.trim()) where.push(sql`p.name ilike ${likePattern(query.xm)}`);
      const from = sql`from interviews i join jobs j on j.id = i.job_id join companies c on c.id = i.company_id
        join users u on u.id = i.seeker_id left join seeker_profiles p on p.user_id = i.seeker_id
        left join hr_profiles h on h.user_id = i.hr_id
        where ${sql.join(where, sql` and `)}`;
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n ${from}`))?.n ?? 0;
      const list = await rows<{ dwid: string } & Record<string, string | number>>(
        s.db,
        sql`select ${invitationColumns}, i.seeker_id::text as qzbsid, coalesce(p.name, '') as xm, coalesce(p.gender, '') as xbm,
                   case when i.application_id is not null or i.answer = 1 then u.phone else '' end as phone,
                   coalesce(i.hr_id::text, '') as hrid, coalesce(h.name, '') as hrxm
            ${from} order by i.created_at desc, i.id desc limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`,
      );
      const logos = await companyLogoUrls(s.db, s.config, [company.id]);
      return { page: pageOf(list.map((x) => ({ ...x, logoUrl: logos[company.id] ?? '' })) as never[], total, query.page, query.limit) };
    });
    handle(app, s, applicationsApi.setResult, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      await recordResult(s, company.id, query.msid, query.msjg, query.msjgsm ?? '');
      return { msg: '面试结果已保存' };
    });

    // ---- résumé reads by HR

    handle(app, s, applicationsApi.candidate, async ({ params, user }) => {
      const c = await openCandidate(s, user.id, params.qzbsid, {});
      return { gwList: c.gwList, qzinfo: await candidateInfo(s, user.id, params.qzbsid, c.access) };
    });
    handle(app, s, applicationsApi.candidateOpened, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      if (query.dwid && query.dwid !== company.id) throw forbidden('只能以本单位的名义查看简历');
      const c = await openCandidate(s, user.id, query.qzbsid, { jobId: query.gwid || undefined });
      return { gwList: c.gwList, qzinfo: await candidateInfo(s, user.id, query.qzbsid, c.access) };
    });
    for (const [name, key] of Object.entries(CANDIDATE_SECTIONS) as [keyof typeof CANDIDATE_SECTIONS, SectionKey][]) {
      handle(app, s, applicationsApi[name], async ({ params, user }) => {
        const c = await openCandidate(s, user.id, params.qzbsid, null);
        return { gwList: c.gwList, qzinfo: { [key]: await sectionRows(s.db, key, params.qzbsid) } };
      });
    }

    // ---- downloads

    handle(app, s, applicationsApi.downloadApplied, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      if ((await resumeFileAccess(s.db, company.id, query.qzid)) !== 'private') throw forbidden('只能下载投递到本单位或已接受本单位面试邀请的求职者的简历');
      let fileId: string | null = null;
      if (query.jlid) {
        const f = await fileOf(s.db, query.jlid);
        if (!f || f.ownerId !== query.qzid || f.kind !== FileKind.resume) throw notFound('简历文件不存在');
        fileId = f.id;
      } else {
        // The attachment sent with the latest application that had one, else the online résumé.
        const r = await one<{ id: string }>(
          s.db,
          sql`select a.resume_file_id::text as id from applications a join files f on f.id = a.resume_file_id and f.deleted_at is null
              where a.seeker_id = ${query.qzid} and a.company_id = ${company.id} order by a.created_at desc limit 1`,
        );
        fileId = r?.id ?? null;
      }
      return resumeLink(s, { hrId: user.id, seekerId: query.qzid, fileId });
    });
    handle(app, s, applicationsApi.downloadTalent, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      const access = await resumeFileAccess(s.db, company.id, query.qzbsid);
      if (!access) throw notFound('该求职者不存在或已隐藏简历');
      // Talent search shows what the seeker made public: the online résumé. The attachments only
      // to an enterprise the seeker shared them with.
      const fileId = access === 'private' ? await latestResumeFile(s.db, query.qzbsid) : null;
      return resumeLink(s, { hrId: user.id, seekerId: query.qzbsid, fileId });
    });
  },
};

/** The Invitation fields of the contract, over interviews i, jobs j, companies c. */
const invitationColumns = sql`i.id::text as msid, coalesce(i.application_id::text, '') as bsid, j.id::text as gwid, j.title as gwmc,
  c.id::text as dwid, c.name as dwmc, i.title as mymc, ${minuteText('i.at')} as mssj, i.province as mssf, i.city as mscs,
  i.address as msxxdz, i.contact as lxr, i.phone as sjhm, i.note as smxx, i.answer::int as zt, i.answer_note as hfsm,
  ${timeText('i.answered_at')} as hfsj, i.result::int as msjg, i.result_note as msjgsm, ${timeText('i.created_at')} as "createTime"`;

export default applications;
