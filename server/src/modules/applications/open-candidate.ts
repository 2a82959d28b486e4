/**
 * HR reads a seeker's résumé: whether the enterprise may see it at all, and on opening it the view
 * recorded (谁看过我) and the seeker's fresh applications marked viewed; contact details in full
 * only for a seeker who applied.
 */
import { forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { favouriteFlags, recordResumeView } from '../relations/public.js';
import { sectionRows, seekerCard } from '../resumes/public.js';
import { hrCompany } from '../companies/public.js';
import { markViewed } from './move-application.js';
import { candidateAccess } from './candidate-access.js';
import { candidateContact, candidateJobs } from './repo.js';

/** Who may read this résumé, and (when `open`) the view recorded and fresh applications marked viewed. */
export async function openCandidate(s: Services, hrId: string, seekerId: string, open: { jobId?: string } | null) {
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

export async function candidateInfo(s: Services, hrId: string, seekerId: string, access: 'applied' | 'search') {
  const card = await seekerCard(s.db, s.config, seekerId);
  if (!card) throw notFound('该求职者不存在或已隐藏简历');
  const extra = await candidateContact(s.db, seekerId);
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

/** The résumé opened from one of HR's lists, in the enterprise's name (dwid) and for a job (gwid) when given. */
export async function openCandidateFromList(s: Services, hrId: string, q: { qzbsid: string; dwid?: string; gwid?: string }) {
  const company = await hrCompany(s.db, hrId);
  if (q.dwid && q.dwid !== company.id) throw forbidden('只能以本单位的名义查看简历');
  const c = await openCandidate(s, hrId, q.qzbsid, { jobId: q.gwid || undefined });
  return { gwList: c.gwList, qzinfo: await candidateInfo(s, hrId, q.qzbsid, c.access) };
}
