/** Sign-up and favourites, for job seekers and for enterprises (through their HR). */
import { SITE_PATHS } from '@zp/core/fairs';
import { badRequest, forbidden, notFound } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { companyOfHr } from '../companies/public.js';
import { requireFair } from './hall.js';
import { viewerOf } from './list-fairs.js';
import { publishedFairsOf, type OpenFair } from './repo/fairs.js';
import { companySignedUp, deleteFavorite, insertCompanySignups, insertFavorites, insertSeekerSignups } from './repo/signups.js';
import { seekerCompleteness } from '../resumes/public.js';
import { contentChanged } from '../../bus/content-changed.js';
import { RESUME_INCOMPLETE_MSG, resumeComplete } from '@zp/core/rules/resume';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';

/** The completeness a job seeker needs to sign up (spec: 60). */

/** The fairs asked for, all published; refuses the whole request if one is missing. */
async function publishedFairs(s: Services, ids: string[]): Promise<OpenFair[]> {
  const found = await publishedFairsOf(s.db, ids);
  if (found.length !== ids.length) throw notFound('招聘会不存在或已撤下');
  return found;
}

/** Sign-up closes when a fair ends; nothing is stored if one of the fairs has ended. */
async function openForSignUp(s: Services, ids: string[]): Promise<Map<string, OpenFair>> {
  const fairs = await publishedFairs(s, ids);
  const ended = fairs.find((f) => f.state === 3);
  if (ended) throw badRequest(`「${ended.name}」已结束，无法报名`);
  return new Map(fairs.map((f) => [f.id, f]));
}

const hallLink = (f: OpenFair) => SITE_PATHS.hall(f.id, f.state);

async function confirmSignUps(s: Services, userId: string, fairs: Map<string, OpenFair>, newIds: string[], who: string) {
  for (const id of newIds) {
    const f = fairs.get(id)!;
    // The fair's figures on cached pages changed.
    await contentChanged(s, 'fair', id);
    await notify(s, userId, 'hxxx', '报名成功', `${who}已报名「${f.name}」，开始时间 ${f.starts}，届时请进入会场。`, hallLink(f));
  }
}

/** Signs a job seeker up; repeating a sign-up changes nothing. */
export async function seekerSignUp(s: Services, userId: string, ids: string[]) {
  if (!resumeComplete(await seekerCompleteness(s.db, userId))) throw forbidden(RESUME_INCOMPLETE_MSG);
  const fairs = await openForSignUp(s, ids);
  const added = await insertSeekerSignups(s.db, userId, ids);
  await confirmSignUps(s, userId, fairs, added, '您');
}

/** Signs the HR's (approved) enterprise up; a second HR of the same enterprise changes nothing. */
export async function companySignUp(s: Services, hrId: string, ids: string[]) {
  const company = await companyOfHr(s.db, hrId);
  if (company?.status !== 1) throw forbidden(COMPANY_NOT_APPROVED);
  const fairs = await openForSignUp(s, ids);
  const added = await insertCompanySignups(s.db, hrId, company.id, ids);
  await confirmSignUps(s, hrId, fairs, added, `贵单位（${company.name}）`);
}

export async function favorite(s: Services, userId: string, ids: string[]) {
  await publishedFairs(s, ids);
  await insertFavorites(s.db, userId, ids);
}

export async function unfavorite(s: Services, userId: string, fairId: string) {
  await deleteFavorite(s.db, userId, fairId);
}

/** A job seeker puts their own résumé in the fair's talent pool: a sign-up. */
export async function joinTalentPool(s: Services, userId: string, fairId: string, seekerId: string | undefined) {
  if (seekerId && seekerId !== userId) throw forbidden('只能将自己的简历加入人才库');
  await seekerSignUp(s, userId, [fairId]);
}

/** Refuses an HR whose enterprise is not signed up for the fair (the hall's chat is for those that are). */
export async function requireCompanySignedUp(s: Services, user: User, fairId: string) {
  const v = await viewerOf(s.db, user);
  await requireFair(s.db, fairId);
  if (!v.companyId || !(await companySignedUp(s.db, fairId, v.companyId))) throw forbidden('贵单位未报名本场招聘会');
}
