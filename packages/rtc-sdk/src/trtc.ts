/**
 * The self-hosted counterpart of trtc-sdk-v5's TRTC class, same method names, options and events.
 *
 * Implemented: the event emitter (on/off, including off('*')), device change events, local camera
 * and microphone capture with preview (startLocalVideo/Audio, stopLocalVideo/Audio, getVideoTrack,
 * getAudioTrack). Entering a room and remote video need the server's signalling (see
 * signalling.ts) and reject with ENV_NOT_SUPPORTED until it exists.
 */
import EventEmitter from 'eventemitter3';
import { ERROR_CODE, EVENT, TYPE } from './constants.js';
import { RtcError, deviceError } from './errors.js';
import { audioConstraints, play, videoConstraints, viewElements } from './media.js';
import type {
  EnterRoomConfig,
  LocalAudioConfig,
  LocalVideoConfig,
  RemoteVideoConfig,
  StopRemoteVideoConfig,
  TRTCEventName,
  TRTCEventTypes,
  TRTCOptions,
} from './types.js';

interface LocalTrack {
  track: MediaStreamTrack;
  /** Whether we captured it (and so must stop it) or the caller handed it in. */
  owned: boolean;
  removePlayers: () => void;
}

type Handler<T extends TRTCEventName> = (...args: TRTCEventTypes[T]) => void;

const DEVICE_TYPES: Partial<Record<MediaDeviceKind, 'camera' | 'microphone' | 'speaker'>> = {
  videoinput: 'camera',
  audioinput: 'microphone',
  audiooutput: 'speaker',
};

export class TRTC {
  static readonly EVENT = EVENT;
  static readonly TYPE = TYPE;
  static readonly ERROR_CODE = ERROR_CODE;

  static create(options: TRTCOptions = {}): TRTC {
    return new TRTC(options);
  }

  readonly #events = new EventEmitter<TRTCEventTypes>();
  #localVideo: LocalTrack | null = null;
  #localAudio: LocalTrack | null = null;
  #devices: Promise<MediaDeviceInfo[]> = Promise.resolve([]);
  #destroyed = false;

  private constructor(_options: TRTCOptions) {
    const media = globalThis.navigator?.mediaDevices;
    if (media?.enumerateDevices) {
      this.#devices = media.enumerateDevices().catch(() => []);
      media.addEventListener?.('devicechange', this.#onDeviceChange);
    }
  }

  on<T extends TRTCEventName>(event: T, handler: Handler<T>, context?: any): this {
    this.#events.on(event, handler as never, context);
    return this;
  }

  off<T extends TRTCEventName>(event: T | '*', handler: T extends '*' ? never : Handler<T>, context?: any): this {
    if (event === '*') this.#events.removeAllListeners();
    else this.#events.off(event, handler as never, context);
    return this;
  }

  enterRoom(_config: EnterRoomConfig): Promise<void> {
    return Promise.reject(noSignalling('enterRoom'));
  }

  /** Resolves at once: without signalling no room can have been entered. */
  async exitRoom(): Promise<void> {}

  startRemoteVideo(_config: RemoteVideoConfig): Promise<void> {
    return Promise.reject(noSignalling('startRemoteVideo'));
  }

  stopRemoteVideo(_config: StopRemoteVideoConfig): Promise<void> {
    return Promise.reject(noSignalling('stopRemoteVideo'));
  }

  /** Captures the camera (or uses option.videoTrack) and previews it in `view`. Once until stopLocalVideo. */
  async startLocalVideo(config: LocalVideoConfig = {}): Promise<void> {
    const fnName = 'startLocalVideo';
    this.#assertUsable(fnName);
    if (this.#localVideo) throw alreadyStarted(fnName, 'stopLocalVideo');
    const option = config.option ?? {};
    const elements = viewElements(config.view, fnName);
    const given = option.videoTrack;
    const track = given ?? (await capture(fnName, { video: videoConstraints(option) })).getVideoTracks()[0]!;
    // Default 'view': you see yourself mirrored, as in a mirror; 'publish' mirrors only what others see.
    const mirror = option.mirror === undefined || option.mirror === true || option.mirror === 'view' || option.mirror === 'both';
    this.#localVideo = { track, owned: !given, removePlayers: play(track, elements, { fillMode: option.fillMode, mirror }) };
  }

  async stopLocalVideo(): Promise<void> {
    release(this.#localVideo);
    this.#localVideo = null;
  }

  /** Captures the microphone (or uses option.audioTrack). The local microphone is never played back. */
  async startLocalAudio(config: LocalAudioConfig = {}): Promise<void> {
    const fnName = 'startLocalAudio';
    this.#assertUsable(fnName);
    if (this.#localAudio) throw alreadyStarted(fnName, 'stopLocalAudio');
    const given = config.option?.audioTrack;
    const track = given ?? (await capture(fnName, { audio: audioConstraints(config.option) })).getAudioTracks()[0]!;
    this.#localAudio = { track, owned: !given, removePlayers: () => {} };
  }

  async stopLocalAudio(): Promise<void> {
    release(this.#localAudio);
    this.#localAudio = null;
  }

  /** The local camera track; remote users' tracks need signalling and are null for now. */
  getVideoTrack(config?: { userId?: string }): MediaStreamTrack | null {
    return config?.userId ? null : (this.#localVideo?.track ?? null);
  }

  /** The local microphone track; remote users' tracks need signalling and are null for now. */
  getAudioTrack(configOrUserId?: { userId?: string } | string): MediaStreamTrack | null {
    const userId = typeof configOrUserId === 'string' ? configOrUserId : configOrUserId?.userId;
    return userId ? null : (this.#localAudio?.track ?? null);
  }

  /** Stops local media and drops every listener; the instance is unusable afterwards. */
  destroy(): void {
    void this.stopLocalVideo();
    void this.stopLocalAudio();
    globalThis.navigator?.mediaDevices?.removeEventListener?.('devicechange', this.#onDeviceChange);
    this.#events.removeAllListeners();
    this.#destroyed = true;
  }

  #assertUsable(fnName: string): void {
    if (this.#destroyed) {
      throw new RtcError({ code: ERROR_CODE.INVALID_OPERATION, fnName, message: '该实例已销毁，请重新创建' });
    }
  }

  // Diffs the device list on every change, serialised so that rapid changes are reported in order.
  #onDeviceChange = (): void => {
    this.#devices = this.#devices.then(async (before) => {
      const after = await navigator.mediaDevices.enumerateDevices().catch(() => before);
      const key = (d: MediaDeviceInfo) => `${d.kind}:${d.deviceId}`;
      const beforeKeys = new Set(before.map(key));
      const afterKeys = new Set(after.map(key));
      const changes = [
        ...after.filter((d) => !beforeKeys.has(key(d))).map((device) => ({ device, action: 'add' as const })),
        ...before.filter((d) => !afterKeys.has(key(d))).map((device) => ({ device, action: 'remove' as const })),
      ];
      for (const { device, action } of changes) {
        const type = DEVICE_TYPES[device.kind];
        // Casts: Tencent types these two fields with const enums whose values are these strings.
        if (type) this.#events.emit(EVENT.DEVICE_CHANGED, { type, action, device } as unknown as TRTCEventTypes['device-changed'][0]);
      }
      return after;
    });
  };
}

async function capture(fnName: string, constraints: MediaStreamConstraints): Promise<MediaStream> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media?.getUserMedia) {
    // Browsers expose getUserMedia only on https or localhost.
    throw new RtcError({
      code: ERROR_CODE.ENV_NOT_SUPPORTED,
      fnName,
      message: '当前浏览器不支持采集摄像头和麦克风，请使用 https 访问或更换浏览器',
    });
  }
  try {
    return await media.getUserMedia(constraints);
  } catch (error) {
    throw deviceError(fnName, error);
  }
}

function release(local: LocalTrack | null): void {
  if (!local) return;
  local.removePlayers();
  if (local.owned) local.track.stop();
}

function noSignalling(fnName: string): RtcError {
  return new RtcError({
    code: ERROR_CODE.ENV_NOT_SUPPORTED,
    fnName,
    message: `${fnName}：自建音视频服务的信令尚未接入，暂不能进入房间或拉取远端画面`,
  });
}

function alreadyStarted(fnName: string, stop: string): RtcError {
  return new RtcError({
    code: ERROR_CODE.INVALID_OPERATION,
    fnName,
    message: `${fnName} 已调用过，请先调用 ${stop}`,
  });
}
