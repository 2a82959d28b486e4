/** /enter_home/enter_interview: the invitations the enterprise sent, the seekers' answers, and the results HR record. */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { applicationsApi, scorecardsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { withBeijingLabel } from '@zp/core/dates';
import { SLOT_OFFER_ADDRESS } from '@zp/core/rules/slots';
import { useLoad } from '../../lib/load';
import { act, cityAddress, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate } from './hr';
import { Field, ListState, Select, Tabs, Tag, ListPager, FormDialog, resettingPage } from '../console/ui';
import { ANSWER_TONE, answerText, resultText } from '../console/states';
import { resumePath } from './ReceivedResumes';
import { ReachSeeker } from './ReachSeeker';
import { CriteriaDialog, ScorecardDialog, summaryText } from '../scorecards/Scorecards';

type Row = ReplyOf<typeof applicationsApi.sentInvitations>['page']['list'][number];
const LIMIT = 10;

function ResultDialog({ inv, onClose, onSaved }: { inv: Row; onClose: () => void; onSaved: () => void }) {
  const [msjg, setMsjg] = useState<'' | '1' | '2'>(inv.msjg ? (String(inv.msjg) as '1' | '2') : '');
  const [note, setNote] = useState(inv.msjgsm);
  const [error, setError] = useState('');
  const save = async () => {
    if (!msjg) {
      setError('请选择面试结果');
      return;
    }
    const r = await act(api.call(applicationsApi.setResult, { query: { msid: inv.msid, msjg: Number(msjg) as 1 | 2, ...(note.trim() ? { msjgsm: note.trim() } : {}) }, method: 'POST' }), true);
    if (r) {
      onSaved();
      onClose();
    }
  };
  const { onSubmit, blocked } = useGuardedSubmit(save);
  return (
    <FormDialog title={`${inv.xm} · ${inv.gwmc} 的面试结果`} width={480} onClose={onClose} onSubmit={onSubmit} blocked={blocked} single>
      <Field label="面试结果" required error={error}>
        <label className="hr-check">
          <input type="radio" name="msjg" checked={msjg === '1'} onChange={() => setMsjg('1')} /> 通过
        </label>
        <label className="hr-check">
          <input type="radio" name="msjg" checked={msjg === '2'} onChange={() => setMsjg('2')} /> 未通过
        </label>
      </Field>
      <Field label="结果说明" htmlFor="res-note" hint="求职者会收到面试结果通知">
        <textarea id="res-note" className="hr-input" rows={4} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

function List() {
  const codes = useCodes();
  const [zt, setZt] = useState<'' | '0' | '1' | '2'>('');
  const [msjg, setMsjg] = useState('');
  const [gwid, setGwid] = useState('');
  const [name, setName] = useState('');
  const [xm, setXm] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Row | null>(null);
  const [scoring, setScoring] = useState<Row | null>(null);
  const [criteria, setCriteria] = useState(false);
  const jobs = useLoad(() => api.call(applicationsApi.jobsOfHr), []);
  const list = useLoad(
    () => api.call(applicationsApi.sentInvitations, { query: { page, limit: LIMIT, ...(zt ? { zt } : {}), ...(msjg ? { msjg } : {}), ...(gwid ? { gwid } : {}), ...(xm ? { xm } : {}) } }),
    [zt, msjg, gwid, xm, page],
  );
  const find = useGuardedSubmit(() => {
    setPage(1);
    setXm(name.trim());
  });
  const data = list.data?.page;
  // the scorecards of the accepted interviews on this page
  const scored = (data?.list ?? []).filter((i) => i.zt === 1).map((i) => i.msid);
  const summary = useLoad(() => (scored.length ? api.call(scorecardsApi.summary, { query: { msids: scored.join(',') } }).then((r) => r.list) : Promise.resolve([])), [scored.join(',')]);
  const summaryOf = (msid: string) => summary.data?.find((x) => x.msid === msid);
  return (
    <section className="hr-section" aria-labelledby="invitations-title">
      <h2 className="hr-section__title" id="invitations-title">
        面试邀请
      </h2>
      <Tabs
        label="答复状态"
        active={zt}
        onChange={resettingPage(setZt, setPage)}
        items={[
          { key: '', label: '全部邀请' },
          { key: '0', label: '待答复' },
          { key: '1', label: '已接受' },
          { key: '2', label: '已拒绝' },
        ]}
      />
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        <Select label="岗位" value={gwid} placeholder="全部岗位" options={(jobs.data?.list ?? []).map((j) => ({ value: j.gwid, label: j.gwmc }))} onChange={resettingPage(setGwid, setPage)} />
        <Select label="面试结果" value={msjg} placeholder="全部结果" options={[{ value: '0', label: '未填写' }, { value: '1', label: '通过' }, { value: '2', label: '未通过' }]} onChange={resettingPage(setMsjg, setPage)} />
        <label className="zp-visually-hidden" htmlFor="iv-name">姓名</label>
        <input id="iv-name" className="hr-input" placeholder="姓名" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={find.blocked}>查找</Button>
        <div className="hr-toolbar__right">
          <Button onClick={() => setCriteria(true)}>设置评分项</Button>
        </div>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="暂无面试邀请" onRetry={list.reload}>
        {data?.list.map((i) => (
          <div className="hr-card" key={i.msid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                <a href={resumePath(i.qzbsid, i.gwid)}>{i.xm}</a>
                <span className="hr-muted">{i.mymc}</span>
                <Tag tone={ANSWER_TONE[i.zt]}>{answerText(i.zt)}</Tag>
                {i.msjg ? <Tag tone={i.msjg === 1 ? 'success' : 'danger'}>面试{resultText(i.msjg)}</Tag> : null}
              </p>
              <p className="hr-card__meta">
                <span>岗位：{i.gwmc}</span>
                <span>时间：{withBeijingLabel(minutes(i.mssj)) || (i.msxxdz === SLOT_OFFER_ADDRESS ? '待求职者预约时段' : '待定（电话约定）')}</span>
                <span>地点：{cityAddress(codes?.city(i.mscs), i.msxxdz)}</span>
              </p>
              <p className="hr-card__meta hr-small">
                <span>联系人：{i.lxr} {i.sjhm}</span>
                {i.phone ? <span>求职者电话：{i.phone}</span> : null}
                <span>邀请人：{i.hrxm}</span>
                <span>发出于 {minutes(i.createTime)}</span>
              </p>
              {i.hfsm ? <p className="hr-card__note">求职者答复（{minutes(i.hfsj)}）：{i.hfsm}</p> : null}
              {i.msjgsm ? <p className="hr-card__note">结果说明：{i.msjgsm}</p> : null}
              {summaryOf(i.msid) ? <p className="hr-card__meta sc-summary">{summaryText(summaryOf(i.msid)!)}</p> : null}
            </div>
            <div className="hr-card__side">
              <div className="hr-actions">
                <a className="zp-btn" href={resumePath(i.qzbsid, i.gwid)}>查看简历</a>
                <ReachSeeker seekerId={i.qzbsid} video={i.zt !== 2} />
                {i.zt === 1 ? <Button onClick={() => setScoring(i)}>面试评分</Button> : null}
                {i.zt === 1 ? (
                  <Button variant="primary" onClick={() => setEditing(i)}>
                    {i.msjg ? '修改结果' : '填写结果'}
                  </Button>
                ) : null}
              </div>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {editing ? <ResultDialog inv={editing} onClose={() => setEditing(null)} onSaved={list.reload} /> : null}
      {scoring ? <ScorecardDialog msid={scoring.msid} title={`${scoring.xm} · ${scoring.gwmc} 的面试评分`} onClose={() => setScoring(null)} onSaved={summary.reload} /> : null}
      {criteria ? <CriteriaDialog onClose={() => setCriteria(false)} /> : null}
    </section>
  );
}

export default function Interviews() {
  return (
    <HrGate approved>
      <List />
    </HrGate>
  );
}
