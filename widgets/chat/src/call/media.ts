/**
 * A call's presence in its room: the stay recorded on the server (joinRoom / leaveRoom, which
 * check the free HR's rules), the camera and microphone, and the TRTC instance of
 * @zp/core/rtc-provider (@zp/rtc-sdk or Tencent's, each its own chunk loaded on the first call).
 * One CallRoom per entry; leave() at any point, even mid-entry, undoes what was done.
 */
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { rtcEntry, type Trtc } from '@zp/core/rtc-provider';
import { kickedText } from '@zp/core/rtc-words';

export interface RoomListener {
  /** the other person's picture started (true) or stopped (false) */
  remoteVideo(on: boolean): void;
  /** the other person left the room */
  peerLeft(userId: string): void;
  /** the room ended or removed us, in words */
  ended(text: string): void;
}

/** Thrown by enter() when leave() came first: nothing to report. */
export class LeftBeforeEntering extends Error {}

export class CallRoom {
  private trtc: Trtc | null = null;
  private joined = 0;
  private left = false;

  constructor(private views: { local: HTMLElement; remote: HTMLElement }, private listener: RoomListener) {}

  async enter(roomId: string): Promise<void> {
    const channelId = Number(roomId);
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
    trtc.on(E.REMOTE_USER_EXIT, ({ userId }) => this.listener.peerLeft(userId));
    trtc.on(E.KICKED_OUT, (event) => this.listener.ended(kickedText(event as { reason: string; cause?: string; message?: string })));
    // A fault of one step only is not the end of the call; the SDK reconnects by itself.
    trtc.on(E.ERROR, (error) => console.warn('[call]', error.message));
    // Spec section 4: devices that fail end the call (the caller hears an error action). They are
    // opened before the stay is recorded, so a failed answer does not use up a free HR's daily interview.
    await trtc.startLocalVideo({ view: this.views.local, option: { profile: '480p' } });
    this.check();
    await trtc.startLocalAudio();
    this.check();
    await api.call(rtcApi.joinRoom, { query: { channelId } });
    this.joined = channelId;
    this.check();
    await trtc.enterRoom({ ...entry.credentials, roomId: channelId });
    this.check();
  }

  async setCamera(on: boolean): Promise<void> {
    await this.trtc?.updateLocalVideo({ mute: !on });
  }

  async setMicrophone(on: boolean): Promise<void> {
    await this.trtc?.updateLocalAudio({ mute: !on });
  }

  leave(): void {
    if (this.left) return;
    this.left = true;
    const trtc = this.trtc;
    this.trtc = null;
    if (trtc) void trtc.exitRoom().catch(() => {}).finally(() => trtc.destroy());
    if (this.joined) void api.call(rtcApi.leaveRoom, { query: { channelId: this.joined } }).catch(() => {});
  }

  private check() {
    if (this.left) throw new LeftBeforeEntering();
  }
}
