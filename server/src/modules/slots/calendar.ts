/**
 * A booking as an .ics calendar file (RFC 5545) that calendar programs import: the event in
 * China time (TZID Asia/Shanghai, with its VTIMEZONE, UTC+8 all year), two alarms, and the place or
 * the video link. Offered to the seeker and the enterprise's HR, and attached to reminder mails.
 */
import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { SLOT_MODES } from '@zp/core/rules/slots';
import { SITE_PATHS } from '@zp/core/fairs';
import { beijingDateTime } from '@zp/core/dates';
import { notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyOfHr } from '../companies/public.js';
import { calendarFacts, type CalendarFacts } from './repo.js';

const ZONE = 'Asia/Shanghai';
/** China has kept UTC+8 without daylight saving since 1991: one STANDARD rule covers every booking. */
const VTIMEZONE = ['BEGIN:VTIMEZONE', `TZID:${ZONE}`, 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETFROM:+0800', 'TZOFFSETTO:+0800', 'TZNAME:CST', 'END:STANDARD', 'END:VTIMEZONE'].join('\r\n');

/** A moment as the Beijing wall clock in a Date's UTC fields, which is how ical-generator writes a zoned time. */
const wallClock = (ms: number) => {
  const { date, time } = beijingDateTime(ms);
  return `${date}T${time}:00`;
};

export interface CalendarFile {
  filename: string;
  content: string;
}

/** The booking's calendar file, for the seeker who made it or an HR of the enterprise; 404 for anyone else. */
export async function bookingCalendar(s: Pick<Services, 'db' | 'config'>, user: { id: string; role: string }, bookingId: string): Promise<CalendarFile> {
  const b = await calendarFacts(s.db, bookingId);
  const mine = b && (user.role === 'qz' ? b.seeker_id === user.id : user.role === 'hr' && (await companyOfHr(s.db, user.id))?.id === b.company_id);
  if (!b || !mine || b.state !== 'booked') throw notFound('预约不存在');
  return calendarOf(s, b);
}

export function calendarOf(s: Pick<Services, 'config'>, b: CalendarFacts): CalendarFile {
  const site = s.config.publicUrl.replace(/\/$/, '');
  const cal = ical({ name: '面试预约', prodId: { company: 'zp', product: 'interview-slots', language: 'ZH' }, timezone: { name: ZONE, generator: () => VTIMEZONE } });
  const link = `${site}${SITE_PATHS.seekerInvitations}`;
  const event = cal.createEvent({
    id: `slot-booking-${b.booking_id}@${new URL(site).host}`,
    start: wallClock(b.starts_ms),
    end: wallClock(b.starts_ms + b.minutes * 60_000),
    timezone: ZONE,
    summary: `${b.company_name}「${b.job_title}」${b.title}（${SLOT_MODES[b.mode]}）`,
    location: b.mode === 'video' ? `视频面试：${link}` : b.address,
    description: [
      `${b.company_name} · ${b.job_title}`,
      b.mode === 'video' ? `面试开始前 10 分钟起，可在「面试邀请」中进入视频面试：${link}` : `地点：${b.address}`,
      `联系人：${b.contact} ${b.phone}`,
    ].join('\n'),
    url: link,
    status: ICalEventStatus.CONFIRMED,
  });
  event.createAlarm({ type: ICalAlarmType.display, trigger: 15 * 60, description: '面试将在 15 分钟后开始' });
  event.createAlarm({ type: ICalAlarmType.display, trigger: 24 * 3600, description: '明天有面试' });
  const day = beijingDateTime(b.starts_ms).date;
  return { filename: `面试预约-${day}-${b.booking_id}.ics`, content: cal.toString() };
}
