import { one, sql, type Db } from '../../db/index.js';

export async function createHrProfile(db: Db, userId: string, p: { xm: string; zw: string }) {
  await db.execute(sql`insert into hr_profiles (user_id, name, title) values (${userId}, ${p.xm}, ${p.zw}) on conflict do nothing`);
}

/** Phones live on the account; nothing to copy today, kept so that callers need not know. */
export async function syncHrPhone(_db: Db, _userId: string, _phone: string) {}

/** shzt of the HR's enterprise: 1 approved, 0 pending, 2 rejected, -1 none or not yet joined. */
export async function companyStateOfHr(db: Db, userId: string): Promise<number> {
  const r = await one<{ status: number | null }>(
    db,
    sql`select c.status::int as status from hr_profiles h left join companies c on c.id = h.company_id
        where h.user_id = ${userId} and h.join_state in (0, 2)`,
  );
  return r?.status ?? -1;
}
