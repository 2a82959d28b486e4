import { one, sql, type Db } from '../../db/index.js';

/** The demo HR's approved enterprise. */
export async function seedDemoCompany(db: Db, hrId: string): Promise<string> {
  const company = await one<{ id: string }>(
    db,
    sql`insert into companies (name, nature, industry, size, province, city, address, intro, list_type, status, created_by)
        values ('星辰科技有限公司', 'dwxz_03', 'hy_01', 'gm_04', '440000', '440300', '深圳市南山区科技园', '专注于企业级云服务与人工智能应用的高新技术企业。', 1, 1, ${hrId})
        returning id::text as id`,
  );
  await db.execute(sql`update hr_profiles set company_id = ${company!.id}, join_state = 2 where user_id = ${hrId}`);
  return company!.id;
}
