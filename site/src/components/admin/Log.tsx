/** /zppc/admin/log: every operator action (who, when, what, on what), filtered by kind and days. */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { adminApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { minutes, useGuardedSubmit } from '../console/lib';
import { ListState, Select, ListPager, resettingPage } from '../console/ui';

const LIMIT = 20;
/** Action prefixes the modules log (company.approve, fair.update, codes.save, ...). */
const KINDS = [
  { value: 'company.', label: '单位审核' },
  { value: 'job.', label: '岗位' },
  { value: 'fair.', label: '招聘会' },
  { value: 'notice.', label: '公告' },
  { value: 'banner.', label: '轮播图' },
  { value: 'feedback.', label: '意见反馈' },
  { value: 'codes.', label: '代码表' },
  { value: 'partner.', label: '合作网站' },
  { value: 'policy.', label: '协议与政策' },
  { value: 'rtc.', label: '视频面试' },
];
const ACTION_TEXT: Record<string, string> = {
  'company.approve': '审核通过单位',
  'company.reject': '驳回单位',
  'company.vip': '设置付费会员',
  'job.takedown': '下架岗位',
  'fair.create': '新建招聘会',
  'fair.update': '修改招聘会',
  'fair.publish': '发布招聘会',
  'fair.unpublish': '撤下招聘会',
  'notice.create': '新建公告',
  'notice.update': '修改公告',
  'notice.publish': '发布公告',
  'notice.unpublish': '撤下公告',
  'notice.delete': '删除公告',
  'banner.create': '新建轮播图',
  'banner.update': '修改轮播图',
  'banner.publish': '发布轮播图',
  'banner.unpublish': '撤下轮播图',
  'banner.delete': '删除轮播图',
  'feedback.answer': '答复反馈',
  'policy.publish': '发布协议新版本',
  'codes.add': '新增代码',
  'codes.update': '修改代码',
  'codes.enable': '启用代码',
  'codes.disable': '停用代码',
  'partner.add': '添加合作网站',
  'partner.update': '修改合作网站',
  'partner.enable': '启用合作网站',
  'partner.disable': '停用合作网站',
  'partner.delete': '删除合作网站',
  'rtc.recordingDays': '设置录像保存天数',
};

export default function Log() {
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [filters, setFilters] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const list = useLoad(
    () => api.call(adminApi.log, { query: { page, limit: LIMIT, ...(kind ? { action: kind } : {}), ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) } }),
    [kind, filters, page],
  );
  const find = useGuardedSubmit(() => {
    setPage(1);
    setFilters({ from, to: until });
  });
  const data = list.data?.page;
  return (
    <>
      <form className="hr-toolbar" onSubmit={find.onSubmit} aria-label="筛选操作日志">
        <Select label="操作类型" value={kind} placeholder="全部操作" options={KINDS} onChange={resettingPage(setKind, setPage)} />
        <label className="zp-visually-hidden" htmlFor="lg-from">开始日期</label>
        <input id="lg-from" className="hr-input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <span aria-hidden="true">至</span>
        <label className="zp-visually-hidden" htmlFor="lg-to">结束日期</label>
        <input id="lg-to" className="hr-input" type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
        <Button type="submit" disabled={find.blocked}>查询</Button>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="暂无操作记录" onRetry={list.reload}>
        <div className="hr-table-wrap">
          <table className="hr-table">
            <thead>
              <tr>
                <th scope="col">时间</th>
                <th scope="col">操作人</th>
                <th scope="col">操作</th>
                <th scope="col">对象</th>
                <th scope="col">内容</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((r) => (
                <tr key={r.id}>
                  <td style={{ whiteSpace: 'nowrap' }}>{minutes(r.czsj)}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{r.czrxm || r.czrphone}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{ACTION_TEXT[r.action] ?? r.action}</td>
                  <td>{r.target}</td>
                  <td>
                    {Object.keys(r.detail).length ? (
                      <pre className="hr-pre">{Object.entries(r.detail).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n')}</pre>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
    </>
  );
}
