/**
 * 发起视频面试 reaches the candidate beyond the chat: a 消息提醒 entry (the notify module's
 * reminder, live on their open pages) whenever an HR invites them into a room, and, where the
 * deployment texts invitations (RTC_INVITE_SMS) and they have no page open, an SMS through the
 * SMS sender — once per HR and seeker a day, so re-inviting is not a stream of texts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { notifyApi } from '@zp/core/contract';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { openSocket } from '../../../test/socket.js';
import { colleague, hr, invite, openRoom, seeker, type Person } from '../../../test/rtc.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer({ env: { RTC_INVITE_SMS: '1' } });
});
afterAll(() => srv?.close());

const reminders = async (p: Person) => {
  const r = await srv.call<ApiReply<typeof notifyApi.seekerList>>('/api/qz/qzxxtx/list/all/1/20', { token: p.token });
  expect(r.body.code).toBe(0);
  return r.body.page.list as { bt: string; nr: string; tzlj: string }[];
};
const texts = (phone: string) => srv.logs.filter((l) => l.includes('"smsNotice"') && l.includes(phone)).map((l) => JSON.parse(l).smsNotice.text as string);

describe('a video interview invitation', () => {
  it('is a 消息提醒 entry linking to the room, live on an open page', async () => {
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    const page = await openSocket(srv.url, s1.token);
    try {
      const room = await openRoom(srv, promoter, s1);
      const live = await page.next();
      expect(live.message).toMatchObject({ bt: '视频面试邀请', tzlj: `/zppc/video?roomId=${room}` });
      const [entry] = await reminders(s1);
      expect(entry).toMatchObject({ bt: '视频面试邀请', tzlj: `/zppc/video?roomId=${room}` });
      expect(entry.nr).toContain('张审核');
      expect(entry.nr).toContain(`测试企业${promoter.userId}`);
      // the seeker had a page open: no text message
      expect(texts(s1.phone!)).toEqual([]);
    } finally {
      page.close();
    }
  });

  it('is texted to a seeker with no page open, once per HR a day', async () => {
    const promoter = await hr(srv);
    const mate = await colleague(srv, promoter);
    const s1 = await seeker(srv);
    const room = await openRoom(srv, promoter);
    await invite(srv, promoter, room, s1);
    expect(texts(s1.phone!)).toHaveLength(1);
    expect(texts(s1.phone!)[0]).toContain('视频面试');
    expect(texts(s1.phone!)[0]).toContain(`测试企业${promoter.userId}`);
    // invited again (the same room, another room of the same HR): entries, but no second text
    await invite(srv, promoter, room, s1);
    await openRoom(srv, promoter, s1);
    expect(texts(s1.phone!)).toHaveLength(1);
    expect((await reminders(s1)).filter((r) => r.bt === '视频面试邀请')).toHaveLength(2);
    // a colleague's own room is another interviewer
    await openRoom(srv, mate, s1);
    expect(texts(s1.phone!)).toHaveLength(2);
  });
});
