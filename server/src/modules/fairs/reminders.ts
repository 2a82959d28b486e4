/**
 * Start reminders: shortly before a fair starts, everyone signed up gets an hxxx reminder (and
 * with it a socket push). Every node runs the timer; the claim is one UPDATE, so with several
 * nodes each fair is claimed — and reminded — exactly once.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { rows, sql } from '../../db/index.js';
import { runEvery, type Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { hrIdsOfCompany } from '../companies/public.js';

/** How long before the start the reminder goes out. */
export const REMINDER_LEAD_MINUTES = 30;
const CHECK_MS = 60_000;

export async function sendFairReminders(s: Services): Promise<number> {
  const due = await rows<{ id: string; name: string; starts: string; venue_type: number }>(
    s.db,
    sql`update fairs set reminder_claimed_at = now()
        where published and reminder_claimed_at is null
          and starts_at > now() and starts_at <= now() + make_interval(mins => ${REMINDER_LEAD_MINUTES})
        returning id::text as id, name, to_char(starts_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as starts, venue_type::int as venue_type`,
  );
  let sent = 0;
  for (const f of due) {
    const signups = await rows<{ user_id: string; company_id: string | null }>(
      s.db,
      sql`select user_id::text as user_id, company_id::text as company_id from fair_signups where fair_id = ${f.id}`,
    );
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
