import { useState } from 'react';
import { api } from '@zp/core/session';
import { fairsApi } from '@zp/core/routes';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { useLoad } from '../../lib/load';
import { FairRow, fairState, type Fair } from './FairRow';
import { Tabs } from './Tabs';

const FILTERS = [
  { key: 0, label: '全部' },
  { key: 1, label: '未开始' },
  { key: 2, label: '进行中' },
  { key: 3, label: '已结束' },
] as const;

/** hunter_delivery: the fairs I signed up for, by state, each linking to its hall. */
function FairSignups() {
  const fairs = useLoad(() => api.call(fairsApi.seekerFairs).then((r): Fair[] => r.hxList), [], { toast: true }).data ?? null;
  const [filter, setFilter] = useState<0 | 1 | 2 | 3>(0);
  const shown = (fairs ?? []).filter((f) => !filter || fairState(f) === filter);
  return (
    <div>
      <Tabs
        label="招聘会状态"
        tabs={FILTERS}
        value={filter}
        onChange={setFilter}
        counts={fairs ? Object.fromEntries(FILTERS.map((f) => [f.key, f.key ? fairs.filter((x) => fairState(x) === f.key).length : fairs.length])) : undefined}
      />
      {fairs === null ? (
        <p className="sk-muted sk-loading-line">加载中…</p>
      ) : shown.length === 0 ? (
        <EmptyState text="暂无报名的招聘会">
          <a className="zp-btn zp-btn--primary" href={paths.fairs}>
            去看看招聘会
          </a>
        </EmptyState>
      ) : (
        <ul className="sk-list">
          {shown.map((f) => (
            <FairRow
              key={f.hxid}
              fair={f}
              side={
                <a className="zp-btn zp-btn--text" href={paths.hall(f.hxid, fairState(f))}>
                  进入会场
                </a>
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}

export default afterGuard(FairSignups);
