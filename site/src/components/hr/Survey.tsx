/**
 * /enter_home/enter_survey — read as 意见反馈, as the seeker centre reads hunter_survey: the
 * back end has no questionnaires, but it does keep each member's feedback with the operator's
 * answer (qzfkbz/findAll). New feedback is written in the footer's <zp-feedback> dialog, opened
 * from here; the list reloads when that dialog closes.
 */
import { useEffect, useState } from 'react';
import { Button } from '@zp/ui';
import { feedbackApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { minutes } from '../console/lib';
import { HrGate } from './hr';
import { ListState, Tag, ListPager } from '../console/ui';

const SIZE = 10;
const CATEGORY: Record<number, string> = { 10: '功能建议', 20: '性能建议', 30: '其他' };

function History() {
  const [page, setPage] = useState(1);
  const list = useLoad(() => api.call(feedbackApi.history, { params: { page, size: SIZE } }), [page]);
  // The dialog removes its `open` attribute when it closes: something may have been sent.
  useEffect(() => {
    const el = document.querySelector('zp-feedback');
    if (!el) return;
    const seen = new MutationObserver(() => {
      if (!el.hasAttribute('open')) void list.reload();
    });
    seen.observe(el, { attributes: true, attributeFilter: ['open'] });
    return () => seen.disconnect();
  }, [list.reload]);
  const write = () => document.querySelector<HTMLButtonElement>('[data-feedback-open]')?.click();
  const data = list.data?.page;
  return (
    <>
      <div className="hr-toolbar">
        <span className="hr-muted">对平台的功能、性能或其他问题的意见，运营人员会在这里答复，并通过系统消息通知您。</span>
        <div className="hr-toolbar__right">
          <Button variant="primary" onClick={write} aria-haspopup="dialog">
            提交反馈
          </Button>
        </div>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="还没有提交过反馈" onRetry={list.reload}>
        {data?.list.map((f) => (
          <div className="hr-card" key={f.bsid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                <Tag tone="primary">{CATEGORY[f.wtlx] ?? '其他'}</Tag>
                <Tag tone={f.zt ? 'success' : 'warning'}>{f.zt ? '已答复' : '待答复'}</Tag>
                <span className="hr-muted hr-small">{minutes(f.createTime)}</span>
              </p>
              <p className="hr-message__text" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{f.wtms}</p>
              {f.imgUrl ? (
                <a href={f.imgUrl} target="_blank" rel="noopener noreferrer">
                  <img src={f.imgUrl} alt="反馈图片" loading="lazy" style={{ maxWidth: 160, maxHeight: 120, borderRadius: 6, border: '1px solid var(--zp-color-border)' }} />
                </a>
              ) : null}
              {f.cljg ? (
                <p className="hr-card__note">
                  运营答复（{minutes(f.clsj)}）：{f.cljg}
                </p>
              ) : null}
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
    </>
  );
}

export default function Survey() {
  return (
    <HrGate>
      <History />
    </HrGate>
  );
}
