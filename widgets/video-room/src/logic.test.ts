import { describe, expect, test } from 'vitest';
import { ApiError } from '@zp/core/client';
import { RTC_INVITED_MSG, RTC_WARNING_SECONDS } from '@zp/core/contract';
import {
  DEVICE_PREFS_KEY, INVITED_MSG, MSG, WARNING_SECONDS, clockOffset, deviceErrorText, errorText, focusedId, screenTileId, smallTilePage, SMALL_TILES_PER_PAGE, formatClock, formatRemaining, fraudWarning,
  initialRoomState, kickedText, loadDevicePrefs, markJoined, memberLink, parseRoomMessage, peakLevel, pickDevice, roomClock, roomReducer,
  SPEAKING_VOLUME, roomFullFor, saveDevicePrefs, speakers, validRoomId, wasJoined, type RoomAction, type RoomState,
} from './logic.js';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const run = (...actions: RoomAction[]): RoomState => actions.reduce(roomReducer, initialRoomState);

test('the values repeated from the contract agree with it', () => {
  expect(WARNING_SECONDS).toBe(RTC_WARNING_SECONDS);
  expect(INVITED_MSG).toBe(RTC_INVITED_MSG);
  expect(MSG.invited).toBe('邀请成功，请等待对方进入房间');
});

test('media errors read as spec section 8 words them', () => {
  // no camera, or permission refused (trtc-sdk-v5 DEVICE_ERROR with extraCode 5301 / 5302)
  expect(errorText({ code: 5300, extraCode: 5301, message: 'x' })).toBe('请确认已连接摄像头和麦克风并授予其访问权限！');
  expect(errorText({ code: 5300, extraCode: 5302, message: 'x' })).toBe('请确认已连接摄像头和麦克风并授予其访问权限！');
  // getUserMedia's own refusal in the device check
  expect(deviceErrorText(new DOMException('denied', 'NotAllowedError'))).toBe('请确认已连接摄像头和麦克风并授予其访问权限！');
  // a camera in use elsewhere says so and still asks to check the devices
  expect(deviceErrorText({ code: 5300, extraCode: 5303, message: 'Could not start video source' })).toBe(
    '无法打开摄像头或麦克风（Could not start video source），请确认已连接摄像头和麦克风并授予其访问权限！',
  );
  // unsupported browser: the meaning in Chinese with the spec's English text
  expect(errorText({ code: 5200, message: 'no webrtc' })).toContain('Your browser is not compatible with TRTC! Please download Chrome M72+');
  expect(errorText({ code: 5200 })).toContain('Chrome 72');
  // the server's refusal of the room, in its words
  expect(errorText(new ApiError(403, '您未被邀请进入该房间', 200))).toBe('进房失败原因：您未被邀请进入该房间');
  expect(errorText({ code: 5400, extraCode: 409, message: '房间人数已满' })).toBe('进房失败原因：房间人数已满');
  // a lapsed session, from the API or from the signalling's userSig check
  expect(errorText(new ApiError(401, '请先登录', 401))).toBe('登录失效，请重新登录');
  expect(errorText({ code: 5400, extraCode: 401, message: '登录已失效' })).toBe('登录失效，请重新登录');
  expect(MSG.refused).toBe('对方已拒绝视频面试');
  expect(MSG.leaveConfirm).toBe('确定要离开房间吗？');
});

test('being taken out of the room says why', () => {
  expect(kickedText({ reason: 'room_disband', cause: 'time_up' })).toBe('面试时间已到，房间已关闭');
  expect(kickedText({ reason: 'room_disband', cause: 'promoter_ended' })).toBe('面试官已结束本次面试');
  expect(kickedText({ reason: 'room_disband' })).toBe('房间已结束');
  expect(kickedText({ reason: 'kick', cause: 'other_session' })).toBe('您已在其他页面进入该房间');
  expect(kickedText({ reason: 'banned' })).toBe('网络异常，请重试');
  expect(kickedText({ reason: 'kick' })).toBe('您已被移出房间');
});

test('HR and job seekers each get their fraud warning on entering', () => {
  expect(fraudWarning('hr')).toMatch(/手机号、邮箱/);
  expect(fraudWarning('hr')).toContain('本系统');
  expect(fraudWarning('qz')).toContain('谨防诈骗');
  expect(fraudWarning('qz')).not.toBe(fraudWarning('hr'));
});

test("the interview's clock runs from when both were in (the server's startedAt), else from entering", () => {
  const startedAt = 5_000_000;
  // entered (or reloaded) later than the interview began: the clock still counts from its start
  expect(roomClock(startedAt + 90_000, startedAt + 80_000, null, 0, startedAt).elapsed).toBe(90);
  // the server's clock 2 s ahead of ours
  expect(roomClock(startedAt + 90_000, startedAt + 80_000, null, 2000, startedAt).elapsed).toBe(92);
  expect(roomClock(startedAt + 90_000, startedAt + 80_000, null, 0, null).elapsed).toBe(10);
});

test('the timer counts HH:MM:SS from entering; a free room warns one minute before its end and is over at it', () => {
  const joinedAt = 1_000_000;
  const endsAt = joinedAt + 20 * 60_000;
  expect(formatClock(0)).toBe('00:00:00');
  expect(formatClock(3725.9)).toBe('01:02:05');
  expect(roomClock(joinedAt + 65_000, joinedAt, null, 0)).toEqual({ elapsed: 65, remaining: null, phase: 'unlimited' });
  expect(roomClock(joinedAt + 60_000, joinedAt, endsAt, 0).phase).toBe('running');
  expect(roomClock(endsAt - 61_000, joinedAt, endsAt, 0).phase).toBe('running');
  const warning = roomClock(endsAt - 60_000, joinedAt, endsAt, 0);
  expect(warning.phase).toBe('warning');
  expect(formatRemaining(warning.remaining!)).toBe('01:00');
  expect(roomClock(endsAt, joinedAt, endsAt, 0)).toMatchObject({ phase: 'over', remaining: 0 });
  // endsAt is on the server's clock: ours running 5 s behind reaches the warning 5 s earlier by our clock
  expect(roomClock(endsAt - 65_000, joinedAt, endsAt, 5000).phase).toBe('warning');
  expect(clockOffset(10_500, 1000, 2000)).toBe(9000);
  // An offset read two seconds short from a slow reply does not show more than the whole 20 minutes.
  expect(formatRemaining(roomClock(joinedAt, joinedAt, endsAt, -2000, joinedAt).remaining!)).toBe('20:00');
});

test('members come and go; the camera-off mask follows each one\'s video', () => {
  let s = run({ type: 'enter', userId: '7' }, { type: 'enter', userId: '9' });
  expect(s.remotes.map((m) => [m.userId, m.video])).toEqual([['7', false], ['9', false]]);
  s = roomReducer(s, { type: 'video', userId: '7', on: true });
  expect(s.remotes.find((m) => m.userId === '7')!.video).toBe(true);
  expect(s.remotes.find((m) => m.userId === '9')!.video).toBe(false);
  s = roomReducer(s, { type: 'video', userId: '7', on: false });
  expect(s.remotes.find((m) => m.userId === '7')!.video).toBe(false);
  // media events may come before the enter event
  s = roomReducer(s, { type: 'audio', userId: '11', on: true });
  expect(s.remotes.map((m) => m.userId)).toEqual(['7', '9', '11']);
  s = roomReducer(s, { type: 'exit', userId: '9' });
  expect(s.remotes.map((m) => m.userId)).toEqual(['7', '11']);
});

test('network marks: per member from the mesh SDK, else what we receive; a path down is marked for its reconnecting notice', () => {
  let s = run({ type: 'enter', userId: '7' }, { type: 'enter', userId: '9' });
  s = roomReducer(s, {
    type: 'quality',
    event: { uplinkNetworkQuality: 2, downlinkNetworkQuality: 3, peers: [{ userId: '7', uplinkNetworkQuality: 1, downlinkNetworkQuality: 1 }, { userId: '9', uplinkNetworkQuality: 6, downlinkNetworkQuality: 6 }] },
  });
  expect(s.localQuality).toBe('good');
  expect(s.remotes.map((m) => m.quality)).toEqual(['good', 'down']);
  // Tencent's SDK reports the aggregate only
  s = roomReducer(s, { type: 'quality', event: { uplinkNetworkQuality: 4, downlinkNetworkQuality: 3 } });
  expect(s.localQuality).toBe('poor');
  expect(s.remotes.map((m) => m.quality)).toEqual(['fair', 'fair']);
  s = roomReducer(s, { type: 'quality', event: { uplinkNetworkQuality: 0, downlinkNetworkQuality: 0 } });
  expect(s.localQuality).toBeNull();
  expect(roomReducer(s, { type: 'connection', state: 'CONNECTING', isReconnecting: true }).reconnecting).toBe(true);
  expect(roomReducer(s, { type: 'connection', state: 'RECONNECTING' }).reconnecting).toBe(true);
  expect(roomReducer(roomReducer(s, { type: 'connection', state: 'RECONNECTING' }), { type: 'connection', state: 'CONNECTED' }).reconnecting).toBe(false);
});

test('the large video is the one clicked while that person is here, else the other person, ours only when alone', () => {
  const s = run({ type: 'enter', userId: '7' }, { type: 'enter', userId: '9' });
  expect(focusedId(null, initialRoomState, '1')).toBe('1');
  expect(focusedId(null, s, '1')).toBe('7');
  expect(focusedId('9', s, '1')).toBe('9');
  expect(focusedId('1', s, '1')).toBe('1');
  expect(focusedId('9', roomReducer(s, { type: 'exit', userId: '9' }), '1')).toBe('7');
  // the interviewer, when present, before other seekers
  expect(focusedId(null, s, '1', '9')).toBe('9');
});

test('a shared screen is large while it lasts, unless someone clicked another tile after it began', () => {
  let s = run({ type: 'enter', userId: '7' }, { type: 'enter', userId: '9' });
  s = roomReducer(s, { type: 'screen', userId: '9', on: true });
  expect(s.remotes.find((m) => m.userId === '9')!.screen).toBe(true);
  expect(focusedId(null, s, '1', '7')).toBe(screenTileId('9'));
  expect(focusedId('7', s, '1')).toBe('7');
  expect(focusedId(screenTileId('9'), s, '1')).toBe(screenTileId('9'));
  // Sharing ends (or the person leaves): the chosen screen is no longer there.
  expect(focusedId(screenTileId('9'), roomReducer(s, { type: 'screen', userId: '9', on: false }), '1', '7')).toBe('7');
  expect(focusedId(screenTileId('9'), roomReducer(s, { type: 'exit', userId: '9' }), '1')).toBe('7');
});

test('beyond what fits, the small pictures are paged; ours stays on every page and the large one is on none', () => {
  const tiles = ['me', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];
  const first = smallTilePage(tiles, 'a', 'me', 0, SMALL_TILES_PER_PAGE.wide);
  expect([[...first.shown], first.page, first.pages]).toEqual([['b', 'c', 'd', 'e', 'me'], 0, 3]);
  expect([...smallTilePage(tiles, 'a', 'me', 2, 5).shown]).toEqual(['j', 'k', 'me']);
  // A page past the end (people left) shows the last; a phone shows three at a time.
  expect(smallTilePage(tiles.slice(0, 4), 'a', 'me', 5, 5)).toEqual({ shown: new Set(['b', 'c', 'me']), page: 0, pages: 1 });
  expect(smallTilePage(tiles, 'a', 'me', 0, SMALL_TILES_PER_PAGE.narrow).pages).toBe(5);
  // Our own picture enlarged: everyone else is paged.
  expect([...smallTilePage(tiles, 'me', 'me', 0, 5).shown]).toEqual(['a', 'b', 'c', 'd', 'e']);
});

test('who left and is not back: named with 已离开房间 until they return', () => {
  let s = run({ type: 'enter', userId: '7' });
  expect(s.departed).toEqual([]);
  s = roomReducer(s, { type: 'exit', userId: '7' });
  expect(s.departed).toEqual(['7']);
  expect(MSG.peerLeft('李明')).toBe('李明已离开房间');
  s = roomReducer(s, { type: 'enter', userId: '7' });
  expect(s.departed).toEqual([]);
});

test('a member opens their enterprise, or for HR viewers the seeker\'s résumé', () => {
  expect(memberLink('', 'qz', { userid: '5', dwid: '12' })).toBe('/zppc/public/enterdetail?dwid=12');
  expect(memberLink('https://zp.example.com', 'hr', { userid: '5', dwid: '' })).toBe('https://zp.example.com/zppc/private/personalresume?qzbsid=5');
  expect(memberLink('', 'qz', { userid: '5', dwid: '' })).toBeNull();
});

test('chosen devices are remembered for next time and fall back when gone', () => {
  const storage = memoryStorage();
  expect(loadDevicePrefs(storage)).toEqual({ cameraId: '', microphoneId: '', speakerId: '' });
  saveDevicePrefs({ cameraId: 'cam2', microphoneId: 'mic1', speakerId: 'spk' }, storage);
  expect(loadDevicePrefs(storage)).toEqual({ cameraId: 'cam2', microphoneId: 'mic1', speakerId: 'spk' });
  storage.setItem(DEVICE_PREFS_KEY, '{not json');
  expect(loadDevicePrefs(storage).cameraId).toBe('');
  storage.setItem(DEVICE_PREFS_KEY, JSON.stringify({ cameraId: 5, microphoneId: 'm' }));
  expect(loadDevicePrefs(storage)).toEqual({ cameraId: '', microphoneId: 'm', speakerId: '' });
  const cams = [{ deviceId: 'cam1' }, { deviceId: 'cam2' }];
  expect(pickDevice('cam2', cams)).toBe('cam2');
  expect(pickDevice('unplugged', cams)).toBe('cam1');
  expect(pickDevice('cam1', [])).toBe('');
});

test('a reload rejoins the room the person was in, until they leave it', () => {
  const storage = memoryStorage();
  expect(wasJoined('42', storage)).toBe(false);
  markJoined('42', true, storage);
  expect(wasJoined('42', storage)).toBe(true);
  expect(wasJoined('43', storage)).toBe(false);
  markJoined('42', false, storage);
  expect(wasJoined('42', storage)).toBe(false);
});

test('room messages: the yaoyue invitation and the refusal are read; anything else is not', () => {
  expect(parseRoomMessage(JSON.stringify({ type: 'yaoyue', promoterId: '2', roomId: 123, nickname: '王经理' }))).toEqual({ type: 'yaoyue', promoterId: '2', roomId: '123', nickname: '王经理' });
  expect(parseRoomMessage(JSON.stringify({ type: 'jujue', roomId: '9', promoterId: '2', nickname: '张三', userID: '5' }))?.type).toBe('jujue');
  expect(parseRoomMessage('survey')).toBeNull();
  expect(parseRoomMessage(JSON.stringify({ type: 'yaoyue' }))).toBeNull();
  expect(parseRoomMessage(undefined)).toBeNull();
});

test('room ids are the contract\'s range; the microphone level is the peak', () => {
  expect(validRoomId('123')).toBe(123);
  expect(validRoomId('888888')).toBe(888888);
  expect(validRoomId('0')).toBeNull();
  expect(validRoomId('12a')).toBeNull();
  expect(validRoomId('4294967295')).toBeNull();
  expect(peakLevel([0.1, -0.5, 0.2])).toBe(0.5);
  expect(peakLevel([])).toBe(0);
});

describe('who is speaking, and a full room', () => {
  test('speakers: at or above the threshold; our own microphone is userId ""; the same set again is null (no re-render)', () => {
    const now = speakers([{ userId: '', volume: SPEAKING_VOLUME }, { userId: '7', volume: SPEAKING_VOLUME - 1 }, { userId: '8', volume: 60 }], '5', new Set());
    expect(now && [...now].sort()).toEqual(['5', '8']);
    expect(speakers([{ userId: '8', volume: 70 }, { userId: '', volume: 30 }], '5', now!)).toBeNull();
    expect(speakers([], '5', now!)).toEqual(new Set());
    const members = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: String(i + 1), audio: true, video: true, joinedAt: 0 }));
    expect(roomFullFor({ members: members(6), capacity: 6 }, '9')).toBe(true);
    // Someone already in it (a second page, a reload) is not kept out.
    expect(roomFullFor({ members: members(6), capacity: 6 }, '3')).toBe(false);
    expect(roomFullFor({ members: members(6), capacity: 12 }, '9')).toBe(false);
  });
});
