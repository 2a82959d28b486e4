/**
 * Two server processes' worth of the video module on one PostgreSQL and Redis (two apps in this
 * process, each with its own hub, bus connection and clock): members on different nodes see each
 * other come and go, negotiation is relayed across, the 20-minute end reached on one node removes
 * the members held by the other, and a drop is noticed wherever the member was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTC_CLOSE_REVOKED } from '@zp/core/contract';
import { md5, startServer, startTwoNodes, twoNodes, twoNodesTitle, type TestServer } from '../../../test/helpers.js';
import { operatorSession } from '../../../test/roles.js';
import { controlClock, hr, hubOf, openRoom, seeker, Signal, signal } from '../../../test/rtc.js';

const GRACE_MS = 60_000;
let nodes: Awaited<ReturnType<typeof startTwoNodes>>;
let a: TestServer;
let b: TestServer;
const sockets: Signal[] = [];

describe.skipIf(!twoNodes)(twoNodesTitle('two nodes'), () => {
  beforeAll(async () => {
    nodes = await startTwoNodes('rtc', { RTC_RECONNECT_GRACE_MS: String(GRACE_MS) });
    ({ a, b } = nodes);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await nodes?.close();
  });
  const open = async (srv: TestServer, p: Parameters<typeof signal>[1]) => {
    const s = await signal(srv, p);
    sockets.push(s);
    return s;
  };

  it('relay negotiation and member state between sockets held by different nodes', async () => {
    expect(a.app.services.bus.kind).toBe('redis');
    const promoter = await hr(a);
    const s1 = await seeker(b);
    const room = await openRoom(a, promoter, s1);
    const onA = await open(a, promoter);
    const onB = await open(b, s1);
    expect((await onA.join(room, { video: true })).code).toBe(0);
    const jb = await onB.join(room);
    expect(jb.data!.members).toEqual([{ userId: promoter.userId, session: onA.session, audio: false, video: true, screen: false, published: false }]);
    expect(await onA.next('member-joined')).toEqual({ ev: 'member-joined', member: { userId: s1.userId, session: onB.session, audio: false, video: false, screen: false } });

    const offer = { type: 'offer', sdp: 'v=0\r\n' };
    expect(await onB.call('relay', { to: promoter.userId, message: offer })).toMatchObject({ code: 0 });
    expect(await onA.next('peer-message')).toEqual({ ev: 'peer-message', from: s1.userId, session: onB.session, message: offer });
    await onA.call('relay', { to: s1.userId, message: { type: 'answer', sdp: 'v=0\r\n' } });
    expect((await onB.next('peer-message')).message.type).toBe('answer');
    await onB.call('media', { audio: true, video: true });
    expect((await onA.next('member-media')).member).toMatchObject({ userId: s1.userId, audio: true, video: true });

    // the seeker's socket on B drops; they come back through A within the grace period
    onB.drop();
    const back = new Signal(a.url);
    sockets.push(back);
    back.session = onB.session;
    await back.auth(s1);
    expect(await back.join(room)).toMatchObject({ code: 0, data: { resumed: true } });
    await back.call('relay', { to: promoter.userId, message: offer });
    await onA.next('peer-message', () => onA.pushes.filter((p) => p.ev === 'peer-message').length === 2);
    expect(onA.pushes.some((p) => p.ev === 'member-left')).toBe(false);

    // the promoter's socket on A drops for good: the seeker hears it from whichever node notices
    const promoterOnB = await open(b, promoter);
    promoterOnB.session = onA.session;
    expect((await promoterOnB.join(room)).data!.resumed).toBe(true);
    expect(await onA.next('removed')).toMatchObject({ reason: 'kick', cause: 'other_session' });
    for (const srv of [a, b]) hubOf(srv).rooms.graceMs = 400;
    promoterOnB.drop();
    expect(await back.next('member-left', () => true, 60_000)).toEqual({ ev: 'member-left', userId: promoter.userId, cause: 'dropped' });
    for (const srv of [a, b]) hubOf(srv).rooms.graceMs = GRACE_MS;
  });

  it('a node that has just started holds its members: another node does not take them for dropped', async () => {
    // A third node, whose sweep timer has not fired yet when node A sweeps.
    const c = await startServer({ env: { DATABASE_SCHEMA: nodes.schema, RTC_RECONNECT_GRACE_MS: String(GRACE_MS) } });
    try {
      const promoter = await hr(a);
      const s1 = await seeker(a);
      const room = await openRoom(a, promoter, s1);
      const onA = await open(a, promoter);
      const onC = await open(c, s1);
      await onA.join(room);
      expect((await onC.join(room)).code).toBe(0);
      await onA.next('member-joined');
      await hubOf(a).sweep();
      // still there: its media change reaches A, and nobody left
      await onC.call('media', { audio: true, video: false });
      expect((await onA.next('member-media')).member).toMatchObject({ userId: s1.userId, audio: true });
      expect(onA.pushes.some((p) => p.ev === 'member-left')).toBe(false);
    } finally {
      await c.close();
    }
  });

  it("a free HR's 20 minutes run out on one node: members on both are removed", async () => {
    const promoter = await hr(a);
    const s1 = await seeker(a);
    const room = await openRoom(a, promoter, s1);
    const onA = await open(a, promoter);
    const onB = await open(b, s1);
    await onA.join(room);
    await onB.join(room);
    // B's clock is the real one; A's jumps to the end of the interview
    const clock = controlClock(a);
    clock.advance(20 * 60_000);
    await hubOf(a).sweep();
    for (const s of [onA, onB]) expect(await s.next('removed')).toMatchObject({ reason: 'room_disband', cause: 'time_up' });
    expect(await onB.join(room)).toMatchObject({ code: 410 });
  });

  it('a logout or a rejection on one node closes the sockets the other holds', async () => {
    const promoter = await hr(a);
    const s1 = await seeker(a);
    const room = await openRoom(a, promoter, s1);
    const onA = await open(a, s1);
    const onB = await open(b, promoter);
    await onA.join(room);
    await onB.join(room);
    const seekerOnB = await open(b, s1);
    // the seeker logs out through A: their socket on B closes too
    expect((await a.call('/api/sec/pc/logout', { method: 'POST', token: s1.token })).body.code).toBe(0);
    for (const s of [onA, seekerOnB]) expect(await s.closed).toBe(RTC_CLOSE_REVOKED);
    // the operator rejects the promoter's enterprise through A: B ends its part and closes the HR
    const op = await operatorSession(a);
    expect((await a.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid: promoter.companyId, shzt: 2, shsm: '资料不全' } })).body.code).toBe(0);
    expect(await onB.next('removed')).toMatchObject({ reason: 'room_disband', cause: 'company_unapproved' });
    expect(await onB.closed).toBe(RTC_CLOSE_REVOKED);
  });

  it('a password change on one node closes the sockets the other holds', async () => {
    const promoter = await hr(a);
    const s1 = await seeker(a);
    const room = await openRoom(a, promoter, s1);
    const onB = await open(b, promoter);
    await onB.join(room);
    const idleOnB = await open(b, promoter);
    const r = await a.call('/api/sec/secuser/updatePwd', { method: 'POST', token: promoter.token, query: { oldPwd: md5('secret123'), newPwd: md5('secret456') } });
    expect(r.body.code).toBe(0);
    for (const s of [onB, idleOnB]) expect(await s.closed).toBe(RTC_CLOSE_REVOKED);
  });
});
