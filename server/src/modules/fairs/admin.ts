/** The operator's side: creating and editing fairs, their zones, publishing. Every write is logged. */
import type { Static } from '@sinclair/typebox';
import type { AdminFair, Body, fairsApi } from '@zp/core/contract';
import { badRequest, notFound, pageOf } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';
import { isValidCode } from '../codes/public.js';
import { contentChanged } from '../../bus/content-changed.js';
import { finishItems } from './list-fairs.js';
import { adminFairRows, anyFairExists, insertFair, setPublished, updateFair, type FairFields, type Viewer } from './repo/fairs.js';
import { fairSignupRows } from './repo/signups.js';
import { deleteZoneById, insertZone, placeInZone, updateZone, zoneOfFair } from './repo/zones.js';

/** 'YYYY-MM-DD HH:mm[:ss]' China time → a real instant, or a Chinese reason why not. */
function parseChinaTime(text: string, what: string): Date {
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
  const fields: FairFields = {
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
    const r = await updateFair(s.db, b.hxid, fields, starts, ends, b.fbzt === undefined ? null : b.fbzt === 1);
    if (!r) throw notFound('招聘会不存在');
    id = r;
    await logOperatorAction(s.db, operatorId, 'fair.update', id, { ...fields, starts_at: starts, ends_at: ends, fbzt: b.fbzt });
  } else {
    id = await insertFair(s.db, fields, starts, ends, (b.fbzt ?? 1) === 1, operatorId);
    await logOperatorAction(s.db, operatorId, 'fair.create', id, { ...fields, starts_at: starts, ends_at: ends, fbzt: b.fbzt ?? 1 });
  }
  await contentChanged(s, 'fair', id);
  return id;
}

export async function publishFair(s: Services, operatorId: string, fairId: string, published: boolean) {
  if (!(await setPublished(s.db, fairId, published))) throw notFound('招聘会不存在');
  await logOperatorAction(s.db, operatorId, published ? 'fair.publish' : 'fair.unpublish', fairId);
  await contentChanged(s, 'fair', fairId);
}

const operatorView: Viewer = { userId: null, role: 'hr', companyId: null };

export async function adminFairs(s: Services, q: { page: number; limit: number; hymc?: string; type?: 1 | 2 }) {
  const { total, list } = await adminFairRows(s.db, operatorView, q);
  const done = (await finishItems(s.db, operatorView, list)) as Static<typeof AdminFair>[];
  return pageOf(done, total, q.page, q.limit);
}

async function requireAnyFair(s: Services, fairId: string) {
  if (!(await anyFairExists(s.db, fairId))) throw notFound('招聘会不存在');
}

export async function saveZone(s: Services, operatorId: string, b: { hxid: string; tbsid?: string; tmc: string; px?: number }) {
  await requireAnyFair(s, b.hxid);
  let id: string;
  if (b.tbsid) {
    const r = await updateZone(s.db, b.hxid, b.tbsid, b.tmc.trim(), b.px);
    if (!r) throw notFound('组团不存在');
    id = r;
  } else {
    id = await insertZone(s.db, b.hxid, b.tmc.trim(), b.px);
  }
  await logOperatorAction(s.db, operatorId, b.tbsid ? 'fair.zone.update' : 'fair.zone.create', id, { fair: b.hxid, name: b.tmc, sort: b.px });
  await contentChanged(s, 'fair', b.hxid);
  return id;
}

export async function deleteZone(s: Services, operatorId: string, zoneId: string) {
  const fair = await deleteZoneById(s.db, zoneId);
  if (!fair) throw notFound('组团不存在');
  await logOperatorAction(s.db, operatorId, 'fair.zone.delete', zoneId, { fair });
  await contentChanged(s, 'fair', fair);
}

export async function assignZone(s: Services, operatorId: string, b: { hxid: string; dwid: string; tbsid: string }) {
  if (b.tbsid && !(await zoneOfFair(s.db, b.hxid, b.tbsid))) {
    throw notFound('组团不存在');
  }
  if (!(await placeInZone(s.db, b.hxid, b.dwid, b.tbsid))) throw notFound('该单位未报名本场招聘会');
  await logOperatorAction(s.db, operatorId, 'fair.zone.assign', b.hxid, { company: b.dwid, zone: b.tbsid });
  await contentChanged(s, 'fair', b.hxid);
}

export async function fairSignups(s: Services, q: { hxid: string; page: number; limit: number }) {
  await requireAnyFair(s, q.hxid);
  const { total, list, seekers } = await fairSignupRows(s.db, q);
  return { page: pageOf(list, total, q.page, q.limit), bmrs: seekers };
}
