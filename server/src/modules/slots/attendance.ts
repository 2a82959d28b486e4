/**
 * No-shows (未到场): ten minutes after a booked video slot begins, the seeker is marked 已到场 if
 * they were in one of the enterprise's video rooms from 10 minutes before the start until then,
 * else 未到场 and told so; the HR may correct either, and marks on-site slots. The enterprise's
 * figures count both.
 */
import { SITE_PATHS } from '@zp/core/fairs';
import { SLOT_ENTER_BEFORE_MINUTES, SLOT_NO_SHOW_MINUTES, slotText, type Attendance } from '@zp/core/rules/slots';
import { badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { notify } from '../notify/public.js';
import { wasInCompanyRoom } from '../rtc/public.js';
import { attendanceFigures, companyBooking, markAttendance, unmarkedVideoBookings } from './repo.js';

type S = Pick<Services, 'db' | 'bus'>;

/** Days the enterprise's attendance figures look back. */
const FIGURE_DAYS = 30;

export async function markNoShows(s: S): Promise<number> {
  let noShows = 0;
  for (const b of await unmarkedVideoBookings(s.db, SLOT_NO_SHOW_MINUTES)) {
    const from = new Date(b.starts_ms - SLOT_ENTER_BEFORE_MINUTES * 60_000);
    const to = new Date(b.starts_ms + SLOT_NO_SHOW_MINUTES * 60_000);
    const came = await wasInCompanyRoom(s.db, b.seeker_id, b.company_id, from, to);
    if (!(await markAttendance(s.db, b.booking_id, came ? 'came' : 'no_show', null)) || came) continue;
    noShows++;
    await notify(
      s,
      b.seeker_id,
      'wjxx',
      '面试未到场',
      `您预约的${b.company_name}「${b.job_title}」视频面试（${slotText(b.starts_ms, b.minutes)}，北京时间）开始 ${SLOT_NO_SHOW_MINUTES} 分钟后您仍未进入，已记为未到场。如有误，请联系 HR 更正。`,
      SITE_PATHS.seekerInvitations,
      'xx_003',
    );
  }
  return noShows;
}

/** The HR marks (or corrects) whether the seeker came; only once the slot has begun. */
export async function setAttendance(s: S, companyId: string, hrId: string, bookingId: string, attendance: Attendance): Promise<void> {
  const b = await companyBooking(s.db, companyId, bookingId);
  if (!b) throw notFound('预约不存在');
  if (Date.now() < b.starts_ms) throw badRequest('面试开始后才能标记到场情况');
  await markAttendance(s.db, bookingId, attendance, hrId);
}

export async function companyAttendance(s: S, companyId: string) {
  const f = await attendanceFigures(s.db, companyId, FIGURE_DAYS);
  return { booked: f.booked, came: f.came, noShow: f.no_show };
}
