import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS } from '@zp/core/contract';
import { badRequest } from '../../http/reply.js';

// Algorithm.Argon2id; the package's enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

/** The client sends the hex MD5 of the password; we store argon2id of that (lower-cased). */
export function hashPassword(md5hex: string): Promise<string> {
  return hash(md5hex.toLowerCase(), { algorithm: ARGON2ID });
}

export async function checkPassword(stored: string, md5hex: string): Promise<boolean> {
  try {
    return await verify(stored, md5hex.toLowerCase());
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so both paths take as long. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('0'.repeat(32));
  return decoy;
}

/**
 * The hex MD5s of the most common passwords, hashed once at start from @zxcvbn-ts/language-common's
 * 'passwords-common' list (the xato.net ten-million-passwords corpus, most common first), each as
 * written, capitalised and in capitals: the client sends only the MD5 of what was typed.
 */
const common: ReadonlySet<string> = new Set(
  dictionary['passwords-common']
    .slice(0, COMMON_PASSWORDS.count)
    .flatMap((p) => [p, p.charAt(0).toUpperCase() + p.slice(1), p.toUpperCase()])
    .map((p) => crypto.createHash('md5').update(p, 'utf8').digest('hex')),
);

/** Refuses a new password (hex MD5) that is one of the most common ones. */
export function refuseCommonPassword(md5hex: string): void {
  if (common.has(md5hex.toLowerCase())) throw badRequest(COMMON_PASSWORDS.msg);
}
