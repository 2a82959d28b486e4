/** A job seeker's base information (个人基本信息): saved, and read as the centre's header, the form and the preview. */
import { beijingToday } from '@zp/core/dates';
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { setDisplayName } from '../auth/public.js';
import type { CodeTable } from '../codes/public.js';
import { assertFileOwned, fileUrl } from '../files/public.js';
import { checkCodes } from './check-codes.js';
import { recomputeCompleteness, seekerBaseRow, seekerCard, seekerInfoRow, updateProfile, type ColumnValues } from './repo.js';

type Values = Record<string, unknown>;

/** Contract field → column of seeker_profiles, with the code table a value must come from. */
const BASE_COLUMNS: Record<string, { column: string; code?: CodeTable; title: string }> = {
  xm: { column: 'name', title: '姓名' },
  xbm: { column: 'gender', code: 'm_xbdm', title: '性别' },
  csrq: { column: 'birth_date', title: '出生日期' },
  jgdms: { column: 'native_province', code: 'sf', title: '户口所在地' },
  dqszs: { column: 'province', code: 'sf', title: '现居省份' },
  dqszcs: { column: 'city', code: 'ss', title: '现居城市' },
  cjgzny: { column: 'work_start', title: '参加工作时间' },
  yx: { column: 'email', title: '电子邮箱' },
  zwpj: { column: 'self_intro', title: '自我评价' },
  zzmm: { column: 'political_status', code: 'm_zzmm', title: '政治面貌' },
  dqszxq: { column: 'district', code: 'sq', title: '现居区县' },
  jgdmcs: { column: 'native_city', code: 'ss', title: '户口所在城市' },
  mzdm: { column: 'ethnicity', code: 'm_mzdm', title: '民族' },
  hyzk: { column: 'marital_status', code: 'm_hyzkdm', title: '婚姻状况' },
  sg: { column: 'height', title: '身高' },
  sfzjh: { column: 'id_number', title: '身份证号' },
};

/** Saves the fields sent: dates not in the future, codes from their tables, the avatar one of the seeker's own files. */
export async function saveBaseInfo(s: Services, userId: string, body: Values): Promise<void> {
  const today = beijingToday();
  for (const f of ['csrq', 'cjgzny']) {
    const d = body[f];
    if (typeof d === 'string' && d > today) throw badRequest(`${BASE_COLUMNS[f].title}不能晚于今天`);
  }
  await checkCodes(s.db, Object.entries(BASE_COLUMNS).filter(([, c]) => c.code).map(([f, c]) => [c.code!, body[f], c.title]));
  const cols: ColumnValues = Object.entries(BASE_COLUMNS)
    .filter(([f]) => typeof body[f] === 'string')
    .map(([f, c]) => [c.column, String(body[f]).trim()]);
  if (body.sfxs !== undefined) cols.push(['student', Number(body.sfxs)]);
  if (typeof body.txid === 'string') {
    if (body.txid) await assertFileOwned(s.db, body.txid, userId, [40]);
    cols.push(['avatar_file_id', body.txid || null]);
  }
  await updateProfile(s.db, userId, cols);
  // the name shown in the top bar is the account's
  if (typeof body.xm === 'string' && body.xm.trim()) await setDisplayName(s.db, userId, body.xm.trim());
  await recomputeCompleteness(s.db, userId);
}

/** The centre's header: name, state and figures; null without a profile. */
export async function seekerBase(s: Services, userId: string) {
  const p = await seekerBaseRow(s.db, userId);
  return p ? { ...p, wx: '' } : null;
}

/**
 * The base information form's values, with the avatar's address and what the card derives (age,
 * years, highest degree), and the card itself: read once, the preview shows both.
 */
export async function seekerInfoAndCard(s: Services, userId: string) {
  const r = await seekerInfoRow(s.db, userId);
  if (!r) return null;
  const { tx_key, ...rest } = r;
  const card = await seekerCard(s.db, s.config, userId);
  const info = {
    ...rest,
    txUrl: tx_key ? fileUrl(s.config, tx_key) : '',
    sj: rest.phone,
    nl: card?.nl ?? null,
    gznx: card?.gznx ?? 0,
    zgxl: card?.zgxl ?? '',
    zgxx: card?.school ?? '',
    zgzy: card?.major ?? '',
  };
  return { info, card };
}

/** The base information form's values; null without a profile. */
export async function seekerInfo(s: Services, userId: string) {
  return (await seekerInfoAndCard(s, userId))?.info ?? null;
}
