/** A new account of one role: the password hashed, refused when the role already has the phone. */
import type { Db } from '../../db/index.js';
import { conflict } from '../../http/reply.js';
import type { Role } from '../../http/user.js';
import { REGISTERED_MSG } from './messages.js';
import { hashPassword } from './passwords.js';
import { insertUser } from './repo.js';

export async function createUser(db: Db, role: Role, phone: string, md5pwd: string, name = ''): Promise<string> {
  const hash = await hashPassword(md5pwd);
  const id = await insertUser(db, role, phone, hash, name);
  if (!id) throw conflict(REGISTERED_MSG);
  return id;
}
