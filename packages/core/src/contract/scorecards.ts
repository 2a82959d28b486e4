/**
 * Interview scorecards (面试评分), issue "booth queues, slots and scorecards": after (or during) an
 * accepted interview each HR of the enterprise fills a scorecard — a 1–5 score on each of the
 * enterprise's criteria, notes and a decision (通过 / 待定 / 不通过); colleagues read each other's,
 * nobody outside the enterprise (the seeker included) reads any. New calls: English field names.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CRITERION_MAX_LENGTH, MAX_CRITERIA, SCORE_MAX, SCORE_MIN } from '../rules/scorecards.js';
import { Enum, Id, replyOf, route } from './define.js';

export { DEFAULT_CRITERIA, MAX_CRITERIA, SCORE_WORDS, SCORECARD_DECISIONS, averageScore } from '../rules/scorecards.js';

const Criterion = Type.String({ minLength: 1, maxLength: CRITERION_MAX_LENGTH, pattern: '\\S', title: '评分项' });

export const Score = Type.Object({ criterion: Criterion, score: Type.Integer({ minimum: SCORE_MIN, maximum: SCORE_MAX, title: '分数' }) });

/** One interviewer's scorecard. */
export const Scorecard = Type.Object({
  id: Type.String(),
  hrId: Type.String(),
  hrName: Type.String(),
  scores: Type.Array(Score),
  average: Type.Number(),
  notes: Type.String(),
  /** 1 通过, 2 待定, 3 不通过 (SCORECARD_DECISIONS) */
  decision: Type.Integer(),
  /** Beijing time 'YYYY-MM-DD HH:mm' */
  updatedAt: Type.String(),
});
export type Scorecard = Static<typeof Scorecard>;

/** The scorecards of one interview, for the list beside it. */
export const ScorecardSummary = Type.Object({
  msid: Type.String(),
  count: Type.Integer(),
  average: Type.Number(),
  /** how many of each decision: [通过, 待定, 不通过] */
  decisions: Type.Array(Type.Integer()),
});

const tags = ['scorecards'];
// up to 50 ids; a query string stays well under the 16 KB request-line limit even when refused
const MsidList = Type.String({ maxLength: 1000, pattern: '^[1-9]\\d{0,17}(,[1-9]\\d{0,17})*$', title: '面试邀请ID' });

export const scorecardsApi = {
  criteria: route({
    method: 'GET', url: '/api/hr/scorecards/criteria', summary: '本单位的面试评分项（未设置时为默认三项）', access: 'hrApproved', tags,
    reply: replyOf({ names: Type.Array(Type.String()), isDefault: Type.Boolean() }),
  }),
  setCriteria: route({
    method: 'POST', url: '/api/hr/scorecards/criteria', summary: '设置本单位的面试评分项（已填的评分不变）', access: 'hrApproved', tags,
    body: Type.Object({ names: Type.Array(Criterion, { minItems: 1, maxItems: MAX_CRITERIA, uniqueItems: true, title: '评分项' }) }),
    reply: replyOf({ names: Type.Array(Type.String()) }),
  }),
  ofInterview: route({
    method: 'GET', url: '/api/hr/scorecards', summary: '一场面试的全部评分（本单位 HR 可见）', access: 'hrApproved', tags,
    query: Type.Object({ msid: Id('面试邀请ID') }),
    reply: replyOf({
      /** the criteria a new scorecard scores on */
      criteria: Type.Array(Type.String()),
      cards: Type.Array(Scorecard),
      /** the caller's own card, also among cards */
      mine: Type.Union([Scorecard, Type.Null()]),
      /** whether the caller may fill or change theirs now (the interview accepted and begun, or about to) */
      open: Type.Boolean(),
      /** why not, when open is false */
      why: Type.String(),
    }),
  }),
  save: route({
    method: 'POST', url: '/api/hr/scorecards', summary: '填写或修改我对一场面试的评分', access: 'hrApproved', tags,
    body: Type.Object({
      msid: Id('面试邀请ID'),
      scores: Type.Array(Score, { minItems: 1, maxItems: MAX_CRITERIA, title: '评分' }),
      notes: Type.Optional(Type.String({ maxLength: 1000, title: '评语' })),
      decision: Enum([1, 2, 3] as const, { title: '结论' }),
    }),
    reply: replyOf({ card: Scorecard }),
  }),
  summary: route({
    method: 'GET', url: '/api/hr/scorecards/summary', summary: '多场面试的评分汇总（份数、均分、结论）', access: 'hrApproved', tags,
    query: Type.Object({ msids: MsidList }),
    reply: replyOf({ list: Type.Array(ScorecardSummary) }),
  }),
};
