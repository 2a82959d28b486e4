import { sql, type Db } from '../../db/index.js';

export async function createSeekerProfile(db: Db, userId: string, _phone: string) {
  await db.execute(sql`insert into seeker_profiles (user_id) values (${userId}) on conflict do nothing`);
}
