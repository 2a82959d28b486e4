/** All of the scorecards module's SQL: the enterprise's criteria and the scorecards. */
import { inList, minuteText, one, rows, sql, type Db } from '../../db/index.js';

export async function savedCriteria(db: Db, companyId: string): Promise<string[] | null> {
  const r = await one<{ names: string[] }>(db, sql`select names from scorecard_criteria where company_id = ${companyId}`);
  return r?.names ?? null;
}

export async function saveCriteria(db: Db, companyId: string, hrId: string, names: readonly string[]): Promise<void> {
  await db.execute(
    sql`insert into scorecard_criteria (company_id, names, updated_by)
        values (${companyId}, array(select x from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as t(x, i) order by i), ${hrId})
        on conflict (company_id) do update set names = excluded.names, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

export interface InterviewFacts {
  company_id: string;
  answer: number;
  /** ms of the interview's time; null when 待定 */
  at_ms: number | null;
}

export async function interviewFacts(db: Db, interviewId: string): Promise<InterviewFacts | undefined> {
  return one<InterviewFacts>(
    db,
    sql`select company_id::text as company_id, answer::int as answer, (extract(epoch from at) * 1000)::float8 as at_ms from interviews where id = ${interviewId}`,
  );
}

export interface ScorecardRow {
  id: string;
  interview_id: string;
  hr_id: string;
  hr_name: string;
  scores: { criterion: string; score: number }[];
  notes: string;
  decision: number;
  updated_at: string;
}

const columns = sql`s.id::text as id, s.interview_id::text as interview_id, coalesce(s.hr_id::text, '') as hr_id,
  coalesce(nullif(h.name, ''), u.phone, '已注销的 HR') as hr_name, s.scores, s.notes, s.decision::int as decision, ${minuteText('s.updated_at')} as updated_at`;

/** The scorecards of the enterprise's interviews, oldest first. */
export async function scorecardsOf(db: Db, companyId: string, interviewIds: readonly string[]): Promise<ScorecardRow[]> {
  if (!interviewIds.length) return [];
  return rows<ScorecardRow>(
    db,
    sql`select ${columns} from scorecards s left join users u on u.id = s.hr_id left join hr_profiles h on h.user_id = s.hr_id
        where s.company_id = ${companyId} and s.interview_id in (${inList(interviewIds)}) order by s.created_at, s.id`,
  );
}

export async function upsertScorecard(
  db: Db,
  c: { interviewId: string; companyId: string; hrId: string; scores: { criterion: string; score: number }[]; notes: string; decision: number },
): Promise<void> {
  await db.execute(
    sql`insert into scorecards (interview_id, company_id, hr_id, scores, notes, decision)
        values (${c.interviewId}, ${c.companyId}, ${c.hrId}, ${JSON.stringify(c.scores)}::jsonb, ${c.notes}, ${c.decision})
        on conflict (interview_id, hr_id) do update
          set scores = excluded.scores, notes = excluded.notes, decision = excluded.decision, updated_at = now()`,
  );
}
