/** The seeker accepts or declines an interview invitation; the inviting HR is told. */
import { SITE_PATHS } from '@zp/core/fairs';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { hrIdsOfCompany } from '../companies/public.js';
import { notify } from '../notify/public.js';
import { invitation, saveInvitationAnswer, seekerName } from './repo.js';

type S = Pick<Services, 'db' | 'bus' | 'config'>;

/** The seeker accepts (1) or declines (2) a waiting invitation; the inviting HR is told. */
export async function answerInvitation(s: S, seekerId: string, id: string, answer: 1 | 2, note: string) {
  const inv = await invitation(s.db, id);
  if (!inv || inv.seeker_id !== seekerId) throw notFound('面试邀请不存在');
  if (inv.answer !== 0) throw badRequest(`您已${inv.answer === 1 ? '接受' : '拒绝'}该面试邀请，不能重复答复`);
  if (inv.past) throw badRequest('面试时间已过，无法再答复');
  if (inv.offers_slots && answer === 1) throw badRequest('该邀请需预约面试时段：请选择一个时段预约');
  if (!(await saveInvitationAnswer(s.db, id, answer, note.trim()))) throw conflict('该面试邀请已答复');
  const name = await seekerName(s.db, seekerId);
  const title = answer === 1 ? '面试邀请已接受' : '面试邀请被拒绝';
  const content = `${name}${answer === 1 ? '接受' : '拒绝'}了「${inv.job_title}」的面试邀请${note.trim() ? `：${note.trim()}` : '。'}`;
  const to = inv.hr_id ? [inv.hr_id] : await hrIdsOfCompany(s.db, inv.company_id);
  for (const hr of to) await notify(s, hr, 'wjxx', title, content, SITE_PATHS.hrInterviews, 'xx_003');
}
