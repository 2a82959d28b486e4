/**
 * /enter_home/enter_resume (every application received, with filters) and
 * /enter_home/enter_resume_all (the candidates picked: shortlisted, interview, hired). Each row
 * moves the applicant through the pipeline: viewed (opening the résumé), shortlisted, interview
 * (an invitation with time, place and contact), refused, hired.
 */
import { useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { applicationsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate } from './hr';
import { ListState, Select, Tabs, Tag, ListPager, resettingPage } from '../console/ui';
import { DownloadDialog, InviteDialog, setApplicationState, toggleFavourite, type DownloadTarget, type InviteTarget } from './candidate';
import { avatarOf } from '../seeker/common';
import { to } from '../../lib/paths';
import { ReachSeeker } from './ReachSeeker';
import { ApplicationState, OFFER_TEXT, offerOut } from '../common/ApplicationState';

type Row = ReplyOf<typeof applicationsApi.received>['page']['list'][number];
const LIMIT = 10;

export const resumePath = (qzbsid: string, gwid?: string) => to(`private/personalresume?qzbsid=${qzbsid}${gwid ? `&gwid=${gwid}` : ''}`);

function ApplicationCard({ a, onChanged, onInvite, onDownload }: { a: Row; onChanged: () => void; onInvite: (t: InviteTarget) => void; onDownload: (t: DownloadTarget) => void }) {
  const codes = useCodes();
  const final = a.yyzt === 5 || a.yyzt === 6;
  const move = async (to: 3 | 5 | 6) => {
    if (await setApplicationState(a.bsid, a.xm, to)) onChanged();
  };
  const offer = async () => {
    if (!(await confirm({ title: '发 offer', message: `确定向 ${a.xm} 发出「${a.gwmc}」的录用意向吗？求职者会收到通知。`, confirmText: '发 offer' }))) return;
    if (await act(api.call(applicationsApi.sendOffer, { body: { bsid: a.bsid } }), true)) onChanged();
  };
  const viewed = async () => {
    if (await act(api.call(applicationsApi.setState, { query: { bsid: a.bsid, type: 2 }, method: 'POST' }), '已标记为「已查看」')) onChanged();
  };
  const facts = [
    a.xbm === 'xb_001' ? '男' : a.xbm === 'xb_002' ? '女' : '',
    a.nl !== null ? `${a.nl}岁` : '',
    codes?.name('m_xldm', a.zgxl) ?? '',
    a.gznx ? `${a.gznx}年经验` : '应届/无经验',
    codes?.city(a.dqszcs) ?? '',
  ].filter(Boolean);
  return (
    <div className="hr-card">
      <img className="hr-card__avatar" src={avatarOf(a.txUrl, a.xbm)} alt="" width={48} height={48} loading="lazy" />
      <div className="hr-card__main">
        <p className="hr-card__title">
          <a href={resumePath(a.qzbsid, a.gwid)}>{a.xm}</a>
          <ApplicationState yyzt={a.yyzt} />
          {offerOut(a.yyzt, a.offerAt) ? <Tag tone="success">{OFFER_TEXT}</Tag> : null}
          {a.sfsc ? <Tag tone="warning">已收藏</Tag> : null}
        </p>
        <p className="hr-card__meta">
          {facts.map((f) => (
            <span key={f}>{f}</span>
          ))}
        </p>
        <p className="hr-card__meta hr-small">
          <span>应聘：{a.gwmc}</span>
          <span>投递于 {minutes(a.tdsj)}</span>
          {a.hymc ? <span>招聘会：{a.hymc}</span> : null}
          <span>附件：{a.fjjlmc || '在线简历'}</span>
          {a.phone ? <span>电话：{a.phone}</span> : null}
        </p>
      </div>
      <div className="hr-card__side">
        <div className="hr-actions">
          <a className="zp-btn" href={resumePath(a.qzbsid, a.gwid)}>查看简历</a>
          {a.yyzt === 1 ? <GuardedButton onClick={() => void viewed()}>标为已查看</GuardedButton> : null}
          {!final && a.yyzt < 3 ? <GuardedButton onClick={() => void move(3)}>通过初筛</GuardedButton> : null}
          {!final ? (
            <Button variant="primary" onClick={() => onInvite({ bsid: a.bsid, gwid: a.gwid, name: a.xm, gwmc: a.gwmc })}>
              {a.yyzt === 4 ? '再次邀约' : '邀请面试'}
            </Button>
          ) : null}
          {!final && a.yyzt >= 3 && !a.offerAt ? <GuardedButton onClick={() => void offer()}>发 offer</GuardedButton> : null}
          {!final && a.yyzt >= 3 ? <GuardedButton onClick={() => void move(6)}>录用</GuardedButton> : null}
          <ReachSeeker seekerId={a.qzbsid} />
          {!final ? (
            <GuardedButton variant="text" onClick={() => void move(5)}>
              不合适
            </GuardedButton>
          ) : null}
          <GuardedButton variant="text" onClick={() => void toggleFavourite(a.qzbsid, !a.sfsc).then((ok) => ok && onChanged())}>
            {a.sfsc ? '取消收藏' : '收藏'}
          </GuardedButton>
          <Button variant="text" onClick={() => onDownload({ qzbsid: a.qzbsid, name: a.xm, attachment: a.fjjlid ? { id: a.fjjlid, name: a.fjjlmc } : undefined })}>
            下载
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A state (yyzt), or 'offer': those with an offer out (已发 offer). */
type StateTab = '' | '1' | '2' | '3' | '4' | '5' | '6' | 'offer';

function Received({ selected }: { selected: boolean }) {
  const codes = useCodes();
  const [state, setState] = useState<StateTab>('');
  const [gwid, setGwid] = useState('');
  const [xl, setXl] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [name, setName] = useState('');
  const [filters, setFilters] = useState({ xm: '', from: '', until: '' });
  const [page, setPage] = useState(1);
  const [invite, setInvite] = useState<InviteTarget | null>(null);
  const [download, setDownload] = useState<DownloadTarget | null>(null);
  const jobs = useLoad(() => api.call(applicationsApi.jobsOfHr), [], { enabled: !selected });
  const list = useLoad(() => {
    const common = { page, limit: LIMIT, ...(xl ? { xl } : {}), ...(filters.xm ? { xm: filters.xm } : {}) };
    const byState = state === 'offer' ? { offer: '1' } : null;
    if (selected) return api.call(applicationsApi.selected, { query: { ...common, ...(byState ?? (state ? { yyzt: state as '3' | '4' | '6' } : {})) } });
    const tdsj = filters.from || filters.until ? `${filters.from || '2000-01-01'},${filters.until || '2099-12-31'}` : '';
    return api.call(applicationsApi.received, { query: { ...common, ...(byState ?? (state ? { jlzt: state } : {})), ...(gwid ? { gwids: gwid } : {}), ...(tdsj ? { tdsj } : {}) } });
  }, [selected, state, gwid, xl, filters, page]);
  const find = useGuardedSubmit(() => {
    setPage(1);
    setFilters({ xm: name.trim(), from, until });
  });
  const data = list.data?.page;
  const tabs: { key: StateTab; label: string }[] = selected
    ? [
        { key: '', label: '全部已选中' },
        { key: '3', label: '通过初筛' },
        { key: '4', label: '邀请面试' },
        { key: 'offer', label: OFFER_TEXT },
        { key: '6', label: '已录用' },
      ]
    : [
        { key: '', label: '全部' },
        { key: '1', label: '新投递' },
        { key: '2', label: '已查看' },
        { key: '3', label: '通过初筛' },
        { key: '4', label: '邀请面试' },
        { key: 'offer', label: OFFER_TEXT },
        { key: '5', label: '不合适' },
        { key: '6', label: '已录用' },
      ];
  const fresh = jobs.data?.list.reduce((n, j) => n + j.wcks, 0) ?? 0;

  return (
    <>
      <Tabs
        label="投递状态"
        active={state}
        onChange={resettingPage(setState, setPage)}
        items={tabs.map((t) => (t.key === '1' ? { ...t, count: fresh } : t))}
      />
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        {!selected ? (
          <Select
            label="应聘岗位"
            value={gwid}
            placeholder="全部岗位"
            options={(jobs.data?.list ?? []).map((j) => ({ value: j.gwid, label: `${j.gwmc}（${j.tdrs}）` }))}
            onChange={resettingPage(setGwid, setPage)}
          />
        ) : null}
        <Select label="学历" value={xl} placeholder="不限学历" options={codes?.options('m_xldm') ?? []} onChange={resettingPage(setXl, setPage)} />
        <label className="zp-visually-hidden" htmlFor="res-name">姓名</label>
        <input id="res-name" className="hr-input" placeholder="姓名" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} />
        {!selected ? (
          <>
            <label className="zp-visually-hidden" htmlFor="res-from">投递开始日期</label>
            <input id="res-from" className="hr-input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            <span aria-hidden="true">至</span>
            <label className="zp-visually-hidden" htmlFor="res-until">投递结束日期</label>
            <input id="res-until" className="hr-input" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
          </>
        ) : null}
        <Button type="submit" variant="primary" disabled={find.blocked}>
          筛选
        </Button>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText={selected ? '暂无已选中的人才' : '暂无符合条件的简历'} onRetry={list.reload}>
        {data?.list.map((a) => <ApplicationCard key={a.bsid} a={a} onChanged={list.reload} onInvite={setInvite} onDownload={setDownload} />)}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {invite ? <InviteDialog target={invite} onClose={() => setInvite(null)} onSent={list.reload} /> : null}
      {download ? <DownloadDialog target={download} onClose={() => setDownload(null)} /> : null}
    </>
  );
}

export default function ReceivedResumes({ selected }: { selected: boolean }) {
  return (
    <HrGate approved>
      <Received selected={selected} />
    </HrGate>
  );
}
