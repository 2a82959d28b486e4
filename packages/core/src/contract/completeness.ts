import { Type } from '@sinclair/typebox';
import { route, replyOf } from './define.js';
import { COMPLETENESS_WEIGHTS, SECTIONS, type SectionKey } from './resumes.js';

/**
 * What a résumé still lacks, part by part, with the points each would add (COMPLETENESS_WEIGHTS)
 * and where on the résumé page it is filled in, so that the centre can say
 * "还差 6%：填写现居城市、选择求职状态" with a link to each.
 */

export type CompletenessPart = keyof typeof COMPLETENESS_WEIGHTS;

/** Base-information parts: what to do, said as an action. Sections read 添加 + their title. */
const BASE_ACTIONS: Partial<Record<CompletenessPart, string>> = {
  xm: '填写姓名',
  xbm: '选择性别',
  csrq: '填写出生日期',
  dqszcs: '填写现居城市',
  yx: '填写电子邮箱',
  qzzt: '选择求职状态',
  zwpj: '填写自我评价',
};

/** The action that earns a part's points, e.g. 填写现居城市, 添加工作经历. */
export function completenessAction(part: CompletenessPart): string {
  return BASE_ACTIONS[part] ?? `添加${SECTIONS[part as SectionKey].title}`;
}

/** The id of the résumé page's block where a part is filled in (#section-base, #section-gzjl, ...). */
export function completenessAnchor(part: CompletenessPart): string {
  return part in BASE_ACTIONS ? 'section-base' : `section-${part}`;
}

export const CompletenessGap = Type.Object({
  /** a key of COMPLETENESS_WEIGHTS */
  part: Type.String(),
  /** the points it would add */
  points: Type.Integer(),
  /** the action, e.g. 填写现居城市 */
  action: Type.String(),
  /** the résumé page's block id */
  anchor: Type.String(),
});

/** The parts not yet filled, most points first (ties in the weights' order). */
export function completenessGaps(filled: Record<CompletenessPart, boolean>) {
  return (Object.keys(COMPLETENESS_WEIGHTS) as CompletenessPart[])
    .filter((p) => !filled[p])
    .map((part) => ({ part, points: COMPLETENESS_WEIGHTS[part] as number, action: completenessAction(part), anchor: completenessAnchor(part) }))
    .sort((a, b) => b.points - a.points);
}

export const completenessApi = {
  gaps: route({
    method: 'GET', url: '/api/qz/qzgrjbxx/completeness', summary: '简历完成度：还缺哪些内容', access: 'qz', tags: ['resumes'],
    /** wsd: completeness 0–100; missing: what would raise it, most points first */
    reply: replyOf({ wsd: Type.Integer(), missing: Type.Array(CompletenessGap) }),
  }),
};
