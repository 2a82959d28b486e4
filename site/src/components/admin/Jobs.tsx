/** /zppc/admin/jobs: every job post; the operator takes one down with a reason the posting HR is told. */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { jobsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { Field, ListState, Select, Tabs, Tag, ListPager, FormDialog, resettingPage } from '../console/ui';
import { JOB_STATE_TEXT, JOB_STATE_TONE } from '../console/states';
import { to } from '../../lib/paths';

type Row = ReplyOf<typeof jobsApi.adminList>['page']['list'][number];
const LIMIT = 15;
const REASONS = ['岗位信息与实际招聘情况不符', '岗位描述含有歧视性内容', '涉嫌收取求职者费用', '岗位信息重复发布'];

function TakeDown({ job, onClose, onDone }: { job: Row; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    if (reason.trim().length < 2) {
      setError('请填写下架原因（至少 2 个字）');
      return;
    }
    if (await act(api.call(jobsApi.adminTakeDown, { body: { gwid: job.gwid, xjyy: reason.trim() } }), true)) onDone();
  });
  return (
    <FormDialog title={`下架「${job.gwmc}」`} width={520} onClose={onClose} onSubmit={onSubmit} blocked={blocked} single submitText="下架" danger>
      <Field label="常用原因">
        <Select label="常用原因" value="" placeholder="选择后可修改" options={REASONS.map((r) => ({ value: r, label: r }))} onChange={(v) => v && setReason(v)} />
      </Field>
      <Field label="下架原因" required error={error} htmlFor="td-reason" hint="发布该岗位的 HR 会收到通知">
        <textarea id="td-reason" className="hr-input" rows={3} maxLength={200} value={reason} aria-invalid={error ? true : undefined} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </FormDialog>
  );
}

export default function Jobs() {
  const [zt, setZt] = useState<'all' | '0' | '1' | '2' | '3'>('1');
  const [key, setKey] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [taking, setTaking] = useState<Row | null>(null);
  const list = useLoad(() => api.call(jobsApi.adminList, { query: { page, limit: LIMIT, ...(zt === 'all' ? {} : { zt: Number(zt) as 0 | 1 | 2 | 3 }), ...(search ? { key: search } : {}) } }), [zt, search, page]);
  const find = useGuardedSubmit(() => {
    setPage(1);
    setSearch(key.trim());
  });
  const data = list.data?.page;
  return (
    <>
      <Tabs
        label="岗位状态"
        active={zt}
        onChange={resettingPage(setZt, setPage)}
        items={[
          { key: '1', label: '招聘中' },
          { key: '3', label: '已下架' },
          { key: '2', label: '已关闭' },
          { key: '0', label: '草稿' },
          { key: 'all', label: '全部' },
        ]}
      />
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        <label className="zp-visually-hidden" htmlFor="aj-key">关键词</label>
        <input id="aj-key" className="hr-input" placeholder="岗位或单位名称" maxLength={50} value={key} onChange={(e) => setKey(e.target.value)} />
        <Button type="submit" disabled={find.blocked}>查找</Button>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="暂无岗位" onRetry={list.reload}>
        {data?.list.map((j) => (
          <div className="hr-card" key={j.gwid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                {j.zt === 1 ? <a href={to(`public/postdetail?gwid=${j.gwid}`)}>{j.gwmc}</a> : j.gwmc}
                <Tag tone={JOB_STATE_TONE[j.zt]}>{JOB_STATE_TEXT[j.zt]}</Tag>
              </p>
              <p className="hr-card__meta">
                <span>{j.dwmc}</span>
                <span>发布人：{j.hrxm || '—'}</span>
                {j.sxsj ? <span>刷新于 {minutes(j.sxsj)}</span> : null}
              </p>
              {j.zt === 3 && j.xjyy ? <p className="hr-card__note">下架原因：{j.xjyy}</p> : null}
            </div>
            <div className="hr-card__side">
              {j.zt !== 3 ? (
                <Button variant="danger" onClick={() => setTaking(j)}>
                  下架
                </Button>
              ) : null}
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {taking ? (
        <TakeDown
          job={taking}
          onClose={() => setTaking(null)}
          onDone={() => {
            setTaking(null);
            void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
