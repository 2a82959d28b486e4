/**
 * A call's presence in its room: the stay recorded on the server (joinRoom / leaveRoom, which
 * check the free HR's rules), the camera and microphone, and the TRTC instance of
 * @zp/rtc-sdk/provider (@zp/rtc-sdk or Tencent's, each its own chunk loaded on the first call).
 * One CallRoom per entry; leave() at any point, even mid-entry, undoes what was done.
 */
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { rtcEntry, type Trtc } from '@zp/rtc-sdk/provider';
import { kickedText } from '@zp/core/rtc-words';
import type { RtcRoomInfo } from '@zp/core/contract';

export interface RoomListener {
  /** the other person's picture started (true) or stopped (false) */
  remoteVideo(on: boolean): void;
  /**
   * the browser refused to play the other person's sound without a click (its autoplay policy,
   * as after a reload in some browsers); `play` plays it, called from a click
   */
  soundBlocked(play: () => Promise<void>): void;
  /** someone entered the room */
  peerEntered(userId: string): void;
  /** the other person left the room */
  peerLeft(userId: string): void;
  /** the room ended or removed us, in words */
  ended(text: string): void;
}

/** Thrown by enter() when leave() came first: nothing to report. */
export class LeftBeforeEntering extends Error {}

export class CallRoom {
  private trtc: Trtc | null = null;
  private channel = 0;
  private joined = false;
  private left = false;
  private started = { video: false, audio: false };
  /** what the person chose with the toggles, also before the devices were open */
  private want = { camera: true, microphone: true };

  constructor(
    private views: { local: HTMLElement; remote: HTMLElement },
    private listener: RoomListener,
    /** this side opened the room (the HR) */
    private owner = false,
  ) {}

  /** The room the call is in, known once opened (the owner) or given (the callee). */
  setRoom(roomId: string) {
    this.channel = Number(roomId);
  }

  /** Enters; answers the room as joinRoom saw it (its interview clock). */
  async enter(roomId: string): Promise<RtcRoomInfo> {
    this.setRoom(roomId);
    const channelId = this.channel;
    const entry = await rtcEntry();
    this.check();
    const { TRTC } = entry;
    const trtc = TRTC.create();
    this.trtc = trtc;
    const E = TRTC.EVENT;
    const main = TRTC.TYPE.STREAM_TYPE_MAIN;
    trtc.on(E.REMOTE_VIDEO_AVAILABLE, ({ userId, streamType }) => {
      if (streamType !== main || this.left) return;
      this.listener.remoteVideo(true);
      void trtc.startRemoteVideo({ userId, streamType, view: this.views.remote, option: { fillMode: 'contain' } }).catch(() => {});
    });
    trtc.on(E.REMOTE_VIDEO_UNAVAILABLE, ({ streamType }) => streamType === main && this.listener.remoteVideo(false));
    trtc.on(E.AUTOPLAY_FAILED, ({ mediaType, resume }) => mediaType === 'audio' && !this.left && this.listener.soundBlocked(resume));
    trtc.on(E.REMOTE_USER_ENTER, ({ userId }) => this.listener.peerEntered(userId));
    trtc.on(E.REMOTE_USER_EXIT, ({ userId }) => this.listener.peerLeft(userId));
    trtc.on(E.KICKED_OUT, (event) => this.listener.ended(kickedText(event as { reason: string; cause?: string; message?: string })));
    // A fault of one step only is not the end of the call; the SDK reconnects by itself.
    trtc.on(E.ERROR, (error) => console.warn('[call]', error.message));
    // Spec section 4: devices that fail end the call (the caller hears an error action). They are
    // opened before the stay is recorded, so a failed answer does not use up a free HR's daily
    // interview; a toggle pressed meanwhile is honoured as they start.
    await trtc.startLocalVideo({ view: this.views.local, mute: !this.want.camera, option: { profile: '480p' } });
    this.started.video = true;
    this.check();
    await trtc.startLocalAudio({ mute: !this.want.microphone });
    this.started.audio = true;
    this.check();
    const joined = await api.call(rtcApi.joinRoom, { query: { channelId } });
    this.joined = true;
    // Left while the stay was being recorded: give it back (leave() could not know of it yet).
    if (this.left) {
      void api.call(rtcApi.leaveRoom, { query: { channelId } }).catch(() => {});
      throw new LeftBeforeEntering();
    }
    await trtc.enterRoom({ ...entry.credentials, roomId: channelId });
    this.check();
    return joined.data;
  }

  async setCamera(on: boolean): Promise<void> {
    this.want.camera = on;
    if (this.started.video) await this.trtc?.updateLocalVideo({ mute: !on });
  }

  async setMicrophone(on: boolean): Promise<void> {
    this.want.microphone = on;
    if (this.started.audio) await this.trtc?.updateLocalAudio({ mute: !on });
  }

  leave(): void {
    if (this.left) return;
    this.left = true;
    const trtc = this.trtc;
    this.trtc = null;
    if (trtc) void trtc.exitRoom().catch(() => {}).finally(() => trtc.destroy());
    const query = { query: { channelId: this.channel } };
    // Once in, leaving is enough (the room ends when empty); a room its owner opened but never
    // entered (cancelled meanwhile) would wait for its time limit, so it is ended.
    if (this.joined) void api.call(rtcApi.leaveRoom, query).catch(() => {});
    else if (this.owner && this.channel) void api.call(rtcApi.endRoom, query).catch(() => {});
  }

  private check() {
    if (this.left) throw new LeftBeforeEntering();
  }
}
