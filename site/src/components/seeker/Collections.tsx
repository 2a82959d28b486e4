import { Fragment, useState, type ReactNode } from 'react';
import { api } from '@zp/core/session';
import { fairsApi, relationsApi } from '@zp/core/routes';
import { ApplicationState } from '../common/ApplicationState';
import type * as C from '@zp/core/contract';
import { confirm, message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { useCodes } from './codes';
import { day, minute } from './common';
import { JobRow } from './JobRow';
import { FairRow } from './FairRow';
import { totalPages, usePaged } from '../../lib/load';
import { Tabs } from './Tabs';

type SavedJob = C.Reply<typeof C.relationsApi.savedJobs>['page']['list'][number];
type SavedFair = C.Reply<typeof C.fairsApi.seekerFavorites>['page']['list'][number];
const SIZE = 10;

/**
 * One tab of saved things, page by page: each row with its 取消收藏 (confirmed by name, then the
 * page reloads), or the empty state with a way to find some.
 */
function SavedList<T>({
  fetchPage,
  keyOf,
  nameOf,
  unsave,
  row,
  empty,
}: {
  fetchPage: (page: number) => Promise<{ list: T[]; total: number }>;
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  unsave: (item: T) => Promise<unknown>;
  /** the row, with the 取消收藏 button as its `side` */
  row: (item: T, side: ReactNode) => ReactNode;
  empty: { text: string; href: string; action: string };
}) {
  const p = usePaged<T>(fetchPage);
  const remove = async (item: T) => {
    if (!(await confirm({ message: `确定取消收藏「${nameOf(item)}」吗？`, confirmText: '取消收藏' }))) return;
    try {
      await withLoading(unsave(item));
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
        <EmptyState text={empty.text}>
          <a className="zp-btn zp-btn--primary" href={empty.href}>
            {empty.action}
          </a>
        </EmptyState>
      ) : (
        <ul className="sk-list">
          {p.data.list.map((item) => (
            <Fragment key={keyOf(item)}>
              {row(
                item,
                <GuardedButton variant="text" onClick={() => remove(item)}>
                  取消收藏
                </GuardedButton>,
              )}
            </Fragment>
          ))}
        </ul>
      )}
      <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} />
    </>
  );
}

function SavedJobs() {
  const codes = useCodes();
  return (
    <SavedList<SavedJob>
      fetchPage={async (page) => {
        const r = await api.call(relationsApi.savedJobs, { params: { page, limit: SIZE } });
        return { list: r.page.list, total: r.page.totalCount };
      }}
      keyOf={(j) => j.gwid}
      nameOf={(j) => j.gwmc}
      unsave={(j) => api.call(relationsApi.unsaveJob, { params: { dwid: j.dwid, gwid: j.gwid } })}
      empty={{ text: '暂无收藏的职位', href: paths.jobSearch, action: '去找职位' }}
      row={(j, side) => (
        <JobRow
          job={j}
          codes={codes}
          extra={
            <p className="sk-row__meta sk-small">
              <span>收藏于 {day(j.scsj)}</span>
              {j.gwzt !== '2' ? <span className="sk-tag">职位已停止招聘</span> : null}
              {j.yyzt ? <ApplicationState yyzt={j.yyzt} /> : null}
            </p>
          }
          side={side}
        />
      )}
    />
  );
}

function SavedFairs() {
  return (
    <SavedList<SavedFair>
      fetchPage={async (page) => {
        const r = await api.call(fairsApi.seekerFavorites, { query: { page, limit: SIZE } });
        return { list: r.page.list, total: r.page.totalCount };
      }}
      keyOf={(f) => f.HXID}
      nameOf={(f) => f.HYMC}
      unsave={(f) => api.call(fairsApi.seekerUnfavorite, { query: { hxid: f.HXID }, method: 'POST' })}
      empty={{ text: '暂无收藏的招聘会', href: paths.fairs, action: '去看看招聘会' }}
      // collectedList's upper-case row, shown as any other fair
      row={(f, side) => (
        <FairRow
          fair={{ hxid: f.HXID, hymc: f.HYMC, hykssj: f.HYKSSJ, hyjssj: f.HYJSSJ, chqys: f.QYCHRS, gwfbs: f.QYGWS }}
          meta={<span>收藏于 {minute(f.SCSJ)}</span>}
          side={side}
        />
      )}
    />
  );
}

const COLLECTION_TABS = [
  { key: 'jobs', label: '收藏的职位' },
  { key: 'fairs', label: '收藏的招聘会' },
] as const;

/** hunter_collect: saved jobs and favourite fairs. */
function Collections() {
  const [tab, setTab] = useState<'jobs' | 'fairs'>(() => (new URLSearchParams(window.location.search).get('tab') === 'fairs' ? 'fairs' : 'jobs'));
  return (
    <div>
      <Tabs label="我的收藏" tabs={COLLECTION_TABS} value={tab} onChange={setTab} />
      {tab === 'jobs' ? <SavedJobs /> : <SavedFairs />}
    </div>
  );
}

export default afterGuard(Collections);
