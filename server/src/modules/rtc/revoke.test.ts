/**
 * What ends a video stay besides the room: a logout, a password change and the enterprise's
 * rejection close the signalling socket as they close the chat's (and the old userSig no longer
 * opens one); a rejected enterprise's rooms end, and nobody is admitted to them any more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTC_CLOSE_REVOKED } from '@zp/core/contract';
import { sql } from '../../db/index.js';
import { md5, startServer, type TestServer } from '../../../test/helpers.js';
import { operatorSession } from '../../../test/roles.js';
import { hr, hubOf, openRoom, seeker, Signal, signal, type Person } from '../../../test/rtc.js';

let srv: TestServer;
let operator: string;
const sockets: Signal[] = [];
const open = async (p: Person) => {
  const s = await signal(srv, p);
  sockets.push(s);
  return s;
};
beforeAll(async () => {
  srv = await startServer({ env: { RTC_RECONNECT_GRACE_MS: '60000' } });
  operator = (await operatorSession(srv)).token;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});

const post = (path: string, token: string, query: Record<string, string | number> = {}) => srv.call(path, { method: 'POST', token, query });
const join = (p: Person, room: number) => post('/api/sec/trtc/joinRoom', p.token, { channelId: room });

async function interview() {
  const promoter = await hr(srv);
  const s1 = await seeker(srv);
  const room = await openRoom(srv, promoter, s1);
  const a = await open(promoter);
  const b = await open(s1);
  expect((await a.join(room)).code).toBe(0);
  expect((await b.join(room)).code).toBe(0);
  return { promoter, s1, room, a, b };
}

/** A fresh socket with the userSig issued before: refused. */
async function oldSigRefused(p: Person) {
  const c = new Signal(srv.url);
  sockets.push(c);
  const r = await c.call('auth', { userId: p.userId, userSig: p.userSig });
  expect(r.code, JSON.stringify(r)).not.toBe(0);
  expect(await c.closed).toBe(4001);
}

describe('the signalling socket closes', () => {
  it('at logout, and the userSig it used opens no other', async () => {
    const { s1, a, b } = await interview();
    expect((await post('/api/sec/pc/logout', s1.token)).body.code).toBe(0);
    expect(await b.closed).toBe(RTC_CLOSE_REVOKED);
    await oldSigRefused(s1);
    // the other person's socket is not touched
    expect(await a.call('ping')).toMatchObject({ code: 0 });
  });

  it('at a password change, on every socket of the person', async () => {
    const { promoter, a } = await interview();
    const idle = await open(promoter);
    const r = await srv.call('/api/sec/secuser/updatePwd', { method: 'POST', token: promoter.token, query: { oldPwd: md5('secret123'), newPwd: md5('secret456') } });
    expect(r.body.code).toBe(0);
    expect(await a.closed).toBe(RTC_CLOSE_REVOKED);
    expect(await idle.closed).toBe(RTC_CLOSE_REVOKED);
    await oldSigRefused(promoter);
  });
});

describe("an enterprise's rejection", () => {
  it('ends its rooms, closes its HR sockets, and admits nobody to them', async () => {
    const { promoter, s1, room, a, b } = await interview();
    const s2 = await seeker(srv);
    const waiting = await openRoom(srv, promoter, s2); // opened, nobody in it yet
    const review = await srv.call('/api/xs/admin/companies/review', { token: operator, body: { dwid: promoter.companyId, shzt: 2, shsm: '营业执照不清晰' } });
    expect(review.body.code).toBe(0);

    for (const s of [a, b]) expect(await s.next('removed')).toMatchObject({ reason: 'room_disband', cause: 'company_unapproved', msg: '单位审核未通过，视频面试已结束' });
    expect(await a.closed).toBe(RTC_CLOSE_REVOKED);
    expect(await b.call('ping')).toMatchObject({ code: 0 });
    expect((await join(promoter, room)).body).toMatchObject({ code: 403 });
    expect((await join(s1, room)).body).toMatchObject({ code: 410 });
    expect((await join(s2, waiting)).body).toMatchObject({ code: 410, msg: '单位审核未通过，视频面试已结束' });
    await oldSigRefused(promoter);
  });

  it('refuses the promoter before anything else, and ends the room at the first look when no event came', async () => {
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    const room = await openRoom(srv, promoter, s1);
    const other = await openRoom(srv, promoter, s1);
    // Rejected behind the bus's back (a lost message): the rules alone must hold.
    await srv.app.services.db.execute(sql`update companies set status = 2 where id = ${promoter.companyId}`);
    expect((await join(promoter, room)).body).toMatchObject({ code: 403, msg: '单位信息未审核或审核不通过,请修改单位信息!' });
    expect((await join(s1, room)).body).toMatchObject({ code: 410, msg: '单位审核未通过，视频面试已结束' });
    // and the sweep ends the others
    await hubOf(srv).sweep();
    const info = await srv.call('/api/sec/trtc/roomInfo', { token: s1.token, query: { channelId: other } });
    expect(info.body.data).toMatchObject({ ended: true });
  });
});
