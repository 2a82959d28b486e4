/**
 * The job seeker's own application: its timeline (each state with its Beijing time, and the
 * answers to the enterprise's interview invitations), and whether it may still be withdrawn
 * (withdraw-application.ts).
 */
import { APPLICATION_EVENT_LABELS, type ApplicationEventKind } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { notFound } from '../../http/reply.js';
import { applicationEvents, applicationOfSeeker } from './repo.js';

export async function timeline(db: Db, seekerId: string, applicationId: string) {
  const a = await applicationOfSeeker(db, seekerId, applicationId);
  if (!a) throw notFound('投递记录不存在');
  const list = await applicationEvents(db, a.id);
  return {
    events: list.map((e) => ({ kind: e.kind, label: APPLICATION_EVENT_LABELS[e.kind as ApplicationEventKind] ?? e.kind, at: e.at })),
    withdrawable: a.withdrawable ? 1 : 0,
  };
}
