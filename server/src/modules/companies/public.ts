/**
 * What other modules may ask about enterprises and their HR.
 */
import type { Db } from '../../db/index.js';
import type { Config } from '../../config.js';
import { fileUrl } from '../files/public.js';
import { companyLogoKeys } from './repo.js';

/** Logo URL per enterprise id ('' when it has none). */
export async function companyLogoUrls(db: Db, config: Config, companyIds: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = Object.fromEntries(companyIds.map((id) => [id, '']));
  if (!companyIds.length) return out;
  for (const x of await companyLogoKeys(db, companyIds)) out[x.id] = fileUrl(config, x.storage_key);
  return out;
}

/** msCount of getGwYyCount: interview invitations an enterprise sent (interviews are the applications module's). */
export type InterviewCounter = (db: Db, companyId: string) => Promise<number>;

// Used by other modules; they import it from here only.
export { companyNameOf, companyOfHr, createHrProfile, hrContacts, hrIdsByCompany, hrIdsOfCompany } from './repo.js';
export { joinedCompanyId } from './joined-company.js';
export { CITIES, companyCount, insertCompanies, makeCompany, random, type Random } from './generate.js';
export { KIND_CATEGORIES, demoKindOf } from './seed.js';
export { hrCompany } from './hr-company.js';
