import { useState, type FormEvent } from 'react';
import { api } from '@zp/core/session';
import { authApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { Button, confirm, message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import Pagination from '../common/Pagination';
import EmptyState from '../common/EmptyState';
import { totalPages, usePaged } from '../../lib/load';
import PartnerSessions from './PartnerSessions';

type Row = C.Reply<typeof C.authApi.loginLog>['loginLog']['list'][number];
const SIZE = 10;

/** The login log with a date filter and deleting chosen entries (hunter_login), under the live partner-site logins. */
export default function LoginLog() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState<{ startDate?: string; endDate?: string }>({});
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const p = usePaged<Row>(async (page) => {
    const r = await api.call(authApi.loginLog, { query: { page, limit: SIZE, ...filter } });
    setChosen(new Set());
    return { list: r.loginLog.list, total: r.loginLog.totalCount };
  }, [filter]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    if (from && to && to < from) {
      message.warning('结束日期不能早于开始日期');
      return;
    }
    setFilter({ startDate: from || undefined, endDate: to || undefined });
  };
  const remove = async () => {
    if (!chosen.size) {
      message.warning('请先勾选要删除的记录');
      return;
    }
    if (!(await confirm({ message: `确定删除选中的 ${chosen.size} 条登录记录吗？`, danger: true, confirmText: '删除' }))) return;
    try {
      const r = await withLoading(api.call(authApi.deleteLoginLog, { body: [...chosen] }));
      message.success(`已删除 ${r.deleted} 条记录`);
      await p.reload();
    } catch (err) {
      toastError(err);
    }
  };
  const list = p.data?.list ?? [];
  const all = list.length > 0 && list.every((r) => chosen.has(r.bsid));
  return (
    <div>
      <PartnerSessions />
      <form className="sk-toolbar" onSubmit={search} aria-label="按日期筛选">
        <label className="sk-inline">
          <span>开始日期</span>
          <input className="sk-input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="sk-inline">
          <span>结束日期</span>
          <input className="sk-input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button type="submit" variant="primary">
          查询
        </Button>
        <Button
          onClick={() => {
            setFrom('');
            setTo('');
            setFilter({});
          }}
        >
          重置
        </Button>
        <GuardedButton variant="danger" onClick={remove} disabled={!chosen.size}>
          删除所选
        </GuardedButton>
      </form>
      {p.data === null ? (
        <p className="sk-muted sk-loading-line">加载中…</p>
      ) : list.length === 0 ? (
        <EmptyState text="暂无登录记录" />
      ) : (
        <table className="sk-table sk-table--log">
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" aria-label="全选本页" checked={all} onChange={() => setChosen(all ? new Set() : new Set(list.map((r) => r.bsid)))} />
              </th>
              <th scope="col">登录时间</th>
              <th scope="col">登录方式</th>
              <th scope="col">登录网站</th>
              <th scope="col">IP 地址</th>
              <th scope="col">设备</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.bsid}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`选择 ${r.dlsj} 的登录记录`}
                    checked={chosen.has(r.bsid)}
                    onChange={() =>
                      setChosen((old) => {
                        const next = new Set(old);
                        if (next.has(r.bsid)) next.delete(r.bsid);
                        else next.add(r.bsid);
                        return next;
                      })
                    }
                  />
                </td>
                <td>{r.dlsj}</td>
                <td>{r.logintype === 1 ? '验证码登录' : r.logintype === 2 ? '注册后登录' : r.logintype === 3 ? '授权合作网站' : '密码登录'}</td>
                <td className="sk-wrap">{r.origin ? `合作网站 ${r.origin}` : '本平台'}</td>
                <td>{r.dlip}</td>
                <td className="sk-wrap">{r.dlllq}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p.data ? <Pagination page={p.page} totalPage={totalPages(p.data.total, SIZE)} totalCount={p.data.total} onChange={p.setPage} disabled={p.loading} /> : null}
    </div>
  );
}
