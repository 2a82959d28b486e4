/** 收藏人才: an HR keeps job seekers their enterprise may see. */
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { hrCompany } from '../companies/public.js';
import { bumpResumeCounter, seekerCards } from '../resumes/public.js';
import type { RelationsNeeds } from './needs.js';
import { deleteFavourite, favourites, insertFavourite, type Paging } from './repo.js';

/** Only a seeker the enterprise may see (applied, or found in talent search) can be kept; counted on their résumé. */
export async function addFavourite(s: Services, needs: RelationsNeeds, hrId: string, seekerId: string): Promise<void> {
  const company = await hrCompany(s.db, hrId);
  if (!(await needs.candidateAccess(s.db, company.id, seekerId))) throw notFound('该求职者不存在或已隐藏简历');
  if (await insertFavourite(s.db, hrId, company.id, seekerId)) await bumpResumeCounter(s.db, seekerId, 'favourited');
}

export async function removeFavourite(s: Services, hrId: string, seekerId: string): Promise<void> {
  if (await deleteFavourite(s.db, hrId, seekerId)) await bumpResumeCounter(s.db, seekerId, 'favourited', -1);
}

/** The HR's favourite talents, each with the card talent search shows. */
export async function listFavourites(s: Services, hrId: string, q: Paging & { name?: string }) {
  const company = await hrCompany(s.db, hrId);
  const { total, list } = await favourites(s.db, hrId, company.id, q);
  const cards = new Map((await seekerCards(s.db, s.config, list.map((x) => x.qzbsid))).map((c) => [c.qzbsid, c]));
  const out = list.map((x) => {
    const c = cards.get(x.qzbsid);
    return {
      ...x, xm: c?.xm ?? '', xbm: c?.xbm ?? '', nl: c?.nl ?? null, zgxl: c?.zgxl ?? '', gznx: c?.gznx ?? 0, dqszcs: c?.dqszcs ?? '',
      txUrl: c?.txUrl ?? '',
    };
  });
  return { total, list: out };
}
