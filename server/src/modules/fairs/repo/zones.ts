/**
 * The fairs module's SQL, split by table group (one repo.ts would run past 700 lines): this file
 * holds a fair's zones (fair_zones) and the zone each enterprise signed up is placed in.
 */
import { one, rows, sql, type Db } from '../../../db/index.js';

export async function zonesOf(db: Db, fairId: string) {
  return rows<{ tbsid: string; tmc: string }>(db, sql`select id::text as tbsid, name as tmc from fair_zones where fair_id = ${fairId} order by sort, id`);
}

/** The zone's id, or null when the fair has no such zone. `sort` undefined keeps it as it is. */
export async function updateZone(db: Db, fairId: string, zoneId: string, name: string, sort: number | undefined): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`update fair_zones set name = ${name}, sort = coalesce(${sort ?? null}::int, sort)
          where id = ${zoneId} and fair_id = ${fairId} returning id::text as id`,
  );
  return r?.id ?? null;
}

export async function insertZone(db: Db, fairId: string, name: string, sort: number | undefined): Promise<string> {
  return (await one<{ id: string }>(db, sql`insert into fair_zones (fair_id, name, sort) values (${fairId}, ${name}, ${sort ?? 0}) returning id::text as id`))!
    .id;
}

/** The deleted zone's fair, or null when there is no such zone. */
export async function deleteZoneById(db: Db, zoneId: string): Promise<string | null> {
  const r = await one<{ fair: string }>(db, sql`delete from fair_zones where id = ${zoneId} returning fair_id::text as fair`);
  return r?.fair ?? null;
}

export async function zoneOfFair(db: Db, fairId: string, zoneId: string): Promise<boolean> {
  return !!(await one(db, sql`select 1 from fair_zones where id = ${zoneId} and fair_id = ${fairId}`));
}

/** Places an enterprise signed up for the fair in a zone ('' takes it out); false when it is not signed up. */
export async function placeInZone(db: Db, fairId: string, companyId: string, zoneId: string): Promise<boolean> {
  const r = await one(db, sql`update fair_signups set zone_id = ${zoneId || null} where fair_id = ${fairId} and company_id = ${companyId} returning id`);
  return !!r;
}
