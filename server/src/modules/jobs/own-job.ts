/** Every HR action on a job starts here: a job of the HR's enterprise (colleagues share them), not taken down. */
import type { Db } from '../../db/index.js';
import { forbidden, notFound } from '../../http/reply.js';
import { jobOfCompany, type OwnedJob } from './repo.js';

/** A job of the HR's enterprise (colleagues share the enterprise's jobs), or 404. */
export async function ownJob(db: Db, companyId: string, jobId: string): Promise<OwnedJob> {
  const j = await jobOfCompany(db, companyId, jobId);
  if (!j) throw notFound('岗位不存在');
  return j;
}

export const takenDown = (j: OwnedJob) => forbidden(`该岗位已被平台下架${j.takedown_reason ? `（原因：${j.takedown_reason}）` : ''}，不能再修改或发布`);
