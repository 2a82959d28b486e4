/**
 * Scorecards: the enterprise's criteria, and each HR's scorecard of an accepted interview, which
 * colleagues read and nobody else does (the interview of another enterprise is a 404, with no
 * hint that it exists).
 */
import { DEFAULT_CRITERIA, SCORECARD_OPENS_MINUTES_BEFORE, averageScore } from '@zp/core/rules/scorecards';
import type { Scorecard } from '@zp/core/contract';
import { badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { interviewFacts, saveCriteria, savedCriteria, scorecardsOf, upsertScorecard, type InterviewFacts, type ScorecardRow } from './repo.js';

type S = Pick<Services, 'db'>;

export async function criteriaOf(s: S, companyId: string): Promise<{ names: string[]; isDefault: boolean }> {
  const saved = await savedCriteria(s.db, companyId);
  return saved ? { names: saved, isDefault: false } : { names: [...DEFAULT_CRITERIA], isDefault: true };
}

export async function setCriteria(s: S, companyId: string, hrId: string, names: string[]): Promise<string[]> {
  const clean = names.map((n) => n.trim());
  if (new Set(clean).size !== clean.length) throw badRequest('评分项不能重复');
  await saveCriteria(s.db, companyId, hrId, clean);
  return clean;
}

const cardOf = (r: ScorecardRow): Scorecard => ({
  id: r.id,
  hrId: r.hr_id,
  hrName: r.hr_name,
  scores: r.scores,
  average: averageScore(r.scores),
  notes: r.notes,
  decision: r.decision,
  updatedAt: r.updated_at,
});

async function ownInterview(s: S, companyId: string, msid: string): Promise<InterviewFacts> {
  const i = await interviewFacts(s.db, msid);
  if (!i || i.company_id !== companyId) throw notFound('面试邀请不存在');
  return i;
}

/** Why a scorecard cannot be filled now ('' when it can). */
function closedBecause(i: InterviewFacts, now = Date.now()): string {
  if (i.answer === 0) return '求职者尚未接受该面试，暂不能评分';
  if (i.answer === 2) return '求职者已拒绝该面试，无需评分';
  if (i.at_ms !== null && now < i.at_ms - SCORECARD_OPENS_MINUTES_BEFORE * 60_000) return '面试开始后才能评分';
  return '';
}

export async function interviewScorecards(s: S, companyId: string, hrId: string, msid: string) {
  const i = await ownInterview(s, companyId, msid);
  const cards = (await scorecardsOf(s.db, companyId, [msid])).map(cardOf);
  const why = closedBecause(i);
  return { criteria: (await criteriaOf(s, companyId)).names, cards, mine: cards.find((c) => c.hrId === hrId) ?? null, open: !why, why };
}

export async function saveScorecard(
  s: S,
  companyId: string,
  hrId: string,
  input: { msid: string; scores: { criterion: string; score: number }[]; notes?: string; decision: number },
): Promise<Scorecard> {
  const i = await ownInterview(s, companyId, input.msid);
  const why = closedBecause(i);
  if (why) throw badRequest(why);
  // Every current criterion once; a card already filled on older criteria may keep those.
  const { names } = await criteriaOf(s, companyId);
  const mine = (await scorecardsOf(s.db, companyId, [input.msid])).find((c) => c.hr_id === hrId);
  const given = input.scores.map((x) => x.criterion.trim());
  const matches = (list: string[]) => given.length === list.length && list.every((n) => given.includes(n));
  if (!matches(names) && !(mine && matches(mine.scores.map((x) => x.criterion)))) throw badRequest(`请为每个评分项打分：${names.join('、')}`);
  await upsertScorecard(s.db, {
    interviewId: input.msid,
    companyId,
    hrId,
    scores: input.scores.map((x) => ({ criterion: x.criterion.trim(), score: x.score })),
    notes: (input.notes ?? '').trim(),
    decision: input.decision,
  });
  const saved = (await scorecardsOf(s.db, companyId, [input.msid])).find((c) => c.hr_id === hrId)!;
  return cardOf(saved);
}

/** Count, mean score and decisions of the scorecards of each interview named (the enterprise's only). */
export async function scorecardSummary(s: S, companyId: string, msids: string[]) {
  const cards = await scorecardsOf(s.db, companyId, [...new Set(msids)]);
  const by = new Map<string, ScorecardRow[]>();
  for (const c of cards) by.set(c.interview_id, [...(by.get(c.interview_id) ?? []), c]);
  return [...by].map(([msid, list]) => ({
    msid,
    count: list.length,
    average: averageScore(list.map((c) => ({ score: averageScore(c.scores) }))),
    decisions: [1, 2, 3].map((d) => list.filter((c) => c.decision === d).length),
  }));
}
