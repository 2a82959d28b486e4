// @vitest-environment happy-dom
/**
 * The room logic of TRTC: what the application sees (events, tracks, views) for what the server
 * says (signalling events) and what the connections do. The server and the browser's
 * RTCPeerConnection are test fakes here (testing/fakes.ts); browser.test.ts runs the real thing.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import TRTC, { ERROR_CODE, EVENT, RtcError } from './index.js';
import type { TRTCEventTypes } from 'trtc-sdk-v5';
import type { RoomMember, TRTCEventName } from './index.js';
import { FakeDevices, FakePeerConnection, FakeSignalling, FakeTrack } from './testing/fakes.js';
import { DISCONNECTED_RESTART_MS, POLITE_RESTART_MS } from './peer.js';
import { RTC_MSG } from '@zp/core/rtc-words';

let devices: FakeDevices;
let signalling: FakeSignalling;
let trtc: TRTC;
let seen: Array<[string, unknown]>;

const ROOM = { sdkAppId: 0, userId: '9', userSig: 'sig', roomId: 8888 };
const member = (userId: string, media: Partial<RoomMember> = {}): RoomMember => ({ userId, session: `s-${userId}`, audio: true, video: true, ...media });
/** Lets every pending promise callback run (the negotiation steps of the fakes). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  devices = new FakeDevices();
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
  signalling = new FakeSignalling();
  FakePeerConnection.all = [];
  trtc = TRTC.create({ signalling: () => signalling, RTCPeerConnection: FakePeerConnection as never });
  seen = [];
  for (const name of Object.values(EVENT)) trtc.on(name as never, ((payload: unknown) => seen.push([name, payload])) as never);
});

afterEach(() => {
  trtc.destroy();
  vi.useRealTimers();
  document.body.replaceChildren();
});

const names = () => seen.map(([name]) => name);
/** The payloads of one event, typed as the event's. */
const of = <T extends TRTCEventName>(name: T) => seen.filter(([n]) => n === name).map(([, payload]) => payload as TRTCEventTypes[T][0]);
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have rejected'),
    (error: unknown) => error as RtcError,
  );

describe('entering', () => {
  test('joins with the room as text, a fresh session and the media already on; CONNECTING then CONNECTED', async () => {
    await trtc.startLocalVideo();
    await trtc.startLocalAudio({ mute: true });
    await trtc.enterRoom(ROOM);
    expect(signalling.joins).toEqual([{ roomId: '8888', userId: '9', userSig: 'sig', session: expect.stringMatching(/^[0-9a-f]{24}$/), audio: false, video: true }]);
    expect(of(EVENT.CONNECTION_STATE_CHANGED)).toEqual([
      { prevState: 'DISCONNECTED', state: 'CONNECTING' },
      { prevState: 'CONNECTING', state: 'CONNECTED' },
    ]);
    // A second enterRoom needs an exitRoom first; the next enterRoom is a new session.
    expect((await rejection(trtc.enterRoom(ROOM))).code).toBe(ERROR_CODE.INVALID_OPERATION);
    await trtc.exitRoom();
    await trtc.enterRoom({ ...ROOM, strRoomId: '9999' });
    expect(signalling.joins[1]!.roomId).toBe('9999');
    expect(signalling.joins[1]!.session).not.toBe(signalling.joins[0]!.session);
  });

  test('a refusal rejects with the server\'s words and leaves the instance ready to try again', async () => {
    signalling.result = new RtcError({ code: ERROR_CODE.SERVER_ERROR, extraCode: 403, fnName: 'enterRoom', message: '您未被邀请进入该房间' });
    const error = await rejection(trtc.enterRoom(ROOM));
    expect([error.code, error.extraCode, error.message]).toEqual([ERROR_CODE.SERVER_ERROR, 403, '您未被邀请进入该房间']);
    expect(of(EVENT.CONNECTION_STATE_CHANGED).map((e) => e.state)).toEqual(['CONNECTING', 'DISCONNECTED']);
    expect(signalling.listening).toBe(0);
    signalling.result = { members: [], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
  });

  test('missing userId, userSig or room is INVALID_PARAMETER', async () => {
    expect((await rejection(trtc.enterRoom({ ...ROOM, userSig: '' }))).code).toBe(ERROR_CODE.INVALID_PARAMETER);
    expect((await rejection(trtc.enterRoom({ sdkAppId: 0, userId: '9', userSig: 's' }))).code).toBe(ERROR_CODE.INVALID_PARAMETER);
    expect(signalling.joins).toEqual([]);
  });
});

describe('members', () => {
  test('everyone already in the room enters, then their media become available', async () => {
    signalling.result = { members: [member('10'), member('11', { video: false })], iceServers: [{ urls: 'stun:stun.example.com' }], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    expect(seen.filter(([n]) => n !== EVENT.CONNECTION_STATE_CHANGED)).toEqual([
      [EVENT.REMOTE_USER_ENTER, { userId: '10' }],
      [EVENT.REMOTE_AUDIO_AVAILABLE, { userId: '10' }],
      [EVENT.REMOTE_VIDEO_AVAILABLE, { userId: '10', streamType: 'main' }],
      [EVENT.REMOTE_USER_ENTER, { userId: '11' }],
      [EVENT.REMOTE_AUDIO_AVAILABLE, { userId: '11' }],
    ]);
    expect(FakePeerConnection.all.map((pc) => pc.config.iceServers)).toEqual([[{ urls: 'stun:stun.example.com' }], [{ urls: 'stun:stun.example.com' }]]);
  });

  test('a member publishing or stopping media, then leaving: available, unavailable, exit, connection closed', async () => {
    await trtc.enterRoom(ROOM);
    signalling.push({ type: 'member-joined', member: member('10', { audio: false, video: false }) });
    signalling.push({ type: 'member-media', member: member('10', { audio: true, video: true }) });
    signalling.push({ type: 'member-media', member: member('10', { audio: true, video: false }) });
    signalling.push({ type: 'member-left', userId: '10' });
    expect(names().filter((n) => n !== EVENT.CONNECTION_STATE_CHANGED)).toEqual([
      EVENT.REMOTE_USER_ENTER,
      EVENT.REMOTE_AUDIO_AVAILABLE,
      EVENT.REMOTE_VIDEO_AVAILABLE,
      EVENT.REMOTE_VIDEO_UNAVAILABLE,
      EVENT.REMOTE_AUDIO_UNAVAILABLE,
      EVENT.REMOTE_USER_EXIT,
    ]);
    expect(FakePeerConnection.all[0]!.closed).toBe(true);
    expect(trtc.getVideoTrack({ userId: '10' })).toBeNull();
  });

  test('the smaller user id offers (impolite): both transceivers at once, the offer relayed to that member\'s session', async () => {
    await trtc.startLocalVideo();
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' }; // '9' < '10' by value
    await trtc.enterRoom(ROOM);
    await settle();
    const pc = FakePeerConnection.all[0]!;
    expect(pc.transceivers.map((t) => [t.receiver.track.kind, t.direction, t.sender.track?.kind ?? null])).toEqual([
      ['audio', 'sendrecv', null],
      ['video', 'sendrecv', 'video'],
    ]);
    expect(pc.transceivers[1]!.sender.getParameters().encodings[0]!.maxBitrate).toBe(900_000); // 480p's bitrate
    expect(signalling.sent).toEqual([{ to: '10', toSession: 's-10', message: { type: 'offer', sdp: 'v=0 offer 0' } }]);
    signalling.push({ type: 'peer-message', from: '10', session: 's-10', message: { type: 'answer', sdp: 'v=0 answer' } });
    await settle();
    expect(pc.signalingState).toBe('stable');
  });

  test('the larger user id waits for the offer (polite) and answers sending its own media', async () => {
    await trtc.startLocalAudio();
    signalling.result = { members: [member('8')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    const pc = FakePeerConnection.all[0]!;
    expect(pc.transceivers).toEqual([]);
    expect(signalling.sent).toEqual([]);
    signalling.push({ type: 'peer-message', from: '8', session: 's-8', message: { type: 'offer', sdp: 'v=0 remote offer' } });
    signalling.push({ type: 'peer-message', from: '8', session: 's-8', message: { type: 'candidate', candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 } } });
    await settle();
    expect(signalling.sent.map((s) => s.message.type)).toEqual(['answer']);
    expect(pc.transceivers.map((t) => [t.direction, t.sender.track?.kind ?? null])).toEqual([
      ['sendrecv', 'audio'],
      ['sendrecv', null],
    ]);
    expect(pc.candidates).toHaveLength(1);
    // The remote tracks are there for the application.
    expect(trtc.getAudioTrack('8')).toBe(pc.transceivers[0]!.receiver.track);
  });

  test('user ids compare by value: 10 is larger than 9, so 10 is the polite one', async () => {
    const ten = TRTC.create({ signalling: () => signalling, RTCPeerConnection: FakePeerConnection as never });
    signalling.result = { members: [member('9')], iceServers: [], resumed: false, mode: 'mesh' };
    await ten.enterRoom({ ...ROOM, userId: '10' });
    await settle();
    expect(FakePeerConnection.all[0]!.transceivers).toEqual([]); // polite: waits for the offer
    ten.destroy();
  });

  test('a member who reloads comes back as a new session: a new connection, no exit; the old page\'s messages are ignored', async () => {
    const view = document.createElement('div');
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await trtc.startRemoteVideo({ userId: '10', streamType: 'main' as never, view });
    const first = FakePeerConnection.all[0]!;
    signalling.push({ type: 'member-joined', member: { ...member('10'), session: 's-10-reloaded' } });
    await settle();
    expect(first.closed).toBe(true);
    const second = FakePeerConnection.all[1]!;
    expect(names()).not.toContain(EVENT.REMOTE_USER_EXIT);
    expect(of(EVENT.REMOTE_USER_ENTER)).toHaveLength(1);
    // The view now shows the new connection's track.
    expect((view.querySelector('video')!.srcObject as MediaStream).getVideoTracks()[0]).toBe(second.transceivers[1]!.receiver.track);
    expect(signalling.sent.at(-1)).toMatchObject({ to: '10', toSession: 's-10-reloaded', message: { type: 'offer' } });
    signalling.push({ type: 'peer-message', from: '10', session: 's-10', message: { type: 'answer', sdp: 'stale' } });
    await settle();
    expect(second.remoteDescription).toBeNull();
  });

  test('removed by the server: KICKED_OUT with the reason and the server\'s words, every connection closed', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    signalling.push({ type: 'removed', reason: 'room_disband', cause: 'time_up', message: '面试时间已到，房间已结束' });
    expect(of(EVENT.KICKED_OUT)).toEqual([{ reason: 'room_disband', cause: 'time_up', message: '面试时间已到，房间已结束' }]);
    expect(FakePeerConnection.all[0]!.closed).toBe(true);
    expect(of(EVENT.CONNECTION_STATE_CHANGED).at(-1)).toEqual({ prevState: 'CONNECTED', state: 'DISCONNECTED' });
    expect(signalling.left).toBe(1);
    await trtc.enterRoom(ROOM); // may enter again
  });

  test('exitRoom leaves, closes every connection and removes remote views; the camera stays on', async () => {
    const view = document.createElement('div');
    await trtc.startLocalVideo();
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await trtc.startRemoteVideo({ userId: '10', streamType: 'main' as never, view });
    await trtc.exitRoom();
    expect(signalling.left).toBe(1);
    expect(FakePeerConnection.all[0]!.closed).toBe(true);
    expect(view.querySelector('video')).toBeNull();
    expect(trtc.getVideoTrack()?.readyState).toBe('live');
    expect(names().at(-1)).toBe(EVENT.CONNECTION_STATE_CHANGED);
  });
});

describe('remote video and sound', () => {
  test('startRemoteVideo shows the received track in the view; updateRemoteVideo moves it; stopRemoteVideo removes it', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    const view = document.createElement('div');
    await trtc.startRemoteVideo({ userId: '10', streamType: 'main' as never, view, option: { fillMode: 'contain' } });
    const video = view.querySelector('video')!;
    expect((video.srcObject as MediaStream).getVideoTracks()).toEqual([trtc.getVideoTrack({ userId: '10' })]);
    expect([video.muted, video.style.objectFit, video.style.transform]).toEqual([true, 'contain', '']);

    const other = document.createElement('div');
    await trtc.updateRemoteVideo({ userId: '10', streamType: 'main' as never, view: other });
    expect(view.querySelector('video')).toBeNull();
    expect(other.querySelector('video')!.style.objectFit).toBe('contain');
    await trtc.stopRemoteVideo({ userId: '10' });
    expect(other.querySelector('video')).toBeNull();
  });

  test('a member not in the room: startRemoteVideo and muteRemoteAudio are INVALID_OPERATION', async () => {
    await trtc.enterRoom(ROOM);
    const error = await rejection(trtc.startRemoteVideo({ userId: '77', streamType: 'main' as never, view: document.createElement('div') }));
    expect([error.code, error.functionName]).toEqual([ERROR_CODE.INVALID_OPERATION, 'startRemoteVideo']);
    expect((await rejection(trtc.muteRemoteAudio('77', true))).code).toBe(ERROR_CODE.INVALID_OPERATION);
  });

  test('remote sound plays without a view once the member publishes a microphone', async () => {
    const played: HTMLMediaElement[] = [];
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this);
      return Promise.resolve();
    });
    signalling.result = { members: [member('10', { audio: false })], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    expect(played.filter((m) => m instanceof HTMLAudioElement)).toEqual([]);
    signalling.push({ type: 'member-media', member: member('10', { audio: true }) });
    const audio = played.find((m) => m instanceof HTMLAudioElement) as HTMLAudioElement;
    expect((audio.srcObject as MediaStream).getAudioTracks()).toEqual([trtc.getAudioTrack('10')]);
    await trtc.muteRemoteAudio('10', true);
    expect(audio.muted).toBe(true);
    trtc.setRemoteAudioVolume('10', 50);
    expect(audio.volume).toBe(0.5);
    play.mockRestore();
  });

  test('sound refused by the autoplay policy: AUTOPLAY_FAILED with a resume that plays it', async () => {
    let allowed = false;
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() =>
      allowed ? Promise.resolve() : Promise.reject(new DOMException('no gesture', 'NotAllowedError')),
    );
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    const [failed] = of(EVENT.AUTOPLAY_FAILED);
    expect(failed).toMatchObject({ userId: '10', mediaType: 'audio' });
    allowed = true;
    await expect(failed.resume()).resolves.toBeUndefined();
    play.mockRestore();
  });
});

describe('local media in a room', () => {
  test('destroyed while the camera and microphone are being opened (a permission prompt): they are stopped when they arrive', async () => {
    const opened: FakeTrack[] = [];
    let grant = () => {};
    const gate = new Promise<void>((resolve) => (grant = resolve));
    devices.getUserMedia = async (constraints: MediaStreamConstraints) => {
      await gate;
      const tracks = [constraints.video && new FakeTrack('video'), constraints.audio && new FakeTrack('audio')].filter(Boolean) as FakeTrack[];
      opened.push(...tracks);
      return new MediaStream(tracks as unknown as MediaStreamTrack[]);
    };
    const video = rejection(trtc.startLocalVideo());
    const audio = rejection(trtc.startLocalAudio());
    trtc.destroy();
    grant();
    expect((await video).code).toBe(ERROR_CODE.INVALID_OPERATION);
    expect((await audio).code).toBe(ERROR_CODE.INVALID_OPERATION);
    expect(opened.map((t) => t.readyState)).toEqual(['ended', 'ended']);
    expect(document.querySelector('video')).toBeNull();
  });

  test('mute the camera: the track goes dark, the room hears video off; unmute; stop and start again', async () => {
    await trtc.startLocalVideo();
    await trtc.startLocalAudio();
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    const camera = trtc.getVideoTrack()!;
    await trtc.updateLocalVideo({ mute: true });
    expect(camera.enabled).toBe(false);
    await trtc.updateLocalVideo({ mute: false });
    expect(camera.enabled).toBe(true);
    await trtc.updateLocalAudio({ mute: true });
    await trtc.stopLocalVideo();
    const sender = FakePeerConnection.all[0]!.transceivers[1]!.sender;
    expect(sender.track).toBeNull();
    await trtc.startLocalVideo();
    expect(sender.track).toBe(trtc.getVideoTrack());
    expect(signalling.published).toEqual([
      { audio: true, video: false, screen: false },
      { audio: true, video: true, screen: false },
      { audio: false, video: true, screen: false },
      { audio: false, video: false, screen: false },
      { audio: false, video: true, screen: false },
    ]);
  });

  test('publish: false keeps the camera local: nothing sent, the room told video off', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await trtc.startLocalVideo({ publish: false });
    expect(FakePeerConnection.all[0]!.transceivers[1]!.sender.track).toBeNull();
    expect(signalling.published).toEqual([]);
    await trtc.updateLocalVideo({ publish: true });
    expect(FakePeerConnection.all[0]!.transceivers[1]!.sender.track).toBe(trtc.getVideoTrack());
    expect(signalling.published).toEqual([{ audio: false, video: true, screen: false }]);
  });

  test('a camera started after entering goes onto the existing connections, with no new offer', async () => {
    signalling.result = { members: [member('10'), member('11')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    const offers = signalling.sent.filter((s) => s.message.type === 'offer').length;
    await trtc.startLocalVideo();
    await settle();
    for (const pc of FakePeerConnection.all) expect(pc.transceivers[1]!.sender.track).toBe(trtc.getVideoTrack());
    expect(signalling.sent.filter((s) => s.message.type === 'offer')).toHaveLength(offers);
  });

  test('switching camera by deviceId: the old one is released first, every connection sends the new one, the preview follows', async () => {
    const view = document.createElement('div');
    await trtc.startLocalVideo({ view, option: { profile: '720p' } });
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    const old = trtc.getVideoTrack() as unknown as FakeTrack;
    await trtc.updateLocalVideo({ option: { cameraId: 'cam-2' } });
    expect(old.readyState).toBe('ended');
    expect(devices.requests.at(-1)!.video).toMatchObject({ deviceId: { exact: 'cam-2' }, width: { ideal: 1280 } });
    const now = trtc.getVideoTrack()!;
    expect(now).not.toBe(old);
    expect(FakePeerConnection.all[0]!.transceivers[1]!.sender.track).toBe(now);
    expect(view.querySelectorAll('video')).toHaveLength(1);
    expect((view.querySelector('video')!.srcObject as MediaStream).getVideoTracks()).toEqual([now]);
    const fresh = TRTC.create();
    expect((await rejection(fresh.updateLocalVideo({ mute: true }))).code).toBe(ERROR_CODE.INVALID_OPERATION);
    fresh.destroy();
  });

  test('switching microphone by microphoneId', async () => {
    await trtc.startLocalAudio();
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    const old = trtc.getAudioTrack() as unknown as FakeTrack;
    await trtc.updateLocalAudio({ option: { microphoneId: 'mic-2' } });
    expect(old.readyState).toBe('ended');
    expect(FakePeerConnection.all[0]!.transceivers[0]!.sender.track).toBe(trtc.getAudioTrack());
    expect(devices.requests.at(-1)).toEqual({ audio: { deviceId: { exact: 'mic-2' } } });
  });
});

describe('when the network drops', () => {
  test('signalling away and back (resumed): DISCONNECTED, CONNECTING with isReconnecting, then CONNECTED; the room is reconciled', async () => {
    signalling.result = { members: [member('10'), member('11')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    const [ten, eleven] = FakePeerConnection.all;
    ten!.ice('connected');
    signalling.push({ type: 'connection', state: 'RECONNECTING' });
    expect(of(EVENT.CONNECTION_STATE_CHANGED).slice(-2)).toEqual([
      { prevState: 'CONNECTED', state: 'DISCONNECTED' },
      { prevState: 'DISCONNECTED', state: 'CONNECTING', isReconnecting: true },
    ]);
    seen = [];
    // Meanwhile 11 left and 12 came; 10 is still there with the same page.
    signalling.push({ type: 'rejoined', result: { members: [member('10', { video: false }), member('12')], iceServers: [{ urls: 'turn:t', username: 'u', credential: 'fresh' }], resumed: true, mode: 'mesh' } });
    await settle();
    const described = seen.map(([n, p]) => {
      const e = p as { userId?: string; state?: string };
      return `${n} ${e.userId ?? e.state}`;
    });
    expect(described).toEqual([
      `${EVENT.REMOTE_AUDIO_UNAVAILABLE} 11`,
      `${EVENT.REMOTE_VIDEO_UNAVAILABLE} 11`,
      `${EVENT.REMOTE_USER_EXIT} 11`,
      `${EVENT.REMOTE_VIDEO_UNAVAILABLE} 10`,
      `${EVENT.REMOTE_USER_ENTER} 12`,
      `${EVENT.REMOTE_AUDIO_AVAILABLE} 12`,
      `${EVENT.REMOTE_VIDEO_AVAILABLE} 12`,
      `${EVENT.CONNECTION_STATE_CHANGED} CONNECTED`,
    ]);
    expect(eleven!.closed).toBe(true);
    expect(ten!.closed).toBe(false); // kept: media never needed the server
    expect(ten!.restarts).toBe(0); // its path is up
    expect(signalling.published.at(-1)).toEqual({ audio: false, video: false, screen: false });
  });

  test('back after a path went down meanwhile: ICE restarts at once with the fresh TURN credentials', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    const pc = FakePeerConnection.all[0]!;
    signalling.push({ type: 'connection', state: 'RECONNECTING' });
    const fresh = [{ urls: 'turn:t', username: 'u', credential: 'fresh' }];
    signalling.push({ type: 'rejoined', result: { members: [member('10')], iceServers: fresh, resumed: true, mode: 'mesh' } });
    await settle();
    expect(pc.restarts).toBe(1);
    expect(pc.config.iceServers).toEqual(fresh);
    // The offer that was in flight when the socket dropped is rolled back and made afresh.
    expect(signalling.sent.filter((s) => s.message.type === 'offer').map((s) => (s.message as { sdp: string }).sdp)).toEqual(['v=0 offer 0', 'v=0 offer 1']);
  });

  test('back too late (not resumed): the others were told we joined anew, so every connection is new', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    signalling.push({ type: 'connection', state: 'RECONNECTING' });
    signalling.push({ type: 'rejoined', result: { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' } });
    expect(FakePeerConnection.all.map((pc) => pc.closed)).toEqual([true, false]);
    expect(names()).not.toContain(EVENT.REMOTE_USER_EXIT);
  });

  test('signalling gives up: ERROR with the reason, DISCONNECTED, connections closed', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    signalling.push({ type: 'connection', state: 'RECONNECTING' });
    signalling.push({ type: 'connection', state: 'DISCONNECTED', message: '登录已失效，请重新登录' });
    expect(of(EVENT.ERROR)[0]).toMatchObject({ code: ERROR_CODE.OPERATION_FAILED, message: expect.stringContaining('登录已失效') });
    expect(of(EVENT.CONNECTION_STATE_CHANGED).at(-1)!.state).toBe('DISCONNECTED');
    expect(FakePeerConnection.all[0]!.closed).toBe(true);
  });

  test('a direct path that will not come up: 12 s after its checks began the room is asked, once, to go through the media server', async () => {
    vi.useFakeTimers();
    signalling.result = { members: [member('10'), member('11')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await vi.advanceTimersByTimeAsync(0);
    const [ten, eleven] = FakePeerConnection.all;
    ten!.ice('checking');
    eleven!.ice('checking');
    await vi.advanceTimersByTimeAsync(3000);
    eleven!.ice('connected'); // this pair reaches each other
    // The other one fails, and its restarts go through checking again: still no progress.
    ten!.ice('failed');
    await vi.advanceTimersByTimeAsync(5000);
    ten!.ice('checking');
    await vi.advanceTimersByTimeAsync(3900);
    expect(signalling.fallbacks).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(signalling.fallbacks).toBe(1);
    // Asked once per room, however the paths go on.
    ten!.ice('failed');
    eleven!.ice('disconnected');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(signalling.fallbacks).toBe(1);
  });

  test('a path that comes back within 12 s, or one whose other side never answers, asks nothing', async () => {
    vi.useFakeTimers();
    signalling.result = { members: [member('10'), member('11')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await vi.advanceTimersByTimeAsync(0);
    const [ten] = FakePeerConnection.all; // 11 never starts its checks (its page is away)
    ten!.ice('connected');
    ten!.ice('disconnected');
    await vi.advanceTimersByTimeAsync(11_000);
    ten!.ice('connected');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(signalling.fallbacks).toBe(0);
  });

  test('a path that stays disconnected: the impolite side restarts ICE, the polite side only later', async () => {
    vi.useFakeTimers();
    signalling.result = { members: [member('10'), member('8')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await vi.advanceTimersByTimeAsync(0);
    const [impolite, polite] = FakePeerConnection.all; // to 10 we are impolite, to 8 polite
    impolite!.ice('connected');
    polite!.ice('connected');
    impolite!.ice('disconnected');
    polite!.ice('disconnected');
    await vi.advanceTimersByTimeAsync(DISCONNECTED_RESTART_MS - 100);
    expect([impolite!.restarts, polite!.restarts]).toEqual([0, 0]); // it may come back by itself
    await vi.advanceTimersByTimeAsync(200);
    expect([impolite!.restarts, polite!.restarts]).toEqual([1, 0]);
    impolite!.ice('connected'); // the restart brought it back
    await vi.advanceTimersByTimeAsync(POLITE_RESTART_MS);
    expect([impolite!.restarts, polite!.restarts]).toEqual([1, 1]);
    polite!.ice('connected');
    // failed: the impolite side restarts at once
    impolite!.ice('failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(impolite!.restarts).toBe(2);
    impolite!.ice('connected');
    // a path that recovers by itself is left alone
    polite!.ice('disconnected');
    polite!.ice('connected');
    await vi.advanceTimersByTimeAsync(POLITE_RESTART_MS * 2);
    expect(polite!.restarts).toBe(1);
  });
});

describe('through the media server (SFU)', () => {
  const sfuOps = () => signalling.sfu.filter((x) => x.op !== 'trickle').map((x) => `${x.op}${x.userId ? ` ${x.userId}` : ''}${x.layer !== undefined ? ` layer ${x.layer}` : ''}`);

  test('a room that moves to the media server: one uplink carries the camera in two layers, each member comes on a connection of their own once published', async () => {
    await trtc.startLocalVideo();
    signalling.result = { members: [member('10'), member('11')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    const mesh = FakePeerConnection.all.slice();
    signalling.push({ type: 'room-mode', mode: 'sfu' });
    await settle();
    // The mesh connections are gone; one uplink sends our camera, simulcast high and small.
    expect(mesh.every((pc) => pc.closed)).toBe(true);
    const uplink = FakePeerConnection.all[mesh.length]!;
    expect(uplink.transceivers.map((t) => [t.receiver.track.kind, t.direction, t.sender.track?.kind ?? null])).toEqual([
      ['audio', 'sendonly', null],
      ['video', 'sendonly', 'video'],
    ]);
    expect(uplink.transceivers[1]!.sender.getParameters().encodings).toHaveLength(2);
    expect(uplink.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 janus answer' });
    expect(sfuOps()).toEqual(['publish']);
    // Nothing to receive before a member publishes; then their media come, the large picture by default.
    signalling.push({ type: 'member-published', member: member('10', { published: true }) });
    await settle();
    expect(sfuOps()).toEqual(['publish', 'subscribe 10 layer 1', 'answer 10']);
    await trtc.startRemoteVideo({ userId: '10', streamType: TRTC.TYPE.STREAM_TYPE_MAIN as never, view: document.body.appendChild(document.createElement('div')), option: { small: true } });
    expect(sfuOps().at(-1)).toBe('layer 10 layer 0');
    expect(trtc.getVideoTrack({ userId: '10' })).not.toBeNull();
    // The camera goes off: the uplink's sender, not a renegotiation.
    await trtc.stopLocalVideo();
    expect(uplink.transceivers[1]!.sender.track).toBeNull();
    expect(sfuOps().filter((x) => x === 'publish')).toHaveLength(1);
  });

  test('entering a room that is on the media server: publish, and subscribe to those already published', async () => {
    signalling.result = { members: [member('10', { published: true }), member('11')], iceServers: [], resumed: false, mode: 'sfu' };
    await trtc.enterRoom(ROOM);
    await settle();
    // Publishing and subscribing go on side by side.
    expect(sfuOps().sort()).toEqual(['answer 10', 'publish', 'subscribe 10 layer 1']);
    expect(names()).toContain(EVENT.REMOTE_USER_ENTER);
    // The media server restarted: everything anew.
    signalling.push({ type: 'room-mode', mode: 'sfu' });
    signalling.push({ type: 'member-published', member: member('11', { published: true }) });
    await settle();
    expect(sfuOps().slice(3).sort()).toEqual(['answer 11', 'publish', 'subscribe 11 layer 1']);
  });

  test('back from a signalling drop within the grace period: a publication missed meanwhile is subscribed to, and an uplink that is down publishes again', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'sfu' };
    await trtc.enterRoom(ROOM);
    await settle();
    expect(sfuOps()).toEqual(['publish']);
    signalling.push({ type: 'connection', state: 'RECONNECTING' });
    signalling.push({ type: 'rejoined', result: { members: [member('10', { published: true })], iceServers: [], resumed: true, mode: 'sfu' } });
    await settle();
    expect(sfuOps().slice(1).sort()).toEqual(['answer 10', 'publish', 'subscribe 10 layer 1']);
  });
});

describe('the room\'s size', () => {
  /** What each open connection's camera sender is told: [kbps, shrink, fps] per encoding. */
  const sending = () =>
    FakePeerConnection.all
      .filter((pc) => !pc.closed && pc.transceivers[1]?.sender.track)
      .map((pc) => (pc.transceivers[1]!.sender.getParameters().encodings as RTCRtpEncodingParameters[]).map((e) => [e.maxBitrate! / 1000, e.scaleResolutionDownBy ?? 1, e.maxFramerate ?? 15]));

  test('a mesh sends less per picture as people come (bitrate, then size and frame rate), and full again as they go', async () => {
    await trtc.startLocalVideo();
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await settle();
    expect(sending()).toEqual([[[900, 1, 15]]]);
    signalling.push({ type: 'member-joined', member: member('11') });
    await settle();
    expect(sending()).toEqual([[[540, 1, 15]], [[540, 1, 15]]]);
    signalling.push({ type: 'member-joined', member: member('12') });
    signalling.push({ type: 'member-joined', member: member('13') });
    await settle();
    // Five people: each of the four pictures at a quarter of the bitrate, half the size, 10 fps.
    expect(sending()).toEqual(Array(4).fill([[225, 2, 10]]));
    for (const id of ['11', '12', '13']) signalling.push({ type: 'member-left', userId: id });
    await settle();
    expect(sending()).toEqual([[[900, 1, 15]]]);
  });

  test('through the media server: both layers up to eight people; beyond, the large layer gives up bitrate and frame rate, the small one too', async () => {
    await trtc.startLocalVideo();
    signalling.result = { members: ['10', '11', '12', '13', '14', '15', '16'].map((id) => member(id)), iceServers: [], resumed: false, mode: 'sfu' };
    await trtc.enterRoom(ROOM);
    await settle();
    const uplink = () => sending().filter((e) => e.length === 2);
    expect(uplink()).toEqual([[[900, 1, 15], [150, 2, 15]]]);
    signalling.push({ type: 'member-joined', member: member('17') });
    await settle();
    expect(uplink()).toEqual([[[540, 1, 12], [100, 2, 10]]]);
  });

  test('a shared screen keeps its size and frame rate in a large mesh and gives up bitrate only', async () => {
    signalling.result = { members: ['10', '11', '12', '13'].map((id) => member(id)), iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    await trtc.startScreenShare();
    await settle();
    // 1080p at 5 fps, a quarter of its 1600 kbps on each of the four connections.
    expect(sending()).toEqual(Array(4).fill([[400, 1, 5]]));
  });
});

test('another camera that will not open: the one before comes back, and the room keeps seeing it', async () => {
  await trtc.startLocalVideo();
  signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
  await trtc.enterRoom(ROOM);
  const before = trtc.getVideoTrack()!;
  devices.refuseNext = 'NotReadableError';
  const error = await rejection(trtc.updateLocalVideo({ option: { cameraId: 'busy-camera' } }));
  expect(error.code).toBe(ERROR_CODE.DEVICE_ERROR);
  const sender = FakePeerConnection.all[0]!.transceivers[1]!.sender;
  expect(before.readyState).toBe('ended');
  expect(sender.track).toBe(trtc.getVideoTrack());
  expect(sender.track!.readyState).toBe('live');
});

describe('screen sharing', () => {
  test('the screen goes out in place of the camera, announced as screen; the browser\'s 停止共享 brings the camera back with SCREEN_SHARE_STOPPED', async () => {
    await trtc.startLocalVideo();
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    const camera = trtc.getVideoTrack()!;
    const preview = document.createElement('div');
    await trtc.startScreenShare({ view: preview });
    const sender = FakePeerConnection.all[0]!.transceivers[1]!.sender;
    const screen = sender.track as unknown as FakeTrack;
    expect(screen).not.toBe(camera);
    expect(screen.contentHint).toBe('detail');
    // 1080p at 5 fps by default (trtc-sdk-v5's), sent at its bitrate; the camera stays open.
    expect(devices.requests.at(-1)).toEqual({ video: { width: { max: 1920 }, height: { max: 1080 }, frameRate: { max: 5 } }, audio: false });
    expect(sender.getParameters().encodings[0]!.maxBitrate).toBe(1_600_000);
    expect(camera.readyState).toBe('live');
    expect((preview.querySelector('video')!.srcObject as MediaStream).getVideoTracks()).toEqual([screen]);
    expect(signalling.published.at(-1)).toEqual({ audio: false, video: false, screen: true });

    screen.end();
    await settle();
    expect(sender.track).toBe(camera);
    expect(sender.getParameters().encodings[0]!.maxBitrate).toBe(900_000);
    expect(preview.querySelector('video')).toBeNull();
    expect(signalling.published.at(-1)).toEqual({ audio: false, video: true, screen: false });
    expect(names()).toContain(EVENT.SCREEN_SHARE_STOPPED);
  });

  test('closing the browser\'s picker: a DEVICE_ERROR that says so, and nothing changes in the room', async () => {
    await trtc.enterRoom(ROOM);
    devices.refuse = 'NotAllowedError';
    const error = await rejection(trtc.startScreenShare());
    expect([error.code, error.functionName, error.message]).toEqual([ERROR_CODE.DEVICE_ERROR, 'startScreenShare', RTC_MSG.screenRefused]);
    expect(signalling.published).toEqual([]);
    // A second start while one runs is refused; stop then start works.
    devices.refuse = null;
    await trtc.startScreenShare();
    expect((await rejection(trtc.startScreenShare())).code).toBe(ERROR_CODE.INVALID_OPERATION);
    await trtc.stopScreenShare();
    await trtc.startScreenShare();
  });

  test('a member who shares: their camera becomes unavailable and their screen (sub) available, shown in the sub view; back again when they stop', async () => {
    signalling.result = { members: [member('10')], iceServers: [], resumed: false, mode: 'mesh' };
    await trtc.enterRoom(ROOM);
    const cameraView = document.createElement('div');
    const screenView = document.createElement('div');
    await trtc.startRemoteVideo({ userId: '10', streamType: TRTC.TYPE.STREAM_TYPE_MAIN as never, view: cameraView });
    expect(cameraView.querySelector('video')).not.toBeNull();
    seen = [];
    signalling.push({ type: 'member-media', member: member('10', { video: false, screen: true }) });
    expect(seen).toEqual([
      [EVENT.REMOTE_VIDEO_UNAVAILABLE, { userId: '10', streamType: 'main' }],
      [EVENT.REMOTE_VIDEO_AVAILABLE, { userId: '10', streamType: 'sub' }],
    ]);
    // The picture that arrives is the screen: it leaves the camera's view for the screen's.
    expect(cameraView.querySelector('video')).toBeNull();
    await trtc.startRemoteVideo({ userId: '10', streamType: TRTC.TYPE.STREAM_TYPE_SUB as never, view: screenView });
    expect((screenView.querySelector('video')!.srcObject as MediaStream).getVideoTracks()).toEqual([trtc.getVideoTrack({ userId: '10' })]);
    seen = [];
    signalling.push({ type: 'member-media', member: member('10', { video: true, screen: false }) });
    expect(seen).toEqual([
      [EVENT.REMOTE_VIDEO_UNAVAILABLE, { userId: '10', streamType: 'sub' }],
      [EVENT.REMOTE_VIDEO_AVAILABLE, { userId: '10', streamType: 'main' }],
    ]);
    expect(screenView.querySelector('video')).toBeNull();
    expect(cameraView.querySelector('video')).not.toBeNull();
  });

  test('through the media server, a shared screen always comes in the large layer, even to a small tile', async () => {
    signalling.result = { members: [member('10', { published: true })], iceServers: [], resumed: false, mode: 'sfu' };
    await trtc.enterRoom(ROOM);
    await settle();
    await trtc.startRemoteVideo({ userId: '10', streamType: TRTC.TYPE.STREAM_TYPE_MAIN as never, view: document.createElement('div'), option: { small: true } });
    const layers = () => signalling.sfu.filter((x) => x.op === 'layer').map((x) => x.layer);
    expect(layers()).toEqual([0]);
    signalling.push({ type: 'member-media', member: member('10', { video: false, screen: true, published: true }) });
    expect(layers()).toEqual([0, 1]);
    signalling.push({ type: 'member-media', member: member('10', { video: true, screen: false, published: true }) });
    expect(layers()).toEqual([0, 1, 0]);
  });
});

describe('custom messages', () => {
  test('sent to the room as base64 of the bytes; another member\'s arrive as CUSTOM_MESSAGE with the bytes back', async () => {
    expect(() => trtc.sendCustomMessage({ cmdId: 1, data: new ArrayBuffer(1) })).toThrow(RtcError);
    await trtc.enterRoom(ROOM);
    trtc.sendCustomMessage({ cmdId: 1, data: new TextEncoder().encode('您好').buffer as ArrayBuffer });
    expect(signalling.customs).toEqual([{ cmdId: 1, data: Buffer.from('您好').toString('base64') }]);
    for (const bad of [{ cmdId: 0, data: new ArrayBuffer(1) }, { cmdId: 11, data: new ArrayBuffer(1) }, { cmdId: 2, data: new ArrayBuffer(1025) }]) {
      expect(() => trtc.sendCustomMessage(bad)).toThrow(expect.objectContaining({ code: ERROR_CODE.INVALID_PARAMETER }));
    }
    signalling.push({ type: 'custom', userId: '10', cmdId: 2, seq: 7, data: Buffer.from('1').toString('base64') });
    const [got] = of(EVENT.CUSTOM_MESSAGE);
    expect([got!.userId, got!.cmdId, got!.seq, new TextDecoder().decode(got!.data)]).toEqual(['10', 2, 7, '1']);
  });
});
