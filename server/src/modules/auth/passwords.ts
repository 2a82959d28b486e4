import { hash, verify } from '@node-rs/argon2';

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
