import { useEffect, useState } from 'react';
import { useSession } from '@zp/ui';
import { api } from '@zp/core/session';
import { relationsApi } from '@zp/core/routes';
import { GuardedButton } from '../common/ClickGuard';
import { requireLogin, showError, write } from '../../lib/actions';

/** Follow an enterprise (job seekers; 关注单位). HR and operators see nothing. */
export default function FollowButton({ dwid }: { dwid: string }) {
  const session = useSession();
  const [followed, setFollowed] = useState(false);

  useEffect(() => {
    if (session?.roleId !== 'qz') return;
    api.call(relationsApi.companyFlags, { body: [dwid] }).then(
      (r) => setFollowed(r.sczt[dwid] === 1),
      () => {},
    );
  }, [session?.token]);

  if (session && session.roleId !== 'qz') return null;
  const toggle = async () => {
    const s = await requireLogin('未登录，请您登录后，进行关注。');
    if (!s || s.roleId !== 'qz') return;
    const ok = followed
      ? await write(() => api.call(relationsApi.unfollow, { params: { dwid } }), '已取消关注')
      : await write(() => api.call(relationsApi.follow, { params: { dwid } }), '关注成功');
    if (ok) setFollowed(!followed);
  };
  return (
    <GuardedButton aria-pressed={followed} onClick={() => toggle().catch(showError)}>
      {followed ? '✓ 已关注' : '+ 关注'}
    </GuardedButton>
  );
}
