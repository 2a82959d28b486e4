/**
 * Rooms through the media server (Janus, started by the server as in `npm start`): a pair stays
 * peer to peer, the third person moves the room to the media server and everyone is told; a
 * paying HR's room then takes more than six; the SFU requests refuse what is not theirs in plain
 * Chinese; Janus killed with -9 is started again and reconnected; an ended room leaves no Janus
 * room or handle behind, nor do 50 rooms opened, published to and ended (counts printed). (Media through Janus, and the people of a room publishing anew after a
 * kill -9, are e2e: video-sfu.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTC_SFU_OFF_FULL_MSG, rtcRoomFullMsg } from '@zp/core/contract';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { one, rows, sql } from '../../db/index.js';
import { operatorSession } from '../../../test/roles.js';
import { colleague, hr, hubOf, invite, openRoom, seeker, signal, type Person, type Signal } from '../../../test/rtc.js';
import { findJanus } from './sfu/janus-process.js';
import { videoMode } from './routes.js';

const installed = !!findJanus('janus');
const sockets: Signal[] = [];
let srv: TestServer;

async function payingHr(s: TestServer): Promise<Person> {
  const promoter = await hr(s);
  const op = (await operatorSession(s)).token;
  const until = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
  const r = await s.call('/api/xs/admin/companies/vip', { token: op, body: { dwid: promoter.companyId, vip: 1, vipEnd: until } });
  expect(r.body.code).toBe(0);
  return promoter;
}

async function seated(s: TestServer, people: Person[], room: number) {
  const list: Signal[] = [];
  for (const p of people) {
    const sig = await signal(s, p);
    sockets.push(sig);
    const r = await sig.join(room, { audio: true, video: true });
    expect(r.code, JSON.stringify(r)).toBe(0);
    list.push(sig);
  }
  return list;
}

describe.skipIf(!installed)('rooms through the media server (Janus installed)', () => {
  beforeAll(async () => {
    srv = await startServer({ env: { JANUS: 'on', JANUS_RTP_PORTS: '41000-41999' } });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await srv?.close();
  });

  it('starts its own Janus and says so', () => {
    expect(hubOf(srv).sfu?.up).toBe(1);
    expect(videoMode(srv.app.services)).toContain('媒体服务器 Janus');
  });

  it('a pair stays peer to peer; the third moves the room to the media server and the two are told', async () => {
    const promoter = await hr(srv);
    const a = await seeker(srv);
    const mate = await colleague(srv, promoter);
    const room = await openRoom(srv, promoter, a);
    const [p, s] = await seated(srv, [promoter, a], room);
    expect((await p.join(room)).data?.mode).toBe('mesh');
    const [m] = await seated(srv, [mate], room);
    expect((await m.join(room)).data?.mode).toBe('sfu');
    await p.next('room-mode');
    await s.next('room-mode');
    // Nobody has published yet: there is nothing to subscribe to.
    expect(await m.call('sfuSubscribe', { userId: promoter.userId })).toMatchObject({ code: 409, msg: '对方尚未发布音视频' });
    // An offer that is not SDP: Janus refuses it, the person is told plainly, the server stays up.
    const bad = await m.call('sfuPublish', { sdp: 'v=0\r\nnot an offer' });
    expect(bad.code).toBe(502);
    expect(bad.msg).toBe('媒体服务器处理失败，请稍后重试');
    expect((await srv.call('/api/health')).status).toBe(200);
    // Outside a room the SFU requests are refused.
    const outsider = await signal(srv, await seeker(srv));
    sockets.push(outsider);
    expect(await outsider.call('sfuSubscribe', { userId: promoter.userId })).toMatchObject({ code: 400, msg: '请先进入房间' });
    expect(await m.call('sfuLayer', { userId: promoter.userId, layer: 7 })).toMatchObject({ code: 400 });
  });

  it('a pair whose direct path will not come up asks, and the room goes through the media server for both', async () => {
    const promoter = await hr(srv);
    const a = await seeker(srv);
    const room = await openRoom(srv, promoter, a);
    const [p, s] = await seated(srv, [promoter, a], room);
    expect((await p.join(room)).data?.mode).toBe('mesh');
    expect(await s.call('sfuFallback', {})).toMatchObject({ code: 0 });
    await p.next('room-mode');
    await s.next('room-mode');
    // Asked again (the other side's timer): nothing changes, nobody is told twice.
    expect(await p.call('sfuFallback', {})).toMatchObject({ code: 0 });
    expect(p.pushes.filter((x) => x.ev === 'room-mode')).toHaveLength(1);
    const outsider = await signal(srv, await seeker(srv));
    sockets.push(outsider);
    expect(await outsider.call('sfuFallback', {})).toMatchObject({ code: 400, msg: '请先进入房间' });
  });

  it("a paying HR's room takes more than six through the media server, up to its size", async () => {
    const promoter = await payingHr(srv);
    const room = await openRoom(srv, promoter);
    const guests: Person[] = [];
    for (let i = 0; i < 12; i++) {
      guests.push(await seeker(srv));
      await invite(srv, promoter, room, guests[i]!);
    }
    await seated(srv, [promoter, ...guests.slice(0, 11)], room);
    // The room page learns the size before its device check, and says it is full without opening the camera.
    const info = await srv.call<{ data: { capacity: number; members: unknown[] } }>('/api/sec/trtc/roomInfo', { token: guests[11]!.token, query: { channelId: room } });
    expect(info.body.data).toMatchObject({ capacity: 12 });
    expect(info.body.data.members).toHaveLength(12);
    const last = await signal(srv, guests[11]!);
    sockets.push(last);
    expect(await last.join(room)).toMatchObject({ code: 409, msg: rtcRoomFullMsg(12) });
  });

  it('Janus killed with -9 is started again at once and the server connects to it again', async () => {
    const pid = hubOf(srv).janusPid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');
    // Its rooms are taken for lost at once (the child's exit, not a keepalive later), then it is back.
    await expect.poll(() => hubOf(srv).sfu?.up, { timeout: 5_000, interval: 20 }).toBe(0);
    await expect.poll(() => hubOf(srv).sfu?.up, { timeout: 20_000 }).toBe(1);
    expect(hubOf(srv).janusPid()).not.toBe(pid);
    expect(videoMode(srv.app.services)).toContain('媒体服务器 Janus');
  });

  it('recording only with consent: asked, a "no" ends it and is kept; everyone agreeing starts it, a newcomer is asked, a withdrawal stops it', async () => {
    const promoter = await hr(srv);
    const a = await seeker(srv);
    const mate = await colleague(srv, promoter);
    const late = await seeker(srv);
    const room = await openRoom(srv, promoter, a);
    await invite(srv, promoter, room, late);
    const [p, s] = await seated(srv, [promoter, a], room);
    // Only the promoter asks; asking moves a pair's room to the media server.
    expect(await s.call('recordAsk')).toMatchObject({ code: 403, msg: '只有房间发起人可以申请录制' });
    expect(await p.call('recordAsk')).toMatchObject({ code: 0 });
    await p.next('room-mode');
    const asking = await s.next('record', (x) => x.state === 'asking');
    expect(asking).toMatchObject({ askedBy: promoter.userId, agreed: [promoter.userId], pending: [a.userId] });
    // The seeker declines: off for everyone, said why; the answer is kept.
    expect(await s.call('recordAnswer', { agree: false })).toMatchObject({ code: 0 });
    const off = await p.next('record', (x) => x.state === 'off');
    expect(off.msg).toContain('不同意录制，本次不录制');
    const db = srv.app.services.db;
    const kept = await rows<{ agreed: boolean; state: string }>(db, sql`select c.agreed, x.state from rtc_recording_consents c join rtc_recordings x on x.id = c.recording_id
      where x.room_id = ${room} and c.user_id = ${a.userId}`);
    expect(kept).toEqual([{ agreed: false, state: 'declined' }]);
    // Asked again: both agree, recording runs; a colleague entering is asked, and withdraws.
    expect(await p.call('recordAsk')).toMatchObject({ code: 0 });
    await s.next('record', (x) => x.state === 'asking' && x.id !== off.id);
    expect(await s.call('recordAnswer', { agree: true })).toMatchObject({ code: 0 });
    const running = await p.next('record', (x) => x.state === 'recording');
    expect(running.agreed.sort()).toEqual([promoter.userId, a.userId].sort());
    // A recording still running cannot be deleted from under the room (ids are sequential).
    expect((await srv.call(`/api/sec/trtc/recordings/${running.id}/delete`, { method: 'POST', token: promoter.token })).body).toEqual({ code: 404, msg: '录像不存在或已删除' });
    const [m] = await seated(srv, [mate], room);
    const asked = await m.next('record', (x) => x.state === 'recording' && x.pending.includes(mate.userId));
    expect(asked.id).toBe(running.id);
    expect(await m.call('recordAnswer', { agree: false })).toMatchObject({ code: 0 });
    expect((await p.next('record', (x) => x.state === 'off' && x.id === running.id)).msg).toContain('录制已停止');
    // Nothing was published, so there is nothing to compose: the recording ends as failed, not ready.
    await expect.poll(async () => (await one<{ state: string }>(db, sql`select state from rtc_recordings where id = ${running.id}`))?.state, { timeout: 15_000 }).toBe('failed');
    // Who may open it: the enterprise's HR and the seekers who were in the room; another enterprise's HR and a stranger are refused.
    const other = await hr(srv);
    const stranger = await seeker(srv);
    const openAs = (person: Person) => srv.call(`/api/sec/trtc/recordings/${running.id}`, { token: person.token });
    expect((await openAs(other)).body).toEqual({ code: 403, msg: '无权查看该录像' });
    expect((await openAs(stranger)).body).toEqual({ code: 403, msg: '无权查看该录像' });
    expect((await openAs(late)).body).toEqual({ code: 403, msg: '无权查看该录像' });
    expect((await openAs(promoter)).body).toEqual({ code: 409, msg: '录像合成失败' });
    expect((await openAs(a)).body).toEqual({ code: 409, msg: '录像合成失败' });
    expect((await srv.call(`/api/sec/trtc/recordings/${running.id}/delete`, { method: 'POST', token: other.token })).body).toEqual({ code: 403, msg: '无权查看该录像' });
    const listed = await srv.call<{ list: { id: number }[] }>('/api/sec/trtc/recordings', { token: mate.token });
    expect(listed.body.list.map((x) => x.id)).toContain(running.id);
    expect((await srv.call<{ list: unknown[] }>('/api/sec/trtc/recordings', { token: other.token })).body.list).toEqual([]);
    expect((await srv.call(`/api/sec/trtc/recordings/${running.id}/delete`, { method: 'POST', token: promoter.token })).body).toMatchObject({ code: 0 });
    expect((await openAs(promoter)).body).toEqual({ code: 404, msg: '录像不存在或已删除' });
  });

  it('an ended room leaves no Janus room or handle behind', async () => {
    const sfu = hubOf(srv).sfu!;
    const promoter = await hr(srv);
    const a = await seeker(srv);
    const mate = await colleague(srv, promoter);
    const room = await openRoom(srv, promoter, a);
    const people = await seated(srv, [promoter, a, mate], room);
    await people[0]!.next('room-mode');
    for (const s of people) await s.call('leave');
    await expect.poll(() => sfu.handles).toBe(0);
    await expect.poll(() => sfu.rooms).toBe(0);
  });
});

/**
 * A browser's offer to publish, as Chromium makes it (audio and VP8 video, bundled, ICE and DTLS
 * credentials): enough for Janus to create the publisher and answer; no media follow.
 */
const OFFER = [
  'v=0', 'o=- 4611731400430051336 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0 1', 'a=msid-semantic: WMS zp',
  ...[
    ['audio', '111', 'opus/48000/2', '0', '1001'],
    ['video', '96', 'VP8/90000', '1', '2002'],
  ].flatMap(([kind, pt, codec, mid, ssrc]) => [
    `m=${kind} 9 UDP/TLS/RTP/SAVPF ${pt}`, 'c=IN IP4 0.0.0.0', 'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:zpTe', 'a=ice-pwd:zpTestPasswordOf24Chars1', 'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase().padStart(2, '0')).join(':')}`,
    'a=setup:actpass', `a=mid:${mid}`, 'a=sendonly', 'a=rtcp-mux', `a=rtpmap:${pt} ${codec}`, `a=ssrc:${ssrc} cname:zp`, `a=ssrc:${ssrc} msid:zp zp${kind}`,
  ]),
  '',
].join('\r\n');

describe.skipIf(!installed)('50 rooms through the media server, opened and ended', () => {
  let churn: TestServer;
  beforeAll(async () => {
    churn = await startServer({ env: { JANUS: 'on', JANUS_RTP_PORTS: '42000-42999' } });
  });
  afterAll(async () => {
    await churn?.close();
  });

  it('each with three people publishing: afterwards no room or handle is left, by our count and by Janus\'s', { timeout: 300_000 }, async () => {
    const sfu = hubOf(churn).sfu!;
    const count = async () => ({ handles: sfu.handles, rooms: sfu.rooms, janusRooms: await sfu.serverRooms() });
    const before = await count();
    const rooms: { room: number; people: Person[]; sockets: Signal[] }[] = [];
    for (let i = 0; i < 50; i++) {
      const promoter = await hr(churn);
      const people = [promoter, await seeker(churn), await colleague(churn, promoter)];
      const room = await openRoom(churn, promoter, people[1]);
      rooms.push({ room, people, sockets: await seated(churn, people, room) });
    }
    await Promise.all(
      rooms.map(async ({ sockets: [first, ...rest] }) => {
        await first!.next('room-mode');
        const all = [first!, ...rest];
        for (const sig of all) expect((await sig.call('sfuPublish', { sdp: OFFER })).code).toBe(0);
      }),
    );
    const open = await count();
    // Each room on Janus with three publishers' handles. (Subscribing needs a publisher whose
    // media are up, which takes a browser: video-sfu.)
    expect(open).toEqual({ handles: before.handles + 50 * 3, rooms: before.rooms + 50, janusRooms: before.janusRooms + 50 });
    // Half leave one by one, half are ended by the promoter with everyone in.
    await Promise.all(
      rooms.map(async ({ room, people, sockets: list }, i) => {
        if (i % 2) for (const sig of list) await sig.call('leave');
        else expect((await churn.call('/api/sec/trtc/endRoom', { method: 'POST', token: people[0]!.token, query: { channelId: room } })).body.code).toBe(0);
      }),
    );
    await expect.poll(count, { timeout: 30_000, interval: 250 }).toEqual(before);
    console.log(`50-room churn: handles ${before.handles} → ${open.handles} → ${sfu.handles}; rooms ${before.rooms} → ${open.rooms} → ${sfu.rooms}; Janus's own room count ${before.janusRooms} → ${open.janusRooms} → ${await sfu.serverRooms()}`);
    for (const { sockets: list } of rooms) for (const sig of list) sig.close();
  });
});

describe('without the media server', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startServer();
  });
  afterAll(async () => {
    await off?.close();
  });

  it("rooms stay a mesh of six, and a paying HR's seventh is told the media server is not enabled", async () => {
    expect(videoMode(off.app.services)).toContain('JANUS=off');
    const promoter = await payingHr(off);
    const room = await openRoom(off, promoter);
    const guests: Person[] = [];
    for (let i = 0; i < 6; i++) {
      guests.push(await seeker(off));
      await invite(off, promoter, room, guests[i]!);
    }
    const list = await seated(off, [promoter, ...guests.slice(0, 5)], room);
    const info = await off.call<{ data: { capacity: number } }>('/api/sec/trtc/roomInfo', { token: promoter.token, query: { channelId: room } });
    expect(info.body.data.capacity).toBe(6);
    expect((await list[5]!.join(room)).data?.mode).toBe('mesh');
    const last = await signal(off, guests[5]!);
    sockets.push(last);
    expect(await last.join(room)).toMatchObject({ code: 409, msg: RTC_SFU_OFF_FULL_MSG });
    expect(await list[0]!.call('sfuPublish', { sdp: 'v=0' })).toMatchObject({ code: 503, msg: '媒体服务器（Janus）未启用或暂不可用，请稍后重试' });
    // A pair that cannot reach each other is told plainly that there is nothing to fall back to.
    expect(await list[0]!.call('sfuFallback', {})).toMatchObject({ code: 503, msg: '本站未启用媒体服务器（Janus），无法改由服务器转发' });
  });
});
