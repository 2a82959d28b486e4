import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { one, sql, type Db } from './index.js';
import { createUser, findUser } from '../modules/auth/index.js';
import { createSeekerProfile } from '../modules/resumes/profile.js';
import { createHrProfile } from '../modules/companies/hr.js';

export const DEMO_PASSWORD = 'zp123456';
export const DEMO_ACCOUNTS = [
  { role: 'qz', phone: '13800000001', what: '求职者（简历完整）' },
  { role: 'hr', phone: '13800000002', what: 'HR（单位已审核）' },
  { role: 'xs', phone: '13800000003', what: '运营' },
] as const;

export const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

/** Demo accounts and data, created once on an empty database when DEMO=1. */
export async function seedDemo(db: Db, log: Logger): Promise<boolean> {
  if (await findUser(db, 'qz', DEMO_ACCOUNTS[0].phone)) return false;
  const pwd = md5(DEMO_PASSWORD);
  const seeker = await createUser(db, 'qz', DEMO_ACCOUNTS[0].phone, pwd, '李明');
  await createSeekerProfile(db, seeker, DEMO_ACCOUNTS[0].phone);
  await db.execute(sql`update seeker_profiles set name = '李明', gender = 'xb_001', seeking_state = 'qzzt_01', completeness = 100 where user_id = ${seeker}`);

  const hr = await createUser(db, 'hr', DEMO_ACCOUNTS[1].phone, pwd, '王芳');
  await createHrProfile(db, hr, { xm: '王芳', zw: '招聘经理' });
  const company = await one<{ id: string }>(
    db,
    sql`insert into companies (name, nature, industry, size, province, city, address, intro, list_type, status, created_by)
        values ('星辰科技有限公司', 'dwxz_03', 'hy_01', 'gm_04', '440000', '440300', '深圳市南山区科技园', '专注于企业级云服务与人工智能应用的高新技术企业。', 1, 1, ${hr})
        returning id::text as id`,
  );
  await db.execute(sql`update hr_profiles set company_id = ${company!.id}, join_state = 2 where user_id = ${hr}`);

  await createUser(db, 'xs', DEMO_ACCOUNTS[2].phone, pwd, '平台运营');
  log.info('demo accounts created');
  return true;
}
