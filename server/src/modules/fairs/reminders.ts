/**
 * Start reminders: shortly before a fair starts, everyone signed up gets an hxxx reminder (and
 * with it a socket push). Every node runs the timer; the claim is one UPDATE, so with several
 * nodes each fair is claimed — and reminded — exactly once.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { runEvery, type Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { hrIdsOfCompany } from '../companies/public.js';
import { claimDueReminders } from './repo/fairs.js';
import { signupsOf } from './repo/signups.js';

/** How long before the start the reminder goes out. */
const REMINDER_LEAD_MINUTES = 30;
const CHECK_MS = 60_000;

export async function sendFairReminders(s: Services): Promise<number> {
  const due = await claimDueReminders(s.db, REMINDER_LEAD_MINUTES);
  let sent = 0;
  for (const f of due) {
    const signups = await signupsOf(s.db, f.id);
    const people = new Set<string>();
    for (const x of signups) {
      if (x.company_id) for (const hr of await hrIdsOfCompany(s.db, x.company_id)) people.add(hr);
      else people.add(x.user_id);
    }
    const where = f.venue_type === 1 ? '请届时进入线上会场' : '请按时前往会场';
    for (const userId of people) {
      await notify(s, userId, 'hxxx', '招聘会即将开始', `您报名的「${f.name}」将于 ${f.starts} 开始，${where}。`, SITE_PATHS.hall(f.id, 1));
      sent++;
    }
    s.log.info({ fair: f.id, reminded: people.size }, 'fair start reminders sent');
  }
  return sent;
}

export function startReminderTimer(s: Services) {
  runEvery(s, CHECK_MS, 'fair reminders', () => sendFairReminders(s));
}
