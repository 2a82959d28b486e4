/**
 * The seeker's side of an invitation that offers slots (面试邀请): 预约面试 picks one of them;
 * once booked, the booking's time and place, 改约 and 取消预约 up to the HR's cut-off, 下载日历
 * (.ics) and, at the time of a video slot, 进入面试 (the chat with the HR, whose video call the
 * HR starts; the room's invitation also shows above, under 视频面试邀请).
 */
import { useState } from 'react';
import { Button, Dialog, confirm, message, toastError, withLoading } from '@zp/ui';
import { slotsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { openConversation } from '@zp/core/chat-open';
import { BEIJING_TIME, withBeijingLabel } from '@zp/core/dates';
import type { SlotOffer } from '@zp/core/contract';
import { ATTENDANCE_TEXT, SLOT_MODES, SLOT_OFFER_ADDRESS, slotEnterOpen, slotText } from '@zp/core/rules/slots';
import { GuardedButton } from '../common/ClickGuard';
import { saveFile } from '../../lib/save-file';
import { SlotPicker } from './SlotPicker';
import './slots.css';

/** 面试时间 of an invitation that offers slots. */
export const offerTime = (o: SlotOffer): string => (o.booking ? withBeijingLabel(slotText(o.booking.startsMs, o.booking.minutes)) : '请从 HR 提供的时段中预约');

/** 面试地点 of an invitation that offers slots. */
export const offerPlace = (o: SlotOffer): string => (o.booking ? (o.booking.mode === 'video' ? SLOT_MODES.video : o.booking.address) : SLOT_OFFER_ADDRESS);

async function downloadCalendar(bookingId: string) {
  try {
    const r = await withLoading(api.call(slotsApi.calendar, { query: { id: bookingId } }));
    saveFile(new Blob([r.content], { type: 'text/calendar;charset=utf-8' }), r.filename);
  } catch (err) {
    toastError(err);
  }
}

function BookDialog({ offer, onClose, onDone }: { offer: SlotOffer; onClose: () => void; onDone: () => void }) {
  const [picked, setPicked] = useState<string[]>(offer.booking ? [offer.booking.slotId] : []);
  const moving = !!offer.booking;
  const book = async () => {
    if (!picked[0]) {
      message.warning('请选择一个时段');
      return;
    }
    if (picked[0] === offer.booking?.slotId) {
      onClose();
      return;
    }
    try {
      const r = await withLoading(api.call(slotsApi.book, { body: { msid: offer.msid, slotId: picked[0] } }));
      message.success(`${moving ? '已改约到' : '已预约'} ${slotText(r.booking.startsMs, r.booking.minutes)}`);
      onDone();
      onClose();
    } catch (err) {
      toastError(err);
      onDone();
    }
  };
  const slots = offer.slots.map((x) => ({ ...x, left: x.id === offer.booking?.slotId ? Math.max(x.left, 1) : x.left }));
  return (
    <Dialog
      open
      title={moving ? '改约面试时段' : '预约面试时段'}
      width={560}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <GuardedButton variant="primary" onClick={book}>
            {moving ? '确认改约' : '确认预约'}
          </GuardedButton>
        </>
      }
    >
      <p className="slot-preview">时间均为{BEIJING_TIME}。预约后即视为接受面试邀请。</p>
      {slots.length ? <SlotPicker name={`book-${offer.msid}`} slots={slots} selected={picked} onChange={setPicked} /> : <p className="sk-muted">可预约的时段已满或已截止，请联系 HR。</p>}
    </Dialog>
  );
}

/** The booking's facts and actions, or 预约面试, beside an invitation that offers slots. */
export function SlotActions({ offer, answered, onChanged }: { offer: SlotOffer; answered: boolean; onChanged: () => void }) {
  const [booking, setBooking] = useState(false);
  const b = offer.booking;
  const cancel = async () => {
    if (!(await confirm({ title: '取消预约', message: '取消后该邀请回到「待答复」，可重新预约其他时段。确定取消吗？', danger: true, confirmText: '取消预约', cancelText: '保留' }))) return;
    try {
      await withLoading(api.call(slotsApi.cancel, { body: { msid: offer.msid } }));
      message.success('已取消预约');
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  const changeOpen = b ? Date.now() < b.changeUntilMs : false;
  return (
    <>
      {b?.attendance ? <span className={`sk-tag sk-tag--${b.attendance === 'came' ? 'success' : 'danger'}`}>{ATTENDANCE_TEXT[b.attendance]}</span> : null}
      {b ? (
        <div className="sk-row__actions">
          {b.mode === 'video' && slotEnterOpen(b.startsMs, b.minutes) ? (
            <Button variant="primary" onClick={() => (b.hrId ? openConversation(b.hrId) : undefined)} title="打开与 HR 的聊天；HR 发起视频面试后，上方「视频面试邀请」中可直接进入">
              进入面试
            </Button>
          ) : null}
          <Button onClick={() => void downloadCalendar(b.id)}>下载日历</Button>
          {changeOpen ? (
            <>
              <Button onClick={() => setBooking(true)}>改约</Button>
              <Button onClick={() => void cancel()}>取消预约</Button>
            </>
          ) : null}
        </div>
      ) : answered ? null : (
        <Button variant="primary" onClick={() => setBooking(true)}>
          预约面试
        </Button>
      )}
      {booking ? <BookDialog offer={offer} onClose={() => setBooking(false)} onDone={onChanged} /> : null}
    </>
  );
}
