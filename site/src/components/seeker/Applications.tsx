import { useEffect, useRef, useState } from 'react';
import { api } from '@zp/core/session';
import { applicationsApi } from '@zp/core/routes';
import { onReminder } from '@zp/core/socket';
import type * as C from '@zp/core/contract';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { useCodes } from './codes';
import { minute } from './common';
import { JobRow } from './JobRow';
import { totalPages, useLoad, usePaged } from '../../lib/load';
import { ApplicationState } from '../common/ApplicationState';
import { Tabs } from './Tabs';
import { ApplicationTimeline, WithdrawButton } from './ApplicationHistory';
import { Button } from '@zp/ui';

type Item = C.Reply<typeof C.applicationsApi.listAll>['page']['gwtdlist'][number];

/** The four lists of spec section 2 hunter_invest. */
const TABS = [
  { key: 'all', label: '全部', route: applicationsApi.listAll },
  { key: 'looked', label: '被查看', route: applicationsApi.listLooked },
  { key: 'denied', label: '不合适', route: applicationsApi.listDenied },
  { key: 'fair', label: '招聘会投递', route: applicationsApi.listFair },
] as const;
type Tab = (typeof TABS)[number]['key'];
const SIZE = 10;

function Applications() {
  const codes = useCodes();
  const [tab, setTab] = useState<Tab>(() => {
    const t = new URLSearchParams(window.location.search).get('tab');
    return (TABS.find((x) => x.key === t)?.key ?? 'all') as Tab;
  });
  /** the application whose 投递进度 is open */
  const [open, setOpen] = useState<string | null>(null);
  const route = TABS.find((t) => t.key === tab)!.route;
  const p = usePaged<Item>(async (page) => {
    const r = await api.call(route, { params: { page, limit: SIZE } });
    return { list: r.page.gwtdlist, total: r.page.total };
  }, [tab]);

  // An HR moving an application sends a reminder: the list shows the new state at once.
  const reload = useRef(p.reload);
  reload.current = p.reload;
  useEffect(() => onReminder(() => void reload.current()), []);

  const countsLoad = useLoad(
    () =>
      Promise.all(TABS.map((t) => api.call(t.route, { params: { page: 1, limit: 1 } }))).then(
        (rs): Partial<Record<Tab, number>> => Object.fromEntries(TABS.map((t, i) => [t.key, rs[i].page.total])),
      ),
    [],
    { toast: true },
  );
  const counts = countsLoad.data ?? {};
  const loadCounts = countsLoad.reload;

  const choose = (t: Tab) => {
    setTab(t);
    const url = new URL(window.location.href);
    if (t === 'all') url.searchParams.delete('tab');
    else url.searchParams.set('tab', t);
    history.replaceState(null, '', url);
  };

  return (
    <div>
      <Tabs label="投递状态" tabs={TABS} value={tab} onChange={choose} counts={counts} />
      {p.data === null ? (
        <p className="sk-muted sk-loading-line">加载中…</p>
      ) : p.data.list.length === 0 ? (
        <EmptyState text="暂无投递记录">
          <a className="zp-btn zp-btn--primary" href={paths.jobSearch}>
            去找职位
          </a>
        </EmptyState>
      ) : (
        <ul className="sk-list" aria-busy={p.loading}>
          {p.data.list.map((a) => (
            <JobRow
              key={a.bsid}
              job={a}
              codes={codes}
              extra={
                <p className="sk-row__meta sk-small">
                  <span>投递于 {minute(a.tdsj)}</span>
                  {a.hymc ? <span>招聘会：{a.hymc}</span> : null}
                  <span>{a.fjjlmc ? `附件简历：${a.fjjlmc}` : '在线简历'}</span>
                  {a.gwzt !== '2' ? <span className="sk-tag">职位已停止招聘</span> : null}
                </p>
              }
              after={open === a.bsid ? <ApplicationTimeline bsid={a.bsid} /> : null}
              side={
                <>
                  <ApplicationState yyzt={a.yyzt} offerAt={a.offerAt} testId="application-state" />
                  {a.ztsj ? <span className="sk-muted sk-small">{minute(a.ztsj)} 更新</span> : null}
                  <span className="sk-row__buttons">
                    <Button variant="text" aria-expanded={open === a.bsid} onClick={() => setOpen(open === a.bsid ? null : a.bsid)}>
                      {open === a.bsid ? '收起进度' : '投递进度'}
                    </Button>
                    <WithdrawButton a={a} onDone={() => void Promise.all([p.reload(), loadCounts()])} />
                  </span>
                </>
              }
            />
          ))}
        </ul>
      )}
      {p.data ? <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} /> : null}
    </div>
  );
}

export default afterGuard(Applications);
