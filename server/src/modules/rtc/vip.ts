/**
 * Paying HR (spec sections 6, 9): an enterprise's membership runs through companies.vip_until,
 * a Beijing date the operator sets. Its HR have no video-interview limit until that day ends.
 */
import { one, sql, type Db } from '../../db/index.js';

/** Whether the HR is paying on `today` ('YYYY-MM-DD', Beijing). */
export async function isPayingHr(db: Db, hrId: string, today: string): Promise<boolean> {
  // hr_profiles.vip is the older per-account flag; it still counts where it was set.
  const r = await one<{ paid: boolean }>(
    db,
    sql`select (h.vip = 1 or coalesce(h.join_state = 2 and c.vip_until >= ${today}::date, false)) as paid
        from hr_profiles h left join companies c on c.id = h.company_id where h.user_id = ${hrId}`,
  );
  return r?.paid === true;
}

export interface CompanyVip {
  dwid: string;
  dwmc: string;
  vip: number;
  vipEnd: string;
}

export async function companyVip(db: Db, companyId: string, today: string): Promise<CompanyVip | null> {
  const r = await one<{ dwid: string; dwmc: string; vip_end: string | null }>(
    db,
    sql`select id::text as dwid, name as dwmc, to_char(vip_until, 'YYYY-MM-DD') as vip_end from companies where id = ${companyId}`,
  );
  if (!r) return null;
  const vipEnd = r.vip_end ?? '';
  return { dwid: r.dwid, dwmc: r.dwmc, vip: vipEnd && vipEnd >= today ? 1 : 0, vipEnd };
}

/** Sets (a day) or withdraws (null) the membership; false when the enterprise does not exist. */
export async function setCompanyVip(db: Db, companyId: string, until: string | null): Promise<boolean> {
  const r = await one(db, sql`update companies set vip_until = ${until}::date where id = ${companyId} returning id`);
  return !!r;
}
