/** The operator sets the footer's legal facts: checked, saved, logged, and every cached page rendered again. */
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { contentChanged } from '../../bus/content-changed.js';
import { INFO_KEYS, saveInfoValue, type Info } from './repo.js';

export async function saveSiteInfo(s: Services, operatorId: string, body: Partial<Record<keyof Info, string>>): Promise<Info> {
  const info = Object.fromEntries(INFO_KEYS.map((k) => [k, (body[k] ?? '').trim()])) as Info;
  if (info.jbyx && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.jbyx)) throw badRequest('举报邮箱格式不正确');
  for (const key of INFO_KEYS) await saveInfoValue(s.db, key, info[key], operatorId);
  await logOperatorAction(s.db, operatorId, 'site.info', 'footer', info);
  // Every page's footer shows them: cached pages are rendered again.
  await contentChanged(s, 'site', 'footer');
  return info;
}
