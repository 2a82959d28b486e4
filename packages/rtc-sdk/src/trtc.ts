/**
 * The self-hosted counterpart of trtc-sdk-v5's TRTC class: same method names, options and events.
 *
 * A pair is a mesh: one RTCPeerConnection per other member (peer.ts), negotiated through the
 * server's signalling (signalling.ts, ws-signalling.ts). A room of three or more goes through the
 * media server when the server has one (sfu.ts): our media go up once (Uplink) and each member's
 * come down on their own connection (Downlink). Local media are captured once and put on the
 * senders; remote audio plays by itself, remote video in the view given to startRemoteVideo.
 */
import EventEmitter from 'eventemitter3';
import { ERROR_CODE, EVENT, SCREEN_PROFILES, TYPE, VIDEO_PROFILES, sendLayers, type VideoProfile } from './constants.js';
import { RTC_MSG } from '@zp/core/rtc-words';
import { RtcError, deviceError } from './errors.js';
import { audioConstraints, play, playAudio, resolveProfile, speaker, videoConstraints, viewElements } from './media.js';
import { Peer, type LocalTracks, type PathState } from './peer.js';
import { Downlink, Uplink } from './sfu.js';
import type { JoinResult, PublishedMedia, RecordingState, RoomMember, Signalling, SignallingEvent } from './signalling.js';
import { networkQuality, samplePath, statistics, type PathSample } from './stats.js';
import { WebSocketSignalling, rtcSocketUrl, type SocketFactory } from './ws-signalling.js';
import type {
  EnterRoomConfig,
  LocalAudioConfig,
  LocalVideoConfig,
  RemoteVideoConfig,
  CustomMessageData,
  ScreenShareConfig,
  StopRemoteVideoConfig,
  TRTCEventName,
  TRTCEventTypes,
  TRTCOptions,
  UpdateLocalAudioConfig,
  UpdateScreenShareConfig,
} from './types.js';

/** TRTC.create's options: Tencent's, plus what the self-hosted SDK can be given instead of the browser's. */

/** What the self-hosted service adds to trtc-sdk-v5's enterRoom config. */
export interface SelfHostedEnter {
  /** Renews the userSig when the signalling socket reconnects (ours is short-lived; Tencent's is not). */
  refreshUserSig?: () => Promise<string>;
}

export interface ZpTRTCOptions extends TRTCOptions {
  /** WebSocket implementation for the signalling socket (default: the browser's). */
  WebSocket?: SocketFactory;
  /** RTCPeerConnection implementation (default: the browser's). */
  RTCPeerConnection?: typeof RTCPeerConnection;
  /** Makes the room's signalling instead of the server socket; for tests at that boundary. */
  signalling?: () => Signalling;
}

type ConnectionState = 'DISCONNECTED' | 'CONNECTING' | 'CONNECTED';
type Handler<T extends TRTCEventName> = (...args: TRTCEventTypes[T]) => void;
type Payload<T extends TRTCEventName> = TRTCEventTypes[T][0];

interface LocalVideo {
  track: MediaStreamTrack;
  /** Whether we captured it (and so must stop it) or the caller handed it in. */
  owned: boolean;
  removePlayers: () => void;
  elements: HTMLElement[];
  fillMode: 'contain' | 'cover' | 'fill' | undefined;
  mirror: boolean;
  profile: VideoProfile;
  cameraId?: string;
  publish: boolean;
  mute: boolean;
}

/**
 * The shared screen. It is sent in place of the camera (one picture per person on every
 * connection and through the media server); the others see the camera unavailable and the
 * screen available as the sub stream, as with trtc-sdk-v5.
 */
interface LocalScreen {
  track: MediaStreamTrack;
  owned: boolean;
  removePlayers: () => void;
  elements: HTMLElement[];
  fillMode: 'contain' | 'cover' | 'fill' | undefined;
  profile: VideoProfile;
  publish: boolean;
  /** the browser's own 停止共享 (the track ends) */
  onEnded: () => void;
}

interface LocalAudio {
  track: MediaStreamTrack;
  owned: boolean;
  publish: boolean;
  mute: boolean;
  constraints: LocalAudioConfig['option'];
}

interface Remote {
  userId: string;
  /** The member's enterRoom we are connected to. */
  session: string;
  /** What the member publishes, as the server last said. */
  audio: boolean;
  video: boolean;
  /** their picture is their screen (the sub stream) */
  screen: boolean;
  /** the connection their media come on: to them (mesh) or from the media server (SFU) */
  peer: Peer | Downlink;
  /** SFU: their media reach the media server, so there is something to subscribe to */
  published: boolean;
  path: PathState;
  sound: ReturnType<typeof playAudio> | null;
  soundMuted: boolean;
  volume: number;
  /** where startRemoteVideo asked to show their camera (main) and their screen (sub) */
  views: Record<StreamKind, RemoteView | null>;
  counters?: PathSample['counters'];
  /** mesh: asks for the media server if the direct path to them stays down (#watchDirect) */
  fallbackTimer?: ReturnType<typeof setTimeout>;
}

type StreamKind = 'main' | 'sub';

interface RemoteView {
  elements: HTMLElement[];
  option: RemoteVideoConfig['option'];
  /** stops the picture playing there, while it does */
  remove: (() => void) | null;
}

const streamKind = (streamType: string | undefined): StreamKind => (streamType === TYPE.STREAM_TYPE_SUB ? 'sub' : 'main');

interface Room {
  signalling: Signalling;
  unsubscribe: () => void;
  userId: string;
  iceServers: RTCIceServer[];
  /** TURN servers given in enterRoom's proxy, added to the server's. */
  extraIce: RTCIceServer[];
  iceTransportPolicy?: RTCIceTransportPolicy;
  remotes: Map<string, Remote>;
  published: PublishedMedia;
  mode: 'mesh' | 'sfu';
  /** SFU: our media to the media server */
  uplink: Uplink | null;
  /** mesh: we asked the room to go through the media server (once) */
  fallbackAsked?: boolean;
  statsTimer: ReturnType<typeof setInterval>;
}

const DEVICE_TYPES: Partial<Record<MediaDeviceKind, 'camera' | 'microphone' | 'speaker'>> = {
  videoinput: 'camera',
  audioinput: 'microphone',
  audiooutput: 'speaker',
};

const STATS_INTERVAL_MS = 2000;
/** Publishing or subscribing through the media server is tried again this often, this many times (it may be restarting). */
const SFU_RETRY_MS = 1500;
const SFU_RETRIES = 20;
/** A direct path still not up this long after its checks began, or after it went down: the media server carries the pair. */
const FALLBACK_MS = 12_000;

export class TRTC {
  static readonly EVENT = EVENT;
  static readonly TYPE = TYPE;
  static readonly ERROR_CODE = ERROR_CODE;

  static create(options: ZpTRTCOptions = {}): TRTC {
    return new TRTC(options);
  }

  /** Whether this browser can take part: WebRTC, capture, and a video codec both ways. */
  static async isSupported() {
    const isWebRTCSupported = typeof globalThis.RTCPeerConnection === 'function';
    const isMediaDevicesSupported = !!globalThis.navigator?.mediaDevices?.getUserMedia;
    const codecs = (side: typeof RTCRtpSender | typeof RTCRtpReceiver | undefined) =>
      (side?.getCapabilities?.('video')?.codecs ?? []).map((c) => c.mimeType.toLowerCase());
    const send = codecs(globalThis.RTCRtpSender);
    const receive = codecs(globalThis.RTCRtpReceiver);
    const detail = {
      isBrowserSupported: isWebRTCSupported,
      isWebRTCSupported,
      isMediaDevicesSupported,
      isScreenShareSupported: !!globalThis.navigator?.mediaDevices?.getDisplayMedia,
      isSmallStreamSupported: false,
      isVp8EncodeSupported: send.includes('video/vp8'),
      isVp8DecodeSupported: receive.includes('video/vp8'),
      isH264EncodeSupported: send.includes('video/h264'),
      isH264DecodeSupported: receive.includes('video/h264'),
    };
    const codec = (detail.isVp8EncodeSupported && detail.isVp8DecodeSupported) || (detail.isH264EncodeSupported && detail.isH264DecodeSupported);
    return { result: isWebRTCSupported && isMediaDevicesSupported && codec, detail };
  }

  static getCameraList(requestPermission?: boolean): Promise<MediaDeviceInfo[]> {
    return listDevices('videoinput', requestPermission);
  }

  static getMicrophoneList(requestPermission?: boolean): Promise<MediaDeviceInfo[]> {
    return listDevices('audioinput', requestPermission);
  }

  static getSpeakerList(requestPermission?: boolean): Promise<MediaDeviceInfo[]> {
    return listDevices('audiooutput', requestPermission);
  }

  /** Plays every remote member's sound, in every instance, on this output device. */
  static async setCurrentSpeaker(speakerId: string): Promise<void> {
    speaker.id = speakerId;
    await Promise.all([...speaker.players].map((audio) => audio.setSinkId?.(speakerId)));
  }

  readonly #events = new EventEmitter<TRTCEventTypes>();
  readonly #options: ZpTRTCOptions;
  #localVideo: LocalVideo | null = null;
  #localAudio: LocalAudio | null = null;
  #screen: LocalScreen | null = null;
  #devices: Promise<MediaDeviceInfo[]> = Promise.resolve([]);
  #room: Room | null = null;
  #entering: Promise<void> | null = null;
  #state: ConnectionState = 'DISCONNECTED';
  #volumeTimer: ReturnType<typeof setInterval> | null = null;
  #meter: { context: AudioContext; analyser: AnalyserNode; track: MediaStreamTrack } | null = null;
  #destroyed = false;
  readonly #recordingListeners = new Set<(state: RecordingState) => void>();

  /**
   * Recording the interview with everyone's consent (not in trtc-sdk-v5, whose recording is a
   * cloud service): ask (the promoter), answer 是否同意录制本次面试？ (false later withdraws),
   * stop, and watch the state the server tells everyone.
   */
  readonly recording = {
    ask: () => this.#recordOp('recordAsk'),
    answer: (agree: boolean) => this.#recordOp('recordAnswer', agree),
    stop: () => this.#recordOp('recordStop'),
    watch: (listener: (state: RecordingState) => void): (() => void) => {
      this.#recordingListeners.add(listener);
      return () => this.#recordingListeners.delete(listener);
    },
  };

  async #recordOp(op: 'recordAsk' | 'recordAnswer' | 'recordStop', agree?: boolean): Promise<void> {
    const room = this.#room;
    if (!room) throw invalidOperation('recording', '请先进入房间');
    await room.signalling.record(op, agree);
  }

  private constructor(options: ZpTRTCOptions) {
    this.#options = options;
    const media = globalThis.navigator?.mediaDevices;
    if (media?.enumerateDevices) {
      this.#devices = media.enumerateDevices().catch(() => []);
      media.addEventListener?.('devicechange', this.#onDeviceChange);
    }
  }

  on<T extends TRTCEventName>(event: T, handler: Handler<T>, context?: unknown): this {
    this.#events.on(event, handler as never, context);
    return this;
  }

  off<T extends TRTCEventName>(event: T | '*', handler: T extends '*' ? never : Handler<T>, context?: unknown): this {
    if (event === '*') this.#events.removeAllListeners();
    else this.#events.off(event, handler as never, context);
    return this;
  }

  #emit<T extends TRTCEventName>(event: T, ...args: TRTCEventTypes[T]): void {
    (this.#events.emit as (event: T, ...args: TRTCEventTypes[T]) => boolean)(event, ...args);
  }

  // ---------------------------------------------------------------- room

  /**
   * Joins the room through the server's signalling and connects to everyone in it. The server
   * address is `proxy` (a ws(s):// URL, or `{ websocketProxy }`), else /api/rtc/ws on this page's host.
   */
  enterRoom(config: EnterRoomConfig & SelfHostedEnter): Promise<void> {
    const fnName = 'enterRoom';
    try {
      this.#assertUsable(fnName);
      if (this.#room || this.#entering !== null) throw invalidOperation(fnName, '已在房间中，请先调用 exitRoom');
      const roomId = config.strRoomId ? String(config.strRoomId) : config.roomId !== undefined ? String(config.roomId) : '';
      if (!roomId || !config.userId || !config.userSig) {
        throw new RtcError({ code: ERROR_CODE.INVALID_PARAMETER, fnName, message: 'enterRoom 需要 userId、userSig 和 roomId（或 strRoomId）' });
      }
      const entering = this.#enter(config, roomId).finally(() => {
        this.#entering = null;
      });
      this.#entering = entering;
      return entering;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #enter(config: EnterRoomConfig & SelfHostedEnter, roomId: string): Promise<void> {
    const proxy = typeof config.proxy === 'string' ? { websocketProxy: config.proxy } : config.proxy;
    const signalling =
      this.#options.signalling?.() ??
      new WebSocketSignalling(rtcSocketUrl(proxy?.websocketProxy), this.#options.WebSocket);
    // Events that arrive while the join is answered wait for the room to exist.
    const early: SignallingEvent[] = [];
    let onEvent = (event: SignallingEvent): void => {
      early.push(event);
    };
    const unsubscribe = signalling.subscribe((event) => onEvent(event));
    this.#setState('CONNECTING');
    let result: JoinResult;
    const published = this.#publishedMedia();
    try {
      result = await signalling.join({ roomId, userId: config.userId, userSig: config.userSig, refreshUserSig: config.refreshUserSig, session: randomId(), audio: published.audio, video: published.video });
    } catch (error) {
      unsubscribe();
      void signalling.leave().catch(() => {});
      this.#setState('DISCONNECTED');
      throw error instanceof RtcError
        ? error
        : new RtcError({ code: ERROR_CODE.SERVER_ERROR, fnName: 'enterRoom', message: `进入房间失败：${(error as Error)?.message ?? error}`, originError: error as Error });
    }
    if (this.#destroyed) {
      unsubscribe();
      void signalling.leave().catch(() => {});
      throw invalidOperation('enterRoom', '该实例已销毁，请重新创建');
    }
    const turn = proxy?.turnServer ? (Array.isArray(proxy.turnServer) ? proxy.turnServer : [proxy.turnServer]) : [];
    const extraIce = turn.map((t) => ({ urls: t.url, username: t.username, credential: t.credential }));
    const room: Room = {
      signalling,
      unsubscribe,
      userId: config.userId,
      iceServers: [...result.iceServers, ...extraIce],
      extraIce,
      iceTransportPolicy: proxy?.iceTransportPolicy,
      remotes: new Map(),
      published,
      statsTimer: setInterval(() => void this.#sampleStats(), STATS_INTERVAL_MS),
      mode: result.mode,
      uplink: null,
    };
    this.#room = room;
    onEvent = (event) => this.#onSignalling(room, event);
    // A screen shared before entering: the join said camera and microphone only.
    if (published.screen) signalling.publish(published);
    if (room.mode === 'sfu') this.#publishUp(room);
    for (const member of result.members) this.#addMember(room, member);
    this.#setState('CONNECTED');
    for (const event of early) this.#onSignalling(room, event);
  }

  /** Leaves the room and closes every connection; local capture goes on (as in trtc-sdk-v5). */
  async exitRoom(): Promise<void> {
    await this.#entering?.catch(() => {});
    const room = this.#room;
    if (!room) return;
    this.#teardown(room);
    await room.signalling.leave().catch(() => {});
  }

  #teardown(room: Room): void {
    if (this.#room !== room) return;
    this.#room = null;
    room.unsubscribe();
    clearInterval(room.statsTimer);
    room.uplink?.close();
    room.uplink = null;
    for (const remote of room.remotes.values()) this.#closeRemote(remote);
    room.remotes.clear();
    this.#setState('DISCONNECTED');
  }

  #setState(state: ConnectionState, isReconnecting?: boolean): void {
    if (state === this.#state) return;
    const prevState = this.#state;
    this.#state = state;
    // Casts: Tencent types these with a const enum whose values are these strings.
    this.#emit(EVENT.CONNECTION_STATE_CHANGED, {
      prevState: prevState as never,
      state: state as never,
      ...(isReconnecting ? { isReconnecting } : {}),
    });
  }

  #onSignalling(room: Room, event: SignallingEvent): void {
    if (this.#room !== room) return;
    switch (event.type) {
      case 'member-joined': {
        const known = room.remotes.get(event.member.userId);
        // The same person again: a new page (a reload) whose old connection went with the old page.
        if (known) this.#renewPeer(room, known, event.member);
        else this.#addMember(room, event.member);
        break;
      }
      case 'member-left':
        this.#removeMember(room, event.userId);
        break;
      case 'member-media': {
        const remote = room.remotes.get(event.member.userId);
        if (remote) this.#updateMedia(remote, event.member);
        break;
      }
      case 'peer-message': {
        const remote = room.remotes.get(event.from);
        // A late message of a page the member has since left (reloaded) belongs to no connection.
        if (remote && remote.session === event.session) void remote.peer.receive(event.message);
        break;
      }
      case 'removed':
        this.#teardown(room);
        void room.signalling.leave().catch(() => {});
        // Tencent's payload is { reason }; the server's words and cause come along for the room's notice.
        this.#emit(EVENT.KICKED_OUT, { reason: event.reason as never, ...({ message: event.message, cause: event.cause } as object) });
        break;
      case 'connection':
        if (event.state === 'RECONNECTING') {
          this.#setState('DISCONNECTED');
          this.#setState('CONNECTING', true);
        } else {
          this.#teardown(room);
          this.#emit(
            EVENT.ERROR,
            new RtcError({
              code: ERROR_CODE.OPERATION_FAILED,
              fnName: 'enterRoom',
              message: event.message ? `与音视频服务的连接已断开：${event.message}` : '与音视频服务的连接已断开，请重新进入房间',
            }),
          );
        }
        break;
      case 'rejoined':
        this.#rejoined(room, event.result);
        break;
      case 'room-mode':
        this.#toSfu(room);
        break;
      case 'member-published': {
        const remote = room.remotes.get(event.member.userId);
        if (!remote) this.#addMember(room, event.member);
        else if (room.mode === 'sfu') {
          remote.session = event.member.session;
          remote.published = true;
          this.#renewPeer(room, remote, event.member);
        }
        break;
      }
      case 'custom': {
        const data = fromBase64(event.data);
        if (data) this.#emit(EVENT.CUSTOM_MESSAGE, { userId: event.userId, cmdId: event.cmdId, seq: event.seq, data });
        break;
      }
      case 'record': {
        const { type: _type, ...state } = event;
        for (const listener of [...this.#recordingListeners]) listener(state);
        break;
      }
      // 'talking': AUDIO_VOLUME measures what arrives, on either kind of connection.
    }
  }

  /**
   * The room goes through the media server (a third person came, or the media server restarted):
   * our media go up once, and every member's come down once they publish.
   */
  #toSfu(room: Room): void {
    room.mode = 'sfu';
    this.#publishUp(room);
    for (const remote of room.remotes.values()) {
      remote.published = false;
      this.#renewPeer(room, remote, { userId: remote.userId, session: remote.session, audio: remote.audio, video: remote.video, screen: remote.screen });
    }
  }

  /** Publishes our media to the media server, again after a failure until it works or the room is gone. */
  #publishUp(room: Room, attempt = 0): void {
    room.uplink?.close();
    const uplink = new Uplink(
      { iceServers: room.iceServers, ...(room.iceTransportPolicy ? { iceTransportPolicy: room.iceTransportPolicy } : {}) },
      this.#localTracks(),
      room.signalling,
      { track: () => {}, path: () => {}, error: () => {} },
      this.#options.RTCPeerConnection ?? globalThis.RTCPeerConnection,
    );
    room.uplink = uplink;
    uplink.start().catch((error) => {
      if (this.#room !== room || room.uplink !== uplink) return;
      if (attempt >= SFU_RETRIES) {
        this.#emit(EVENT.ERROR, new RtcError({ code: ERROR_CODE.OPERATION_FAILED, fnName: 'enterRoom', message: '无法向媒体服务器发布音视频，请重新进入房间', originError: error as Error }));
        return;
      }
      setTimeout(() => {
        if (this.#room === room && room.uplink === uplink) this.#publishUp(room, attempt + 1);
      }, SFU_RETRY_MS);
    });
  }

  /** After a signalling drop: the room as it is now, connections kept where the member stayed. */
  #rejoined(room: Room, result: JoinResult): void {
    room.iceServers = [...result.iceServers, ...room.extraIce];
    if (result.mode === 'sfu' && (room.mode !== 'sfu' || !result.resumed)) {
      // Moved to the media server while we were away, or our stay there ended: everything anew.
      room.mode = 'sfu';
      const present = new Set(result.members.map((m) => m.userId));
      for (const userId of [...room.remotes.keys()]) if (!present.has(userId)) this.#removeMember(room, userId);
      for (const member of result.members) if (!room.remotes.has(member.userId)) this.#addMember(room, member);
      this.#toSfu(room);
      for (const member of result.members) {
        const remote = room.remotes.get(member.userId);
        if (remote && member.published) {
          remote.published = true;
          this.#renewPeer(room, remote, member);
        }
      }
      room.signalling.publish(room.published);
      this.#setState('CONNECTED');
      return;
    }
    if (result.mode === 'sfu') {
      // Back within the grace period in a room on the media server: pushes may have been lost
      // meanwhile (a publication, the media server restarting), so what is not flowing starts again.
      const present = new Map(result.members.map((m) => [m.userId, m]));
      for (const userId of [...room.remotes.keys()]) if (!present.has(userId)) this.#removeMember(room, userId);
      for (const member of result.members) {
        const remote = room.remotes.get(member.userId);
        if (!remote) {
          this.#addMember(room, member);
          continue;
        }
        this.#updateMedia(remote, member);
        const stale = member.session !== remote.session || (!!member.published && (!remote.published || !remote.peer.connected));
        remote.published = !!member.published;
        if (stale) this.#renewPeer(room, remote, member);
      }
      if (!room.uplink?.connected) this.#publishUp(room);
      room.signalling.publish(room.published);
      this.#setState('CONNECTED');
      return;
    }
    const present = new Map(result.members.map((m) => [m.userId, m]));
    for (const userId of [...room.remotes.keys()]) if (!present.has(userId)) this.#removeMember(room, userId);
    for (const member of result.members) {
      const remote = room.remotes.get(member.userId);
      if (!remote) this.#addMember(room, member);
      // Not resumed: we were gone past the grace period and the others were told we joined
      // anew, so they start new connections to us; so do we. Same for a member who reloaded.
      else if (!result.resumed || member.session !== remote.session) this.#renewPeer(room, remote, member);
      else {
        this.#updateMedia(remote, member);
        // Negotiation messages may have been lost while away: a path that is not up starts over
        // (perfect negotiation sorts out both sides doing so at once).
        if (!remote.peer.connected) remote.peer.restartIce(room.iceServers);
      }
    }
    room.signalling.publish(room.published);
    this.#setState('CONNECTED');
  }

  #addMember(room: Room, member: RoomMember): void {
    if (member.userId === room.userId || room.remotes.has(member.userId)) return;
    const remote: Remote = {
      userId: member.userId,
      session: member.session,
      audio: false,
      video: false,
      screen: false,
      published: !!member.published,
      peer: null as unknown as Peer,
      path: 'new',
      sound: null,
      soundMuted: false,
      volume: 1,
      views: { main: null, sub: null },
    };
    remote.peer = this.#connect(room, remote);
    room.remotes.set(member.userId, remote);
    this.#emit(EVENT.REMOTE_USER_ENTER, { userId: member.userId });
    this.#updateMedia(remote, member);
    // One more person: every stream we send is sent for the new size.
    void this.#syncLocal();
  }

  /** A new connection to a member we know (their new page, or ours after a long drop); their views stay. */
  #renewPeer(room: Room, remote: Remote, member: RoomMember): void {
    remote.peer.close();
    remote.sound?.remove();
    remote.sound = null;
    hideVideo(remote);
    remote.session = member.session;
    remote.path = 'new';
    remote.counters = undefined;
    remote.peer = this.#connect(room, remote);
    this.#updateMedia(remote, member);
    // The views and the sound stay with the person: now on the new connection's tracks.
    this.#playSound(remote);
    this.#showVideo(remote);
  }

  #connect(room: Room, remote: Remote): Peer | Downlink {
    if (room.mode === 'sfu') return this.#subscribe(room, remote);
    const { userId, session } = remote;
    // Perfect negotiation needs one polite side per pair: the larger user id (contract rtc.ts).
    const polite = compareIds(room.userId, userId) > 0;
    let peer: Peer | undefined;
    const current = () => peer !== undefined && remote.peer === peer && room.remotes.get(userId) === remote;
    peer = new Peer(
      userId,
      polite,
      { iceServers: room.iceServers, ...(room.iceTransportPolicy ? { iceTransportPolicy: room.iceTransportPolicy } : {}) },
      this.#localTracks(),
      {
        send: (message) => room.signalling.send(userId, message, session),
        // The impolite side has its tracks at once (inside this constructor); #updateMedia and
        // startRemoteVideo pick them up from the peer then.
        track: (kind) => {
          if (current()) kind === 'audio' ? this.#playSound(remote) : this.#showVideo(remote);
        },
        path: (state) => {
          if (!current() || remote.path === state) return;
          const wasDown = remote.path === 'disconnected' || remote.path === 'failed';
          remote.path = state;
          // A path going down or coming back is news for the room's reconnecting notice now, not in two seconds.
          if (state === 'disconnected' || state === 'failed' || (wasDown && state === 'connected')) void this.#sampleStats();
          this.#watchDirect(room, remote);
        },
        error: (error) =>
          this.#emit(
            EVENT.ERROR,
            new RtcError({ code: ERROR_CODE.OPERATION_FAILED, fnName: 'enterRoom', message: `与 ${userId} 的连接协商失败`, originError: error as Error }),
          ),
      },
      this.#options.RTCPeerConnection ?? globalThis.RTCPeerConnection,
    );
    return peer;
  }

  /**
   * A direct path that does not come up within FALLBACK_MS of its checks beginning (the other
   * side answers, but no route between the two works) or of going down: the room is asked to go
   * through the media server, as Jitsi does for such pairs. Once per room; where there is no
   * media server the refusal changes nothing and the mesh keeps trying.
   */
  #watchDirect(room: Room, remote: Remote): void {
    if (remote.path === 'connected' || remote.path === 'closed') {
      clearTimeout(remote.fallbackTimer);
      remote.fallbackTimer = undefined;
      return;
    }
    // Counting already: restarts cycle the path through checking and failed, which is no progress.
    if (remote.path === 'new' || remote.fallbackTimer || room.fallbackAsked || room.mode !== 'mesh') return;
    const peer = remote.peer;
    remote.fallbackTimer = setTimeout(() => {
      remote.fallbackTimer = undefined;
      if (this.#room !== room || room.mode !== 'mesh' || room.fallbackAsked || remote.peer !== peer || room.remotes.get(remote.userId) !== remote) return;
      room.fallbackAsked = true;
      room.signalling.sfuFallback().catch(() => {});
    }, FALLBACK_MS);
  }

  /** SFU: the member's media from the media server, once they publish (until then a connection that waits). */
  #subscribe(room: Room, remote: Remote, attempt = 0): Downlink {
    const { userId } = remote;
    let link: Downlink | undefined;
    const current = () => link !== undefined && remote.peer === link && room.remotes.get(userId) === remote;
    link = new Downlink(
      userId,
      layerOf(remote),
      { iceServers: room.iceServers, ...(room.iceTransportPolicy ? { iceTransportPolicy: room.iceTransportPolicy } : {}) },
      room.signalling,
      {
        track: (kind) => {
          if (current()) kind === 'audio' ? this.#playSound(remote) : this.#showVideo(remote);
        },
        path: (state) => {
          if (current()) remote.path = state;
        },
        error: () => {},
      },
      this.#options.RTCPeerConnection ?? globalThis.RTCPeerConnection,
    );
    if (remote.published) {
      const started = link;
      started.start().catch((error) => {
        if (!current() || remote.peer !== started) return;
        if (attempt >= SFU_RETRIES) {
          this.#emit(EVENT.ERROR, new RtcError({ code: ERROR_CODE.OPERATION_FAILED, fnName: 'enterRoom', message: `无法接收 ${userId} 的音视频`, originError: error as Error }));
          return;
        }
        // The media server restarting, or the publication not there yet: try again shortly.
        setTimeout(() => {
          if (room.remotes.get(userId) !== remote || remote.peer !== started || room.mode !== 'sfu') return;
          started.close();
          remote.peer = this.#subscribe(room, remote, attempt + 1);
        }, SFU_RETRY_MS);
      });
    }
    return link;
  }

  #updateMedia(remote: Remote, member: RoomMember): void {
    if (member.audio !== remote.audio) {
      remote.audio = member.audio;
      this.#emit(member.audio ? EVENT.REMOTE_AUDIO_AVAILABLE : EVENT.REMOTE_AUDIO_UNAVAILABLE, { userId: remote.userId });
      if (member.audio) this.#playSound(remote);
    }
    // What goes away first, then what comes: the camera makes way for the screen and back.
    const screen = !!member.screen;
    const video = (on: boolean, streamType: string) =>
      this.#emit(on ? EVENT.REMOTE_VIDEO_AVAILABLE : EVENT.REMOTE_VIDEO_UNAVAILABLE, { userId: remote.userId, streamType: streamType as never });
    const videoChanged = member.video !== remote.video;
    const screenChanged = screen !== remote.screen;
    remote.video = member.video;
    remote.screen = screen;
    if (videoChanged && !member.video) video(false, TYPE.STREAM_TYPE_MAIN);
    if (screenChanged && !screen) video(false, TYPE.STREAM_TYPE_SUB);
    if (screenChanged) {
      // The picture moves to the other view, in the size that view asks for.
      hideVideo(remote);
      if (remote.peer instanceof Downlink) remote.peer.setLayer(layerOf(remote));
      this.#showVideo(remote);
    }
    if (videoChanged && member.video) video(true, TYPE.STREAM_TYPE_MAIN);
    if (screenChanged && screen) video(true, TYPE.STREAM_TYPE_SUB);
  }

  #removeMember(room: Room, userId: string): void {
    const remote = room.remotes.get(userId);
    if (!remote) return;
    // As trtc-sdk-v5: the member's media become unavailable, then the member leaves.
    this.#updateMedia(remote, { userId, session: remote.session, audio: false, video: false, screen: false });
    room.remotes.delete(userId);
    this.#closeRemote(remote);
    this.#emit(EVENT.REMOTE_USER_EXIT, { userId });
    void this.#syncLocal();
  }

  #closeRemote(remote: Remote): void {
    clearTimeout(remote.fallbackTimer);
    remote.peer.close();
    remote.sound?.remove();
    remote.sound = null;
    hideVideo(remote);
  }

  #playSound(remote: Remote): void {
    const track = remote.peer.remoteTrack('audio');
    if (remote.sound || !remote.audio || !track) return;
    remote.sound = playAudio(track, (resume) =>
      this.#emit(EVENT.AUTOPLAY_FAILED, { userId: remote.userId, mediaType: 'audio', resume }),
    );
    remote.sound.audio.muted = remote.soundMuted;
    remote.sound.audio.volume = remote.volume;
  }

  /** The picture that arrives plays in the view of what it is now: the camera's, or the screen's while they share. */
  #showVideo(remote: Remote): void {
    const track = remote.peer.remoteTrack('video');
    const kind: StreamKind = remote.screen ? 'sub' : 'main';
    const view = remote.views[kind];
    if (!view || view.remove || !track) return;
    const { fillMode, mirror } = view.option ?? {};
    view.remove = play(track, view.elements, {
      fillMode,
      mirror: mirror === true && kind === 'main',
      onFirstFrame: (video) =>
        this.#emit(EVENT.FIRST_VIDEO_FRAME, {
          userId: remote.userId,
          streamType: (kind === 'sub' ? TYPE.STREAM_TYPE_SUB : TYPE.STREAM_TYPE_MAIN) as never,
          width: video.videoWidth,
          height: video.videoHeight,
        }),
    });
  }

  #remote(fnName: string, userId: string): Remote {
    const remote = this.#room?.remotes.get(userId);
    if (!remote) throw invalidOperation(fnName, `用户 ${userId} 不在房间中`);
    return remote;
  }

  /** Shows a member's camera (streamType main) or shared screen (sub) in `view`; the picture appears once it arrives. */
  async startRemoteVideo(config: RemoteVideoConfig): Promise<void> {
    const fnName = 'startRemoteVideo';
    this.#assertUsable(fnName);
    const remote = this.#remote(fnName, config.userId);
    const kind = streamKind(config.streamType);
    if (remote.views[kind]) throw invalidOperation(fnName, `${fnName} 已调用过，请先调用 stopRemoteVideo 或使用 updateRemoteVideo`);
    remote.views[kind] = { elements: viewElements(config.view, fnName), option: config.option, remove: null };
    if (remote.peer instanceof Downlink) remote.peer.setLayer(layerOf(remote));
    this.#showVideo(remote);
  }

  /** Moves a member's video to another view, or changes its fill mode or mirroring. */
  async updateRemoteVideo(config: RemoteVideoConfig): Promise<void> {
    const fnName = 'updateRemoteVideo';
    this.#assertUsable(fnName);
    const remote = this.#remote(fnName, config.userId);
    const kind = streamKind(config.streamType);
    const view = remote.views[kind];
    if (!view) throw invalidOperation(fnName, '请先调用 startRemoteVideo');
    view.remove?.();
    remote.views[kind] = {
      elements: config.view === undefined ? view.elements : viewElements(config.view, fnName),
      option: { ...view.option, ...config.option },
      remove: null,
    };
    if (remote.peer instanceof Downlink) remote.peer.setLayer(layerOf(remote));
    this.#showVideo(remote);
  }

  async stopRemoteVideo(config: StopRemoteVideoConfig): Promise<void> {
    const remote = this.#room?.remotes.get(config.userId);
    if (!remote) return;
    const kind = streamKind(config.streamType);
    remote.views[kind]?.remove?.();
    remote.views[kind] = null;
  }

  async muteRemoteAudio(userId: string, mute: boolean): Promise<void> {
    const remote = this.#remote('muteRemoteAudio', userId);
    remote.soundMuted = mute;
    if (remote.sound) remote.sound.audio.muted = mute;
  }

  /** volume 0–100 (trtc-sdk-v5 amplifies above 100; a media element cannot). */
  setRemoteAudioVolume(userId: string, volume: number): void {
    const remote = this.#room?.remotes.get(userId);
    if (!remote) return;
    remote.volume = Math.min(1, Math.max(0, volume / 100));
    if (remote.sound) remote.sound.audio.volume = remote.volume;
  }

  // ---------------------------------------------------------------- local media

  /** Captures the camera (or uses option.videoTrack) and previews it in `view`. Once until stopLocalVideo. */
  async startLocalVideo(config: LocalVideoConfig = {}): Promise<void> {
    const fnName = 'startLocalVideo';
    this.#assertUsable(fnName);
    if (this.#localVideo) throw alreadyStarted(fnName, 'stopLocalVideo');
    const option = config.option ?? {};
    const elements = viewElements(config.view, fnName);
    const profile = resolveProfile(option.profile, fnName);
    const given = option.videoTrack;
    const track = given ?? (await capture(fnName, { video: videoConstraints(option) })).getVideoTracks()[0]!;
    if (this.#destroyed) {
      // Destroyed while the camera was being opened (a permission prompt): it must not stay on.
      if (!given) track.stop();
      throw invalidOperation(fnName, '该实例已销毁，请重新创建');
    }
    if (this.#localVideo) {
      // Two overlapping calls: the first one won.
      if (!given) track.stop();
      throw alreadyStarted(fnName, 'stopLocalVideo');
    }
    const local: LocalVideo = {
      track,
      owned: !given,
      elements,
      fillMode: option.fillMode,
      mirror: mirrored(option.mirror),
      profile,
      cameraId: option.cameraId,
      publish: config.publish !== false,
      mute: !!config.mute,
      removePlayers: () => {},
    };
    track.enabled = !local.mute;
    local.removePlayers = play(track, elements, { fillMode: local.fillMode, mirror: local.mirror });
    this.#localVideo = local;
    await this.#syncLocal();
  }

  /**
   * Changes the running camera: another camera (cameraId) or track, another profile, view,
   * fill mode or mirroring, publish on/off, and mute (the camera stays on, others see it off).
   */
  async updateLocalVideo(config: LocalVideoConfig): Promise<void> {
    const fnName = 'updateLocalVideo';
    this.#assertUsable(fnName);
    const local = this.#localVideo;
    if (!local) throw invalidOperation(fnName, '请先调用 startLocalVideo');
    const option = config.option ?? {};
    const profile = option.profile !== undefined ? resolveProfile(option.profile, fnName) : local.profile;
    let track = local.track;
    let owned = local.owned;
    if (option.videoTrack && option.videoTrack !== local.track) {
      track = option.videoTrack;
      owned = false;
    } else if (option.cameraId !== undefined && option.cameraId !== local.cameraId) {
      // A camera generally cannot be opened twice: free the old one first (the senders go dark for a
      // moment). Should the new one not open (busy, unplugged), the old one comes back.
      if (local.owned) local.track.stop();
      try {
        track = (await capture(fnName, { video: videoConstraints({ ...option, profile }) })).getVideoTracks()[0]!;
      } catch (error) {
        if (local.owned) {
          const back = await capture(fnName, { video: videoConstraints({ profile, cameraId: local.cameraId }) }).catch(() => null);
          const again = back?.getVideoTracks()[0];
          if (again) {
            again.enabled = !local.mute;
            local.track = again;
            local.removePlayers();
            local.removePlayers = play(again, local.elements, { fillMode: local.fillMode, mirror: local.mirror });
            await this.#syncLocal();
          }
        }
        throw error;
      }
      owned = true;
      local.cameraId = option.cameraId;
    } else if (option.profile !== undefined) {
      await track.applyConstraints(videoConstraints({ profile, cameraId: local.cameraId })).catch(() => {});
    }
    if (track !== local.track && local.owned && local.track.readyState === 'live') local.track.stop();
    const viewChanged = config.view !== undefined || option.fillMode !== undefined || option.mirror !== undefined || track !== local.track;
    Object.assign(local, {
      track,
      owned,
      profile,
      elements: config.view !== undefined ? viewElements(config.view, fnName) : local.elements,
      fillMode: option.fillMode ?? local.fillMode,
      mirror: option.mirror !== undefined ? mirrored(option.mirror) : local.mirror,
      publish: config.publish ?? local.publish,
      mute: config.mute !== undefined ? !!config.mute : local.mute,
    });
    track.enabled = !local.mute;
    if (viewChanged) {
      local.removePlayers();
      local.removePlayers = play(track, local.elements, { fillMode: local.fillMode, mirror: local.mirror });
    }
    await this.#syncLocal();
  }

  async stopLocalVideo(): Promise<void> {
    const local = this.#localVideo;
    this.#localVideo = null;
    if (!local) return;
    local.removePlayers();
    if (local.owned) local.track.stop();
    await this.#syncLocal();
  }

  /** Captures the microphone (or uses option.audioTrack). The local microphone is never played back. */
  async startLocalAudio(config: LocalAudioConfig = {}): Promise<void> {
    const fnName = 'startLocalAudio';
    this.#assertUsable(fnName);
    if (this.#localAudio) throw alreadyStarted(fnName, 'stopLocalAudio');
    const given = config.option?.audioTrack;
    const track = given ?? (await capture(fnName, { audio: audioConstraints(config.option) })).getAudioTracks()[0]!;
    if (this.#destroyed) {
      if (!given) track.stop();
      throw invalidOperation(fnName, '该实例已销毁，请重新创建');
    }
    if (this.#localAudio) {
      if (!given) track.stop();
      throw alreadyStarted(fnName, 'stopLocalAudio');
    }
    const mute = !!config.mute;
    track.enabled = !mute;
    this.#localAudio = { track, owned: !given, publish: config.publish !== false, mute, constraints: config.option };
    await this.#syncLocal();
  }

  /** Another microphone (microphoneId) or track, publish on/off, mute. */
  async updateLocalAudio(config: UpdateLocalAudioConfig): Promise<void> {
    const fnName = 'updateLocalAudio';
    this.#assertUsable(fnName);
    const local = this.#localAudio;
    if (!local) throw invalidOperation(fnName, '请先调用 startLocalAudio');
    const option = config.option ?? {};
    if (option.audioTrack && option.audioTrack !== local.track) {
      if (local.owned) local.track.stop();
      Object.assign(local, { track: option.audioTrack, owned: false });
    } else if (option.microphoneId !== undefined && option.microphoneId !== local.constraints?.microphoneId) {
      const constraints = { ...local.constraints, ...option };
      const track = (await capture(fnName, { audio: audioConstraints(constraints) })).getAudioTracks()[0]!;
      if (local.owned) local.track.stop();
      Object.assign(local, { track, owned: true, constraints });
    }
    if (config.publish !== undefined) local.publish = config.publish;
    if (config.mute !== undefined) local.mute = !!config.mute;
    local.track.enabled = !local.mute;
    await this.#syncLocal();
  }

  async stopLocalAudio(): Promise<void> {
    const local = this.#localAudio;
    this.#localAudio = null;
    if (local?.owned) local.track.stop();
    await this.#syncLocal();
  }

  /**
   * A message to everyone else in the room, in order (CUSTOM_MESSAGE there): cmdId 1–10, data at
   * most 1 KB. As trtc-sdk-v5's, it returns nothing; a message the server refuses is reported as
   * an ERROR event.
   */
  sendCustomMessage(message: CustomMessageData): void {
    const fnName = 'sendCustomMessage';
    this.#assertUsable(fnName);
    const room = this.#room;
    if (!room) throw invalidOperation(fnName, '请先进入房间');
    const { cmdId, data } = message;
    if (!Number.isInteger(cmdId) || cmdId < 1 || cmdId > 10) throw new RtcError({ code: ERROR_CODE.INVALID_PARAMETER, fnName, message: 'cmdId 须为 1–10 的整数' });
    if (!(data instanceof ArrayBuffer) || data.byteLength > 1024) throw new RtcError({ code: ERROR_CODE.INVALID_PARAMETER, fnName, message: 'data 须为不超过 1 KB 的 ArrayBuffer' });
    room.signalling.custom(cmdId, toBase64(data)).catch((error: Error) => {
      if (this.#room === room) this.#emit(EVENT.ERROR, new RtcError({ code: ERROR_CODE.OPERATION_FAILED, fnName, message: error.message, originError: error }));
    });
  }

  // ---------------------------------------------------------------- screen sharing

  /**
   * Shares a screen, window or tab the person picks (or option.videoTrack), previewed in `view`.
   * It is sent in place of the camera until stopScreenShare or the browser's own 停止共享
   * (SCREEN_SHARE_STOPPED); the camera stays open meanwhile and comes back after. System audio
   * is not shared.
   */
  async startScreenShare(config: ScreenShareConfig = {}): Promise<void> {
    const fnName = 'startScreenShare';
    this.#assertUsable(fnName);
    if (this.#screen) throw alreadyStarted(fnName, 'stopScreenShare');
    const option = config.option ?? {};
    const profile = resolveProfile(option.profile, fnName, SCREEN_PROFILES, SCREEN_PROFILES['1080p']);
    // The view first: a bad one must not leave a screen captured with nothing to stop it.
    const elements = viewElements(config.view, fnName);
    const given = option.videoTrack;
    const track = given ?? (await captureScreen(fnName, profile));
    if (this.#destroyed || this.#screen) {
      if (!given) track.stop();
      throw this.#destroyed ? invalidOperation(fnName, '该实例已销毁，请重新创建') : alreadyStarted(fnName, 'stopScreenShare');
    }
    // Text and lines stay sharp: the encoder lowers the frame rate before the resolution.
    if ('contentHint' in track) track.contentHint = 'detail';
    const local: LocalScreen = {
      track,
      owned: !given,
      elements,
      fillMode: option.fillMode ?? 'contain',
      profile,
      publish: config.publish !== false,
      removePlayers: () => {},
      onEnded: () => {
        if (this.#screen !== local) return;
        void this.stopScreenShare().then(() => this.#emit(EVENT.SCREEN_SHARE_STOPPED));
      },
    };
    track.addEventListener('ended', local.onEnded);
    local.removePlayers = play(track, elements, { fillMode: local.fillMode, mirror: false });
    this.#screen = local;
    await this.#syncLocal();
  }

  /** Another view, fill mode or track for the shared screen, or publish on/off. */
  async updateScreenShare(config: UpdateScreenShareConfig): Promise<void> {
    const fnName = 'updateScreenShare';
    this.#assertUsable(fnName);
    const local = this.#screen;
    if (!local) throw invalidOperation(fnName, '请先调用 startScreenShare');
    const option = config.option ?? {};
    if (option.videoTrack && option.videoTrack !== local.track) {
      local.track.removeEventListener('ended', local.onEnded);
      if (local.owned) local.track.stop();
      Object.assign(local, { track: option.videoTrack, owned: false });
      local.track.addEventListener('ended', local.onEnded);
    }
    if (config.view !== undefined) local.elements = viewElements(config.view, fnName);
    if (option.fillMode !== undefined) local.fillMode = option.fillMode;
    if (config.publish !== undefined) local.publish = config.publish;
    local.removePlayers();
    local.removePlayers = play(local.track, local.elements, { fillMode: local.fillMode, mirror: false });
    await this.#syncLocal();
  }

  /** Stops sharing: the camera (if on) is sent again. */
  async stopScreenShare(): Promise<void> {
    const local = this.#screen;
    this.#screen = null;
    if (!local) return;
    local.track.removeEventListener('ended', local.onEnded);
    local.removePlayers();
    if (local.owned) local.track.stop();
    await this.#syncLocal();
  }

  #localTracks(): LocalTracks {
    const video = this.#localVideo;
    const audio = this.#localAudio;
    const screen = this.#screen?.publish ? this.#screen : null;
    const profile = screen?.profile ?? video?.profile ?? VIDEO_PROFILES['480p'];
    // Us and everyone we know to be in the room: each stream is sent for this size (sendLayers).
    const people = (this.#room?.remotes.size ?? 0) + 1;
    return {
      audio: audio?.publish ? audio.track : null,
      video: screen ? screen.track : video?.publish ? video.track : null,
      send: { mesh: sendLayers(profile, people, 'mesh', !!screen), sfu: sendLayers(profile, people, 'sfu', !!screen) },
    };
  }

  #publishedMedia(): PublishedMedia {
    const video = this.#localVideo;
    const audio = this.#localAudio;
    const screen = !!this.#screen?.publish;
    return { audio: !!audio && audio.publish && !audio.mute, video: !screen && !!video && video.publish && !video.mute, screen };
  }

  /** Puts the local tracks on every connection and tells the room what we publish. */
  async #syncLocal(): Promise<void> {
    const room = this.#room;
    if (!room) return;
    const tracks = this.#localTracks();
    const media = this.#publishedMedia();
    if (media.audio !== room.published.audio || media.video !== room.published.video || media.screen !== room.published.screen) {
      room.published = media;
      room.signalling.publish(media);
    }
    await Promise.all([...room.remotes.values()].map((remote) => remote.peer.setLocal(tracks).catch(() => {})));
    await room.uplink?.setLocal(tracks).catch(() => {});
  }

  /** The local track, or with a userId the track received from that member. */
  getVideoTrack(config?: { userId?: string }): MediaStreamTrack | null {
    if (config?.userId) return this.#room?.remotes.get(config.userId)?.peer.remoteTrack('video') ?? null;
    return this.#localVideo?.track ?? null;
  }

  getAudioTrack(configOrUserId?: { userId?: string } | string): MediaStreamTrack | null {
    const userId = typeof configOrUserId === 'string' ? configOrUserId : configOrUserId?.userId;
    if (userId) return this.#room?.remotes.get(userId)?.peer.remoteTrack('audio') ?? null;
    return this.#localAudio?.track ?? null;
  }

  // ---------------------------------------------------------------- measurements

  /** NETWORK_QUALITY and STATISTICS, from getStats of every connection, when someone listens. */
  async #sampleStats(): Promise<void> {
    const room = this.#room;
    const wanted = this.#events.listenerCount(EVENT.NETWORK_QUALITY) + this.#events.listenerCount(EVENT.STATISTICS);
    if (!room || !wanted) return;
    const remotes = [...room.remotes.values()];
    const paths = await Promise.all(
      remotes.map((remote) =>
        samplePath(remote.userId, remote.peer.pc, remote.peer.connected, remote.counters).then((sample) => {
          remote.counters = sample.counters;
          return sample;
        }),
      ),
    ).catch(() => null);
    if (!paths || this.#room !== room) return;
    this.#emit(EVENT.NETWORK_QUALITY, networkQuality(paths));
    this.#emit(EVENT.STATISTICS, statistics(paths));
  }

  /**
   * AUDIO_VOLUME every `interval` ms (0 or less stops): the local microphone (userId '') measured
   * from its track, remote members from what their connection receives.
   */
  enableAudioVolumeEvaluation(interval = 2000, _enableInBackground?: boolean): void {
    if (this.#volumeTimer) clearInterval(this.#volumeTimer);
    this.#volumeTimer = null;
    if (interval <= 0) {
      this.#closeMeter();
      return;
    }
    this.#volumeTimer = setInterval(() => {
      const result: Payload<'audio-volume'>['result'] = [];
      const local = this.#localAudio;
      if (local) result.push(level('', local.mute ? 0 : this.#localLevel(local.track)));
      for (const remote of this.#room?.remotes.values() ?? []) {
        const sources = remote.audio ? (remote.peer.pc.getReceivers().find((r) => r.track.kind === 'audio')?.getSynchronizationSources() ?? []) : [];
        result.push(level(remote.userId, sources[0]?.audioLevel ?? 0));
      }
      this.#emit(EVENT.AUDIO_VOLUME, { result });
    }, Math.max(16, interval));
  }

  #localLevel(track: MediaStreamTrack): number {
    if (this.#meter?.track !== track) {
      this.#closeMeter();
      const Context = globalThis.AudioContext;
      if (!Context) return 0;
      const context = new Context();
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
      this.#meter = { context, analyser, track };
    }
    const samples = new Float32Array(this.#meter.analyser.fftSize);
    this.#meter.analyser.getFloatTimeDomainData(samples);
    let peak = 0;
    for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
    return peak;
  }

  #closeMeter(): void {
    void this.#meter?.context.close().catch(() => {});
    this.#meter = null;
  }

  // ---------------------------------------------------------------- lifetime

  /** Leaves the room, stops local media and drops every listener; the instance is unusable afterwards. */
  destroy(): void {
    if (this.#room) {
      const room = this.#room;
      this.#teardown(room);
      void room.signalling.leave().catch(() => {});
    }
    void this.stopLocalVideo();
    void this.stopLocalAudio();
    void this.stopScreenShare();
    this.enableAudioVolumeEvaluation(0);
    globalThis.navigator?.mediaDevices?.removeEventListener?.('devicechange', this.#onDeviceChange);
    this.#events.removeAllListeners();
    this.#destroyed = true;
  }

  #assertUsable(fnName: string): void {
    if (this.#destroyed) throw invalidOperation(fnName, '该实例已销毁，请重新创建');
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
        if (type) this.#emit(EVENT.DEVICE_CHANGED, { type, action, device } as unknown as Payload<'device-changed'>);
      }
      return after;
    });
  };
}

function toBase64(data: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(data)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes of base64 text; null for text that is not (a message that cannot be read is dropped). */
function fromBase64(text: string): ArrayBuffer | null {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** Stops the member's picture wherever it plays (the views stay, for when it comes back). */
function hideVideo(remote: Remote): void {
  for (const view of Object.values(remote.views)) {
    view?.remove?.();
    if (view) view.remove = null;
  }
}

/** Through the media server: a shared screen always comes large; a camera as its view asks (option.small). */
function layerOf(remote: Remote): 0 | 1 {
  return remote.screen || !remote.views.main?.option?.small ? 1 : 0;
}

/** Numeric ids by value ('9' < '10'), anything else as strings. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function level(userId: string, floatVolume: number) {
  const clamped = Math.min(1, Math.max(0, floatVolume));
  return { userId, volume: Math.round(clamped * 100), floatVolume: clamped };
}

// Default 'view': you see yourself mirrored, as in a mirror; 'publish' mirrors only what others see.
function mirrored(mirror: boolean | string | undefined): boolean {
  return mirror === undefined || mirror === true || mirror === 'view' || mirror === 'both';
}

async function listDevices(kind: MediaDeviceKind, requestPermission?: boolean): Promise<MediaDeviceInfo[]> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media?.enumerateDevices) return [];
  let devices = (await media.enumerateDevices()).filter((d) => d.kind === kind);
  // Without a granted permission browsers hide labels (and often ids): ask once, then list again.
  if (requestPermission && kind !== 'audiooutput' && devices.every((d) => !d.label)) {
    const stream = await capture(kind === 'videoinput' ? 'getCameraList' : 'getMicrophoneList', kind === 'videoinput' ? { video: true } : { audio: true });
    for (const track of stream.getTracks()) track.stop();
    devices = (await media.enumerateDevices()).filter((d) => d.kind === kind);
  }
  return devices;
}

/** The screen, window or tab the person picks in the browser's dialog. */
async function captureScreen(fnName: string, profile: VideoProfile): Promise<MediaStreamTrack> {
  const media = globalThis.navigator?.mediaDevices;
  if (!media?.getDisplayMedia) {
    throw new RtcError({ code: ERROR_CODE.ENV_NOT_SUPPORTED, fnName, message: RTC_MSG.screenUnsupported });
  }
  try {
    const stream = await media.getDisplayMedia({
      video: { width: { max: profile.width }, height: { max: profile.height }, frameRate: { max: profile.frameRate } },
      audio: false,
    });
    return stream.getVideoTracks()[0]!;
  } catch (error) {
    // Closing the browser's picker is a refusal too: nothing is shared, and nothing is wrong.
    throw deviceError(fnName, error, { refused: RTC_MSG.screenRefused, other: '' });
  }
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

function randomId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function invalidOperation(fnName: string, message: string): RtcError {
  return new RtcError({ code: ERROR_CODE.INVALID_OPERATION, fnName, message });
}

function alreadyStarted(fnName: string, stop: string): RtcError {
  return invalidOperation(fnName, `${fnName} 已调用过，请先调用 ${stop}`);
}
