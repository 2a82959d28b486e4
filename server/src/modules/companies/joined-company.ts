/** Whether an HR has joined an enterprise: what every HR action on the enterprise checks first. */
import type { Db } from '../../db/index.js';
import { forbidden, notFound } from '../../http/reply.js';
import { findHrState, type HrState } from './repo.js';

export async function hrState(db: Db, hrId: string): Promise<HrState> {
  const st = await findHrState(db, hrId);
  if (!st) throw notFound('HR 信息不存在');
  return st;
}

/** The enterprise the HR has joined, or a 403 telling them to register or join one. */
export async function joinedCompanyId(db: Db, hrId: string): Promise<string> {
  const st = await hrState(db, hrId);
  if (st.joinState !== 2 || !st.companyId) throw forbidden('您还没有加入单位，请先注册或申请加入单位');
  return st.companyId;
}
