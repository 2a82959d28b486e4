import { useState, type ReactNode } from 'react';
import { api } from '@zp/core/session';
import { fairsApi, relationsApi } from '@zp/core/routes';
import { ApplicationState } from '../common/ApplicationState';
import type * as C from '@zp/core/contract';
import { confirm, message, withLoading } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { useCodes } from './codes';
import { day, minute, toastError } from './common';
import { JobRow } from './JobRow';
import { fairState } from './FairRow';
import { totalPages, usePaged } from './usePaged';

type SavedJob = C.Reply<typeof C.relationsApi.savedJobs>['page']['list'][number];
const SIZE = 10;

function SavedJobs() {
  const codes = useCodes();
  const p = usePaged<SavedJob>(async (page) => {
    const r = await api.call(relationsApi.savedJobs, { params: { page, limit: SIZE } });
    return { list: r.page.list, total: r.page.totalCount };
  });
  const unsave = async (j: SavedJob) => {
    if (!(await confirm({ message: `确定取消收藏「${j.gwmc}」吗？`, confirmText: '取消收藏' }))) return;
    try {
      await withLoading(api.call(relationsApi.unsaveJob, { params: { dwid: j.dwid, gwid: j.gwid } }));
      message.success('已取消收藏');
      await p.reload();
    } catch (err) {
      toastError(err);
    }
  };
  if (p.data === null) return <p className="sk-muted sk-loading-line">加载中…</p>;
  return (
    <>
      {p.data.list.length === 0 ? (
        <EmptyState text="暂无收藏的职位">
          <a className="zp-btn zp-btn--primary" href={paths.jobSearch}>
            去找职位
          </a>
        </EmptyState>
      ) : (
        <ul className="sk-list">
          {p.data.list.map((j) => (
            <JobRow
              key={j.gwid}
              job={j}
              codes={codes}
              extra={
                <p className="sk-row__meta sk-small">
                  <span>收藏于 {day(j.scsj)}</span>
                  {j.gwzt !== '2' ? <span className="sk-tag">职位已停止招聘</span> : null}
                  {j.yyzt ? <ApplicationState yyzt={j.yyzt} /> : null}
                </p>
              }
              side={
                <GuardedButton variant="text" onClick={() => unsave(j)}>
                  取消收藏
                </GuardedButton>
              }
            />
          ))}
        </ul>
      )}
      <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} />
    </>
  );
}

type SavedFair = C.Reply<typeof C.fairsApi.seekerFavorites>['page']['list'][number];

/** A favourite fair (collectedList's upper-case row) as a list row. */
function SavedFairRow({ f, side }: { f: SavedFair; side: ReactNode }) {
  const ifks = fairState({ hykssj: f.HYKSSJ, hyjssj: f.HYJSSJ });
  const [text, tone] = FAIR_STATE[ifks];
  return (
    <li className="sk-row">
      <div className="sk-row__main">
        <p className="sk-row__title">
          <a href={paths.hall(f.HXID, ifks)}>{f.HYMC}</a>
        </p>
        <p className="sk-row__meta">
          <span>
            {minute(f.HYKSSJ)} 至 {minute(f.HYJSSJ)}
          </span>
          <span>参会单位 {f.QYCHRS}</span>
          <span>职位 {f.QYGWS}</span>
          <span>收藏于 {minute(f.SCSJ)}</span>
        </p>
      </div>
      <div className="sk-row__side">
        <span className={`sk-tag sk-tag--${tone || 'default'}`}>{text}</span>
        {side}
      </div>
    </li>
  );
}
const FAIR_STATE = { 1: ['未开始', 'primary'], 2: ['进行中', 'success'], 3: ['已结束', ''] } as const;

function SavedFairs() {
  const p = usePaged<SavedFair>(async (page) => {
    const r = await api.call(fairsApi.seekerFavorites, { query: { page, limit: SIZE } });
    return { list: r.page.list, total: r.page.totalCount };
  });
  const unsave = async (f: SavedFair) => {
    if (!(await confirm({ message: `确定取消收藏「${f.HYMC}」吗？`, confirmText: '取消收藏' }))) return;
    try {
      await withLoading(api.call(fairsApi.seekerUnfavorite, { query: { hxid: f.HXID }, method: 'POST' }));
      message.success('已取消收藏');
      await p.reload();
    } catch (err) {
      toastError(err);
    }
  };
  if (p.data === null) return <p className="sk-muted sk-loading-line">加载中…</p>;
  return (
    <>
      {p.data.list.length === 0 ? (
        <EmptyState text="暂无收藏的招聘会">
          <a className="zp-btn zp-btn--primary" href={paths.fairs}>
            去看看招聘会
          </a>
        </EmptyState>
      ) : (
        <ul className="sk-list">
          {p.data.list.map((f) => (
            <SavedFairRow
              key={f.HXID}
              f={f}
              side={
                <GuardedButton variant="text" onClick={() => unsave(f)}>
                  取消收藏
                </GuardedButton>
              }
            />
          ))}
        </ul>
      )}
      <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} />
    </>
  );
}

/** hunter_collect: saved jobs and favourite fairs. */
function Collections() {
  const [tab, setTab] = useState<'jobs' | 'fairs'>(() => (new URLSearchParams(window.location.search).get('tab') === 'fairs' ? 'fairs' : 'jobs'));
  return (
    <div>
      <div className="sk-tabs" role="tablist" aria-label="我的收藏">
        <button type="button" role="tab" aria-selected={tab === 'jobs'} onClick={() => setTab('jobs')}>
          收藏的职位
        </button>
        <button type="button" role="tab" aria-selected={tab === 'fairs'} onClick={() => setTab('fairs')}>
          收藏的招聘会
        </button>
      </div>
      {tab === 'jobs' ? <SavedJobs /> : <SavedFairs />}
    </div>
  );
}

export default afterGuard(Collections);
