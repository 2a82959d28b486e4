import { useEffect, useRef, useState } from 'react';
import { api } from '@zp/core/session';
import { identityApi, notifyApi } from '@zp/core/routes';
import { onReminder } from '@zp/core/socket';
import type * as C from '@zp/core/contract';
import { message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { afterGuard } from './AfterGuard';
import { minute } from './common';
import { countersChanged } from './CentreBadges';
import { totalPages, useLoad, usePaged } from '../../lib/load';
import { Tabs } from './Tabs';

type Reminder = C.Reply<typeof C.notifyApi.seekerList>['page']['list'][number];
type Category = 'all' | 'xx_001' | 'xx_002' | 'xx_003' | 'xx_004' | 'xx_005';

/** The list's categories (the values the previous client's tabs send) and all of them. */
const TABS: { key: Category; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'xx_001', label: '系统消息' },
  { key: 'xx_002', label: '招聘消息' },
  { key: 'xx_003', label: '面试消息' },
  { key: 'xx_004', label: '谁看过我' },
  { key: 'xx_005', label: '问卷调查' },
];
const SIZE = 10;

/** hunter_message: reminders by category; opening one marks it read. */
function Reminders() {
  const [tab, setTab] = useState<Category>('all');
  const p = usePaged<Reminder>(async (page) => {
    const r = await api.call(notifyApi.seekerList, { params: { category: tab, page, limit: SIZE } });
    return { list: r.page.list, total: r.page.totalCount };
  }, [tab]);

  const unreadLoad = useLoad(
    async (): Promise<Partial<Record<Category, number>>> => {
      const x = (await api.call(identityApi.seekerReminders)).qzXxtx;
      // the counters (wjxx, hxxx, xtxx) are not the list's categories: only their sum has a tab
      return { all: x.wjxx.count + x.hxxx.count + x.xtxx.count };
    },
    [],
    { toast: true },
  );
  const unread = unreadLoad.data ?? {};
  const loadCounts = unreadLoad.reload;
  // A reminder arriving while the list is open shows at once.
  const reload = useRef(p.reload);
  reload.current = p.reload;
  useEffect(
    () =>
      onReminder(() => {
        void reload.current();
        void loadCounts();
      }),
    [],
  );

  const changed = async () => {
    await Promise.all([p.reload(), loadCounts()]);
    countersChanged();
  };

  const open = async (r: Reminder) => {
    if (!r.sfyd) {
      try {
        await api.call(notifyApi.seekerMarkRead, { body: [r.xxid] });
        await changed();
      } catch (err) {
        toastError(err);
        return;
      }
    }
    if (r.tzlj) window.location.assign(r.tzlj);
  };

  const markAll = async () => {
    try {
      const r = await withLoading(api.call(notifyApi.seekerMarkAllRead, { params: { category: tab } }));
      message.success(r.count ? `已将 ${r.count} 条消息标为已读` : '没有未读消息');
      await changed();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div>
      <Tabs label="消息类别" tabs={TABS} value={tab} onChange={setTab} badges={unread} />
      <div className="sk-toolbar sk-toolbar--end">
        <GuardedButton variant="text" onClick={markAll} disabled={!unread.all}>
          全部标为已读
        </GuardedButton>
      </div>
      {p.data === null ? (
        <p className="sk-muted sk-loading-line">加载中…</p>
      ) : p.data.list.length === 0 ? (
        <EmptyState text="暂无消息" />
      ) : (
        <ul className="sk-list">
          {p.data.list.map((r) => (
            <li key={r.xxid} className={`sk-msg${r.sfyd ? '' : ' sk-msg--unread'}`}>
              <button type="button" className="sk-msg__button" onClick={() => open(r)} aria-label={`${r.sfyd ? '' : '未读：'}${r.bt}`}>
                <span className="sk-msg__dot" aria-hidden="true" />
                <span className="sk-msg__body">
                  <span className="sk-msg__title">{r.bt}</span>
                  <span className="sk-msg__text">{r.nr}</span>
                </span>
                <span className="sk-msg__time">{minute(r.createTime)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {p.data ? <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} /> : null}
    </div>
  );
}

export default afterGuard(Reminders);
