/**
 * The signalling socket /api/rtc/ws: authentication, malformed frames, relaying only inside a
 * room, member and media pushes, the 20-minute end and the promoter's end reaching everyone,
 * the grace period after a socket drop, a reload taking the place over, TURN credentials per
 * join and the capacity under concurrent joins.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RTC_NO_ROOM_MSG, RTC_ROOM_FULL_MSG, rtcDailyUsedMsg, type rtcApi } from '@zp/core/contract';
import net from 'node:net';
import { one, sql } from '../../db/index.js';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { operatorSession } from '../../../test/roles.js';
import { colleague, controlClock, hr, hubOf, invite, openRoom, seeker, Signal, signal, type Person } from '../../../test/rtc.js';

/** Long enough that a reconnect on a loaded machine comes back in time; tests of the drop shorten it. */
const GRACE_MS = 60_000;
let srv: TestServer;
let clock: ReturnType<typeof controlClock>;
const sockets: Signal[] = [];
const open = async (p: Person) => {
  const s = await signal(srv, p);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  srv = await startServer({ env: { RTC_RECONNECT_GRACE_MS: String(GRACE_MS) } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});
beforeEach(() => {
  clock = controlClock(srv);
});

const chinese = /[\u4e00-\u9fa5]/;

/** Opens /api/rtc/ws over a bare TCP socket, sends one masked text frame of `payload`, resolves with the close code. */
function rawTextFrame(base: string, payload: Buffer): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(port), hostname);
    let upgraded = false;
    let buf = Buffer.alloc(0);
    sock.on('error', reject);
    sock.on('connect', () => {
      sock.write(
        `GET /api/rtc/ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!buf.subarray(0, end).toString().startsWith('HTTP/1.1 101')) return reject(new Error(buf.toString()));
        upgraded = true;
        buf = buf.subarray(end + 4);
        const mask = crypto.randomBytes(4);
        const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
        sock.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]));
      }
      // a close frame from the server: opcode 8, then the 2-byte code
      if (buf.length >= 4 && (buf[0] & 0x0f) === 8) {
        resolve(buf.readUInt16BE(2));
        sock.destroy();
      }
    });
  });
}

const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n' };
const candidate = { type: 'candidate', candidate: { candidate: 'candidate:1 1 udp 2122260223 192.168.1.2 54321 typ host', sdpMid: '0', sdpMLineIndex: 0 } };

/** An interview: a free HR's room with a seeker invited, both on a socket and in the room. */
async function interview() {
  const promoter = await hr(srv);
  const s1 = await seeker(srv);
  const room = await openRoom(srv, promoter, s1);
  const a = await open(promoter);
  const b = await open(s1);
  expect((await a.join(room, { audio: true, video: true })).code).toBe(0);
  expect((await b.join(room)).code).toBe(0);
  await a.next('member-joined', (p) => p.member.userId === s1.userId);
  return { promoter, s1, room, a, b };
}

describe('authentication', () => {
  it('comes first, with a userSig of the same user', async () => {
    const s1 = await seeker(srv);
    const other = await seeker(srv);
    const c = new Signal(srv.url);
    sockets.push(c);
    expect(await c.call('join', { roomId: '100001', session: c.session })).toMatchObject({ code: 401, msg: '请先发送 auth 完成登录' });
    expect(await c.call('ping')).toMatchObject({ code: 401 });
    expect(await c.call('auth', { userId: s1.userId, userSig: other.userSig })).toMatchObject({ code: 401, msg: 'userSig 无效，请重新登录' });
    expect(await c.closed).toBe(4001);

    const d = new Signal(srv.url);
    sockets.push(d);
    expect(await d.call('auth', { userId: s1.userId, userSig: `${s1.userSig.slice(0, -3)}abc` })).toMatchObject({ code: 401, msg: 'userSig 无效，请重新登录' });
    expect(await d.closed).toBe(4001);

    const e = await open(s1);
    expect(await e.call('ping')).toMatchObject({ code: 0, data: { serverTime: expect.any(Number) } });
  });

  it('a logout ends the userSig here as in chat', async () => {
    const s1 = await seeker(srv);
    expect((await srv.call('/api/sec/pc/logout', { method: 'POST', token: s1.token })).body.code).toBe(0);
    const c = new Signal(srv.url);
    sockets.push(c);
    expect(await c.call('auth', { userId: s1.userId, userSig: s1.userSig })).toMatchObject({ code: 401, msg: 'userSig 已过期，请重新登录' });
    expect(await c.closed).toBe(4001);
  });
});

describe('malformed frames', () => {
  it('are refused one by one and the socket carries on', async () => {
    const { s1, room, b } = await interview();
    const refused: [string, string | RegExp][] = [
      ['not json', '请求不是合法的 JSON'],
      ['null', '请求应为 JSON 对象 {id, op, p}'],
      ['42', '请求应为 JSON 对象 {id, op, p}'],
      ['"text"', '请求应为 JSON 对象 {id, op, p}'],
      ['[1,2]', '请求应为 JSON 对象 {id, op, p}'],
      ['{"id":"7","op":"ping"}', 'id 应为非负整数'],
      ['{"id":-1,"op":"ping"}', 'id 应为非负整数'],
      ['{"op":"nope"}', '未知的操作：nope'],
      ['{"op":"__proto__"}', '未知的操作：__proto__'],
      ['{"op":42}', '未知的操作：number'],
      ['{"op":"join","p":[]}', '参数 p 应为对象'],
      ['{"op":"join","p":null}', '参数 p 应为对象'],
      ['{"op":"join","p":{"roomId":123,"session":"abcdefgh"}}', /房间号\(roomId\) 类型错误/],
      ['{"op":"join","p":{"roomId":"12a","session":"abcdefgh"}}', /房间号\(roomId\) 格式不正确/],
      ['{"op":"join","p":{"roomId":"1"}}', /缺少必填参数/],
      ['{"op":"media","p":{"audio":"yes","video":true}}', /类型错误/],
      ['{"op":"relay","p":{"to":"1","message":{"type":"bogus"}}}', chinese],
      [`{"op":"relay","p":{"to":"1","message":{"type":"offer","sdp":"${'x'.repeat(60_001)}"}}}`, chinese],
      ['{"op":"relay","p":{"to":"1","message":{"type":"candidate","candidate":{"candidate":5}}}}', chinese],
      ['{"op":"relay","p":{"to":"1","message":{"type":"offer","sdp":null}}}', chinese],
    ];
    for (const [text, msg] of refused) {
      const r = await b.raw(text);
      expect(r.code, text.slice(0, 60)).toBe(400);
      expect(r.msg, text.slice(0, 60)).toMatch(msg);
      expect(r.id).toBeNull();
    }
    expect(await b.raw('{"id":9,"op":"relay","p":{"to":"abc","message":{}}}', 9)).toMatchObject({ id: 9, code: 400 });
    expect(await b.raw(Buffer.from([1, 2, 3]))).toMatchObject({ code: 400, msg: '只接受文本帧（JSON）' });
    expect(await b.call('ping')).toMatchObject({ code: 0 });
    expect(await b.call('media', { audio: true, video: false })).toMatchObject({ code: 0 });
    // still in the room after all that
    const i = await srv.call<ApiReply<typeof rtcApi.roomInfo>>('/api/sec/trtc/roomInfo', { token: s1.token, query: { channelId: room } });
    expect(i.body.data.members.map((m: { userId: string }) => m.userId)).toContain(s1.userId);
  });

  it('oversized or not UTF-8: the socket is closed, the server keeps serving', async () => {
    const s1 = await seeker(srv);
    const big = await open(s1);
    await big.send(JSON.stringify({ op: 'ping', p: { pad: 'x'.repeat(70 * 1024) } }));
    expect(await big.closed).toBe(1009);
    // a text frame whose bytes are not UTF-8 (no client library sends one, so it is written by hand)
    expect(await rawTextFrame(srv.url, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))).toBe(1007);
    const fine = await open(s1);
    expect(await fine.call('ping')).toMatchObject({ code: 0 });
  });
});

describe('a room on the socket', () => {
  it('tells members who comes, relays negotiation and media, and who goes', async () => {
    clock.set(Date.UTC(2030, 4, 1, 2, 0));
    const promoter = await hr(srv);
    const s1 = await seeker(srv);
    const room = await openRoom(srv, promoter, s1);
    const a = await open(promoter);
    const b = await open(s1);
    const ja = await a.join(room, { audio: true, video: true });
    expect(ja).toMatchObject({ code: 0, data: { roomId: String(room), promoterId: promoter.userId, members: [], iceServers: [], endsAt: null, resumed: false } });
    // the free HR's 20 minutes start when the seeker is in too
    const jb = await b.join(room);
    expect(jb.data!.endsAt).toBe(clock.now + 20 * 60_000);
    expect(jb.data!.members).toEqual([{ userId: promoter.userId, session: a.session, audio: true, video: true, screen: false, published: false }]);
    expect(jb.data!.mode).toBe('mesh');
    expect(await a.next('member-joined')).toEqual({ ev: 'member-joined', member: { userId: s1.userId, session: b.session, audio: false, video: false, screen: false } });

    expect(await b.call('relay', { to: promoter.userId, message: offer })).toMatchObject({ code: 0 });
    expect(await a.next('peer-message')).toEqual({ ev: 'peer-message', from: s1.userId, session: b.session, message: offer });
    const answer = { type: 'answer', sdp: 'v=0\r\n', junk: 'dropped' };
    expect(await a.call('relay', { to: s1.userId, toSession: b.session, message: answer })).toMatchObject({ code: 0 });
    expect((await b.next('peer-message')).message).toEqual({ type: 'answer', sdp: 'v=0\r\n' });
    await a.call('relay', { to: s1.userId, message: candidate });
    expect((await b.next('peer-message', (p) => p.message.type === 'candidate')).message).toEqual(candidate);
    // a message for another session of the receiver is not delivered
    await a.call('relay', { to: s1.userId, toSession: 'someoneelse1', message: offer });

    expect(await b.call('media', { audio: true, video: false })).toMatchObject({ code: 0 });
    expect(await a.next('member-media')).toEqual({
      ev: 'member-media',
      member: { userId: s1.userId, session: b.session, audio: true, video: false, screen: false, published: false },
    });
    // Sharing the screen: the others hear it, and a page that comes back to the room learns it from the join.
    expect(await b.call('media', { audio: true, video: false, screen: true })).toMatchObject({ code: 0 });
    expect((await a.next('member-media', (p) => !!p.member.screen)).member).toMatchObject({ userId: s1.userId, video: false, screen: true });
    expect(await b.call('media', { audio: true, video: false, screen: 'yes' })).toMatchObject({ code: 400 });

    // The room's text chat (custom message 1): relayed to the others in order and kept; a raised
    // hand (2) is relayed only. Not text, empty or only zero-width, control characters (bidi
    // overrides too) or over 1 KB: refused, nothing sent.
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const said = await b.call('custom', { cmdId: 1, data: b64('您好，我准备好了') });
    expect(said).toMatchObject({ code: 0 });
    const got = await a.next('custom');
    expect(got).toMatchObject({ ev: 'custom', userId: s1.userId, cmdId: 1, seq: (said.data as { seq: number }).seq });
    expect(Buffer.from(got.data, 'base64').toString('utf8')).toBe('您好，我准备好了');
    expect(await b.call('custom', { cmdId: 2, data: b64('1') })).toMatchObject({ code: 0 });
    expect(await a.next('custom', (p) => p.cmdId === 2)).toMatchObject({ userId: s1.userId, data: b64('1') });
    for (const data of [b64('  '), b64('\u200b\u200b'), b64('a\u0000b'), b64('看\u202e这里'), Buffer.from([0xff, 0xfe]).toString('base64'), b64('字'.repeat(301))]) {
      expect(await b.call('custom', { cmdId: 1, data })).toMatchObject({ code: 400, msg: expect.stringMatching(chinese) });
    }
    for (const p of [{ cmdId: 11, data: b64('x') }, { cmdId: 3, data: 'not base64!' }, { cmdId: 3, data: Buffer.alloc(1100).toString('base64') }, { cmdId: 1 }]) {
      expect(await b.call('custom', p)).toMatchObject({ code: 400 });
    }
    expect(a.pushes.filter((p) => p.ev === 'custom')).toHaveLength(2);
    // A lenient base64 spelling goes on in canonical form (browsers' atob refuses the other).
    expect(await b.call('custom', { cmdId: 3, data: 'QUJDR' })).toMatchObject({ code: 0 });
    expect((await a.next('custom', (p) => p.cmdId === 3)).data).toBe('QUJD');
    // A flood is cut short: a few a second (after a small burst), the rest refused with 429.
    const flood = await Promise.all(Array.from({ length: 20 }, () => b.call('custom', { cmdId: 2, data: b64('0') })));
    expect(flood.filter((r) => r.code === 429).length).toBeGreaterThan(5);
    // Kept with the interview: the people of the room read it back, an unrelated HR may not.
    const history = await srv.call<ApiReply<typeof rtcApi.roomMessages>>('/api/sec/trtc/roomMessages', { token: promoter.token, query: { channelId: room } });
    expect(history.body.list).toEqual([{ seq: (said.data as { seq: number }).seq, userId: s1.userId, text: '您好，我准备好了', at: expect.any(Number) }]);
    const stranger = await hr(srv);
    expect((await srv.call('/api/sec/trtc/roomMessages', { token: stranger.token, query: { channelId: room } })).body).toMatchObject({ code: 403 });
    expect(await b.call('leave')).toMatchObject({ code: 0 });
    expect(await a.next('member-left')).toEqual({ ev: 'member-left', userId: s1.userId, cause: 'left' });
    // Said after the seeker left: the enterprise's HR reads it, the seeker does not.
    clock.set(clock.now + 1000);
    expect(await a.call('custom', { cmdId: 1, data: b64('下一位候选人请准备') })).toMatchObject({ code: 0 });
    const read = async (p: Person) =>
      (await srv.call<ApiReply<typeof rtcApi.roomMessages>>('/api/sec/trtc/roomMessages', { token: p.token, query: { channelId: room } })).body.list.map((m) => m.text);
    expect(await read(promoter)).toEqual(['您好，我准备好了', '下一位候选人请准备']);
    expect(await read(s1)).toEqual(['您好，我准备好了']);
    // On the interview records: the room, with as many messages as each may read; nothing for a stranger.
    const chats = async (p: Person) => (await srv.call<ApiReply<typeof rtcApi.roomChats>>('/api/sec/trtc/roomChats', { token: p.token })).body.list;
    expect(await chats(promoter)).toEqual([{ roomId: room, count: 2, firstAt: expect.any(Number), lastAt: expect.any(Number) }]);
    expect((await chats(s1)).map((c) => [c.roomId, c.count])).toEqual([[room, 1]]);
    expect(await chats(stranger)).toEqual([]);
    expect(b.pushes.filter((p) => p.ev === 'peer-message').map((p) => p.message.type)).toEqual(['answer', 'candidate']);
    expect(b.pushes.some((p) => p.ev === 'removed')).toBe(false);
    // back in: member-joined again
    expect((await b.join(room)).code).toBe(0);
    await a.next('member-joined', (p) => p.member.userId === s1.userId && a.pushes.filter((x) => x.ev === 'member-joined').length === 2);
  });

  it('relays only between members of the same room', async () => {
    const { promoter, s1, room, a, b } = await interview();
    // a colleague in a room of their own, a seeker not invited, another enterprise's HR, an operator
    const mate = await colleague(srv, promoter);
    const elsewhere = await open(mate);
    const otherRoom = await openRoom(srv, mate);
    expect((await elsewhere.join(otherRoom)).code).toBe(0);
    expect(await elsewhere.call('relay', { to: promoter.userId, message: offer })).toMatchObject({ code: 400, msg: '对方不在房间中' });
    expect(await elsewhere.call('relay', { to: mate.userId, message: offer })).toMatchObject({ code: 400, msg: '不能发给自己' });

    const stranger = await open(await seeker(srv));
    expect(await stranger.call('relay', { to: promoter.userId, message: offer })).toMatchObject({ code: 400, msg: '请先进入房间' });
    expect(await stranger.call('media', { audio: true, video: true })).toMatchObject({ code: 400, msg: '请先进入房间' });
    expect(await stranger.join(room)).toMatchObject({ code: 404, msg: RTC_NO_ROOM_MSG });
    expect(await stranger.call('relay', { to: promoter.userId, message: offer })).toMatchObject({ code: 400 });
    const foreign = await open(await hr(srv));
    expect(await foreign.join(room)).toMatchObject({ code: 404, msg: RTC_NO_ROOM_MSG });
    const op = await operatorSession(srv);
    const sig = await srv.call('/api/sec/trtc/userSig', { token: op.token });
    const opSocket = new Signal(srv.url);
    sockets.push(opSocket);
    if (sig.body.code === 0) {
      await opSocket.call('auth', { userId: op.userId, userSig: sig.body.userSig });
      expect(await opSocket.join(room)).toMatchObject({ code: 403, msg: '运营账号不能进入视频面试房间' });
    }
    expect(await elsewhere.join(room)).toMatchObject({ code: 409, msg: '请先退出当前房间再进入其他房间' });
    expect(await a.join(9_999_999)).toMatchObject({ code: 409 });
    const free = await open(mate);
    expect(await free.join(4294967294)).toMatchObject({ code: 404, msg: RTC_NO_ROOM_MSG });

    // the colleague may come in; then the relay reaches them
    expect(await elsewhere.call('leave')).toMatchObject({ code: 0 });
    expect((await elsewhere.join(room)).data!.members.map((m: { userId: string }) => m.userId).sort()).toEqual([promoter.userId, s1.userId].sort());
    await b.call('relay', { to: mate.userId, message: offer });
    expect((await elsewhere.next('peer-message')).from).toBe(s1.userId);
    for (const s of [stranger, foreign, opSocket]) expect(s.pushes).toEqual([]);
    expect(a.pushes.filter((p) => p.ev === 'peer-message')).toEqual([]);
  });

  it('a free HR\'s room warns a minute before its 20 minutes and then ends for everyone', async () => {
    clock.set(Date.UTC(2030, 4, 2, 2, 0));
    const { s1, room, a, b, promoter } = await interview();
    const ends = clock.now + 20 * 60_000;
    clock.set(ends - 90_000);
    await hubOf(srv).sweep();
    clock.set(ends - 30_000);
    await hubOf(srv).sweep();
    for (const s of [a, b]) expect(await s.next('time-warning')).toEqual({ ev: 'time-warning', endsAt: ends, remainingSeconds: 30 });
    await hubOf(srv).sweep();
    expect(a.pushes.filter((p) => p.ev === 'time-warning')).toHaveLength(1);
    clock.set(ends);
    await hubOf(srv).sweep();
    for (const s of [a, b]) {
      expect(await s.next('removed')).toEqual({ ev: 'removed', reason: 'room_disband', cause: 'time_up', msg: '免费会员的视频面试时长已满 20 分钟，房间已结束' });
    }
    expect(await b.join(room)).toMatchObject({ code: 410 });
    expect(await a.call('relay', { to: s1.userId, message: offer })).toMatchObject({ code: 400, msg: '请先进入房间' });
    // and the seeker's day with this HR is used
    const again = await srv.call('/api/sec/trtc/hrOpenRoom', { method: 'POST', token: promoter.token, query: { userId: s1.userId } });
    expect(again.body).toEqual({ code: 403, msg: rtcDailyUsedMsg('测试求职者', '10:00') });
  });

  it('the promoter ends it: everyone is told', async () => {
    const { promoter, room, a, b } = await interview();
    const r = await srv.call('/api/sec/trtc/endRoom', { method: 'POST', token: promoter.token, query: { channelId: room } });
    expect(r.body.code).toBe(0);
    for (const s of [a, b]) expect(await s.next('removed')).toMatchObject({ reason: 'room_disband', cause: 'promoter_ended', msg: '房间发起人已结束视频面试' });
  });

  it('leaving through HTTP takes the socket out too', async () => {
    const { s1, room, a, b } = await interview();
    await srv.call('/api/sec/trtc/leaveRoom', { method: 'POST', token: s1.token, query: { channelId: room } });
    expect(await b.next('removed')).toMatchObject({ reason: 'kick', cause: 'left_elsewhere' });
    expect(await a.next('member-left')).toEqual({ ev: 'member-left', userId: s1.userId, cause: 'left' });
  });
});

describe('drops and reloads', () => {
  it('a socket back within the grace period keeps the place; one gone longer is removed', async () => {
    const { promoter, s1, room, a, b } = await interview();
    b.drop();
    await b.closed;
    const back = new Signal(srv.url);
    sockets.push(back);
    back.session = b.session;
    await back.auth(s1);
    const r = await back.join(room, { audio: true, video: true });
    expect(r).toMatchObject({ code: 0, data: { resumed: true } });
    expect(r.data!.members.map((m: { userId: string }) => m.userId)).toEqual([promoter.userId]);
    // the others see the media state, not a new member
    expect(await a.next('member-media', (p) => p.member.userId === s1.userId)).toMatchObject({ member: { audio: true, video: true } });
    expect(a.pushes.filter((p) => p.ev === 'member-joined' || p.ev === 'member-left')).toHaveLength(1);
    await back.call('relay', { to: promoter.userId, message: offer });
    expect((await a.next('peer-message')).session).toBe(b.session);

    const rooms = hubOf(srv).rooms;
    rooms.graceMs = 400;
    try {
      const dropAt = Date.now();
      back.drop();
      expect(await a.next('member-left', () => true, 60_000)).toEqual({ ev: 'member-left', userId: s1.userId, cause: 'dropped' });
      expect(Date.now() - dropAt).toBeGreaterThanOrEqual(300);
    } finally {
      rooms.graceMs = GRACE_MS;
    }
    const i = await srv.call<ApiReply<typeof rtcApi.roomInfo>>('/api/sec/trtc/roomInfo', { token: promoter.token, query: { channelId: room } });
    expect(i.body.data.members.map((m: { userId: string }) => m.userId)).toEqual([promoter.userId]);
  });

  it('a reload (a new session of the same person) takes the place over', async () => {
    const { s1, room, a, b } = await interview();
    const reloaded = await open(s1);
    const r = await reloaded.join(room);
    expect(r).toMatchObject({ code: 0, data: { resumed: false } });
    expect(await b.next('removed')).toEqual({ ev: 'removed', reason: 'kick', cause: 'other_session', msg: '您已在其他页面进入该房间' });
    expect(await a.next('member-joined', (p) => p.member.session === reloaded.session)).toMatchObject({ member: { userId: s1.userId } });
    // the old page's socket is out of the room; closing it costs the new one nothing
    expect(await b.call('relay', { to: r.data!.promoterId, message: offer })).toMatchObject({ code: 400, msg: '请先进入房间' });
    const count = hubOf(srv).socketCount;
    b.close();
    await b.closed;
    await expect.poll(() => hubOf(srv).socketCount).toBe(count - 1);
    await hubOf(srv).sweep();
    const row = await one<{ connected: boolean; session: string }>(
      srv.app.services.db,
      sql`select connected, session from rtc_room_members where room_id = ${String(room)} and user_id = ${s1.userId} and left_at is null`,
    );
    expect(row).toEqual({ connected: true, session: reloaded.session });
  });
});

describe('capacity and ICE servers', () => {
  it('eight joining at once: six get in', async () => {
    const promoter = await hr(srv);
    const mate = await colleague(srv, promoter);
    const room = await openRoom(srv, promoter);
    const seekers: Person[] = [];
    for (let i = 0; i < 6; i++) {
      seekers.push(await seeker(srv));
      await invite(srv, promoter, room, seekers[i]);
    }
    const socketsOf = await Promise.all([promoter, mate, ...seekers].map((p) => open(p)));
    const replies = await Promise.all(socketsOf.map((s) => s.join(room)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(6);
    expect(replies.filter((r) => r.code !== 0)).toEqual([
      { id: expect.any(Number), code: 409, msg: RTC_ROOM_FULL_MSG },
      { id: expect.any(Number), code: 409, msg: RTC_ROOM_FULL_MSG },
    ]);
  });

  it('hands out TURN credentials made for the user at each join, never the secret', async () => {
    const config = srv.app.services.config;
    const saved = { ice: config.iceServers, rtc: config.rtc };
    config.iceServers = [{ urls: 'stun:stun.example.com:3478' }];
    config.rtc = { ...config.rtc, turnSecret: 'coturn-shared-secret', turnUrls: ['turn:127.0.0.1:3478?transport=udp', 'turns:turn.example.com:443'], turnTtl: 3600 };
    try {
      const { promoter, s1, room } = await interview();
      const c = await open(s1);
      c.session = crypto.randomBytes(8).toString('hex');
      const r = await c.join(room);
      const before = Math.floor(clock.now / 1000);
      expect(r.data!.iceServers[0]).toEqual({ urls: 'stun:stun.example.com:3478' });
      const turn = r.data!.iceServers[1];
      expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp', 'turns:turn.example.com:443']);
      const [expiry, user] = turn.username!.split(':');
      expect(user).toBe(s1.userId);
      expect(Number(expiry) - before).toBeGreaterThanOrEqual(3599);
      expect(Number(expiry) - before).toBeLessThanOrEqual(3601);
      expect(turn.credential).toBe(crypto.createHmac('sha1', 'coturn-shared-secret').update(turn.username!).digest('base64'));
      expect(JSON.stringify(r.data)).not.toContain('coturn-shared-secret');
      const p = await open(promoter);
      p.session = crypto.randomBytes(8).toString('hex');
      const rp = await p.join(room);
      expect(rp.data!.iceServers[1].username).toBe(`${expiry}:${promoter.userId}`);
    } finally {
      config.iceServers = saved.ice;
      config.rtc = saved.rtc;
    }
  });
});
