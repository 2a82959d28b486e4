/**
 * What other modules may ask about enterprises and their HR.
 */
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Config } from '../../config.js';
import { fileUrl } from '../files/public.js';

export { companyStateOfHr } from './hr.js';

/** The enterprise an HR has joined (join_state 2), with its approval state; null when none. */
export async function companyOfHr(db: Db, hrId: string): Promise<{ id: string; name: string; status: number } | null> {
  const r = await one<{ id: string; name: string; status: number }>(
    db,
    sql`select c.id::text as id, c.name, c.status::int as status from hr_profiles h join companies c on c.id = h.company_id
        where h.user_id = ${hrId} and h.join_state = 2`,
  );
  return r ?? null;
}

/** User ids of the HR who have joined an enterprise (the people to notify about it). */
export async function hrIdsOfCompany(db: Db, companyId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(db, sql`select user_id::text as id from hr_profiles where company_id = ${companyId} and join_state = 2`);
  return r.map((x) => x.id);
}

/** Logo URL per enterprise id ('' when it has none). */
export async function companyLogoUrls(db: Db, config: Config, companyIds: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = Object.fromEntries(companyIds.map((id) => [id, '']));
  if (!companyIds.length) return out;
  const r = await rows<{ id: string; storage_key: string }>(
    db,
    sql`select c.id::text as id, f.storage_key from companies c join files f on f.id = c.logo_file_id and f.deleted_at is null
        where c.id in (${sql.join(companyIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  for (const x of r) out[x.id] = fileUrl(config, x.storage_key);
  return out;
}

/** msCount of getGwYyCount: interview invitations an enterprise sent (interviews are the applications module's). */
export type InterviewCounter = (db: Db, companyId: string) => Promise<number>;

/** An enterprise's name and review state (1 approved), for a report's evidence; null when there is none. */
export async function companyNameOf(db: Db, companyId: string): Promise<{ name: string; status: number } | null> {
  return (await one<{ name: string; status: number }>(db, sql`select name, status::int as status from companies where id = ${companyId}`)) ?? null;
}

// Used by other modules; they import it from here only.
export { CITIES, companyCount, insertCompanies, makeCompany, random, type Random } from './generate.js';
export { createHrProfile, syncHrPhone } from './hr.js';
export { KIND_CATEGORIES, demoKindOf } from './seed.js';
export { joinedCompanyId } from './store.js';
