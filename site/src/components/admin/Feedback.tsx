/** /zppc/admin/feedback: every feedback (visitors, seekers, HR) with its image; the operator answers and the author is told. */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { feedbackApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { Field, ListState, Select, Tabs, Tag, ListPager, FormDialog, resettingPage } from '../console/ui';

type Row = ReplyOf<typeof feedbackApi.adminList>['page']['list'][number];
const LIMIT = 10;
const CATEGORY: Record<number, string> = { 10: '功能建议', 20: '性能建议', 30: '其他' };
const AUTHOR: Record<string, string> = { qz: '求职者', hr: '企业 HR', yk: '游客' };

function AnswerDialog({ f, onClose, onDone }: { f: Row; onClose: () => void; onDone: () => void }) {
  const [text, setText] = useState(f.cljg);
  const [error, setError] = useState('');
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    if (!text.trim()) {
      setError('请输入处理结果');
      return;
    }
    if (await act(api.call(feedbackApi.adminAnswer, { body: { bsid: f.bsid, cljg: text.trim() } }), '答复已发送')) onDone();
  });
  return (
    <FormDialog title="答复反馈" width={560} onClose={onClose} onSubmit={onSubmit} blocked={blocked} single submitText="发送答复">
      <p className="hr-card__note" style={{ margin: 0 }}>{f.wtms}</p>
      <Field label="处理结果" required error={error} htmlFor="fb-answer" hint={f.userId ? '作者会在反馈记录中看到答复，并收到系统消息' : `游客反馈：答复保存在记录中，如需联系请拨打 ${f.phone || '—'}`}>
        <textarea id="fb-answer" className="hr-input" rows={5} maxLength={1000} value={text} aria-invalid={error ? true : undefined} onChange={(e) => setText(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

export default function Feedback() {
  const [zt, setZt] = useState<'0' | '1' | 'all'>('0');
  const [wtlx, setWtlx] = useState('');
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<Row | null>(null);
  const list = useLoad(
    () => api.call(feedbackApi.adminList, { query: { page, limit: LIMIT, ...(zt === 'all' ? {} : { zt: Number(zt) as 0 | 1 }), ...(wtlx ? { wtlx: Number(wtlx) as 10 | 20 | 30 } : {}) } }),
    [zt, wtlx, page],
  );
  const data = list.data?.page;
  return (
    <>
      <Tabs
        label="处理状态"
        active={zt}
        onChange={resettingPage(setZt, setPage)}
        items={[
          { key: '0', label: '待答复' },
          { key: '1', label: '已答复' },
          { key: 'all', label: '全部' },
        ]}
      />
      <div className="hr-toolbar">
        <Select label="问题类型" value={wtlx} placeholder="全部类型" options={Object.entries(CATEGORY).map(([value, label]) => ({ value, label }))} onChange={resettingPage(setWtlx, setPage)} />
      </div>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText={zt === '0' ? '没有待答复的反馈' : '暂无反馈'} onRetry={list.reload}>
        {data?.list.map((f) => (
          <div className="hr-card" key={f.bsid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                <Tag tone="primary">{CATEGORY[f.wtlx] ?? '其他'}</Tag>
                <Tag tone={f.zt ? 'success' : 'warning'}>{f.zt ? '已答复' : '待答复'}</Tag>
                <span className="hr-small hr-muted">
                  {AUTHOR[f.dm] ?? f.dm} {f.userName} {f.phone ? `· ${f.phone}` : ''} · {minutes(f.createTime)}
                </span>
              </p>
              <p className="hr-message__text" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{f.wtms}</p>
              {f.imgUrl ? (
                <a href={f.imgUrl} target="_blank" rel="noopener noreferrer">
                  <img src={f.imgUrl} alt="反馈图片" loading="lazy" className="hr-feedback-img" />
                </a>
              ) : null}
              {f.cljg ? (
                <p className="hr-card__note">
                  答复（{f.clr || '运营'}，{minutes(f.clsj)}）：{f.cljg}
                </p>
              ) : null}
            </div>
            <div className="hr-card__side">
              <Button variant={f.zt ? 'default' : 'primary'} onClick={() => setAnswering(f)}>
                {f.zt ? '修改答复' : '答复'}
              </Button>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {answering ? (
        <AnswerDialog
          f={answering}
          onClose={() => setAnswering(null)}
          onDone={() => {
            setAnswering(null);
            void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
