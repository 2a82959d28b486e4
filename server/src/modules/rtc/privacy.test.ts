/**
 * What the video calls tell people who have nothing to do with each other: names only to those
 * who share a room or may see each other anyway (as the chat rules), an HR's enterprise never to a
 * stranger, one answer for a room that exists and one that does not, and invitations that honour
 * the seeker's shield (屏蔽企业) and hidden résumé as the interview invitation does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTC_NO_ROOM_MSG } from '@zp/core/contract';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { postJob } from '../../../test/recruit.js';
import { colleague, hr, invite, openRoom, seeker, type Person } from '../../../test/rtc.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv?.close());

const post = (path: string, token: string, query: Record<string, string | number | undefined> = {}) => srv.call(path, { method: 'POST', token, query });
const membersInfo = async (viewer: Person, ids: string[]) => {
  const r = await srv.call('/api/sec/trtc/roomMembersInfo', { token: viewer.token, body: ids });
  expect(r.body.code).toBe(0);
  return Object.fromEntries((r.body.list as { userid: string; username: string; dwid: string }[]).map((m) => [m.userid, m]));
};

describe('roomMembersInfo', () => {
  it('names people in full only for those who share a room with them or may see them anyway', async () => {
    const promoter = await hr(srv);
    const mate = await colleague(srv, promoter);
    const interviewed = await seeker(srv);
    const other = await seeker(srv);
    const stranger = await seeker(srv);
    const foreignHr = await hr(srv);
    const room = await openRoom(srv, promoter, interviewed);
    await invite(srv, promoter, room, other);
    const ids = [promoter.userId, mate.userId, interviewed.userId, other.userId, stranger.userId, foreignHr.userId];

    // Someone registered a minute ago: seekers come back masked as the chat masks them; HR names
    // are on the public job pages, so a seeker sees them with their enterprise.
    const seen = await membersInfo(stranger, ids);
    expect(seen[interviewed.userId]).toEqual({ userid: interviewed.userId, username: '测**', dwid: '' });
    expect(seen[other.userId].username).toBe('测**');
    expect(seen[stranger.userId].username).toBe('测试求职者');
    expect(seen[promoter.userId]).toEqual({ userid: promoter.userId, username: '张审核', dwid: promoter.companyId });

    // An HR of another enterprise: no seeker's name, and no HR's enterprise.
    const byForeign = await membersInfo(foreignHr, ids);
    expect(byForeign[interviewed.userId].username).toBe('测**');
    expect(byForeign[promoter.userId].dwid).toBe('');
    expect(byForeign[mate.userId].dwid).toBe('');
    expect(byForeign[foreignHr.userId]).toEqual({ userid: foreignHr.userId, username: '张审核', dwid: foreignHr.companyId });

    // The room's people see each other in full: promoter, colleague, the seekers it invited.
    for (const viewer of [promoter, mate]) {
      const list = await membersInfo(viewer, ids);
      expect(list[interviewed.userId].username, viewer.userId).toBe('测试求职者');
      expect(list[other.userId].username).toBe('测试求职者');
      expect(list[stranger.userId].username).toBe('测**');
    }
    const bySeeker = await membersInfo(interviewed, ids);
    expect(bySeeker[other.userId].username).toBe('测试求职者');
    expect(bySeeker[promoter.userId].dwid).toBe(promoter.companyId);
    expect(bySeeker[mate.userId].dwid).toBe(promoter.companyId);
    expect(bySeeker[stranger.userId].username).toBe('测**');

    // An HR sees the seekers who applied to their enterprise, as the chat does.
    const job = await postJob(srv, foreignHr);
    expect((await srv.call('/api/qz/qyhxrxx/td', { token: stranger.token, query: { gwid: job } })).body.code).toBe(0);
    expect((await membersInfo(foreignHr, [stranger.userId]))[stranger.userId].username).toBe('测试求职者');

    // Listing ids one after another yields no seeker's name and no enterprise.
    const sweep = Array.from({ length: 50 }, (_, i) => String(Number(interviewed.userId) - 25 + i));
    const listed = Object.values(await membersInfo(foreignHr, sweep)).filter((m) => m.userid !== foreignHr.userId && m.userid !== stranger.userId);
    expect(listed.length).toBeGreaterThan(2);
    for (const m of listed) expect(m.dwid === '' && m.username !== '测试求职者', JSON.stringify(m)).toBe(true);
  });
});

describe('a room to a stranger', () => {
  it('answers the same whether it exists, has ended or never did', async () => {
    const promoter = await hr(srv);
    const invited = await seeker(srv);
    const stranger = await seeker(srv);
    const foreignHr = await hr(srv);
    const open = await openRoom(srv, promoter, invited);
    const ended = await openRoom(srv, promoter, invited);
    await post('/api/sec/trtc/endRoom', promoter.token, { channelId: ended });
    const missing = 4294967294;
    const refusal = { code: 404, msg: RTC_NO_ROOM_MSG };

    for (const roomId of [open, ended, missing]) {
      for (const p of [stranger, foreignHr]) {
        expect((await srv.call('/api/sec/trtc/roomInfo', { token: p.token, query: { channelId: roomId } })).body, `roomInfo ${roomId}`).toEqual(refusal);
        expect((await post('/api/sec/trtc/joinRoom', p.token, { channelId: roomId })).body, `joinRoom ${roomId}`).toEqual(refusal);
        expect((await post('/api/sec/trtc/leaveRoom', p.token, { channelId: roomId })).body, `leaveRoom ${roomId}`).toEqual(refusal);
      }
      expect((await post('/api/sec/trtc/inviteRoom', foreignHr.token, { channelId: roomId, userId: stranger.userId })).body, `inviteRoom ${roomId}`).toEqual(refusal);
      expect((await post('/api/sec/trtc/endRoom', foreignHr.token, { channelId: roomId })).body, `endRoom ${roomId}`).toEqual(refusal);
    }
    // Those the room is for still hear what it is.
    expect((await post('/api/sec/trtc/joinRoom', invited.token, { channelId: ended })).body).toMatchObject({ code: 410, msg: '房间已结束' });
    expect((await post('/api/sec/trtc/joinRoom', invited.token, { channelId: open })).body.code).toBe(0);
  });
});

describe('the video invitation', () => {
  it("honours the seeker's shield and hidden résumé as the interview invitation does", async () => {
    const promoter = await hr(srv);
    const shielding = await seeker(srv);
    const hiding = await seeker(srv);
    const applied = await seeker(srv);
    const room = await openRoom(srv, promoter);
    expect((await post(`/api/qz/qzpbdw/save/${promoter.companyId}`, shielding.token)).body.code).toBe(0);
    for (const s of [hiding, applied]) expect((await post('/api/qz/qzgrjbxx/updateJlyc/1', s.token)).body.code).toBe(0);
    const job = await postJob(srv, promoter);
    expect((await srv.call('/api/qz/qyhxrxx/td', { token: applied.token, query: { gwid: job } })).body.code).toBe(0);

    const hidden = { code: 404, msg: '该求职者不存在或已隐藏简历' };
    for (const s of [shielding, hiding]) {
      expect((await post(`/api/sec/trtc/startVedio/${s.userId}`, promoter.token)).body, 'startVedio').toEqual(hidden);
      expect((await post('/api/sec/trtc/hrOpenRoom', promoter.token, { userId: s.userId })).body, 'hrOpenRoom').toEqual(hidden);
      expect((await post('/api/sec/trtc/inviteRoom', promoter.token, { channelId: room, userId: s.userId })).body, 'inviteRoom').toEqual(hidden);
      // and the seeker is told why before asking that HR
      const ask = await post(`/api/sec/trtc/startVedio/${promoter.userId}`, s.token);
      expect(ask.body).toMatchObject({ code: 403, msg: expect.stringContaining('隐藏简历') });
    }
    // The interview invitation answers the same (the rule it is measured against).
    const invitation = await post('/api/hr/qyhxrxx/addHrMy', promoter.token, {
      qzzid: hiding.userId, gwid: job, mymc: '视频面试', msxxdz: '线上', lxr: '张审核', sjhm: '13800138000',
    });
    expect(invitation.body).toEqual(hidden);
    // A seeker who applied shared the résumé with the enterprise, hidden or not.
    expect((await post('/api/sec/trtc/inviteRoom', promoter.token, { channelId: room, userId: applied.userId })).body.code).toBe(0);
    expect((await post(`/api/sec/trtc/startVedio/${promoter.userId}`, applied.token)).body.code).toBe(0);
  });
});
