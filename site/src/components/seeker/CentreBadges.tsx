import { useEffect } from 'react';
import { api } from '@zp/core/session';
import { applicationsApi, identityApi } from '@zp/core/routes';
import { onReminder } from '@zp/core/socket';
import { useGuardPassed } from '../../lib/guard';
import { badgeText } from '@zp/core/rules/badge';

/** Shows a count on a side-menu entry of CentreLayout ([data-badge=key]); hidden at zero. */
function setMenuBadge(key: string, count: number): void {
  const el = document.querySelector<HTMLElement>(`[data-badge="${key}"]`);
  if (!el) return;
  el.textContent = badgeText(count);
  el.hidden = count <= 0;
}

/** Unread reminders on 消息提醒 and waiting invitations on 面试邀请; live from the socket and when a page changes them. */
export default function CentreBadges() {
  const passed = useGuardPassed();
  useEffect(() => {
    if (!passed) return;
    const load = async () => {
      try {
        const [r, w] = await Promise.all([api.call(identityApi.seekerReminders), api.call(applicationsApi.invitationsWaiting, { query: { page: 1, limit: 1 } })]);
        const x = r.qzXxtx;
        setMenuBadge('hunter_message', x.wjxx.count + x.hxxx.count + x.xtxx.count);
        setMenuBadge('hunter_invite', w.page.total);
      } catch {
        // badges are a hint; the pages show their own errors
      }
    };
    void load();
    // New reminders arrive on the notification socket (TopNav keeps it open).
    const off = onReminder(() => void load());
    window.addEventListener('zp:counters-changed', load);
    return () => {
      off();
      window.removeEventListener('zp:counters-changed', load);
    };
  }, [passed]);
  return null;
}

/** Pages call this after marking reminders read or answering an invitation. */
export const countersChanged = () => window.dispatchEvent(new Event('zp:counters-changed'));
