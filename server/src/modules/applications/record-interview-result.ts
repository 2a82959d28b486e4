/** HR records how an accepted interview went; the seeker is told when the result changes. */
import { SITE_PATHS } from '@zp/core/fairs';
import { badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { invitation, saveInterviewResult } from './repo.js';

type S = Pick<Services, 'db' | 'bus' | 'config'>;

/** HR records how an accepted interview went; the seeker is told. */
export async function recordResult(s: S, companyId: string, id: string, result: 1 | 2, note: string) {
  const inv = await invitation(s.db, id);
  if (!inv || inv.company_id !== companyId) throw notFound('面试邀请不存在');
  if (inv.answer === 0) throw badRequest('求职者尚未接受该面试邀请');
  if (inv.answer === 2) throw badRequest('求职者已拒绝该面试邀请，无需填写结果');
  await saveInterviewResult(s.db, id, result, note.trim());
  if (inv.result === result) return;
  const content =
    result === 1
      ? `您参加的${inv.company_name}「${inv.job_title}」面试已通过${note.trim() ? `：${note.trim()}` : '。'}`
      : `很遗憾，您未通过${inv.company_name}「${inv.job_title}」的面试${note.trim() ? `：${note.trim()}` : '。'}`;
  await notify(s, inv.seeker_id, 'wjxx', '面试结果', content, SITE_PATHS.seekerInvitations, 'xx_003');
}
