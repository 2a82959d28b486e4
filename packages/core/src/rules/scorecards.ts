/**
 * Interview scorecards (面试评分): the criteria an enterprise scores on (its own, or these three
 * until it sets them), the 1–5 scale, and the decision each interviewer records. Only the
 * enterprise's HR read them; the seeker never sees a scorecard.
 */
export const DEFAULT_CRITERIA = ['专业能力', '沟通表达', '岗位匹配'] as const;
export const MAX_CRITERIA = 8;
export const CRITERION_MAX_LENGTH = 10;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
/** What each score means, shown beside the stars. */
export const SCORE_WORDS: Readonly<Record<number, string>> = { 1: '不符合', 2: '较弱', 3: '符合', 4: '良好', 5: '突出' };
/** An interviewer's decision: 1 通过, 2 待定, 3 不通过. */
export const SCORECARD_DECISIONS: Readonly<Record<number, string>> = { 1: '通过', 2: '待定', 3: '不通过' };
/** A scorecard may be filled from this long before the interview's start (interviewers note as they go). */
export const SCORECARD_OPENS_MINUTES_BEFORE = 10;

/** The mean of the scores, to one decimal (0 for none). */
export function averageScore(scores: readonly { score: number }[]): number {
  if (!scores.length) return 0;
  return Math.round((scores.reduce((a, s) => a + s.score, 0) / scores.length) * 10) / 10;
}
