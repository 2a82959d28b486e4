import { useState } from 'react';
import { useSession, toastError } from '@zp/ui';
import { api } from '@zp/core/session';
import { relationsApi } from '@zp/core/routes';
import { GuardedButton } from '../common/ClickGuard';
import { requireLogin, write } from '../../lib/actions';
import { useLoad } from '../../lib/load';

/** Follow an enterprise (job seekers; 关注单位). HR and operators see nothing. */
export default function FollowButton({ dwid }: { dwid: string }) {
  const session = useSession();
  // A failed look-up leaves the button unmarked; it still works.
  const flags = useLoad(() => api.call(relationsApi.companyFlags, { body: [dwid] }).then((r) => r.sczt[dwid] === 1), [session?.token], { enabled: session?.roleId === 'qz' });
  const followed = flags.data ?? false;
  const setFollowed = flags.setData;
  const [busy, setBusy] = useState(false);

  if (session && session.roleId !== 'qz') return null;
  const toggle = async () => {
    const s = await requireLogin('未登录，请您登录后，进行关注。');
    if (s?.roleId !== 'qz') return;
    // A quick mark, as 收藏: busy on the button, not the page.
    setBusy(true);
    try {
      const ok = followed
        ? await write(() => api.call(relationsApi.unfollow, { params: { dwid } }), '已取消关注', { overlay: false })
        : await write(() => api.call(relationsApi.follow, { params: { dwid } }), '关注成功', { overlay: false });
      if (ok) setFollowed(!followed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <GuardedButton aria-pressed={followed} loading={busy} onClick={() => toggle().catch(toastError)}>
      {followed ? '✓ 已关注' : '+ 关注'}
    </GuardedButton>
  );
}
