/** A logged-in person changes their password: the old one checked, every session ended. */
import { badRequest } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { checkPassword, hashPassword, refuseCommonPassword } from './passwords.js';
import { passwordHashOf, setPasswordHash } from './repo.js';

export async function changePassword(s: Services, user: User, query: { oldPwd: string; newPwd: string }) {
  const row = await passwordHashOf(s.db, user.id);
  if (!row || !(await checkPassword(row.password_hash, query.oldPwd))) throw badRequest('原密码错误');
  if (query.oldPwd.toLowerCase() === query.newPwd.toLowerCase()) throw badRequest('新密码不能与原密码相同');
  refuseCommonPassword(query.newPwd);
  await setPasswordHash(s.db, user.id, await hashPassword(query.newPwd));
  await s.sessions.revokeAll(user.id);
  return { msg: '密码已修改，请重新登录' };
}
