import { useSession } from '@zp/ui';
import { api } from '@zp/core/session';
import { identityApi } from '@zp/core/routes';
import { paths, to } from '../../lib/paths';
import { useLoad } from '../../lib/load';

/** The logged-in HR's membership on the public membership page (getHrInfo vip). */
export default function MembershipState() {
  const session = useSession();
  const vip =
    useLoad(
      () => api.call(identityApi.hrInfo).then((r): number | null => r.qyDwhrxxEntity.vip, () => null),
      [session?.token],
      { enabled: session?.roleId === 'hr' },
    ).data ?? null;
  if (!session) return <p className="membership-state">企业 HR <a href={paths.hrLogin}>登录</a> 后可查看本账号的会员状态。</p>;
  if (session.roleId !== 'hr') return <p className="membership-state">求职者使用全部求职服务均免费。</p>;
  if (vip === null) return null;
  return (
    <p className="membership-state" role="status">
      当前账号：<b>{vip === 1 ? '付费会员' : '免费会员'}</b>　<a href={to('enter_home/enter_vip')}>查看会员详情 ›</a>
    </p>
  );
}
