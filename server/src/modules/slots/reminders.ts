/**
 * Reminders of booked interviews, a day, 15 and 2 minutes before (SLOT_REMINDER_MINUTES): the
 * seeker through the notification socket (and its list), by SMS (the SMS sender's notice; the
 * demo sender writes it to the log) and by mail with the .ics attached where the résumé has an
 * address and SMTP is configured; the HR who takes it on the page, 15 and 2 minutes before. Every
 * node runs the timer; each reminder is claimed by one UPDATE, so it goes out once.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { withBeijingLabel } from '@zp/core/dates';
import { SLOT_MODES, SLOT_REMINDER_MINUTES, SLOT_REMINDER_TITLE, slotText } from '@zp/core/rules/slots';
import { runEvery, type Services } from '../../services.js';
import { notify, type Mailer } from '../notify/public.js';
import { calendarFacts, claimReminders, seekerContact, type DueReminder } from './repo.js';
import { calendarOf } from './calendar.js';
import { markNoShows } from './attendance.js';

/** Often enough for the 2-minute reminder to come within seconds of its moment. */
const CHECK_MS = 10_000;

function texts(r: DueReminder, now: number) {
  const left = Math.max(1, Math.round((r.starts_ms - now) / 60_000));
  const lead = r.lead >= 1440 ? (left >= 60 ? `${Math.round(left / 60)} 小时后` : `${left} 分钟后`) : `${left} 分钟后`;
  const when = withBeijingLabel(slotText(r.starts_ms, r.minutes));
  const how = r.mode === 'video' ? '届时请在「面试邀请」中点击「进入面试」。' : `地点：${r.address}。`;
  return {
    title: r.lead >= 1440 ? `${SLOT_REMINDER_TITLE}：明天有面试` : `${SLOT_REMINDER_TITLE}：${lead}开始`,
    seeker: `您预约的${r.company_name}「${r.job_title}」${SLOT_MODES[r.mode]}将于${lead}开始：${when}。${how}`,
    hr: `已预约的「${r.job_title}」${SLOT_MODES[r.mode]}将于${lead}开始：${when}。`,
  };
}

export async function sendSlotReminders(s: Services, mailer: Mailer | null, now = Date.now()): Promise<number> {
  let sent = 0;
  const leads = SLOT_REMINDER_MINUTES;
  for (let i = 0; i < leads.length; i++) {
    const due = await claimReminders(s.db, leads[i]!, leads[i + 1] ?? 0);
    for (const r of due) {
      if (!r.send) continue;
      const t = texts(r, now);
      await notify(s, r.seeker_id, 'wjxx', t.title, t.seeker, SITE_PATHS.seekerInvitations, 'xx_003');
      const contact = await seekerContact(s.db, r.seeker_id);
      if (contact?.phone) await s.sms.notice(contact.phone, t.seeker);
      if (contact?.email && mailer) {
        const facts = await calendarFacts(s.db, r.booking_id);
        const ics = facts ? calendarOf(s, facts) : null;
        await mailer.send({
          to: contact.email,
          subject: t.title,
          text: `${contact.name}，您好：\n\n${t.seeker}\n\n附件为该面试的日历文件，可导入手机或电脑日历。`,
          attachments: ics ? [{ filename: ics.filename, content: ics.content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] : [],
        });
      }
      if (r.hr_id && r.lead < 1440) await notify(s, r.hr_id, 'wjxx', t.title, t.hr, SITE_PATHS.hrInterviews, 'xx_003');
      sent++;
    }
  }
  if (sent) s.log.info({ reminded: sent }, 'interview slot reminders sent');
  return sent;
}

/** Reminders and no-shows, on every node (each claim is one UPDATE). */
export function startSlotTimers(s: Services, mailer: Mailer | null) {
  runEvery(s, CHECK_MS, 'interview slot reminders', () => sendSlotReminders(s, mailer));
  runEvery(s, CHECK_MS * 3, 'interview no-shows', () => markNoShows(s));
}
