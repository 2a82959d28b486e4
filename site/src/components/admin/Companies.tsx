/**
 * /zppc/admin/companies: enterprise review. Approve, or reject with the reason the HR must fix;
 * the enterprise's HR are notified either way (the server sends the reminder and logs the action).
 */
import { useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { COMPANY_NO_LICENCE_MSG, companiesApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { Field, ListState, Tabs, Tag, ListPager, FormDialog, resettingPage } from '../console/ui';
import { COMPANY_STATE_TEXT, COMPANY_STATE_TONE } from '../console/states';
import { VipDialog } from './CompanyVip';

type Row = ReplyOf<typeof companiesApi.adminList>['page']['list'][number];
const LIMIT = 10;

function RejectDialog({ c, onClose, onDone }: { c: Row; onClose: () => void; onDone: () => void }) {
  // an enterprise without its licence is most often sent back for it
  const [reason, setReason] = useState(c.yyzzimageUrl ? '' : '未上传营业执照，请上传清晰的营业执照照片或扫描件后重新提交。');
  const [error, setError] = useState('');
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    if (!reason.trim()) {
      setError('请填写驳回理由，告诉企业需要修改什么');
      return;
    }
    if (await act(api.call(companiesApi.adminReview, { body: { dwid: c.dwid, shzt: 2, shsm: reason.trim() } }), true)) onDone();
  });
  return (
    <FormDialog title={`驳回「${c.dwmc}」`} width={520} onClose={onClose} onSubmit={onSubmit} blocked={blocked} single submitText="驳回" danger>
      <Field label="驳回理由" required error={error} htmlFor="rej-reason" hint="企业 HR 会在消息提醒和单位信息页看到这段说明">
        <textarea id="rej-reason" className="hr-input" rows={4} maxLength={200} value={reason} aria-invalid={error ? true : undefined} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

export default function Companies() {
  const codes = useCodes();
  const [state, setState] = useState<'0' | '1' | '2'>('0');
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [vip, setVip] = useState<Row | null>(null);
  const list = useLoad(() => api.call(companiesApi.adminList, { query: { shzt: Number(state) as 0 | 1 | 2, page, limit: LIMIT, ...(search ? { dwmc: search } : {}) } }), [state, search, page]);
  const find = useGuardedSubmit(() => {
    setPage(1);
    setSearch(name.trim());
  });
  const approve = async (c: Row) => {
    if (await confirm({ title: '审核通过', type: 'info', message: `确认「${c.dwmc}」的信息与营业执照无误，审核通过？通过后该单位可发布岗位、报名招聘会。`, confirmText: '通过' }))
      if (await act(api.call(companiesApi.adminReview, { body: { dwid: c.dwid, shzt: 1 } }), true)) void list.reload();
  };
  const data = list.data?.page;
  return (
    <>
      <Tabs
        label="审核状态"
        active={state}
        onChange={resettingPage(setState, setPage)}
        items={[
          { key: '0', label: '待审核' },
          { key: '1', label: '已通过' },
          { key: '2', label: '已驳回' },
        ]}
      />
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        <label className="zp-visually-hidden" htmlFor="co-search">单位名称</label>
        <input id="co-search" className="hr-input" placeholder="单位名称" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={find.blocked}>查找</Button>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText={state === '0' ? '没有待审核的单位' : '暂无单位'} onRetry={list.reload}>
        {data?.list.map((c) => (
          <div className="hr-card" key={c.dwid}>
            {c.yyzzimageUrl ? (
              <a href={c.yyzzimageUrl} target="_blank" rel="noopener noreferrer" className="hr-licence" title="查看营业执照">
                {/\.pdf($|\?)/i.test(c.yyzzimageUrl) ? <span>PDF 执照</span> : <img src={c.yyzzimageUrl} alt={`${c.dwmc}的营业执照`} loading="lazy" />}
              </a>
            ) : (
              <span className="hr-licence">无执照</span>
            )}
            <div className="hr-card__main">
              <p className="hr-card__title">
                {c.dwmc} <Tag tone={COMPANY_STATE_TONE[c.shzt]}>{COMPANY_STATE_TEXT[c.shzt]}</Tag>
              </p>
              <p className="hr-card__meta">
                <span>信用代码：{c.tyshxydm || '—'}</span>
                {codes ? <span>{codes.city(c.dwszcs)}</span> : null}
                {codes ? <span>{codes.name('m_dwsshydm', c.sshy)}</span> : null}
              </p>
              <p className="hr-card__meta hr-small">
                <span>联系人：{c.lxr} {c.lxdh}</span>
                <span>
                  注册 HR：{c.hrxm || '—'} {c.hrphone}
                </span>
                <span>提交于 {minutes(c.createTime)}</span>
              </p>
              {c.shsm ? <p className="hr-card__note">审核说明：{c.shsm}</p> : null}
              {!c.yyzzimageUrl && c.shzt !== 1 ? (
                <p className="hr-card__note hr-card__note--warn" role="note">
                  {COMPANY_NO_LICENCE_MSG}
                </p>
              ) : null}
            </div>
            <div className="hr-card__side">
              <div className="hr-actions">
                {c.shzt !== 1 ? (
                  <GuardedButton variant="primary" disabled={!c.yyzzimageUrl} title={c.yyzzimageUrl ? undefined : '未上传营业执照，不能通过审核'} onClick={() => void approve(c)}>
                    通过
                  </GuardedButton>
                ) : null}
                {c.shzt === 1 ? <Button onClick={() => setVip(c)}>付费会员</Button> : null}
                {c.shzt !== 2 ? (
                  <Button variant={c.shzt === 0 ? 'default' : 'text'} onClick={() => setRejecting(c)}>
                    {c.shzt === 0 ? '驳回' : '撤销通过'}
                  </Button>
                ) : null}
              </div>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {vip ? <VipDialog dwid={vip.dwid} dwmc={vip.dwmc} onClose={() => setVip(null)} /> : null}
      {rejecting ? (
        <RejectDialog
          c={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
