/** The operator's side: creating and editing fairs, their zones, publishing. Every write is logged. */
import type { Static } from '@sinclair/typebox';
import type { fairsApi } from '@zp/core/contract';
import { one, rows, sql } from '../../db/index.js';
import { badRequest, notFound, offsetOf, pageOf } from '../../http/reply.js';
import type { Body } from '@zp/core/contract';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { isValidCode } from '../codes/public.js';
import { contentChanged } from '../content/public.js';
import { chinaTime, finishItems, itemColumns, likeOf, type Viewer } from './store.js';
import type { AdminFair } from '@zp/core/contract';


/** 'YYYY-MM-DD HH:mm[:ss]' China time → a real instant, or a Chinese reason why not. */
export function parseChinaTime(text: string, what: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) throw badRequest(`${what}格式应为 YYYY-MM-DD HH:mm`);
  const [y, mo, d, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0));
  const utc = Date.UTC(y, mo - 1, d, h - 8, mi, sec);
  const check = new Date(utc + 8 * 3600_000);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) {
    throw badRequest(`${what}不是有效的日期时间`);
  }
  return new Date(utc);
}

type FairInput = Body<typeof fairsApi.adminSave>;

/** A fair saved without a kind is the general fair of its venue (m_hyktdm 线上 / 线下综合招聘会). */
const defaultFairKind = (venue: 1 | 2) => (venue === 1 ? 'yh_001' : 'yh_003');

export async function saveFair(s: Services, operatorId: string, b: FairInput): Promise<string> {
  const starts = parseChinaTime(b.hykssj, '开始时间');
  const ends = parseChinaTime(b.hyjssj, '结束时间');
  if (ends <= starts) throw badRequest('结束时间必须晚于开始时间');
  if (b.hylx && !(await isValidCode(s.db, 'm_hyktdm', b.hylx))) throw badRequest('会议类型无效');
  if (b.sf && !(await isValidCode(s.db, 'sf', b.sf))) throw badRequest('省份无效');
  if (b.csdm && !(await isValidCode(s.db, 'ss', b.csdm))) throw badRequest('城市无效');
  const fields = {
    name: b.hymc.trim(),
    venue_type: b.sfxs,
    kind: b.hylx || defaultFairKind(b.sfxs),
    province: b.sf ?? '',
    city: b.csdm ?? '',
    venue: b.hydd?.trim() ?? '',
    organizer: b.zbdw?.trim() ?? '',
    host_org: b.cbdw?.trim() ?? '',
    intro: b.hyjs ?? '',
    fee_type: b.sfgy,
    booth_fee: b.sfgy === 1 ? 0 : (b.zwf ?? 0),
  };
  if (b.sfxs === 2 && !fields.venue) throw badRequest('线下招聘会请填写会场地点');
  let id: string;
  if (b.hxid) {
    const r = await one<{ id: string }>(
      s.db,
      sql`update fairs set name = ${fields.name}, venue_type = ${fields.venue_type}, kind = ${fields.kind}, province = ${fields.province},
            city = ${fields.city}, venue = ${fields.venue}, organizer = ${fields.organizer}, host_org = ${fields.host_org},
            intro = ${fields.intro}, fee_type = ${fields.fee_type}, booth_fee = ${fields.booth_fee},
            -- A moved start time earns a new reminder.
            reminder_claimed_at = case when starts_at = ${starts.toISOString()}::timestamptz then reminder_claimed_at end,
            starts_at = ${starts.toISOString()}, ends_at = ${ends.toISOString()},
            published = coalesce(${b.fbzt === undefined ? null : b.fbzt === 1}::boolean, published), updated_at = now()
          where id = ${b.hxid} returning id::text as id`,
    );
    if (!r) throw notFound('招聘会不存在');
    id = r.id;
    await logOperatorAction(s.db, operatorId, 'fair.update', id, { ...fields, starts_at: starts, ends_at: ends, fbzt: b.fbzt });
  } else {
    const r = await one<{ id: string }>(
      s.db,
      sql`insert into fairs (name, venue_type, kind, province, city, venue, organizer, host_org, intro, fee_type, booth_fee,
                             starts_at, ends_at, published, created_by)
          values (${fields.name}, ${fields.venue_type}, ${fields.kind}, ${fields.province}, ${fields.city}, ${fields.venue},
                  ${fields.organizer}, ${fields.host_org}, ${fields.intro}, ${fields.fee_type}, ${fields.booth_fee},
                  ${starts.toISOString()}, ${ends.toISOString()}, ${(b.fbzt ?? 1) === 1}, ${operatorId})
          returning id::text as id`,
    );
    id = r!.id;
    await logOperatorAction(s.db, operatorId, 'fair.create', id, { ...fields, starts_at: starts, ends_at: ends, fbzt: b.fbzt ?? 1 });
  }
  await contentChanged(s, 'fair', id);
  return id;
}

export async function publishFair(s: Services, operatorId: string, fairId: string, published: boolean) {
  const r = await one(s.db, sql`update fairs set published = ${published}, updated_at = now() where id = ${fairId} returning id`);
  if (!r) throw notFound('招聘会不存在');
  await logOperatorAction(s.db, operatorId, published ? 'fair.publish' : 'fair.unpublish', fairId);
  await contentChanged(s, 'fair', fairId);
}

const operatorView: Viewer = { userId: null, role: 'hr', companyId: null };

export async function adminFairs(s: Services, q: { page: number; limit: number; hymc?: string; type?: 1 | 2 }) {
  const where = sql.join(
    [sql`true`, q.type ? sql`f.venue_type = ${q.type}` : sql`true`, q.hymc?.trim() ? sql`f.name ilike ${likeOf(q.hymc.trim())}` : sql`true`],
    sql` and `,
  );
  const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from fairs f where ${where}`))!.n;
  const list = await rows<Omit<Static<typeof AdminFair>, 'gwfbs'>>(
    s.db,
    sql`select ${itemColumns(operatorView)}, f.intro as hyjs, f.published::int as fbzt, ${chinaTime('f.created_at')} as "createTime",
               (select count(*) from fair_signups s where s.fair_id = f.id and s.company_id is null)::int as bmrs
        from fairs f where ${where} order by f.starts_at desc, f.id desc limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  const done = (await finishItems(s.db, operatorView, list)) as Static<typeof AdminFair>[];
  return pageOf(done, total, q.page, q.limit);
}

async function requireAnyFair(s: Services, fairId: string) {
  if (!(await one(s.db, sql`select 1 from fairs where id = ${fairId}`))) throw notFound('招聘会不存在');
}

export async function saveZone(s: Services, operatorId: string, b: { hxid: string; tbsid?: string; tmc: string; px?: number }) {
  await requireAnyFair(s, b.hxid);
  let id: string;
  if (b.tbsid) {
    const r = await one<{ id: string }>(
      s.db,
      sql`update fair_zones set name = ${b.tmc.trim()}, sort = coalesce(${b.px ?? null}::int, sort)
          where id = ${b.tbsid} and fair_id = ${b.hxid} returning id::text as id`,
    );
    if (!r) throw notFound('组团不存在');
    id = r.id;
  } else {
    id = (await one<{ id: string }>(
      s.db,
      sql`insert into fair_zones (fair_id, name, sort) values (${b.hxid}, ${b.tmc.trim()}, ${b.px ?? 0}) returning id::text as id`,
    ))!.id;
  }
  await logOperatorAction(s.db, operatorId, b.tbsid ? 'fair.zone.update' : 'fair.zone.create', id, { fair: b.hxid, name: b.tmc, sort: b.px });
  await contentChanged(s, 'fair', b.hxid);
  return id;
}

export async function deleteZone(s: Services, operatorId: string, zoneId: string) {
  const r = await one<{ fair: string }>(s.db, sql`delete from fair_zones where id = ${zoneId} returning fair_id::text as fair`);
  if (!r) throw notFound('组团不存在');
  await logOperatorAction(s.db, operatorId, 'fair.zone.delete', zoneId, { fair: r.fair });
  await contentChanged(s, 'fair', r.fair);
}

export async function assignZone(s: Services, operatorId: string, b: { hxid: string; dwid: string; tbsid: string }) {
  if (b.tbsid && !(await one(s.db, sql`select 1 from fair_zones where id = ${b.tbsid} and fair_id = ${b.hxid}`))) {
    throw notFound('组团不存在');
  }
  const r = await one(
    s.db,
    sql`update fair_signups set zone_id = ${b.tbsid || null} where fair_id = ${b.hxid} and company_id = ${b.dwid} returning id`,
  );
  if (!r) throw notFound('该单位未报名本场招聘会');
  await logOperatorAction(s.db, operatorId, 'fair.zone.assign', b.hxid, { company: b.dwid, zone: b.tbsid });
  await contentChanged(s, 'fair', b.hxid);
}

export async function fairSignups(s: Services, q: { hxid: string; page: number; limit: number }) {
  await requireAnyFair(s, q.hxid);
  const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from fair_signups where fair_id = ${q.hxid} and company_id is not null`))!.n;
  const list = await rows<{ dwid: string; dwmc: string; ztid: string; tmc: string; createTime: string }>(
    s.db,
    sql`select c.id::text as dwid, c.name as dwmc, coalesce(z.id::text, '') as ztid, coalesce(z.name, '') as tmc,
               ${chinaTime('s.created_at')} as "createTime"
        from fair_signups s join companies c on c.id = s.company_id left join fair_zones z on z.id = s.zone_id
        where s.fair_id = ${q.hxid} order by s.created_at, s.id limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  const seekers = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from fair_signups where fair_id = ${q.hxid} and company_id is null`))!.n;
  return { page: pageOf(list, total, q.page, q.limit), bmrs: seekers };
}
