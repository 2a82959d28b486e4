/** All of the files module's SQL. */
import { isId } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';

export interface FileRecord {
  id: string;
  ownerId: string | null;
  companyId: string | null;
  /** wjlx */
  kind: number;
  /** wjmc: the name people see */
  name: string;
  /** wjbm */
  alias: string;
  /** wjgs: lower-case extension without the dot */
  ext: string;
  size: number;
  mime: string;
  storageKey: string;
  private: boolean;
  createdAt: string;
}

export type FileRow = {
  id: string;
  owner_id: string | null;
  company_id: string | null;
  kind: number;
  name: string;
  alias: string;
  ext: string;
  size: string | number;
  mime: string;
  storage_key: string;
  private: boolean;
  created_at: string;
};

export const fileColumns = sql`id::text as id, owner_id::text as owner_id, company_id::text as company_id, kind::int as kind, name, alias,
  ext, size, mime, storage_key, private, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as created_at`;

export function toRecord(r: FileRow): FileRecord {
  return {
    id: r.id,
    ownerId: r.owner_id,
    companyId: r.company_id,
    kind: r.kind,
    name: r.name,
    alias: r.alias,
    ext: r.ext,
    size: Number(r.size),
    mime: r.mime,
    storageKey: r.storage_key,
    private: r.private,
    createdAt: r.created_at,
  };
}

/** A registered, not deleted file, or null. */
export async function fileOf(db: Db, fileId: string): Promise<FileRecord | null> {
  if (!isId(fileId)) return null;
  const r = await one<FileRow>(db, sql`select ${fileColumns} from files where id = ${fileId} and deleted_at is null`);
  return r ? toRecord(r) : null;
}

export async function fileByKey(db: Db, storageKey: string): Promise<FileRecord | null> {
  const r = await one<FileRow>(db, sql`select ${fileColumns} from files where storage_key = ${storageKey} and deleted_at is null`);
  return r ? toRecord(r) : null;
}

export async function insertUpload(db: Db, f: Omit<FileRecord, 'id' | 'createdAt'>): Promise<FileRow | undefined> {
  return one<FileRow>(
    db,
    sql`insert into files (owner_id, company_id, kind, name, alias, ext, size, mime, storage_key, private)
        values (${f.ownerId}, ${f.companyId}, ${f.kind}, ${f.name}, ${f.alias}, ${f.ext},
                ${f.size}, ${f.mime}, ${f.storageKey}, ${f.private})
        on conflict do nothing
        returning ${fileColumns}`,
  );
}

/** A file the server received itself (receive.ts). */
export async function insertReceived(
  db: Db,
  f: { ownerId: string; kind: number; name: string; ext: string; size: number; mime: string; storageKey: string; private: boolean },
): Promise<FileRow | undefined> {
  return one<FileRow>(
    db,
    sql`insert into files (owner_id, kind, name, ext, size, mime, storage_key, private)
          values (${f.ownerId}, ${f.kind}, ${f.name}, ${f.ext}, ${f.size}, ${f.mime}, ${f.storageKey}, ${f.private})
          returning ${fileColumns}`,
  );
}

export async function markFileDeleted(db: Db, id: string) {
  await db.execute(sql`update files set deleted_at = now() where id = ${id} and deleted_at is null`);
}

async function filesWhere(db: Db, where: ReturnType<typeof sql>): Promise<FileRecord[]> {
  const list = await rows<FileRow>(db, sql`select ${fileColumns} from files where deleted_at is null and ${where} order by created_at desc, id desc`);
  return list.map(toRecord);
}

/** A job seeker's files of one kind, newest first. */
export async function seekerFiles(db: Db, userId: string, kind: number): Promise<FileRecord[]> {
  return filesWhere(db, sql`owner_id = ${userId} and kind = ${kind}`);
}

/** An HR's logos and licences: their own, and their enterprise's; newest first. */
export async function hrFiles(db: Db, userId: string, companyId: string | null): Promise<FileRecord[]> {
  const mine = companyId ? sql`(owner_id = ${userId} or company_id = ${companyId})` : sql`owner_id = ${userId}`;
  return filesWhere(db, sql`${mine} and kind in (20, 30)`);
}

/** The job seeker's attachment résumés (kind 10) not deleted. */
export async function resumeAttachmentCount(db: Db, userId: string): Promise<number> {
  const n = await rows<{ n: number }>(db, sql`select count(*)::int as n from files where owner_id = ${userId} and kind = 10 and deleted_at is null`);
  return n[0].n;
}

/** Holds, until the transaction `tx` ends, the lock under which one person's attachment résumés are counted and added. */
export async function lockResumeAttachments(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:resume:${userId}`}))`);
}

export async function renameFile(db: Db, id: string, name: string) {
  await db.execute(sql`update files set name = ${name} where id = ${id}`);
}

/** Whether an enterprise uses the file as its logo or licence. */
export async function usedByCompany(db: Db, fileId: string): Promise<boolean> {
  const inUse = await rows(db, sql`select 1 from companies where logo_file_id = ${fileId} or licence_file_id = ${fileId} limit 1`);
  return inUse.length > 0;
}

/** A job seeker's avatar, an HR's enterprise logo (spec: the bar shows the logo for HR): their storage keys by user id. */
export async function avatarAndLogoKeys(db: Db, userIds: string[]) {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return rows<{ id: string; storage_key: string }>(
    db,
    sql`select p.user_id::text as id, f.storage_key from seeker_profiles p join files f on f.id = p.avatar_file_id and f.deleted_at is null
            where p.user_id in (${ids})
            union all
            select h.user_id::text as id, f.storage_key from hr_profiles h join companies c on c.id = h.company_id
              join files f on f.id = c.logo_file_id and f.deleted_at is null
            where h.user_id in (${ids}) and h.join_state in (0, 2)`,
  );
}
