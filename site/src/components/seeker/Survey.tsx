import { api } from '@zp/core/session';
import { feedbackApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { afterGuard } from './AfterGuard';
import { minute } from './common';
import { totalPages, usePaged } from '../../lib/load';

type Row = C.Reply<typeof C.feedbackApi.history>['page']['list'][number];
const SIZE = 10;
const CATEGORY: Record<number, string> = { 10: '功能建议', 20: '性能建议', 30: '其他' };

/** Opens the footer's <zp-feedback> dialog (the footer loads the widget on first use). */
const openFeedback = () => document.querySelector<HTMLButtonElement>('[data-feedback-open]')?.click();

/**
 * hunter_survey: the back end keeps no questionnaires, so this is the seeker's feedback to the
 * platform — what they reported, its state and the operator's answer — with a way to send more.
 */
function Survey() {
  const p = usePaged<Row>(async (page) => {
    const r = await api.call(feedbackApi.history, { params: { page, size: SIZE }, method: 'GET' });
    return { list: r.page.list, total: r.page.totalCount };
  });
  return (
    <div>
      <div className="sk-toolbar">
        <p className="sk-muted sk-small sk-grow">对平台的功能、性能有建议或遇到问题？告诉我们，运营人员会尽快回复，回复也会出现在消息提醒中。</p>
        <button type="button" className="zp-btn zp-btn--primary" onClick={openFeedback}>
          提交反馈
        </button>
      </div>
      {p.data === null ? (
        <p className="sk-muted sk-loading-line">加载中…</p>
      ) : p.data.list.length === 0 ? (
        <EmptyState text="暂无反馈记录" />
      ) : (
        <ul className="sk-list">
          {p.data.list.map((r) => (
            <li key={r.bsid} className="sk-feedback">
              <p className="sk-feedback__head">
                <span className="sk-tag sk-tag--primary">{CATEGORY[r.wtlx] ?? '其他'}</span>
                <span className="sk-muted sk-small">{minute(r.createTime)}</span>
                <span className={`sk-tag sk-tag--${r.zt ? 'success' : 'warning'}`}>{r.zt ? '已回复' : '待处理'}</span>
              </p>
              <p className="sk-entry__text">{r.wtms}</p>
              {r.imgUrl ? <img className="sk-feedback__img" src={r.imgUrl} alt="反馈图片" loading="lazy" /> : null}
              {r.cljg ? (
                <p className="sk-feedback__answer">
                  <strong>平台回复：</strong>
                  <span data-testid="feedback-answer">{r.cljg}</span>
                  {r.clsj ? <span className="sk-muted sk-small">（{minute(r.clsj)}）</span> : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {p.data ? <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} /> : null}
    </div>
  );
}

export default afterGuard(Survey);
