/** 撤回投递: the job seeker takes an application back while the enterprise has neither opened nor downloaded the résumé. */
import { WITHDRAW_DONE_MSG, WITHDRAW_TOO_LATE_MSG } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { conflict, notFound } from '../../http/reply.js';
import { deleteUnreadApplication, hasApplication } from './repo.js';

/** The reply's message; a 404 for no such application of the seeker, a 409 once the enterprise read it. */
export async function withdrawApplication(db: Db, seekerId: string, applicationId: string): Promise<string> {
  if (await deleteUnreadApplication(db, seekerId, applicationId)) return WITHDRAW_DONE_MSG;
  if (!(await hasApplication(db, seekerId, applicationId))) throw notFound('投递记录不存在');
  throw conflict(WITHDRAW_TOO_LATE_MSG);
}
