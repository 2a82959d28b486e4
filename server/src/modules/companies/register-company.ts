/** An HR without an enterprise registers one: it awaits the operator's review, the HR its member at once. */
import { badRequest, conflict } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { assertUnique, attachFiles, checkCodes, checkFiles, clean, type CompanyFields } from './company-fields.js';
import { hrState } from './joined-company.js';
import { insertCompany, joinAsCreator } from './repo.js';

export async function registerCompany(s: Services, hrId: string, input: CompanyFields): Promise<string> {
  const b = clean(input);
  const st = await hrState(s.db, hrId);
  if (st.joinState === 2) throw conflict('您已加入单位，如需修改请使用“修改单位信息”');
  if (st.joinState === 1) throw conflict('您已申请加入其他单位，请等待审核结果');
  if (b.dwmc.length < 2) throw badRequest('单位名称不能少于 2 个字');
  await checkCodes(s.db, b);
  await checkFiles(s.db, hrId, b);
  await assertUnique(s.db, b, null);
  const id = await insertCompany(s.db, hrId, b);
  await joinAsCreator(s.db, hrId, id);
  await attachFiles(s.db, id, b);
  return id;
}
