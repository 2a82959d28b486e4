/**
 * What other modules tell or ask relations: an HR opened a seeker's résumé (谁看过我), and
 * which seekers an HR keeps as favourite talents.
 */
import { one, rows, sql, type Db } from '../../db/index.js';
import { bumpResumeCounter } from '../resumes/public.js';

/**
 * Repeated loads by the same HR within this many minutes are one view: the résumé page reads
 * several parts at once, and a reload is not a second look.
 */
export const VIEW_WINDOW_MINUTES = 10;

/** Records that an HR opened a seeker's résumé; returns false when it falls in the last view's window. */
export async function recordResumeView(
  db: Db,
  v: { seekerId: string; hrId: string; companyId: string; jobId?: string | null },
): Promise<boolean> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into resume_views (seeker_id, hr_id, company_id, job_id)
        select ${v.seekerId}, ${v.hrId}, ${v.companyId}, ${v.jobId ?? null}
        where not exists (select 1 from resume_views where seeker_id = ${v.seekerId} and hr_id = ${v.hrId}
                            and viewed_at > now() - make_interval(mins => ${VIEW_WINDOW_MINUTES}))
        returning id::text as id`,
  );
  if (!r) return false;
  await bumpResumeCounter(db, v.seekerId, 'viewed');
  return true;
}

/** seekerId → 1 when the HR keeps them as a favourite talent, else 0. */
export async function favouriteFlags(db: Db, hrId: string, seekerIds: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(seekerIds.map((id) => [id, 0]));
  if (!seekerIds.length) return out;
  const r = await rows<{ id: string }>(
    db,
    sql`select seeker_id::text as id from talent_favourites
        where hr_id = ${hrId} and seeker_id in (${sql.join(seekerIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  for (const x of r) out[x.id] = 1;
  return out;
}
