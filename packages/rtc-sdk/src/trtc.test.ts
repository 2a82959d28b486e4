// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type TencentTRTC from 'trtc-sdk-v5';
import TRTC, { ERROR_CODE, EVENT, RtcError } from './index.js';
import { FakeDevices, FakeTrack } from './testing/fakes.js';

// ---- Type level: an instance of ours can stand wherever Tencent's TRTC is expected, for every
// method implemented here. Methods become plain function types so that parameters are checked
// contravariantly: ours must accept everything Tencent's types allow. on/off return the instance
// for chaining, which is ours rather than Tencent's, so only their parameters are compared.
type Implemented =
  | 'on' | 'off' | 'enterRoom' | 'exitRoom' | 'destroy'
  | 'startLocalVideo' | 'updateLocalVideo' | 'stopLocalVideo' | 'startLocalAudio' | 'updateLocalAudio' | 'stopLocalAudio'
  | 'startScreenShare' | 'updateScreenShare' | 'stopScreenShare'
  | 'startRemoteVideo' | 'updateRemoteVideo' | 'stopRemoteVideo' | 'muteRemoteAudio' | 'setRemoteAudioVolume'
  | 'getVideoTrack' | 'getAudioTrack' | 'enableAudioVolumeEvaluation' | 'sendCustomMessage';
type AsFunctions<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => R extends TencentTRTC ? unknown : R : never;
};
const _proof = (ours: TRTC): AsFunctions<Pick<TencentTRTC, Implemented>> => ours;
// The static side, where code reads TRTC.EVENT.X or calls TRTC.create() / TRTC.isSupported().
// (TYPE is left out: Tencent types its values with const enums; constants.test.ts compares them.)
type Statics = 'EVENT' | 'ERROR_CODE' | 'isSupported' | 'getCameraList' | 'getMicrophoneList' | 'getSpeakerList' | 'setCurrentSpeaker';
const _staticProof: Pick<typeof TencentTRTC, Statics> = TRTC;
const _createProof: Pick<typeof TencentTRTC, 'create'> = { create: (options) => TRTC.create(options) as unknown as TencentTRTC };

// ---- The camera and microphone are a boundary unit tests cannot reach: a fake device layer
// (testing/fakes.ts) stands in for navigator.mediaDevices (the real capture is checked in Chromium).

let devices: FakeDevices;
let trtc: TRTC;

beforeEach(() => {
  devices = new FakeDevices();
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
  trtc = TRTC.create();
});

afterEach(() => {
  trtc.destroy();
  document.body.replaceChildren();
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have rejected'),
    (error: unknown) => error as RtcError,
  );

const camera = { kind: 'videoinput', deviceId: 'cam-2', label: 'USB 摄像头' } as const;
const microphone = { kind: 'audioinput', deviceId: 'mic-2', label: 'USB 麦克风' } as const;

describe('events', () => {
  test('a plugged camera reaches DEVICE_CHANGED listeners, with their context', async () => {
    const owner = { seen: [] as unknown[] };
    const heard = new Promise((resolve) => {
      trtc.on(
        EVENT.DEVICE_CHANGED,
        function (this: typeof owner, event) {
          this.seen.push(event);
          resolve(event);
        },
        owner,
      );
    });
    devices.plug(camera);
    await heard;
    expect(owner.seen).toEqual([{ type: 'camera', action: 'add', device: camera }]);
  });

  test('off removes one listener, off("*") removes all', async () => {
    const calls: string[] = [];
    const first = (e: { action: string }) => void calls.push(`first ${e.action}`);
    trtc.on(EVENT.DEVICE_CHANGED, first);
    let next = new Promise((resolve) => trtc.on(EVENT.DEVICE_CHANGED, resolve));
    devices.plug(microphone);
    await next;
    expect(calls).toEqual(['first add']);

    trtc.off(EVENT.DEVICE_CHANGED, first);
    next = new Promise((resolve) => trtc.on(EVENT.DEVICE_CHANGED, resolve));
    devices.unplug('mic-2');
    expect(await next).toMatchObject({ type: 'microphone', action: 'remove' });
    expect(calls).toEqual(['first add']);

    trtc.on(EVENT.DEVICE_CHANGED, first).off('*', undefined as never);
    next = new Promise((resolve) => trtc.on(EVENT.DEVICE_CHANGED, resolve));
    devices.plug(camera);
    await next;
    expect(calls).toEqual(['first add']);
  });
});

describe('local media', () => {
  test('startLocalVideo captures the camera at 480p and previews it mirrored in the view', async () => {
    const view = document.createElement('div');
    document.body.append(view);
    await trtc.startLocalVideo({ view });

    expect(devices.requests).toEqual([{ video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15 } } }]);
    const track = trtc.getVideoTrack() as unknown as FakeTrack;
    expect(track.kind).toBe('video');
    const video = view.querySelector('video')!;
    expect((video.srcObject as MediaStream).getVideoTracks()).toEqual([track]);
    expect(video.muted).toBe(true);
    expect(video.style.transform).toBe('scaleX(-1)');
    expect(video.style.objectFit).toBe('cover');
  });

  test('camera options: a chosen camera, a profile, a view by id, no mirror', async () => {
    document.body.innerHTML = '<div id="me"></div>';
    await trtc.startLocalVideo({ view: 'me', option: { cameraId: 'cam-2', profile: '720p', mirror: false, fillMode: 'contain' } });
    expect(devices.requests[0]!.video).toEqual({
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 15 },
      deviceId: { exact: 'cam-2' },
    });
    const video = document.querySelector('#me video') as HTMLVideoElement;
    expect(video.style.transform).toBe('');
    expect(video.style.objectFit).toBe('contain');
  });

  test('stopLocalVideo releases the camera and removes the preview; starting twice is refused', async () => {
    const view = document.createElement('div');
    await trtc.startLocalVideo({ view });
    const error = await rejection(trtc.startLocalVideo({ view }));
    expect(error.code).toBe(ERROR_CODE.INVALID_OPERATION);

    const track = trtc.getVideoTrack() as unknown as FakeTrack;
    await trtc.stopLocalVideo();
    expect(track.readyState).toBe('ended');
    expect(view.querySelector('video')).toBeNull();
    expect(trtc.getVideoTrack()).toBeNull();
    await trtc.startLocalVideo({ view });
    expect(view.querySelectorAll('video')).toHaveLength(1);
  });

  test('a track handed in is shown but left running for its owner', async () => {
    const own = new FakeTrack('video');
    const view = document.createElement('div');
    await trtc.startLocalVideo({ view, option: { videoTrack: own as unknown as MediaStreamTrack } });
    expect(devices.requests).toEqual([]);
    await trtc.stopLocalVideo();
    expect(own.readyState).toBe('live');
  });

  test('a refused camera permission is DEVICE_ERROR 5302 with the product wording', async () => {
    devices.refuse = 'NotAllowedError';
    const error = await rejection(trtc.startLocalVideo());
    expect(error).toBeInstanceOf(RtcError);
    expect([error.code, error.extraCode, error.functionName]).toEqual([ERROR_CODE.DEVICE_ERROR, 5302, 'startLocalVideo']);
    expect(error.message).toBe('请确认已连接摄像头和麦克风并授予其访问权限！');
    expect(trtc.getVideoTrack()).toBeNull();
  });

  test('a page without getUserMedia (plain http) gets ENV_NOT_SUPPORTED', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const error = await rejection(trtc.startLocalAudio());
    expect(error.code).toBe(ERROR_CODE.ENV_NOT_SUPPORTED);
  });

  test('startLocalAudio captures the chosen microphone; stopLocalAudio releases it', async () => {
    await trtc.startLocalAudio({ option: { microphoneId: 'mic-2', echoCancellation: true } });
    expect(devices.requests).toEqual([{ audio: { deviceId: { exact: 'mic-2' }, echoCancellation: true } }]);
    const track = trtc.getAudioTrack() as unknown as FakeTrack;
    expect(track.kind).toBe('audio');
    expect(trtc.getAudioTrack('someone-else')).toBeNull();
    await trtc.stopLocalAudio();
    expect(track.readyState).toBe('ended');
  });

  test('destroy releases local media and makes the instance unusable', async () => {
    await trtc.startLocalVideo();
    const track = trtc.getVideoTrack() as unknown as FakeTrack;
    trtc.destroy();
    expect(track.readyState).toBe('ended');
    expect((await rejection(trtc.startLocalVideo())).code).toBe(ERROR_CODE.INVALID_OPERATION);
  });
});
