/**
 * A job form as HR send it (ours with exact salary bounds, or the previous client's with a range
 * code), checked and turned into the fields stored: on posting and on every edit.
 */
import type { Static } from '@sinclair/typebox';
import { salaryBoundsOf, type JobInput } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { badRequest, forbidden } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { codeSnapshot, requireCodes } from '../codes/public.js';
import { checkFairChoice } from './job-fairs.js';
import type { FairLookups } from './needs.js';
import { enabledPerks, type JobRecord } from './repo.js';

export type JobFields = Static<typeof JobInput>;

/** The salary bounds: exact ones when sent, else the range code's. */
function salaryOf(b: JobFields): { zdyx: number; zgyx: number } {
  if (b.zdyx !== undefined || b.zgyx !== undefined) {
    if (b.zdyx === undefined || b.zgyx === undefined) throw badRequest('请同时填写最低月薪和最高月薪');
    if (b.zgyx < b.zdyx) throw badRequest('最高月薪不能低于最低月薪');
    return { zdyx: b.zdyx, zgyx: b.zgyx };
  }
  if (!b.gwyx) throw badRequest('请选择薪资范围');
  const bounds = salaryBoundsOf(b.gwyx);
  if (!bounds) throw badRequest('薪资范围无效，请重新选择');
  return bounds;
}

/** hxids as a list: the previous client sends one id as a string, and '' for none. */
const fairIdsOf = (h: JobFields['hxids']): string[] | null => (h === undefined ? null : Array.isArray(h) ? h : h ? [h] : []);

export async function checkFields(s: Services, fairs: FairLookups, companyId: string, jobId: string | null, b: JobFields): Promise<JobRecord> {
  const db = s.db;
  if (b.dwid !== undefined && b.dwid !== companyId) throw forbidden('只能为本单位发布岗位');
  await requireCodes(db, [
    ['gwlb3', b.gwlb, '岗位类别'],
    ['m_gwgzxzdm', b.gwgzxz, '工作性质'],
    ['sf', b.sbsf, '工作省份'],
    ['ss', b.sbcs, '工作城市'],
    ['m_xldm', b.xlyq, '学历要求'],
    ['m_jyyqdm', b.jyyq, '经验要求'],
  ]);
  // the upper levels, when sent, must be the ones above the third (codes nest by prefix)
  if ((b.gwlbt && !b.gwlb.startsWith(b.gwlbt)) || (b.gwlbo && !b.gwlb.startsWith(b.gwlbo))) throw badRequest('岗位类别无效，请重新选择');
  const city = (await codeSnapshot(db)).all.ss.find((r) => r.code === b.sbcs);
  if (city?.parent !== b.sbsf) throw badRequest('工作城市不属于所选省份');
  const { zdyx, zgyx } = salaryOf(b);
  if (!b.gwmc.trim()) throw badRequest('请填写岗位名称');
  if (!b.gwms.trim()) throw badRequest('请填写岗位描述');
  const perks = b.gwfl ?? b.gwfls ?? null;
  await checkPerks(db, perks ?? []);
  const fairIds = fairIdsOf(b.hxids);
  if (fairIds) await checkFairChoice(s, fairs, companyId, jobId, fairIds);
  return {
    title: b.gwmc.trim(), category: b.gwlb, nature: b.gwgzxz, province: b.sbsf, city: b.sbcs, address: b.sbxxdz.trim(),
    salaryMin: zdyx, salaryMax: zgyx, education: b.xlyq, experience: b.jyyq, headcount: b.zprs, description: b.gwms.trim(),
    welfare: welfare(b.fldy), perks, department: b.ssbm?.trim() ?? '', skills: b.jnyq?.trim() ?? '',
    publishDays: b.fbsc ?? null, resumeEmail: b.jljsyx?.trim() ?? null, pinned: b.sfzd === undefined ? null : String(b.sfzd) === '1',
    sortOrder: b.zwpx ?? null, fairIds,
  };
}

/** Perk codes must be items of m_gwfldm (职位亮点); none may be sent before that table has items. */
async function checkPerks(db: Db, codes: string[]) {
  if (!codes.length) return;
  const found = await enabledPerks(db, codes);
  if (found.length !== codes.length) throw badRequest('职位亮点无效，请重新选择');
}

const welfare = (s: string | undefined) =>
  (s ?? '')
    .split(/[,，、]/)
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');
