/** The operator handles a report: recorded, logged, and the reporter told. */
import { REPORT_KINDS, REPORT_REASONS } from '@zp/core/contract';
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { notify } from '../notify/public.js';
import { saveHandling } from './repo.js';

export async function handleReport(s: Services, operatorId: string, id: string, text: string): Promise<void> {
  const cljg = text.trim();
  const r = await saveHandling(s.db, id, cljg, operatorId);
  if (!r) throw notFound('举报不存在');
  await logOperatorAction(s.db, operatorId, 'report.handle', id, { cljg });
  if (r.reporter_id) {
    const why = REPORT_REASONS[r.reason as keyof typeof REPORT_REASONS] ?? '';
    await notify(s, r.reporter_id, 'xtxx', '您的举报已处理', `您举报的${REPORT_KINDS[r.kind] ?? ''}「${r.target_name}」（${why}）已处理：${cljg}`);
  }
}
