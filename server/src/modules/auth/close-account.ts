/**
 * 注销账号 (PIPL), confirmed with an SMS code. What closing deletes is what the 隐私政策's 注销
 * section states; keep the two together (the statements are eraseAccount in repo.ts).
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/reply.js';
import type { Role, User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { deleteFile, toRecord } from '../files/public.js';
import { deletePersonalFiles, eraseAccount, livePersonalFiles } from './repo.js';

const closable = (role: Role) => {
  if (role === 'xs') throw forbidden('运营账号不能自行注销，请联系平台管理员');
};

export async function sendCloseCode(s: Services, req: FastifyRequest, user: User) {
  closable(user.role);
  await s.sms.send(user.phone, 'close_account', req.ip);
}

/** Deletes the files the person uploaded for themselves (an HR's uploads for the enterprise stay with it), bytes first. */
async function deleteOwnFiles(s: Services, userId: string) {
  const files = await livePersonalFiles(s.db, userId);
  for (const f of files) await deleteFile(s, toRecord(f));
  await deletePersonalFiles(s.db, userId);
}

/**
 * A job seeker's account goes with everything that hangs off it (the database deletes the rows
 * that reference the account); the one-to-one conversations they took part in and their messages
 * elsewhere are deleted here, as are their files and feedback. An HR's account stays as an
 * anonymous placeholder ('已注销'): the jobs they posted and their conversations with candidates
 * belong to the enterprise.
 */
export async function closeAccount(s: Services, req: FastifyRequest, user: User, validateCode: string) {
  closable(user.role);
  await s.sms.verify(user.phone, 'close_account', validateCode, req.ip);
  await s.sessions.revokeAll(user.id);
  await deleteOwnFiles(s, user.id);
  await eraseAccount(s.db, user.id, user.role);
}
