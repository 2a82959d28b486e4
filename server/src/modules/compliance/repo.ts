/** All of the compliance module's SQL: the footer's legal facts and the reports. */
import type { Static } from '@sinclair/typebox';
import { SiteInfo, type complianceApi, type ReportKind } from '@zp/core/contract';
import { chinaTime, one, rows, sql, type Db } from '../../db/index.js';
import { offsetOf } from '../../http/reply.js';

export type Info = Static<typeof SiteInfo>;
export const INFO_KEYS = Object.keys(SiteInfo.properties) as (keyof Info)[];

/** The footer's facts, '' where the operator has set none. */
export async function readInfo(db: Db): Promise<Info> {
  const stored = await rows<{ key: string; value: string }>(db, sql`select key, value from site_info`);
  const out = Object.fromEntries(INFO_KEYS.map((k) => [k, ''])) as Info;
  for (const r of stored) if ((INFO_KEYS as string[]).includes(r.key)) out[r.key as keyof Info] = r.value;
  return out;
}

export async function saveInfoValue(db: Db, key: keyof Info, value: string, operatorId: string) {
  await db.execute(
    sql`insert into site_info (key, value, updated_by) values (${key}, ${value}, ${operatorId})
              on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const u = await one<{ id: string }>(db, sql`select id::text as id from users where id = ${id}`);
  return !!u;
}

/** Reports sent lately: by this account in the last day, or anonymously from this address in the last hour. */
export async function recentReports(db: Db, by: { userId: string } | { ip: string }): Promise<number> {
  const recent =
    'userId' in by
      ? await one<{ n: number }>(db, sql`select count(*)::int as n from reports where reporter_id = ${by.userId} and created_at > now() - interval '1 day'`)
      : await one<{ n: number }>(
          db,
          sql`select count(*)::int as n from reports where reporter_id is null and ip = ${by.ip} and created_at > now() - interval '1 hour'`,
        );
  return recent!.n;
}

export async function insertReport(
  db: Db,
  r: {
    kind: ReportKind;
    targetId: string;
    targetName: string;
    targetLink: string;
    reason: number;
    statement: string;
    evidence: string;
    reporterId: string | null;
    phone: string;
    ip: string;
  },
): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    sql`insert into reports (kind, target_id, target_name, target_link, reason, statement, evidence, reporter_id, phone, ip)
            values (${r.kind}, ${r.targetId}, ${r.targetName}, ${r.targetLink}, ${r.reason}, ${r.statement}, ${r.evidence},
                    ${r.reporterId}, ${r.phone}, ${r.ip})
            returning id::text as id`,
  );
  return row!.id;
}

export type ReportRow = Static<typeof complianceApi.adminReports.reply>['page']['list'][number];

/** The operator's list: unhandled first, filtered by handled (zt) and kind (lx). */
export async function reportsPage(db: Db, q: { zt?: number; lx?: string; page: number; limit: number }): Promise<{ total: number; list: ReportRow[] }> {
  const where = [sql`true`];
  if (q.zt !== undefined) where.push(q.zt === 1 ? sql`r.handled_at is not null` : sql`r.handled_at is null`);
  if (q.lx) where.push(sql`r.kind = ${q.lx}`);
  const cond = sql.join(where, sql` and `);
  const total = (await one<{ n: number }>(db, sql`select count(*)::int as n from reports r where ${cond}`))!.n;
  const list = await rows<ReportRow>(
    db,
    sql`select r.id::text as bsid, r.kind as lx, r.target_id as dxid, r.target_name as dxmc, r.target_link as dxlj,
                   r.reason::int as yy, r.statement as sm, r.evidence as zj,
                   case when r.reporter_id is null then '游客' else coalesce(nullif(u.name, ''), u.phone, '') end as jbr, r.phone,
                   (r.handled_at is not null)::int as zt, r.result as cljg, coalesce(nullif(o.name, ''), o.phone, '') as clr,
                   coalesce(${chinaTime('r.handled_at')}, '') as clsj, ${chinaTime('r.created_at')} as "createTime"
            from reports r left join users u on u.id = r.reporter_id left join users o on o.id = r.handled_by
            where ${cond}
            order by (r.handled_at is null) desc, r.created_at desc, r.id desc
            limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total, list };
}

/** Records the operator's handling; null when there is no such report. */
export async function saveHandling(db: Db, id: string, result: string, operatorId: string) {
  return (
    (await one<{ reporter_id: string | null; kind: ReportKind; target_name: string; reason: number }>(
      db,
      sql`update reports set result = ${result}, handled_by = ${operatorId}, handled_at = now() where id = ${id}
            returning reporter_id::text as reporter_id, kind, target_name, reason::int as reason`,
    )) ?? null
  );
}
