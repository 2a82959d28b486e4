/**
 * HR's received lists (收到的简历, 已筛选): the enterprise's applications filtered by job, state,
 * the day they came (tdsj), the seeker's name and degree, each with the seeker's card and whether
 * the HR keeps them as a favourite talent.
 */
import { validDay } from '@zp/core/dates';
import { badRequest, pageOf } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { favouriteFlags } from '../relations/public.js';
import { seekerCards, type SeekerCard } from '../resumes/public.js';
import { receivedApplications } from './repo.js';

interface ReceivedFilter {
  gwids?: string;
  state?: number | null;
  states?: readonly number[];
  tdsj?: string;
  xl?: string;
  xm?: string;
  offer?: string;
  page: number;
  limit: number;
}

const emptyCard = (id: string): SeekerCard => ({
  qzbsid: id, xm: '', x: '', xbm: '', nl: null, zgxl: '', school: '', major: '', dqszcs: '', gznx: 0, qzzt: '', wsd: 0,
  txid: '', txUrl: '', yxcs: '', yxzw: '', yxxz: '', zwmc: '', dwmc: '', hidden: false, refreshTime: '',
});

export async function received(s: Services, hrId: string, companyId: string, f: ReceivedFilter) {
  let days: [string, string] | undefined;
  if (f.tdsj) {
    const [a, b = a] = f.tdsj.split(',');
    const from = validDay(a);
    const to = validDay(b);
    if (!from || !to) throw badRequest('投递时间不是有效的日期');
    if (from > to) throw badRequest('投递时间的开始日期不能晚于结束日期');
    days = [from, to];
  }
  const { total, list } = await receivedApplications(s.db, companyId, {
    gwids: f.gwids, state: f.state, states: f.states, days, xm: f.xm, xl: f.xl, offer: f.offer === '1', page: f.page, limit: f.limit,
  });
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
