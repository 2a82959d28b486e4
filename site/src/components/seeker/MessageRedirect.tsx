import { useEffect } from 'react';
import { useSession } from '@zp/ui';
import { useGuardPassed } from '../../lib/guard';

/** Sends the person to their own message page once the guard passed. */
export default function MessageRedirect({ seeker, hr }: { seeker: string; hr: string }) {
  const session = useSession();
  const passed = useGuardPassed();
  useEffect(() => {
    if (passed && session) window.location.replace(session.roleId === 'hr' ? hr : seeker);
  }, [passed, session, seeker, hr]);
  return <p className="sk-muted sk-loading-line">正在打开消息…</p>;
}
