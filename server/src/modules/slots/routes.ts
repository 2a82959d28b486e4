/** The slots module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import { slotsApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import type { Module } from '../order.js';
import { hrCompany } from '../companies/public.js';
import { createMailer } from '../notify/public.js';
import { bookSlot, cancelSlot, seekerOffers } from './book-slot.js';
import { bookingCalendar } from './calendar.js';
import { bookAtBooth, boothSlotsFor } from './book-at-booth.js';
import { inviteWithSlots } from './invite-with-slots.js';
import { listSlots, publishSlots, slotsOpenFor, withdrawSlot } from './publish-slots.js';
import { startSlotTimers } from './reminders.js';
import { companyAttendance, setAttendance } from './attendance.js';

const slots: Module = {
  name: 'slots',
  dependencies: ['applications', 'notify', 'rtc'],
  register(app, s) {
    handle(app, s, slotsApi.list, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { page: await listSlots(s, company.id, query.scope ?? 'upcoming', query.page, query.limit) };
    });
    handle(app, s, slotsApi.open, async ({ query, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { list: await slotsOpenFor(s, company.id, query.gwid ?? null) };
    });
    handle(app, s, slotsApi.add, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      const ids = await publishSlots(s, user.id, company.id, body);
      return { ids, msg: `已发布 ${ids.length} 个面试时段` };
    });
    handle(app, s, slotsApi.remove, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      const cancelled = await withdrawSlot(s, company.id, body.id);
      return { cancelled, msg: cancelled ? `时段已取消，已通知 ${cancelled} 位预约的求职者` : '时段已取消' };
    });
    handle(app, s, slotsApi.invite, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { msid: await inviteWithSlots(s, user.id, company.id, body), msg: '面试邀请已发送，求职者可预约其中一个时段' };
    });
    handle(app, s, slotsApi.offers, async ({ user }) => ({ list: await seekerOffers(s, user.id) }));
    handle(app, s, slotsApi.book, async ({ body, user }) => ({ booking: await bookSlot(s, user.id, body.msid, body.slotId), msg: '预约成功' }));
    handle(app, s, slotsApi.booth, async ({ query, user }) => boothSlotsFor(s, user.id, query.dwid));
    handle(app, s, slotsApi.bookAtBooth, async ({ body, user }) => ({ ...(await bookAtBooth(s, user.id, body.dwid, body.slotId, body.bsid)), msg: '预约成功' }));
    handle(app, s, slotsApi.cancel, async ({ body, user }) => {
      await cancelSlot(s, user.id, body.msid);
      return { msg: '已取消预约' };
    });
    handle(app, s, slotsApi.calendar, async ({ query, user }) => bookingCalendar(s, user, query.id));

    handle(app, s, slotsApi.attendance, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      await setAttendance(s, company.id, user.id, body.bookingId, body.attendance);
      return { msg: body.attendance === 'came' ? '已标记为已到场' : '已标记为未到场' };
    });
    handle(app, s, slotsApi.figures, async ({ user }) => companyAttendance(s, (await hrCompany(s.db, user.id)).id));

    startSlotTimers(s, createMailer(s));
  },
};

export default slots;
