/** An enterprise as visitors may see it: approved, or not yet but previewed by its own HR. */
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { hrState } from './joined-company.js';
import { companyForVisitors } from './repo.js';

export async function visibleCompany(s: Services, dwid: string, viewerId: string | null) {
  const c = await companyForVisitors(s.db, dwid);
  // Until approved, only the enterprise's own HR may preview it.
  const st = viewerId ? await hrState(s.db, viewerId).catch(() => null) : null;
  const own = st?.joinState === 2 && st.companyId === dwid;
  if (!c || (c.status !== 1 && !own)) throw notFound('单位不存在或尚未通过审核');
  return c;
}
