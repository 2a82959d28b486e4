/** /enter_home/enter_news: reminders by category (applications and interviews, fairs, system) with mark-read. */
import { useEffect, useState } from 'react';
import { onReminder } from '@zp/core/socket';
import { message } from '@zp/ui';
import { identityApi, notifyApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act, minutes, type ReplyOf } from '../console/lib';
import { HrGate, refreshMenuBadge } from './hr';
import { ListState, Tabs, Tag, ListPager, resettingPage } from '../console/ui';

type Category = 'all' | 'xx_001' | 'xx_002' | 'xx_003';
type Reminder = ReplyOf<typeof notifyApi.hrList>['page']['list'][number];
const LIMIT = 10;
/** The list's categories (the previous client's values); an HR gets no viewed-by (xx_004) or questionnaire (xx_005) messages. */
const CATEGORY_TEXT: Record<string, string> = { xx_001: '系统消息', xx_002: '投递与招聘会', xx_003: '面试' };

function List() {
  const [category, setCategory] = useState<Category>('all');
  const [page, setPage] = useState(1);
  const counts = useLoad(() => api.call(identityApi.hrReminders), []);
  const list = useLoad(() => api.call(notifyApi.hrList, { params: { category, page, limit: LIMIT } }), [category, page]);
  const changed = () => {
    void list.reload();
    void counts.reload();
    refreshMenuBadge();
  };
  // A new reminder from the notification socket shows at once.
  useEffect(() => onReminder(() => changed()), []);
  const open = async (r: Reminder) => {
    if (!r.sfyd) {
      try {
        await api.call(notifyApi.hrMarkRead, { body: [r.xxid] });
      } catch {
        // reading matters more than the mark: go on
      }
    }
    if (r.tzlj) window.location.assign(r.tzlj.startsWith('/zppc/') ? r.tzlj : r.tzlj.replace(/^\//, '/zppc/'));
    else changed();
  };
  const readAll = async () => {
    const r = await act(api.call(notifyApi.hrMarkAllRead, { params: { category } }));
    if (r) {
      message.success(r.count ? `已将 ${r.count} 条消息标为已读` : '没有未读消息');
      changed();
    }
  };
  const c = counts.data?.hrXxtx;
  const data = list.data?.page;
  return (
    <>
      <Tabs
        label="消息类别"
        active={category}
        onChange={resettingPage(setCategory, setPage)}
        items={[
          { key: 'all', label: '全部', count: c ? c.wjxx.count + c.hxxx.count + c.xtxx.count : 0 },
          { key: 'xx_001', label: CATEGORY_TEXT.xx_001 },
          { key: 'xx_002', label: CATEGORY_TEXT.xx_002 },
          { key: 'xx_003', label: CATEGORY_TEXT.xx_003 },
        ]}
      />
      <div className="hr-toolbar">
        <span className="hr-muted hr-small">点击消息标为已读；带链接的消息会打开对应页面。</span>
        <div className="hr-toolbar__right">
          <GuardedButton onClick={() => void readAll()}>全部标为已读</GuardedButton>
        </div>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="暂无消息" onRetry={list.reload}>
        {data?.list.map((r) => (
          <button type="button" className={`hr-card hr-message${r.sfyd ? '' : ' is-unread'}`} key={r.xxid} onClick={() => void open(r)}>
            <span className="hr-message__dot" role="img" aria-label={r.sfyd ? '已读' : '未读'} />
            <span className="hr-card__main">
              <span className="hr-card__title">
                {r.bt}
                <Tag>{CATEGORY_TEXT[r.xxlb] ?? r.xxlb}</Tag>
              </span>
              <span className="hr-message__text">{r.nr}</span>
              <span className="hr-card__meta hr-small">{minutes(r.createTime)}</span>
            </span>
          </button>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
    </>
  );
}

export default function News() {
  return (
    <HrGate>
      <List />
    </HrGate>
  );
}
