/**
 * Who at an enterprise may see a job seeker and the seeker's résumé files: the rules the
 * module's use cases and other modules (through public.ts) share.
 */
import { isId } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { resumeHidden } from '../resumes/public.js';
import { shieldedCompanies } from '../relations/public.js';
import { companyOfHr } from '../companies/public.js';
import { FileKind, type PrivateFileRule } from '../files/public.js';
import { acceptedInvitationFrom, appliedToCompany, isSeeker } from './repo.js';

/**
 * How an enterprise's HR may see a job seeker: 'applied' (the seeker applied to one of its jobs,
 * sharing the résumé with it), 'search' (the résumé is public and the seeker does not shield the
 * enterprise, so talent search finds them), or null (not at all).
 */
export async function candidateAccess(db: Db, companyId: string, seekerId: string): Promise<'applied' | 'search' | null> {
  if (!isId(seekerId)) return null;
  if (!(await isSeeker(db, seekerId))) return null;
  if (await appliedToCompany(db, seekerId, companyId)) return 'applied';
  if (await resumeHidden(db, seekerId)) return null;
  if ((await shieldedCompanies(db, seekerId)).includes(companyId)) return null;
  return 'search';
}

/**
 * The one rule for résumé files handed to an enterprise's HR (downloads, file links, private file
 * reads): 'private' — the attachment résumés too, because the seeker shared them with the
 * enterprise (applied to one of its jobs, or accepted one of its interview invitations);
 * 'public' — only what the seeker made public, the online résumé that talent search shows (not
 * hidden, enterprise not shielded); null — nothing.
 */
export async function resumeFileAccess(db: Db, companyId: string, seekerId: string): Promise<'private' | 'public' | null> {
  const access = await candidateAccess(db, companyId, seekerId);
  if (access === 'applied') return 'private';
  if (!isId(seekerId)) return null;
  if (await acceptedInvitationFrom(db, seekerId, companyId)) return 'private';
  return access === 'search' ? 'public' : null;
}

/**
 * HR of an approved enterprise the seeker shared the attachment résumés with (resumeFileAccess:
 * applied, or accepted an invitation) may read them; talent search alone never opens them.
 */
export const sharedResumeRule: PrivateFileRule = async (db, file, user) => {
  if (user.role !== 'hr' || file.kind !== FileKind.resume || !file.ownerId) return false;
  const company = await companyOfHr(db, user.id);
  return !!company && company.status === 1 && (await resumeFileAccess(db, company.id, file.ownerId)) === 'private';
};
