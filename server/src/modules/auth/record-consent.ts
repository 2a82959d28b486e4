/**
 * Consent to the 用户服务协议 and the 隐私政策 (PIPL), versioned by the operator: a new version
 * that asks again is put to people on their next visit.
 */
import { POLICY_KINDS, POLICY_OUTDATED_MSG, type PolicyKind } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { conflict, notFound } from '../../http/reply.js';
import { insertConsent, latestPolicy, type PolicyRow } from './repo.js';

export async function currentPolicy(db: Db, kind: PolicyKind): Promise<PolicyRow> {
  const r = await latestPolicy(db, kind);
  if (!r) throw notFound('该文档尚未发布');
  return r;
}

/** Records agreement to `versions`, which must be the current ones (else the person read an outdated text). */
export async function recordConsent(db: Db, userId: string, versions: Partial<Record<PolicyKind, number>>, ip: string): Promise<void> {
  for (const kind of POLICY_KINDS) {
    const version = versions[kind];
    if (version === undefined) continue;
    if ((await currentPolicy(db, kind)).version !== version) throw conflict(POLICY_OUTDATED_MSG);
  }
  for (const kind of POLICY_KINDS) {
    const version = versions[kind];
    if (version === undefined) continue;
    await insertConsent(db, userId, kind, version, ip);
  }
}

/** Refuses a registration that agreed to versions no longer current, before anything is created. */
export async function checkConsentCurrent(db: Db, versions: Partial<Record<PolicyKind, number>> | undefined): Promise<void> {
  if (!versions) return;
  for (const kind of POLICY_KINDS) {
    if (versions[kind] !== undefined && (await currentPolicy(db, kind)).version !== versions[kind]) throw conflict(POLICY_OUTDATED_MSG);
  }
}
