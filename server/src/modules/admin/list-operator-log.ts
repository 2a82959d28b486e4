/** The operator log as the console lists it: the days checked, the detail as an object. */
import type { Db } from '../../db/index.js';
import { badRequest, pageOf } from '../../http/reply.js';
import { operatorLog } from './repo.js';
import { validDay } from '@zp/core/dates';

export async function listOperatorLog(db: Db, query: { action?: string; czrid?: string; from?: string; to?: string; page: number; limit: number }) {
  const from = query.from ? validDay(query.from) : null;
  const to = query.to ? validDay(query.to) : null;
  if ((query.from && !from) || (query.to && !to)) throw badRequest('日期无效');
  if (from && to && from > to) throw badRequest('开始日期不能晚于结束日期');
  const { total, list } = await operatorLog(db, { action: query.action, czrid: query.czrid, from, to, page: query.page, limit: query.limit });
  // jsonb comes back parsed from pg and as text from some drivers
  const out = list.map((r) => ({ ...r, detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown> }));
  return pageOf(out, total, query.page, query.limit);
}
