/** All of the companies module's SQL (demo and bulk data keep theirs in seed.ts and generate.ts). */
import type { Static } from '@sinclair/typebox';
import { COMPANY_LEGACY_OPTIONAL, type CompanyInput, type CompanyLegacyField } from '@zp/core/contract';
import { inList, likePattern, chinaTime, one, rows, sql, type Db } from '../../db/index.js';


// ---- HR profiles

export async function createHrProfile(db: Db, userId: string, p: { xm: string; zw: string }) {
  await db.execute(sql`insert into hr_profiles (user_id, name, title) values (${userId}, ${p.xm}, ${p.zw}) on conflict do nothing`);
}

/** shzt of the HR's enterprise: 1 approved, 0 pending, 2 rejected, -1 none or not yet joined. */
export async function companyStateOfHr(db: Db, userId: string): Promise<number> {
  const r = await one<{ status: number | null }>(
    db,
    sql`select c.status::int as status from hr_profiles h left join companies c on c.id = h.company_id
        where h.user_id = ${userId} and h.join_state in (0, 2)`,
  );
  return r?.status ?? -1;
}

export interface HrState {
  companyId: string | null;
  /** 0 none, 1 pending review, 2 joined, 3 refused */
  joinState: number;
  /** the enterprise's shzt, null without one */
  companyStatus: number | null;
  name: string;
}

/** The HR's enterprise and whether they have joined it; null when there is no such HR. */
export async function findHrState(db: Db, hrId: string): Promise<HrState | null> {
  const r = await one<{ company_id: string | null; join_state: number; status: number | null; name: string }>(
    db,
    sql`select h.company_id::text as company_id, h.join_state::int as join_state, c.status::int as status, h.name
        from hr_profiles h left join companies c on c.id = h.company_id where h.user_id = ${hrId}`,
  );
  if (!r) return null;
  return { companyId: r.company_id, joinState: r.join_state, companyStatus: r.status, name: r.name };
}

/** What the HR centre shows of the HR and their enterprise (hrInfo). */
export async function hrInfoOf(db: Db, userId: string) {
  return one<{ xm: string; zw: string; yx: string; xb: string; dwid: string; dwmc: string; shzt: number | null; vip: number; join_state: number; manager: boolean }>(
    db,
    sql`select h.name as xm, h.title as zw, h.email as yx, h.gender as xb, coalesce(h.company_id::text, '') as dwid, coalesce(c.name, '') as dwmc,
               coalesce(c.created_by = h.user_id, false) as manager,
               c.status::int as shzt, h.join_state::int as join_state,
               -- paying: the enterprise's membership (rtc/vip.ts) or the older per-account flag
               (case when h.vip = 1 or (h.join_state = 2 and c.vip_until >= (now() at time zone 'Asia/Shanghai')::date) then 1 else 0 end) as vip
        from hr_profiles h left join companies c on c.id = h.company_id where h.user_id = ${userId}`,
  );
}

/** The HR's own name, title and, when sent, email and gender. */
export async function saveHrProfile(db: Db, userId: string, p: { name: string; title: string; email: string | undefined; gender: string | undefined }) {
  await db.execute(
    sql`update hr_profiles set name = ${p.name}, title = ${p.title},
          email = ${p.email ?? sql`email`}, gender = ${p.gender ?? sql`gender`}
        where user_id = ${userId}`,
  );
}

/** The enterprise an HR has joined (join_state 2), with its approval state; null when none. */
export async function companyOfHr(db: Db, hrId: string): Promise<{ id: string; name: string; status: number } | null> {
  const r = await one<{ id: string; name: string; status: number }>(
    db,
    sql`select c.id::text as id, c.name, c.status::int as status from hr_profiles h join companies c on c.id = h.company_id
        where h.user_id = ${hrId} and h.join_state = 2`,
  );
  return r ?? null;
}

/** User ids of the HR who have joined an enterprise (the people to notify about it). */
export async function hrIdsOfCompany(db: Db, companyId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(db, sql`select user_id::text as id from hr_profiles where company_id = ${companyId} and join_state = 2`);
  return r.map((x) => x.id);
}

/** HR who have joined each enterprise (join_state 2): companyId → user ids (empty for none). */
export async function hrIdsByCompany(db: Db, companyIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(companyIds.map((id) => [id, []]));
  if (!companyIds.length) return out;
  const r = await rows<{ cid: string; uid: string }>(
    db,
    sql`select company_id::text as cid, user_id::text as uid from hr_profiles where join_state = 2 and company_id in (${inList(companyIds)})`,
  );
  for (const x of r) out.get(x.cid)?.push(x.uid);
  return out;
}

/** HR as others address them: the name they gave ('' none) and the account's mobile, by user id. */
export async function hrContacts(db: Db, hrIds: readonly string[]): Promise<Map<string, { name: string; phone: string }>> {
  if (!hrIds.length) return new Map();
  const r = await rows<{ id: string; name: string; phone: string }>(
    db,
    sql`select u.id::text as id, coalesce(h.name, '') as name, u.phone from users u left join hr_profiles h on h.user_id = u.id
        where u.id in (${inList(hrIds)})`,
  );
  return new Map(r.map(({ id, ...c }) => [id, c]));
}

/** The HR who created the enterprise is its member at once. */
export async function joinAsCreator(db: Db, hrId: string, companyId: string) {
  await db.execute(sql`update hr_profiles set company_id = ${companyId}, join_state = 2, join_requested_at = null where user_id = ${hrId}`);
}

/** The HR asks to join (join_state 1); their name and, when sent, title are what colleagues review. */
export async function requestToJoin(db: Db, hrId: string, companyId: string, name: string, title: string | undefined) {
  await db.execute(
    sql`update hr_profiles set company_id = ${companyId}, join_state = 1, join_requested_at = now(), join_reviewed_by = null,
          name = ${name} ${title !== undefined ? sql`, title = ${title}` : sql``}
        where user_id = ${hrId}`,
  );
}

/** Records a colleague's decision (2 joined, 3 refused) on a pending request; null when there is none. */
export async function decideJoinRequest(db: Db, reviewerId: string, companyId: string, hrId: string, joinState: 2 | 3) {
  return (
    (await one<{ id: string }>(
      db,
      sql`update hr_profiles set join_state = ${joinState}, join_reviewed_by = ${reviewerId}
          where user_id = ${hrId} and company_id = ${companyId} and join_state = 1 returning user_id::text as id`,
    )) ?? null
  );
}

/** A sub-account a colleague opened is a member at once. */
export async function addToCompany(db: Db, hrId: string, companyId: string, addedBy: string) {
  await db.execute(sql`update hr_profiles set company_id = ${companyId}, join_state = 2, join_reviewed_by = ${addedBy} where user_id = ${hrId}`);
}

/** Requests to join an enterprise in one state (1 pending, 2 accepted, 3 refused), newest first. */
export async function joinRequests(db: Db, companyId: string, state: number, page: number, limit: number) {
  const where = sql`h.company_id = ${companyId} and h.join_state = ${state} and h.join_requested_at is not null`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from hr_profiles h where ${where}`);
  const list = await rows<{ hrid: string; xm: string; zw: string; phone: string; sqzt: number; sqsj: string }>(
    db,
    sql`select h.user_id::text as hrid, h.name as xm, h.title as zw, u.phone, h.join_state::int as sqzt, ${chinaTime('h.join_requested_at')} as sqsj
        from hr_profiles h join users u on u.id = h.user_id where ${where}
        order by h.join_requested_at desc limit ${limit} offset ${(page - 1) * limit}`,
  );
  return { total: total?.n ?? 0, list };
}

/** The other HR who have joined the enterprise. */
export async function colleaguesOf(db: Db, companyId: string, userId: string) {
  return rows<{ hrid: string; xm: string; zw: string }>(
    db,
    sql`select h.user_id::text as hrid, h.name as xm, h.title as zw from hr_profiles h
        where h.company_id = ${companyId} and h.join_state = 2 and h.user_id <> ${userId} order by h.created_at, h.user_id`,
  );
}

// ---- enterprises

/** An enterprise's name and review state (1 approved), for a report's evidence; null when there is none. */
export async function companyNameOf(db: Db, companyId: string): Promise<{ name: string; status: number } | null> {
  return (await one<{ name: string; status: number }>(db, sql`select name, status::int as status from companies where id = ${companyId}`)) ?? null;
}

export async function companyName(db: Db, companyId: string) {
  return one<{ name: string }>(db, sql`select name from companies where id = ${companyId}`);
}

/** COMPANY_LEGACY_OPTIONAL fields the enterprise still lacks. */
export async function missingCompanyFields(db: Db, companyId: string): Promise<CompanyLegacyField[]> {
  const c = await one<Record<CompanyLegacyField, boolean>>(
    db,
    sql`select credit_code = '' as tyshxydm, contact = '' as lxr, contact_phone = '' as lxdh,
               not exists (select 1 from files f where f.id = c.licence_file_id and f.deleted_at is null) as yyzzimage
        from companies c where c.id = ${companyId}`,
  );
  return c ? (Object.keys(COMPANY_LEGACY_OPTIONAL) as CompanyLegacyField[]).filter((k) => c[k]) : [];
}

/** Another enterprise with this name (unless rejected) or credit code; by_name tells which matched. */
export async function sameCompany(db: Db, name: string, creditCode: string, exceptId: string | null) {
  return one<{ id: string; by_name: boolean }>(
    db,
    sql`select id::text as id, name = ${name} as by_name from companies
        where ((name = ${name} and status <> 2) or (credit_code = ${creditCode} and credit_code <> '')) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
}

/** An enterprise's fields as HR send them on registration and on change. */
export type CompanyFields = Static<typeof CompanyInput>;

/** A new enterprise awaiting review (status 0); its id. */
export async function insertCompany(db: Db, hrId: string, b: CompanyFields): Promise<string> {
  const c = await one<{ id: string }>(
    db,
    sql`insert into companies (name, nature, industry, size, province, city, address, intro, credit_code, contact, contact_phone,
                               website, email, logo_file_id, licence_file_id, status, created_by)
        values (${b.dwmc}, ${b.dwxz}, ${b.sshy}, ${b.dwgm}, ${b.dwszsf}, ${b.dwszcs}, ${b.dwszxxdz}, ${b.dwjs}, ${b.tyshxydm},
                ${b.lxr}, ${b.lxdh}, ${b.dwwz}, ${b.lxyx ?? ''}, ${b.qydwimage || null}, ${b.yyzzimage}, 0, ${hrId})
        returning id::text as id`,
  );
  return c!.id;
}

/** What a change is compared with: the reviewed fields, the state, the legacy-optional ones. */
export async function companyBeforeEdit(db: Db, companyId: string) {
  return one<{ name: string; credit_code: string; licence: string | null; status: number; contact: string; contact_phone: string }>(
    db,
    sql`select name, credit_code, licence_file_id::text as licence, status::int as status, contact, contact_phone from companies where id = ${companyId}`,
  );
}

/** Saves HR's changes with the new state; `resubmitted` when it goes back to review. */
export async function saveCompany(db: Db, companyId: string, b: CompanyFields, status: number, resubmitted: boolean) {
  await db.execute(
    sql`update companies set name = ${b.dwmc}, nature = ${b.dwxz}, industry = ${b.sshy}, size = ${b.dwgm}, province = ${b.dwszsf},
          city = ${b.dwszcs}, address = ${b.dwszxxdz}, intro = ${b.dwjs}, credit_code = ${b.tyshxydm}, contact = ${b.lxr},
          contact_phone = ${b.lxdh}, website = ${b.dwwz}, email = ${b.lxyx ?? sql`email`}, logo_file_id = ${b.qydwimage || null}, licence_file_id = ${b.yyzzimage || null},
          status = ${status}, updated_at = now()
          ${resubmitted ? sql`, submitted_at = now(), review_note = ''` : sql``}
        where id = ${companyId}`,
  );
}

/** Whether the enterprise's licence file is there; undefined when there is no such enterprise. */
export async function licencePresent(db: Db, companyId: string) {
  return one<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from files f where f.id = c.licence_file_id and f.deleted_at is null) as ok from companies c where c.id = ${companyId}`,
  );
}

/** Records the operator's decision; the enterprise's name, or null when there is none. */
export async function saveReview(db: Db, companyId: string, decision: 1 | 2, note: string, operatorId: string) {
  return (
    (await one<{ name: string }>(
      db,
      sql`update companies set status = ${decision}, review_note = ${note}, reviewed_by = ${operatorId}, reviewed_at = now(), updated_at = now()
          where id = ${companyId} returning name`,
    )) ?? null
  );
}

/** The enterprise as its own HR edit it (infoForHr). */
export async function companyForHr(db: Db, companyId: string) {
  return one<{
    dwid: string; dwmc: string; dwxz: string; sshy: string; dwgm: string; dwszsf: string; dwszcs: string; dwszxxdz: string; dwjs: string;
    tyshxydm: string; lxr: string; lxdh: string; dwwz: string; lxyx: string; qydwimage: string; yyzzimage: string; shzt: number; shsm: string; createTime: string;
  }>(
    db,
    sql`select id::text as dwid, name as dwmc, nature as dwxz, industry as sshy, size as dwgm, province as dwszsf, city as dwszcs,
               address as dwszxxdz, intro as dwjs, credit_code as tyshxydm, contact as lxr, contact_phone as lxdh, website as dwwz, email as lxyx,
               coalesce(logo_file_id::text, '') as qydwimage, coalesce(licence_file_id::text, '') as yyzzimage,
               status::int as shzt, review_note as shsm, ${chinaTime('created_at')} as "createTime"
        from companies where id = ${companyId}`,
  );
}

/** The enterprise as visitors see it, with its review state (who may see it is the caller's rule). */
export async function companyForVisitors(db: Db, companyId: string) {
  return one<{
    dwid: string; dwmc: string; dwxz: string; sshy: string; dwgm: string; dwszsf: string; dwszcs: string; dwszxxdz: string; dwjs: string; dwwz: string;
    status: number;
  }>(
    db,
    sql`select id::text as dwid, name as dwmc, nature as dwxz, industry as sshy, size as dwgm, province as dwszsf, city as dwszcs,
               address as dwszxxdz, intro as dwjs, website as dwwz, status::int as status
        from companies where id = ${companyId}`,
  );
}

/** Enterprises under review or approved whose name contains `name`; the exact name first. */
export async function companiesNamed(db: Db, name: string) {
  return rows<{ dwid: string; dwmc: string; dwszcs: string; shzt: number }>(
    db,
    sql`select id::text as dwid, name as dwmc, city as dwszcs, status::int as shzt from companies
        where name ilike ${likePattern(name)} and status in (0, 1) order by (name = ${name}) desc, status desc, length(name), id limit 20`,
  );
}

/** The operator's list of enterprises in one review state, optionally by name; the oldest pending first. */
export async function companiesForReview(db: Db, q: { state: number; name: string | undefined; page: number; limit: number }) {
  const { state, name } = q;
  const where = sql`c.status = ${state} ${name ? sql`and c.name ilike ${likePattern(name)}` : sql``}`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from companies c where ${where}`);
  const list = await rows<{
    dwid: string; dwmc: string; tyshxydm: string; dwszcs: string; sshy: string; lxr: string; lxdh: string; shzt: number; shsm: string;
    hrid: string; hrxm: string; hrphone: string; licence_key: string | null; logo_key: string | null; createTime: string;
  }>(
    db,
    sql`select c.id::text as dwid, c.name as dwmc, c.credit_code as tyshxydm, c.city as dwszcs, c.industry as sshy, c.contact as lxr,
               c.contact_phone as lxdh, c.status::int as shzt, c.review_note as shsm, coalesce(c.created_by::text, '') as hrid,
               coalesce(u.name, '') as hrxm, coalesce(u.phone, '') as hrphone, lf.storage_key as licence_key, gf.storage_key as logo_key,
               ${chinaTime('c.submitted_at')} as "createTime"
        from companies c left join users u on u.id = c.created_by
        left join files lf on lf.id = c.licence_file_id and lf.deleted_at is null
        left join files gf on gf.id = c.logo_file_id and gf.deleted_at is null
        where ${where} order by c.submitted_at ${state === 0 ? sql`asc` : sql`desc`}, c.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { total: total?.n ?? 0, list };
}

// ---- the enterprise's files (the files module's table, read and attached by company_id)

/** Storage key of each enterprise's logo, for those that have one. */
export async function companyLogoKeys(db: Db, companyIds: string[]) {
  return rows<{ id: string; storage_key: string }>(
    db,
    sql`select c.id::text as id, f.storage_key from companies c join files f on f.id = c.logo_file_id and f.deleted_at is null
        where c.id in (${inList(companyIds)})`,
  );
}

/** A logo by its id: public by the spec (fileType 20), unlike a licence. */
export async function publicLogoFile(db: Db, fileId: string) {
  return one<{ storage_key: string }>(db, sql`select storage_key from files where id = ${fileId} and kind = 20 and not private and deleted_at is null`);
}

/** The enterprise's logos, newest first (at most 50). */
export async function companyLogoFiles(db: Db, companyId: string) {
  return rows<{ wjid: string; wjlx: number; wjmc: string; storage_key: string; createTime: string }>(
    db,
    sql`select id::text as wjid, kind::int as wjlx, name as wjmc, storage_key, ${chinaTime('created_at')} as "createTime"
        from files where company_id = ${companyId} and kind = 20 and deleted_at is null
        order by created_at desc, id desc limit 50`,
  );
}

/** The logo and licence files by id ('' for none), logo first. */
export async function logoAndLicenceFiles(db: Db, logoId: string, licenceId: string) {
  return rows<{ wjid: string; wjlx: number; wjmc: string; wjgs: string; wjdx: number; storage_key: string; createTime: string }>(
    db,
    sql`select id::text as wjid, kind::int as wjlx, name as wjmc, ext as wjgs, size::int as wjdx, storage_key, ${chinaTime('created_at')} as "createTime"
        from files where id in (${logoId || null}, ${licenceId || null}) and deleted_at is null order by kind`,
  );
}

/** Ids of the logo and licence files (kinds 20, 30) already on the enterprise. */
export async function companyFileIds(db: Db, companyId: string): Promise<Set<string>> {
  const r = await rows<{ id: string }>(db, sql`select id::text as id from files where company_id = ${companyId} and deleted_at is null and kind in (20, 30)`);
  return new Set(r.map((x) => x.id));
}

/** The files now belong to the enterprise (its file list shows them). */
export async function attachToCompany(db: Db, companyId: string, fileIds: string[]) {
  await db.execute(sql`update files set company_id = ${companyId} where id in (${inList(fileIds)})`);
}
