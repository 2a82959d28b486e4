/** An HR changes their own name, title, email and gender; the account's display name follows. */
import type { Static } from '@sinclair/typebox';
import type { companiesApi } from '@zp/core/contract';
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { setDisplayName } from '../auth/public.js';
import { isValidCode } from '../codes/public.js';
import { saveHrProfile } from './repo.js';

export async function updateHrProfile(s: Services, userId: string, body: Static<NonNullable<(typeof companiesApi.updateProfile)['body']>>) {
  const xm = body.xm.trim();
  if (!xm) throw badRequest('请填写姓名');
  if (body.xb && !(await isValidCode(s.db, 'm_xbdm', body.xb))) throw badRequest('性别无效，请重新选择');
  await saveHrProfile(s.db, userId, { name: xm, title: body.zw.trim(), email: body.yx?.trim(), gender: body.xb });
  await setDisplayName(s.db, userId, xm);
}
