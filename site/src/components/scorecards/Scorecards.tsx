/**
 * 面试评分 in 面试管理: every interviewer of the enterprise scores an accepted interview on the
 * enterprise's criteria (1–5), with notes and a decision (通过 / 待定 / 不通过), and reads the
 * colleagues' cards; 设置评分项 edits the criteria. The seeker never sees any of it.
 */
import { useState } from 'react';
import { Button, Dialog } from '@zp/ui';
import { scorecardsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { CRITERION_MAX_LENGTH, MAX_CRITERIA, SCORE_MAX, SCORE_MIN, SCORE_WORDS, SCORECARD_DECISIONS } from '@zp/core/rules/scorecards';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { Field, FormDialog, ListState, Tag, type Tone } from '../console/ui';
import './scorecards.css';

type Card = ReplyOf<typeof scorecardsApi.ofInterview>['cards'][number];
type Summary = ReplyOf<typeof scorecardsApi.summary>['list'][number];
const DECISION_TONE: Record<number, Tone> = { 1: 'success', 2: 'warning', 3: 'danger' };
const SCALE = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => SCORE_MIN + i);

/** '评分 2 份 · 均分 3.2 · 通过 1 · 不通过 1' beside an interview. */
export function summaryText(s: Summary): string {
  const decisions = s.decisions.map((n, i) => (n ? `${SCORECARD_DECISIONS[i + 1]} ${n}` : '')).filter(Boolean);
  return [`评分 ${s.count} 份`, `均分 ${s.average.toFixed(1)}`, ...decisions].join(' · ');
}

function CardView({ c }: { c: Card }) {
  return (
    <li className="sc-card">
      <p className="sc-card__head">
        <strong>{c.hrName}</strong>
        <Tag tone={DECISION_TONE[c.decision]}>{SCORECARD_DECISIONS[c.decision]}</Tag>
        <span className="hr-muted hr-small">均分 {c.average.toFixed(1)} · {c.updatedAt}</span>
      </p>
      <p className="sc-card__scores">
        {c.scores.map((x) => (
          <span key={x.criterion}>
            {x.criterion} {x.score} 分
          </span>
        ))}
      </p>
      {c.notes ? <p className="sc-card__notes">{c.notes}</p> : null}
    </li>
  );
}

export function ScorecardDialog({ msid, title, onClose, onSaved }: { msid: string; title: string; onClose: () => void; onSaved: () => void }) {
  const data = useLoad(() => api.call(scorecardsApi.ofInterview, { query: { msid } }), [msid]);
  const d = data.data;
  const criteria = d?.mine ? d.mine.scores.map((x) => x.criterion) : (d?.criteria ?? []);
  const [scores, setScores] = useState<Record<string, number>>({});
  const [decision, setDecision] = useState<number>(0);
  const [notes, setNotes] = useState<string | null>(null);
  const [error, setError] = useState('');
  const scoreOf = (c: string) => scores[c] ?? d?.mine?.scores.find((x) => x.criterion === c)?.score ?? 0;
  const decisionNow = decision || d?.mine?.decision || 0;
  const notesNow = notes ?? d?.mine?.notes ?? '';

  const save = async () => {
    const missing = criteria.filter((c) => !scoreOf(c));
    if (missing.length) return setError(`请为「${missing.join('、')}」打分`);
    if (!decisionNow) return setError('请选择结论');
    setError('');
    const r = await act(
      api.call(scorecardsApi.save, { body: { msid, scores: criteria.map((c) => ({ criterion: c, score: scoreOf(c) })), decision: decisionNow as 1 | 2 | 3, notes: notesNow.trim() } }),
      true,
    );
    if (r) {
      onSaved();
      onClose();
    }
  };
  const { onSubmit, blocked } = useGuardedSubmit(save);
  const others = (d?.cards ?? []).filter((c) => c.id !== d?.mine?.id);

  if (d && !d.open) {
    return (
      <Dialog open title={title} width={560} onClose={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
        <p className="hr-muted">{d.why}</p>
        {others.length ? <ul className="sc-cards">{others.map((c) => <CardView key={c.id} c={c} />)}</ul> : null}
      </Dialog>
    );
  }
  return (
    <FormDialog title={title} width={640} onClose={onClose} onSubmit={onSubmit} blocked={blocked || !d} single submitText={d?.mine ? '保存修改' : '提交评分'}>
      <ListState loading={data.loading} error={data.error} empty={false} onRetry={data.reload}>
        {others.length ? (
          <Field label={`同事的评分（${others.length}）`} wide>
            <ul className="sc-cards">{others.map((c) => <CardView key={c.id} c={c} />)}</ul>
          </Field>
        ) : null}
        {criteria.map((c) => (
          <Field key={c} label={c} required>
            <fieldset className="sc-scale" aria-label={c}>
              {SCALE.map((n) => (
                <label key={n} title={SCORE_WORDS[n]}>
                  <input type="radio" name={`sc-${c}`} checked={scoreOf(c) === n} onChange={() => setScores((p) => ({ ...p, [c]: n }))} aria-label={`${n} 分 ${SCORE_WORDS[n]}`} />
                  {n}
                </label>
              ))}
              {scoreOf(c) ? <span className="sc-scale__word">{SCORE_WORDS[scoreOf(c)]}</span> : null}
            </fieldset>
          </Field>
        ))}
        <Field label="结论" required error={error}>
          {[1, 2, 3].map((n) => (
            <label key={n} className="hr-check">
              <input type="radio" name="sc-decision" checked={decisionNow === n} onChange={() => setDecision(n)} /> {SCORECARD_DECISIONS[n]}
            </label>
          ))}
        </Field>
        <Field label="评语" htmlFor="sc-notes" hint="仅本单位 HR 可见，求职者看不到评分和评语">
          <textarea id="sc-notes" className="hr-input" rows={4} maxLength={1000} value={notesNow} onChange={(e) => setNotes(e.target.value)} />
        </Field>
      </ListState>
    </FormDialog>
  );
}

export function CriteriaDialog({ onClose }: { onClose: () => void }) {
  const current = useLoad(() => api.call(scorecardsApi.criteria), []);
  const [names, setNames] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const list = names ?? current.data?.names ?? [];
  const save = async () => {
    const clean = list.map((n) => n.trim()).filter(Boolean);
    if (!clean.length) return setError('至少保留一个评分项');
    if (new Set(clean).size !== clean.length) return setError('评分项不能重复');
    setError('');
    if (await act(api.call(scorecardsApi.setCriteria, { body: { names: clean } }), true)) onClose();
  };
  const { onSubmit, blocked } = useGuardedSubmit(save);
  return (
    <FormDialog title="设置评分项" width={480} onClose={onClose} onSubmit={onSubmit} blocked={blocked || !current.data} single>
      <Field label="评分项" required error={error} hint={`每项 1–5 分，最多 ${MAX_CRITERIA} 项；已填写的评分保持原样`}>
        <ul className="sc-criteria">
          {list.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are edited in place, by position
            <li key={i}>
              <input className="hr-input" aria-label={`评分项 ${i + 1}`} maxLength={CRITERION_MAX_LENGTH} value={n} onChange={(e) => setNames(list.map((x, j) => (j === i ? e.target.value : x)))} />
              <Button variant="text" onClick={() => setNames(list.filter((_, j) => j !== i))} disabled={list.length <= 1}>
                删除
              </Button>
            </li>
          ))}
        </ul>
      </Field>
      {list.length < MAX_CRITERIA ? <Button onClick={() => setNames([...list, ''])}>添加评分项</Button> : null}
    </FormDialog>
  );
}
