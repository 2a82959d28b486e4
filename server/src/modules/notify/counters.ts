import { rows, sql, type Db } from '../../db/index.js';

export async function unreadCounters(db: Db, userId: string) {
  const r = await rows<{ category: 'wjxx' | 'hxxx' | 'xtxx'; n: number }>(
    db,
    sql`select category, count(*)::int as n from notifications where user_id = ${userId} and read_at is null group by category`,
  );
  const by = Object.fromEntries(r.map((x) => [x.category, x.n]));
  return { wjxx: { count: by.wjxx ?? 0 }, hxxx: { count: by.hxxx ?? 0 }, xtxx: { count: by.xtxx ?? 0 } };
}
