/**
 * The signalling socket against the frames of the contract (packages/core/src/contract/rtc.ts),
 * with a fake WebSocket standing for the server (testing/fakes.ts).
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ERROR_CODE } from './constants.js';
import type { RtcError } from './errors.js';
import type { JoinRequest, SignallingEvent } from './signalling.js';
import { GIVE_UP_MS, WebSocketSignalling, rtcSocketUrl } from './ws-signalling.js';
import { FakeSocket } from './testing/fakes.js';

const URL = 'ws://127.0.0.1:8080/api/rtc/ws';
const REQUEST: JoinRequest = { roomId: '8888', userId: '9', userSig: 'sig', session: 'session-1234', audio: true, video: false };
const JOINED = {
  roomId: '8888',
  promoterId: '10',
  members: [{ userId: '10', session: 'session-of-10', audio: true, video: true }],
  iceServers: [{ urls: 'turn:127.0.0.1:3478', username: '1700000000:9', credential: 'hmac' }],
  endsAt: null,
  serverTime: 1,
  resumed: false,
  mode: 'mesh' as const,
};
const MEMBERS = [{ ...JOINED.members[0]!, screen: false, published: false }];

let events: SignallingEvent[];
let signalling: WebSocketSignalling;

/** The server as the contract has it: auth and join answered, anything else acknowledged. */
function server(overrides: Partial<Record<string, { code: number; msg?: string; data?: unknown }>> = {}) {
  FakeSocket.server = (frame) => {
    if (frame.op in overrides) return overrides[frame.op];
    if (frame.op === 'auth') return { code: 0, data: { userId: frame.p.userId, serverTime: 1 } };
    if (frame.op === 'join') return { code: 0, data: JOINED };
    return { code: 0, data: {} };
  };
}

beforeEach(() => {
  FakeSocket.all = [];
  server();
  events = [];
  signalling = new WebSocketSignalling(URL, FakeSocket);
  signalling.subscribe((event) => events.push(event));
});

afterEach(async () => {
  await signalling.leave();
  vi.useRealTimers();
});

const last = () => FakeSocket.all.at(-1)!;

describe('joining', () => {
  test('authenticates with the userSig, then joins with the session and the media on', async () => {
    const result = await signalling.join(REQUEST);
    expect(last().url).toBe(URL);
    expect(last().frames).toEqual([
      { id: 1, op: 'auth', p: { userId: '9', userSig: 'sig' } },
      { id: 2, op: 'join', p: { roomId: '8888', session: 'session-1234', audio: true, video: false } },
    ]);
    expect(result).toEqual({ members: MEMBERS, iceServers: JOINED.iceServers, resumed: false, mode: 'mesh' });
  });

  test('a refusal rejects with SERVER_ERROR, the server\'s code as extraCode and its words; the socket is closed', async () => {
    server({ join: { code: 409, msg: '房间人数已满（视频面试最多 6 人同时在房间内）' } });
    const error = (await signalling.join(REQUEST).catch((e: unknown) => e)) as RtcError;
    expect([error.code, error.extraCode, error.message]).toEqual([ERROR_CODE.SERVER_ERROR, 409, '房间人数已满（视频面试最多 6 人同时在房间内）']);
    expect(last().closedWith).toBe(1000);
  });

  test('a bad userSig: the auth refusal is the error (401)', async () => {
    server({ auth: { code: 401, msg: '签名无效或已过期' } });
    const error = (await signalling.join(REQUEST).catch((e: unknown) => e)) as RtcError;
    expect([error.extraCode, error.message]).toEqual([401, '签名无效或已过期']);
    expect(last().ops()).toEqual(['auth']);
  });

  test('no server: OPERATION_FAILED with a network message', async () => {
    vi.useFakeTimers();
    server({ auth: undefined });
    const failing = signalling.join(REQUEST).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = (await failing) as RtcError;
    expect([error.code, error.message]).toEqual([ERROR_CODE.OPERATION_FAILED, '无法连接音视频服务，请检查网络后重试']);
  });

  test('the address: enterRoom\'s proxy, else /api/rtc/ws on the page\'s host', () => {
    expect(rtcSocketUrl('wss://api.example.com/api/rtc/ws')).toBe('wss://api.example.com/api/rtc/ws');
    vi.stubGlobal('location', { protocol: 'https:', host: 'zp.example.com' });
    expect(rtcSocketUrl()).toBe('wss://zp.example.com/api/rtc/ws');
    vi.unstubAllGlobals();
  });
});

describe('in the room', () => {
  test('pushes become events; relays and media announcements are frames of the contract', async () => {
    await signalling.join(REQUEST);
    const ws = last();
    ws.receive({ ev: 'member-joined', member: { userId: '11', session: 'session-of-11', audio: false, video: true } });
    ws.receive({ ev: 'member-media', member: { userId: '11', session: 'session-of-11', audio: true, video: true } });
    ws.receive({ ev: 'peer-message', from: '11', session: 'session-of-11', message: { type: 'offer', sdp: 'v=0' } });
    ws.receive({ ev: 'member-left', userId: '11', cause: 'left' });
    ws.receive({ ev: 'time-warning', endsAt: 2, remainingSeconds: 60 });
    ws.receive({ id: null, code: 400, msg: '格式错误' }); // an answer to nobody
    expect(events).toEqual([
      { type: 'member-joined', member: { userId: '11', session: 'session-of-11', audio: false, video: true } },
      { type: 'member-media', member: { userId: '11', session: 'session-of-11', audio: true, video: true } },
      { type: 'peer-message', from: '11', session: 'session-of-11', message: { type: 'offer', sdp: 'v=0' } },
      { type: 'member-left', userId: '11' },
    ]);
    signalling.send('11', { type: 'answer', sdp: 'v=0 a' }, 'session-of-11');
    signalling.publish({ audio: false, video: true });
    expect(ws.frames.slice(2)).toEqual([
      { op: 'relay', p: { to: '11', toSession: 'session-of-11', message: { type: 'answer', sdp: 'v=0 a' } } },
      { op: 'media', p: { audio: false, video: true } },
    ]);
  });

  test('removed by the server: the event with its reason, cause and words; the socket closes and stays closed', async () => {
    await signalling.join(REQUEST);
    last().receive({ ev: 'removed', reason: 'room_disband', cause: 'promoter_ended', msg: '面试官已结束面试' });
    expect(events).toEqual([{ type: 'removed', reason: 'room_disband', cause: 'promoter_ended', message: '面试官已结束面试' }]);
    expect(last().closedWith).toBe(1000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  test('leave says so and closes; nothing reconnects afterwards', async () => {
    await signalling.join(REQUEST);
    const ws = last();
    await signalling.leave();
    expect(ws.ops()).toEqual(['auth', 'join', 'leave']);
    expect(ws.closedWith).toBe(1000);
    ws.drop();
    expect(events).toEqual([]);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('when the socket drops', () => {
  test('reconnects with backoff and joins again with the same session and the media of now; rejoined', async () => {
    vi.useFakeTimers();
    await signalling.join(REQUEST);
    last().drop();
    expect(events).toEqual([{ type: 'connection', state: 'RECONNECTING' }]);
    // Away: relays are lost (the connection restarts ICE when back), media waits for the join.
    signalling.send('10', { type: 'offer', sdp: 'lost' });
    signalling.publish({ audio: false, video: false });
    server({ join: { code: 0, data: { ...JOINED, resumed: true } } });
    await vi.advanceTimersByTimeAsync(300);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().frames).toEqual([
      { id: 3, op: 'auth', p: { userId: '9', userSig: 'sig' } },
      { id: 4, op: 'join', p: { roomId: '8888', session: 'session-1234', audio: false, video: false } },
    ]);
    expect(events.at(-1)).toEqual({ type: 'rejoined', result: { members: MEMBERS, iceServers: JOINED.iceServers, resumed: true, mode: 'mesh' } });
  });

  test('a reconnect late in a long call logs in with a renewed userSig when the caller can renew it', async () => {
    vi.useFakeTimers();
    let renewals = 0;
    await signalling.join({ ...REQUEST, refreshUserSig: async () => `renewed-${++renewals}` });
    expect(last().frames[0]).toEqual({ id: 1, op: 'auth', p: { userId: '9', userSig: 'sig' } });
    last().drop();
    await vi.advanceTimersByTimeAsync(300);
    expect(renewals).toBe(1);
    expect(last().frames[0]).toEqual({ id: 3, op: 'auth', p: { userId: '9', userSig: 'renewed-1' } });
    expect(events.at(-1)).toMatchObject({ type: 'rejoined' });
  });

  test('a server that is still down: tries again, further apart, until it answers', async () => {
    vi.useFakeTimers();
    await signalling.join(REQUEST);
    server({ auth: undefined }); // sockets open but nobody answers
    last().drop();
    await vi.advanceTimersByTimeAsync(300); // first attempt
    last().drop();
    await vi.advanceTimersByTimeAsync(600); // second, after a longer pause
    expect(FakeSocket.all.length).toBeGreaterThanOrEqual(3);
    server();
    last().drop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events.filter((e) => e.type === 'rejoined')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'connection')).toEqual([{ type: 'connection', state: 'RECONNECTING' }]);
  });

  test('the room ended meanwhile (410): removed with the server\'s words', async () => {
    vi.useFakeTimers();
    await signalling.join(REQUEST);
    server({ join: { code: 410, msg: '房间已结束' } });
    last().drop();
    await vi.advanceTimersByTimeAsync(300);
    expect(events.at(-1)).toEqual({ type: 'removed', reason: 'room_disband', cause: 'expired', message: '房间已结束' });
  });

  test('the userSig no longer valid (4001 on auth): DISCONNECTED, no more attempts', async () => {
    vi.useFakeTimers();
    await signalling.join(REQUEST);
    server({ auth: { code: 401, msg: '签名无效或已过期' } });
    last().drop();
    await vi.advanceTimersByTimeAsync(300);
    expect(events.at(-1)).toEqual({ type: 'connection', state: 'DISCONNECTED', message: '签名无效或已过期' });
    const sockets = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.all).toHaveLength(sockets);
  });

  test(`unreachable for longer than ${GIVE_UP_MS / 1000} s: DISCONNECTED`, async () => {
    vi.useFakeTimers();
    await signalling.join(REQUEST);
    FakeSocket.server = () => undefined;
    last().drop();
    await vi.advanceTimersByTimeAsync(GIVE_UP_MS + 20_000);
    expect(events.at(-1)).toMatchObject({ type: 'connection', state: 'DISCONNECTED' });
  });

  test('a socket that silently stopped answering is noticed by the ping and replaced', async () => {
    vi.useFakeTimers();
    await signalling.join(REQUEST);
    server({ ping: undefined });
    await vi.advanceTimersByTimeAsync(15_000 + 8_000);
    expect(events[0]).toEqual({ type: 'connection', state: 'RECONNECTING' });
    server();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(events.at(-1)!.type).toBe('rejoined');
  });
});
