import type { Reminder } from '@zp/core/contract';
import { inList, one, rows, sql, type Db } from '../../db/index.js';
import { offsetOf, pageOf, type PageOf } from '../../http/reply.js';

/** The list's categories: the previous client's xx_001…xx_005 (see notify.ts MessageKind), or all. */
type Category = 'xx_001' | 'xx_002' | 'xx_003' | 'xx_004' | 'xx_005' | 'all';

const inCategory = (category: Category) => (category === 'all' ? sql`true` : sql`kind = ${category}`);

/** A user's reminders of one category (or all), newest first. */
export async function listReminders(db: Db, userId: string, category: Category, page: number, limit: number): Promise<PageOf<Reminder>> {
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from notifications where user_id = ${userId} and ${inCategory(category)}`);
  const list = await rows<Reminder>(
    db,
    sql`select id::text as xxid, category as lb, kind as xxlb, title as bt, content as nr, link as tzlj, (read_at is not null)::int as sfyd,
               to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "createTime"
        from notifications where user_id = ${userId} and ${inCategory(category)}
        order by created_at desc, id desc
        limit ${limit} offset ${offsetOf(page, limit)}`,
  );
  return pageOf(list, total!.n, page, limit);
}

/** Marks the caller's own reminders read; ids of others' reminders are ignored. */
export async function markRead(db: Db, userId: string, ids: string[]): Promise<number> {
  const r = await rows(
    db,
    sql`update notifications set read_at = now()
        where user_id = ${userId} and read_at is null and id in (${inList(ids)}) returning id`,
  );
  return r.length;
}

export async function markAllRead(db: Db, userId: string, category: Category): Promise<number> {
  const r = await rows(db, sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null and ${inCategory(category)} returning id`);
  return r.length;
}
