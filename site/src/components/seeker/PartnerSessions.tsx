import { api } from '@zp/core/session';
import { partnersApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { confirm } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act } from '../console/lib';

type Row = C.Reply<typeof C.partnersApi.mySessions>['list'][number];

/**
 * The person's live logins on partner sites (合作网站登录), above the login log of every role's
 * account page: which site, since when, until when, and 结束 to end one at once.
 */
export default function PartnerSessions() {
  const loaded = useLoad(() => api.call(partnersApi.mySessions).then((r) => r.list), []);
  const list = loaded.data;

  const end = async (r: Row) => {
    const site = r.mc ? `${r.mc}（${r.origin}）` : r.origin;
    if (!(await confirm({ message: `确定结束在 ${site} 上的登录吗？该网站上的组件将需要重新登录。`, danger: true, confirmText: '结束' }))) return;
    await act(api.call(partnersApi.endMySession, { body: { bsid: r.bsid } }), '已结束该合作网站登录');
    void loaded.reload();
  };

  if (!list?.length) return null;
  return (
    <section aria-label="合作网站登录" className="sk-partner-sessions">
      <h3 className="sk-partner-sessions__title">合作网站登录</h3>
      <p className="sk-muted">在合作网站嵌入的组件中登录后，这里列出仍然有效的登录；不认识的登录请立即结束并修改密码。</p>
      <table className="sk-table sk-table--log">
        <thead>
          <tr>
            <th scope="col">网站</th>
            <th scope="col">网址</th>
            <th scope="col">登录时间</th>
            <th scope="col">有效期至</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <tr key={r.bsid}>
              <td>{r.mc || '（已移出合作名单）'}</td>
              <td className="sk-wrap">{r.origin}</td>
              <td>{r.loginTime}</td>
              <td>{r.expireTime}</td>
              <td>
                <GuardedButton variant="danger" onClick={() => end(r)} aria-label={`结束在 ${r.mc || r.origin} 上的登录`}>
                  结束
                </GuardedButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
