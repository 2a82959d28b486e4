/** All of the feedback module's SQL. */
import { one, rows, sql, type Db } from '../../db/index.js';
import { offsetOf } from '../../http/reply.js';

const time = (col: string) => sql.raw(`coalesce(to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), '')`);

export interface FeedbackRow {
  bsid: string;
  wtlx: number;
  wtms: string;
  image_key: string | null;
  cljg: string;
  clsj: string;
  zt: number;
  createTime: string;
}
export interface AdminFeedbackRow extends FeedbackRow {
  dm: string;
  phone: string;
  userId: string;
  userName: string;
  clr: string;
}

/** Feedback sent lately: by this account in the last day, or anonymously from this address in the last hour. */
export async function recentCount(db: Db, by: { userId: string } | { ip: string }): Promise<number> {
  const r =
    'userId' in by
      ? await one<{ n: number }>(db, sql`select count(*)::int as n from feedback where user_id = ${by.userId} and created_at > now() - interval '1 day'`)
      : await one<{ n: number }>(db, sql`select count(*)::int as n from feedback where user_id is null and ip = ${by.ip} and created_at > now() - interval '1 hour'`);
  return r!.n;
}

/** The new feedback's id, or null when its image is already used by another. */
export async function insertFeedback(
  db: Db,
  f: { userId: string | null; kind: string; category: number; content: string; phone: string; imageId: string | null; ip: string },
): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into feedback (user_id, author_kind, category, content, phone, image_file_id, ip)
        values (${f.userId}, ${f.kind}, ${f.category}, ${f.content}, ${f.phone}, ${f.imageId}, ${f.ip})
        on conflict do nothing returning id::text as id`,
  );
  return r?.id ?? null;
}

export async function ownFeedback(db: Db, userId: string, page: number, size: number): Promise<{ total: number; list: FeedbackRow[] }> {
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from feedback where user_id = ${userId}`);
  const list = await rows<FeedbackRow>(
    db,
    sql`select f.id::text as bsid, f.category::int as wtlx, f.content as wtms, fi.storage_key as image_key, f.answer as cljg,
               ${time('f.answered_at')} as clsj, (f.answered_at is not null)::int as zt, ${time('f.created_at')} as "createTime"
        from feedback f left join files fi on fi.id = f.image_file_id and fi.deleted_at is null
        where f.user_id = ${userId} order by f.created_at desc, f.id desc limit ${size} offset ${offsetOf(page, size)}`,
  );
  return { total: total!.n, list };
}

/** The operator's list: unanswered first, filtered by answered (zt) and category (wtlx). */
export async function allFeedback(
  db: Db,
  q: { zt?: number; wtlx?: number; page: number; limit: number },
): Promise<{ total: number; list: AdminFeedbackRow[] }> {
  const where = [sql`true`];
  if (q.zt !== undefined) where.push(q.zt === 1 ? sql`f.answered_at is not null` : sql`f.answered_at is null`);
  if (q.wtlx !== undefined) where.push(sql`f.category = ${q.wtlx}`);
  const cond = sql.join(where, sql` and `);
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from feedback f where ${cond}`);
  const list = await rows<AdminFeedbackRow>(
    db,
    sql`select f.id::text as bsid, f.category::int as wtlx, f.content as wtms, fi.storage_key as image_key, f.answer as cljg,
               ${time('f.answered_at')} as clsj, (f.answered_at is not null)::int as zt, ${time('f.created_at')} as "createTime",
               f.author_kind as dm, f.phone, coalesce(f.user_id::text, '') as "userId", coalesce(nullif(u.name, ''), u.phone, '') as "userName",
               coalesce(nullif(o.name, ''), o.phone, '') as clr
        from feedback f
        left join files fi on fi.id = f.image_file_id and fi.deleted_at is null
        left join users u on u.id = f.user_id
        left join users o on o.id = f.answered_by
        where ${cond}
        order by (f.answered_at is null) desc, f.created_at desc, f.id desc
        limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total: total!.n, list };
}

/** Records the operator's answer; null when there is no such feedback. */
export async function saveAnswer(db: Db, id: string, answer: string, operatorId: string) {
  return (
    (await one<{ user_id: string | null; content: string; clsj: string }>(
      db,
      sql`update feedback set answer = ${answer}, answered_by = ${operatorId}, answered_at = now() where id = ${id}
          returning user_id::text as user_id, content, to_char(answered_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as clsj`,
    )) ?? null
  );
}
