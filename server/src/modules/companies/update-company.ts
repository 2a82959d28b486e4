/** HR change their enterprise's information; what the operator checked going back to review. */
import { COMPANY_LEGACY_OPTIONAL, type CompanyLegacyField } from '@zp/core/contract';
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { assertFileOwned, FileKind } from '../files/public.js';
import type { Db } from '../../db/index.js';
import { assertUnique, attachFiles, checkCodes, clean, type CompanyFields } from './company-fields.js';
import { joinedCompanyId } from './joined-company.js';
import { companyBeforeEdit, companyFileIds, saveCompany } from './repo.js';

/**
 * Saves HR's changes. A rejected enterprise goes back to review; an approved one too when what
 * the operator checked changes (name, credit code, licence) — other edits keep it approved.
 */
export async function updateCompany(
  s: Services,
  hrId: string,
  input: CompanyFields,
  companyRenamed: (db: Db, companyId: string, name: string) => Promise<void>,
): Promise<number> {
  const b = clean(input);
  const companyId = await joinedCompanyId(s.db, hrId);
  const cur = await companyBeforeEdit(s.db, companyId);
  // An enterprise from before these were required may still lack them: it saves without them
  // (the reply asks for them), but what it has cannot be emptied.
  const had: Record<CompanyLegacyField, string> = { tyshxydm: cur!.credit_code, lxr: cur!.contact, lxdh: cur!.contact_phone, yyzzimage: cur!.licence ?? '' };
  for (const k of Object.keys(COMPANY_LEGACY_OPTIONAL) as CompanyLegacyField[]) {
    if (!b[k] && had[k]) throw badRequest(k === 'yyzzimage' ? '请上传营业执照' : `请填写${COMPANY_LEGACY_OPTIONAL[k]}`);
  }
  await checkCodes(s.db, b);
  // Files already on the enterprise (uploaded by a colleague) stay acceptable.
  const known = await companyFileIds(s.db, companyId);
  if (b.yyzzimage && !known.has(b.yyzzimage)) await assertFileOwned(s.db, b.yyzzimage, hrId, [FileKind.licence]);
  if (b.qydwimage && !known.has(b.qydwimage)) await assertFileOwned(s.db, b.qydwimage, hrId, [FileKind.logo]);
  await assertUnique(s.db, b, companyId);
  // Supplying what was missing keeps the approval; changing what the operator checked does not.
  const reviewed = cur!.name !== b.dwmc || (!!had.tyshxydm && had.tyshxydm !== b.tyshxydm) || (!!had.yyzzimage && had.yyzzimage !== b.yyzzimage);
  const status = cur!.status === 2 || (cur!.status === 1 && reviewed) ? 0 : cur!.status;
  await saveCompany(s.db, companyId, b, status, status === 0 && cur!.status !== 0);
  await attachFiles(s.db, companyId, b);
  if (cur!.name !== b.dwmc) await companyRenamed(s.db, companyId, b.dwmc);
  return status;
}
