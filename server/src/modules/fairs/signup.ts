/** Sign-up and favourites, for job seekers and for enterprises (through their HR). */
import { SITE_PATHS } from '@zp/core/fairs';
import { rows, sql } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { companyOfHr } from '../companies/public.js';
import { fairStateSql, type FairState } from './public.js';
import { seekerCompleteness } from '../resumes/public.js';
import { contentChanged } from '../content/public.js';
import { RESUME_INCOMPLETE_MSG, resumeComplete } from '@zp/core/rules/resume';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';

/** The completeness a job seeker needs to sign up (spec: 60). */

interface OpenFair {
  id: string;
  name: string;
  state: FairState;
  starts: string;
}

/** The fairs asked for, all published; refuses the whole request if one is missing. */
async function publishedFairs(s: Services, ids: string[]): Promise<OpenFair[]> {
  const found = await rows<OpenFair>(
    s.db,
    sql`select f.id::text as id, f.name, ${fairStateSql()} as state,
               to_char(f.starts_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as starts
        from fairs f where f.published and f.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
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
  const added = await rows<{ id: string }>(
    s.db,
    sql`insert into fair_signups (fair_id, user_id)
        values ${sql.join(ids.map((id) => sql`(${id}, ${userId})`), sql`, `)}
        on conflict (fair_id, user_id) where company_id is null do nothing
        returning fair_id::text as id`,
  );
  await confirmSignUps(s, userId, fairs, added.map((x) => x.id), '您');
}

/** Signs the HR's (approved) enterprise up; a second HR of the same enterprise changes nothing. */
export async function companySignUp(s: Services, hrId: string, ids: string[]) {
  const company = await companyOfHr(s.db, hrId);
  if (!company || company.status !== 1) throw forbidden(COMPANY_NOT_APPROVED);
  const fairs = await openForSignUp(s, ids);
  const added = await rows<{ id: string }>(
    s.db,
    sql`insert into fair_signups (fair_id, user_id, company_id)
        values ${sql.join(ids.map((id) => sql`(${id}, ${hrId}, ${company.id})`), sql`, `)}
        on conflict (fair_id, company_id) where company_id is not null do nothing
        returning fair_id::text as id`,
  );
  await confirmSignUps(s, hrId, fairs, added.map((x) => x.id), `贵单位（${company.name}）`);
}

export async function favorite(s: Services, userId: string, ids: string[]) {
  await publishedFairs(s, ids);
  await s.db.execute(
    sql`insert into fair_favorites (user_id, fair_id) values ${sql.join(ids.map((id) => sql`(${userId}, ${id})`), sql`, `)}
        on conflict do nothing`,
  );
}

export async function unfavorite(s: Services, userId: string, fairId: string) {
  await s.db.execute(sql`delete from fair_favorites where user_id = ${userId} and fair_id = ${fairId}`);
}
