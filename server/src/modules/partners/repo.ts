/** All of the partners module's SQL: the partner sites (partner_sites). */
import { chinaTime, one, rows, sql, type Db } from '../../db/index.js';

export interface PartnerRow {
  id: string;
  name: string;
  origin: string;
  contact: string;
  enabled: boolean;
  created: string;
  updated: string;
}

/** A partner site as the console shows it and the operator log records it. */
export const item = (r: PartnerRow) => ({
  bsid: r.id,
  mc: r.name,
  origin: r.origin,
  lxr: r.contact,
  sfqy: r.enabled ? 1 : 0,
  cjsj: r.created,
  gxsj: r.updated,
});

const columns = sql`id::text as id, name, origin, contact, enabled, ${chinaTime('created_at')} as created, ${chinaTime('updated_at')} as updated`;

export const partnerById = (db: Db, id: string) => one<PartnerRow>(db, sql`select ${columns} from partner_sites where id = ${id}`);

export async function allPartners(db: Db) {
  return rows<PartnerRow>(db, sql`select ${columns} from partner_sites order by created_at desc, id desc`);
}

/** The origins that may use partner tokens, with their names. */
export async function enabledOrigins(db: Db) {
  return rows<{ origin: string; name: string }>(db, sql`select origin, name from partner_sites where enabled`);
}

export async function partnerIdByOrigin(db: Db, origin: string) {
  return one<{ id: string }>(db, sql`select id::text as id from partner_sites where origin = ${origin}`);
}

export async function updatePartner(db: Db, id: string, p: { name: string; origin: string; contact: string; enabled: boolean }) {
  await db.execute(sql`update partner_sites set name = ${p.name}, origin = ${p.origin}, contact = ${p.contact},
            enabled = ${p.enabled}, updated_at = now()
          where id = ${id}`);
}

/** The new site's id, or null when its origin is already listed (`on conflict` covers two operators adding the same origin at once). */
export async function insertPartner(db: Db, p: { name: string; origin: string; contact: string; enabled: boolean }): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into partner_sites (name, origin, contact, enabled) values (${p.name}, ${p.origin}, ${p.contact}, ${p.enabled})
              on conflict (origin) do nothing returning id::text as id`,
  );
  return r?.id ?? null;
}

/** False when there is no such site. */
export async function setPartnerEnabled(db: Db, id: string, enabled: boolean): Promise<boolean> {
  const r = await one<{ id: string }>(db, sql`update partner_sites set enabled = ${enabled}, updated_at = now() where id = ${id} returning id::text as id`);
  return !!r;
}

export async function deletePartner(db: Db, id: string) {
  await db.execute(sql`delete from partner_sites where id = ${id}`);
}

/** The display name of the person a partner token is issued to. */
export async function userName(db: Db, userId: string) {
  return one<{ name: string }>(db, sql`select name from users where id = ${userId}`);
}
