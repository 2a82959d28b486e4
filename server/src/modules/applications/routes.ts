/** The applications module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import { applicationHistoryApi, applicationsApi, CANDIDATE_SECTIONS, RESUME_DOWNLOAD_FORMATS, resumeExportsApi, SELECTED_STATES, type SectionKey } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { badRequest, pageOf } from '../../http/reply.js';
import { BROWSER_LINK } from '../../http/errors.js';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import { companyLogoUrls } from '../companies/public.js';
import { contentDisposition } from '../files/public.js';
import { pdfFont, sectionRows } from '../resumes/public.js';
import { applyMany, apply, assertMayApply } from './apply-to-job.js';
import { answerInvitation } from './answer-invitation.js';
import { appliedResumeLink, downloadLink, serve, talentResumeLink } from './downloads.js';
import { timeline } from './history.js';
import { hrCompany } from '../companies/public.js';
import { invite } from './invite-to-interview.js';
import { changeState, sendOffer } from './move-application.js';
import { candidateInfo, openCandidate, openCandidateFromList } from './open-candidate.js';
import { received } from './received-applications.js';
import { recommendJobs } from './recommend-jobs.js';
import { recordResult } from './record-interview-result.js';
import { applicationStates, jobsWithApplications, seekerApplications, seekerInvitations, sentInvitations, type SeekerApplicationList } from './repo.js';
import { withdrawApplication } from './withdraw-application.js';

/** The older client's numbers may come as '' for "all". */
const optInt = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));

/** Rows naming an enterprise (dwid) get its logo. */
async function withLogos<T extends { dwid: string }>(s: Services, list: T[]) {
  const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
  return list.map((x) => ({ ...x, logoUrl: logos[x.dwid] ?? '' }));
}

const applications: Module = {
  name: 'applications',
  dependencies: ['jobs', 'resumes', 'files', 'fairs'],
  register(app, s) {
    // ---- résumé files by link: registered first, as before, for the API document lists routes in this order

    if (!pdfFont()) s.log.warn('no CJK font for PDF résumés (apt-get install fonts-wqy-microhei): HR can download Word résumés only');
    handle(app, s, resumeExportsApi.link, async ({ body, user }) => {
      const r = await downloadLink(s, user.id, { seekerIds: [body.qzbsid], format: body.format, fileId: body.jlid ?? null });
      return { url: r.url, name: r.name, msg: `正在下载${RESUME_DOWNLOAD_FORMATS[body.format]}简历` };
    });
    handle(app, s, resumeExportsApi.zip, async ({ body, user }) => {
      const r = await downloadLink(s, user.id, { seekerIds: body.qzbsids, format: body.format, zip: true, attachments: body.fj === 1 });
      return { ...r, msg: `正在导出 ${r.count} 份简历` };
    });
    // The link itself: a download, outside the JSON contract.
    app.get(
      '/api/hr/jlxz/file/:token',
      { schema: { summary: '下载简历文件（由 jlxz/link 或 jlxz/zip 给出的短时链接）', tags: ['applications'] }, config: BROWSER_LINK },
      async (req, reply) => {
        const { token } = req.params as { token: string };
        const file = await serve(s, String(token));
        return reply
          .header('content-type', file.mime)
          .header('content-disposition', contentDisposition('application/octet-stream', file.name))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );

    // ---- the seeker's own application: timeline and 撤回投递

    handle(app, s, applicationHistoryApi.timeline, async ({ params, user }) => timeline(s.db, user.id, params.bsid));
    handle(app, s, applicationHistoryApi.withdraw, async ({ params, user }) => ({ msg: await withdrawApplication(s.db, user.id, params.bsid) }));

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

    const myApplications = async (seekerId: string, which: SeekerApplicationList, page: number, limit: number) => {
      const { total, list } = await seekerApplications(s.db, seekerId, which, page, limit);
      const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((x) => x.dwid))]);
      return {
        gwtdlist: list.map((x) => ({ ...x, zdyx: Number(x.zdyx), zgyx: Number(x.zgyx), logoUrl: logos[x.dwid] ?? '' })) as never[],
        total,
        currPage: page,
        pageSize: limit,
      };
    };
    handle(app, s, applicationsApi.listAll, async ({ params, user }) => ({ page: await myApplications(user.id, 'all', params.page, params.limit) }));
    handle(app, s, applicationsApi.listLooked, async ({ params, user }) => ({ page: await myApplications(user.id, 'looked', params.page, params.limit) }));
    handle(app, s, applicationsApi.listDenied, async ({ params, user }) => ({ page: await myApplications(user.id, 'denied', params.page, params.limit) }));
    handle(app, s, applicationsApi.listFair, async ({ params, user }) => ({ page: await myApplications(user.id, 'fair', params.page, params.limit) }));
    handle(app, s, applicationsApi.applied, async ({ body, user }) => ({ tdzt: await applicationStates(s.db, user.id, [...new Set(body)]) }));

    handle(app, s, applicationsApi.recommended, async ({ query, user }) => {
      const { total, list } = await recommendJobs(s, user, query);
      const out = await withLogos(s, list.map(({ hrid: _hr, gwfl: _p, gwms: _d, ...x }) => x));
      return { page: pageOf(out, total, query.page, query.limit) };
    });

    const myInvitations = async (seekerId: string, answer: 0 | 1 | 2, page: number, limit: number) => {
      const { total, list } = await seekerInvitations(s.db, seekerId, answer, page, limit);
      return { list: (await withLogos(s, list)) as never[], page: { total, currPage: page, pageSize: limit } };
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
      return { list: await jobsWithApplications(s.db, company.id) };
    });
    handle(app, s, applicationsApi.setState, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { yyzt: await changeState(s, user.id, company.id, query.bsid, query.type) };
    });
    handle(app, s, applicationsApi.sendOffer, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { offerAt: await sendOffer(s, user.id, company.id, body.bsid), msg: '已发 offer，求职者已收到通知' };
    });
    handle(app, s, applicationsApi.invite, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { msid: await invite(s, user.id, company.id, query), msg: '面试邀请已发送' };
    });
    handle(app, s, applicationsApi.sentInvitations, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      const { total, list } = await sentInvitations(s.db, company.id, { ...query, zt: optInt(query.zt), msjg: optInt(query.msjg) });
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
    handle(app, s, applicationsApi.candidateOpened, async ({ query, user }) => openCandidateFromList(s, user.id, query));
    for (const [name, key] of Object.entries(CANDIDATE_SECTIONS) as [keyof typeof CANDIDATE_SECTIONS, SectionKey][]) {
      handle(app, s, applicationsApi[name], async ({ params, user }) => {
        const c = await openCandidate(s, user.id, params.qzbsid, null);
        return { gwList: c.gwList, qzinfo: { [key]: await sectionRows(s.db, key, params.qzbsid) } };
      });
    }

    // ---- downloads

    handle(app, s, applicationsApi.downloadApplied, async ({ query, user }) => appliedResumeLink(s, user.id, query));
    handle(app, s, applicationsApi.downloadTalent, async ({ query, user }) => talentResumeLink(s, user.id, query.qzbsid));
  },
};
export default applications;
