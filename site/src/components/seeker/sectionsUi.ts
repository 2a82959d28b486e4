/**
 * How the résumé editor shows each section's fields (the fields themselves, their titles, limits
 * and which are required come from SECTIONS in @zp/core/contract/resumes.ts).
 */
import type { GeneralCodeTable, SectionKey } from '@zp/core/contract';

type FieldKind =
  | { kind: 'text' }
  | { kind: 'textarea' }
  | { kind: 'month' }
  | { kind: 'code'; table: GeneralCodeTable }
  | { kind: 'province' }
  | { kind: 'city'; province: string }
  | { kind: 'category'; level: 1 | 2 | 3; parent?: string }
  | { kind: 'flag'; yes: string }
  | { kind: 'months' }
  /** a place among people (第 N 作者 / 第 N 位) */
  | { kind: 'rank' }
  /** free text with suggestions from a code table's names */
  | { kind: 'suggest'; table: GeneralCodeTable };

type Ui = Record<string, FieldKind>;

const month: FieldKind = { kind: 'month' };
const area: FieldKind = { kind: 'textarea' };
const rank: FieldKind = { kind: 'rank' };
const level: FieldKind = { kind: 'code', table: 'm_slnldm' };

/** Fields not listed here are one-line text. */
export const SECTION_UI: Record<SectionKey, Ui> = {
  gzjl: { hy: { kind: 'code', table: 'm_dwsshydm' }, rzsj: month, lzsj: month, yx: { kind: 'code', table: 'm_xzdydm' }, ys: { kind: 'months' }, sfyc: { kind: 'flag', yes: '对单位隐藏薪资' }, gzms: area },
  jyjl: { xl: { kind: 'code', table: 'm_xldm' }, sftz: { kind: 'flag', yes: '统招' }, rxsj: month, bysj: month },
  kyjl: { ksrq: month, jsrq: month, cypm: rank, sfjx: { kind: 'flag', yes: '已结项' }, xmms: area },
  lwxx: { fbrq: month, cypm: rank, lwms: area },
  pxjl: { kssj: month, jssj: month, pxnr: area },
  qzyx: {
    gzxzm: { kind: 'code', table: 'm_gwgzxzdm' },
    sjm: { kind: 'province' },
    cjm: { kind: 'city', province: 'sjm' },
    hym: { kind: 'code', table: 'm_dwsshydm' },
    zwmo: { kind: 'category', level: 1 },
    zwmt: { kind: 'category', level: 2, parent: 'zwmo' },
    zwm: { kind: 'category', level: 3, parent: 'zwmt' },
    yx: { kind: 'code', table: 'm_xzdydm' },
    ys: { kind: 'months' },
    dgsj: { kind: 'code', table: 'm_dgsjdm' },
  },
  ryjl: { jlrq: month, jljs: area },
  shhd: { hdsj: month, hdnr: area, hdcg: area },
  xmjy: { kssj: month, jssj: month, xmms: area, zrms: area },
  yjfx: { kcms: area },
  yynl: { yymc: { kind: 'suggest', table: 'm_yzdm' }, tsnl: level, dxnl: level },
  zlxx: { pzrq: month, zlwczt: { kind: 'flag', yes: '已完成' }, zlms: area },
  zsxx: { hdrq: month },
  zyjn: { slcd: level },
};

/** Start and end fields shown as a period on an entry. */
export const PERIODS: Partial<Record<SectionKey, [string, string, string]>> = {
  gzjl: ['rzsj', 'lzsj', '至今'],
  jyjl: ['rxsj', 'bysj', '在读'],
  kyjl: ['ksrq', 'jsrq', '至今'],
  pxjl: ['kssj', 'jssj', '至今'],
  xmjy: ['kssj', 'jssj', '至今'],
};

/** Order of the sections on the editor and the preview. */
export const SECTION_ORDER: SectionKey[] = ['qzyx', 'gzjl', 'jyjl', 'xmjy', 'zyjn', 'yynl', 'zsxx', 'ryjl', 'pxjl', 'shhd', 'kyjl', 'lwxx', 'zlxx', 'yjfx'];
