/**
 * What HR send for an enterprise, checked and cleaned the same way on registration and on change:
 * codes from their tables, files of theirs, no second enterprise of the same name or credit code.
 */
import { badRequest, conflict } from '../../http/reply.js';
import type { Db } from '../../db/index.js';
import { codeSnapshot, requireCodes } from '../codes/public.js';
import { assertFileOwned, FileKind } from '../files/public.js';
import { attachToCompany, sameCompany, type CompanyFields } from './repo.js';

export type { CompanyFields } from './repo.js';

/** Every code is checked against its table and the city against its province. */
export async function checkCodes(db: Db, b: CompanyFields) {
  await requireCodes(db, [
    ['m_dwxzdm', b.dwxz, '单位性质'],
    ['m_dwsshydm', b.sshy, '所属行业'],
    ['m_dwgmdm', b.dwgm, '单位规模'],
    ['sf', b.dwszsf, '所在省份'],
    ['ss', b.dwszcs, '所在城市'],
  ]);
  const city = (await codeSnapshot(db)).all.ss.find((r) => r.code === b.dwszcs);
  if (city?.parent !== b.dwszsf) throw badRequest('所在城市不属于所选省份');
}

export async function checkFiles(db: Db, hrId: string, b: CompanyFields) {
  await assertFileOwned(db, b.yyzzimage, hrId, [FileKind.licence]);
  if (b.qydwimage) await assertFileOwned(db, b.qydwimage, hrId, [FileKind.logo]);
}

/** The logo and licence now belong to the enterprise (its file list shows them). */
export async function attachFiles(db: Db, companyId: string, b: CompanyFields) {
  const ids = [b.yyzzimage, b.qydwimage].filter((id): id is string => !!id);
  if (!ids.length) return;
  await attachToCompany(db, companyId, ids);
}

export const clean = (b: CompanyFields) => ({
  ...b,
  dwmc: b.dwmc.trim(),
  dwszxxdz: b.dwszxxdz.trim(),
  dwjs: b.dwjs.trim(),
  lxr: b.lxr.trim(),
  lxdh: b.lxdh.trim(),
  dwwz: (b.dwwz ?? '').trim(),
  lxyx: b.lxyx?.trim(),
  qydwimage: b.qydwimage || '',
});

export async function assertUnique(db: Db, b: CompanyFields, exceptId: string | null) {
  const same = await sameCompany(db, b.dwmc, b.tyshxydm, exceptId);
  if (same) {
    throw conflict(same.by_name ? '该单位已注册，请通过“申请加入单位”加入' : '该统一社会信用代码已被其他单位使用，请通过“申请加入单位”加入');
  }
}
