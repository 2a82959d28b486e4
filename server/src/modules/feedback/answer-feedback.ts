/** The operator answers feedback: recorded, logged, and the author told. */
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { notify } from '../notify/public.js';
import { saveAnswer } from './repo.js';

export async function answerFeedback(s: Services, operatorId: string, id: string, text: string): Promise<{ clsj: string }> {
  const answer = text.trim();
  const r = await saveAnswer(s.db, id, answer, operatorId);
  if (!r) throw notFound('反馈不存在');
  await logOperatorAction(s.db, operatorId, 'feedback.answer', id, { cljg: answer });
  if (r.user_id) {
    const about = r.content.length > 20 ? `${r.content.slice(0, 20)}…` : r.content;
    await notify(s, r.user_id, 'xtxx', `您的反馈“${about}”已回复`, answer);
  }
  return { clsj: r.clsj };
}
