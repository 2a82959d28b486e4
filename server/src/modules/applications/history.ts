/**
 * The job seeker's own application: its timeline (each state with its Beijing time, and the
 * answers to the enterprise's interview invitations), and 撤回投递 while the enterprise has
 * neither opened nor downloaded the résumé.
 */
import type { FastifyInstance } from 'fastify';
import { APPLICATION_EVENT_LABELS, WITHDRAWABLE_STATE, WITHDRAW_DONE_MSG, WITHDRAW_TOO_LATE_MSG, applicationHistoryApi, type ApplicationEventKind } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import { handle } from '../../http/route.js';
import { conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { minuteText } from './store.js';

/** The enterprise has not read it: still 已投递, and no one there downloaded the résumé since it was sent. */
const unread = sql`a.state = ${WITHDRAWABLE_STATE} and not exists (
  select 1 from resume_downloads d where d.seeker_id = a.seeker_id and d.company_id = a.company_id and d.created_at >= a.created_at)`;

async function timeline(db: Db, seekerId: string, applicationId: string) {
  const a = await one<{ id: string; withdrawable: boolean }>(
    db,
    sql`select a.id::text as id, (${unread}) as withdrawable from applications a where a.id = ${applicationId} and a.seeker_id = ${seekerId}`,
  );
  if (!a) throw notFound('投递记录不存在');
  const list = await rows<{ kind: string; at: string; t: string }>(
    db,
    sql`select e.state::text as kind, ${minuteText('e.at')} as at, e.at as t from application_events e where e.application_id = ${a.id}
        union all
        select case i.answer when 1 then 'accepted' else 'declined' end, ${minuteText('i.answered_at')}, i.answered_at
          from interviews i where i.application_id = ${a.id} and i.answer in (1, 2) and i.answered_at is not null
        order by 3, 1`,
  );
  return {
    events: list.map((e) => ({ kind: e.kind, label: APPLICATION_EVENT_LABELS[e.kind as ApplicationEventKind] ?? e.kind, at: e.at })),
    withdrawable: a.withdrawable ? 1 : 0,
  };
}

export function registerHistory(app: FastifyInstance, s: Services): void {
  handle(app, s, applicationHistoryApi.timeline, async ({ params, user }) => timeline(s.db, user.id, params.bsid));

  handle(app, s, applicationHistoryApi.withdraw, async ({ params, user }) => {
    // One statement: an HR opening the résumé at the same moment either comes first (nothing is
    // deleted) or finds the application gone.
    const gone = await one(s.db, sql`delete from applications a where a.id = ${params.bsid} and a.seeker_id = ${user.id} and ${unread} returning a.id`);
    if (gone) return { msg: WITHDRAW_DONE_MSG };
    const exists = await one(s.db, sql`select 1 as ok from applications where id = ${params.bsid} and seeker_id = ${user.id}`);
    if (!exists) throw notFound('投递记录不存在');
    throw conflict(WITHDRAW_TOO_LATE_MSG);
  });
}
