/**
 * /zppc/admin/reports: reports (举报) from job pages, the chat and elsewhere, waiting first, each
 * with what was reported as it was then (the evidence) and who reported it; the operator records
 * what was done and a logged-in reporter is told.
 */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { REPORT_KINDS, REPORT_REASONS, complianceApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { Field, ListState, ListPager, Select, Tabs, Tag, FormDialog, resettingPage } from '../console/ui';

type Row = ReplyOf<typeof complianceApi.adminReports>['page']['list'][number];
type Kind = keyof typeof REPORT_KINDS;
const LIMIT = 10;

function HandleDialog({ r, onClose, onDone }: { r: Row; onClose: () => void; onDone: () => void }) {
  const [text, setText] = useState(r.cljg);
  const [error, setError] = useState('');
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    if (!text.trim()) {
      setError('请输入处理结果');
      return;
    }
    if (await act(api.call(complianceApi.adminHandleReport, { body: { bsid: r.bsid, cljg: text.trim() } }), '已记录处理结果')) onDone();
  });
  return (
    <FormDialog title="处理举报" width={560} onClose={onClose} onSubmit={onSubmit} blocked={blocked} single>
      <p className="hr-card__note" style={{ margin: 0 }}>
        {REPORT_KINDS[r.lx as Kind] ?? r.lx}「{r.dxmc}」：{r.sm}
      </p>
      <Field label="处理结果" required error={error} htmlFor="rp-result" hint={r.jbr === '游客' ? `游客举报：结果保存在记录中，如需联系请拨打 ${r.phone || '—'}` : '举报人会收到系统消息'}>
        <textarea id="rp-result" className="hr-input" rows={4} maxLength={500} placeholder="如：已核实，岗位已下架并警告该单位" value={text} aria-invalid={error ? true : undefined} onChange={(e) => setText(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

export default function Reports() {
  const [zt, setZt] = useState<'0' | '1' | 'all'>('0');
  const [lx, setLx] = useState('');
  const [page, setPage] = useState(1);
  const [handling, setHandling] = useState<Row | null>(null);
  const list = useLoad(
    () => api.call(complianceApi.adminReports, { query: { page, limit: LIMIT, ...(zt === 'all' ? {} : { zt: Number(zt) as 0 | 1 }), ...(lx ? { lx: lx as Kind } : {}) } }),
    [zt, lx, page],
  );
  const data = list.data?.page;
  return (
    <>
      <Tabs
        label="处理状态"
        active={zt}
        onChange={resettingPage(setZt, setPage)}
        items={[
          { key: '0', label: '待处理' },
          { key: '1', label: '已处理' },
          { key: 'all', label: '全部' },
        ]}
      />
      <div className="hr-toolbar">
        <Select label="举报对象" value={lx} placeholder="全部对象" options={Object.entries(REPORT_KINDS).map(([value, label]) => ({ value, label }))} onChange={resettingPage(setLx, setPage)} />
      </div>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText={zt === '0' ? '没有待处理的举报' : '暂无举报'} onRetry={list.reload}>
        {data?.list.map((r) => (
          <div className="hr-card" key={r.bsid} role="group" aria-label={`举报：${r.dxmc}`}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                <Tag tone="primary">{REPORT_KINDS[r.lx as Kind] ?? r.lx}</Tag>
                {r.dxlj ? (
                  <a href={r.dxlj} target="_blank" rel="noopener noreferrer">
                    {r.dxmc}
                  </a>
                ) : (
                  <span>{r.dxmc}</span>
                )}
                <Tag tone={r.zt ? 'success' : 'warning'}>{r.zt ? '已处理' : '待处理'}</Tag>
              </p>
              <p className="hr-card__meta">
                <span>原因：{REPORT_REASONS[r.yy as keyof typeof REPORT_REASONS] ?? '其他'}</span>
                <span>
                  举报人：{r.jbr}
                  {r.phone ? ` · ${r.phone}` : ''}
                </span>
                <span>{minutes(r.createTime)}</span>
              </p>
              <p className="hr-message__text" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{r.sm}</p>
              {r.zj ? (
                <details className="hr-report-evidence">
                  <summary>证据（举报时的内容）</summary>
                  <pre>{r.zj}</pre>
                </details>
              ) : null}
              {r.cljg ? (
                <p className="hr-card__note">
                  处理结果（{r.clr || '运营'}，{minutes(r.clsj)}）：{r.cljg}
                </p>
              ) : null}
            </div>
            <div className="hr-card__side">
              <Button variant={r.zt ? 'default' : 'primary'} onClick={() => setHandling(r)}>
                {r.zt ? '修改处理结果' : '处理'}
              </Button>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {handling ? (
        <HandleDialog
          r={handling}
          onClose={() => setHandling(null)}
          onDone={() => {
            setHandling(null);
            void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
