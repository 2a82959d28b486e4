/** An HR of an enterprise opens an account for a colleague, who is a member at once. */
import type { Static } from '@sinclair/typebox';
import type { companiesApi } from '@zp/core/contract';
import { conflict } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { createUser, findUser } from '../auth/public.js';
import { joinedCompanyId } from './joined-company.js';
import { addToCompany, createHrProfile } from './repo.js';

/** The new HR's user id. */
export async function addSubAccount(s: Services, hrId: string, body: Static<NonNullable<(typeof companiesApi.addSubAccount)['body']>>): Promise<string> {
  const companyId = await joinedCompanyId(s.db, hrId);
  if (await findUser(s.db, 'hr', body.phone)) throw conflict('该手机号已注册 HR 账号，请让对方通过“申请加入单位”加入');
  const xm = body.xm.trim();
  const id = await createUser(s.db, 'hr', body.phone, body.pwd, xm);
  await createHrProfile(s.db, id, { xm, zw: body.zw?.trim() ?? '' });
  await addToCompany(s.db, id, companyId, hrId);
  return id;
}
