/**
 * The connections of a room that goes through the media server (SFU, contract rtc.ts): one
 * Uplink carries our camera and microphone once, whatever the room's size, in two simulcast
 * layers; one Downlink per member receives theirs. The server negotiates each with the media
 * server on our behalf: we offer to publish and it answers; it offers each subscription and we
 * answer. Our ICE candidates wait until the server holds the other side's description, then go.
 */
import { encodingOf } from './constants.js';
import { applyLayers, type LocalTracks, type PathState } from './peer.js';
import type { PeerMessage, SfuSignalling } from './signalling.js';

type Candidate = Extract<PeerMessage, { type: 'candidate' }>['candidate'];

export interface LinkHooks {
  /** A remote track of this connection exists (Downlink only). */
  track(kind: 'audio' | 'video', track: MediaStreamTrack): void;
  path(state: PathState): void;
  error(error: unknown): void;
}

abstract class SfuLink {
  readonly pc: RTCPeerConnection;
  protected closed = false;
  /** our candidates until the server has both descriptions; then null and they go at once */
  #held: (Candidate | null)[] | null = [];

  constructor(
    config: RTCConfiguration,
    protected signalling: SfuSignalling,
    protected hooks: LinkHooks,
    /** the member this connection receives; null for our uplink */
    protected target: string | null,
    PC: typeof RTCPeerConnection,
  ) {
    const pc = (this.pc = new PC(config));
    pc.onicecandidate = ({ candidate }) => {
      const c = candidate ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex } : null;
      if (this.#held) this.#held.push(c);
      else this.#trickle(c);
    };
    pc.oniceconnectionstatechange = () => {
      const state = pc.iceConnectionState;
      hooks.path(state === 'completed' ? 'connected' : state === 'checking' ? 'connecting' : (state as PathState));
    };
  }

  #trickle(c: Candidate | null) {
    if (!this.closed) this.signalling.sfuTrickle(this.target, c);
  }

  /** The server holds both descriptions now: what we gathered meanwhile goes. */
  protected flush() {
    const held = this.#held ?? [];
    this.#held = null;
    for (const c of held) this.#trickle(c);
  }

  get connected(): boolean {
    const state = this.pc.iceConnectionState;
    return state === 'connected' || state === 'completed';
  }

  /** Negotiation messages are the mesh's; nothing comes for a link of the media server. */
  receive(_message: PeerMessage): Promise<void> {
    return Promise.resolve();
  }

  restartIce(_iceServers?: RTCIceServer[]): void {
    // The owner makes a new link: the media server's side starts afresh with it.
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pc.onicecandidate = this.pc.oniceconnectionstatechange = this.pc.ontrack = null;
    this.pc.close();
    this.hooks.path('closed');
  }
}

/** Our camera and microphone to the media server, once. */
export class Uplink extends SfuLink {
  #audio: RTCRtpTransceiver;
  #video: RTCRtpTransceiver;
  #local: LocalTracks;

  constructor(config: RTCConfiguration, local: LocalTracks, signalling: SfuSignalling, hooks: LinkHooks, PC: typeof RTCPeerConnection = RTCPeerConnection) {
    super(config, signalling, hooks, null, PC);
    this.#local = local;
    this.#audio = this.pc.addTransceiver(local.audio ?? 'audio', { direction: 'sendonly' });
    // Two layers, high first (the order the media server numbers them in reverse: 1 high, 0 small).
    this.#video = this.pc.addTransceiver(local.video ?? 'video', {
      direction: 'sendonly',
      sendEncodings: local.send.sfu.map((layer, i) => ({ rid: i ? 'l' : 'h', ...encodingOf(layer) })),
    });
  }

  /** Offers, has the server publish it, and applies the answer. */
  async start(): Promise<void> {
    await this.pc.setLocalDescription();
    const answer = await this.signalling.sfuPublish(this.pc.localDescription!.sdp);
    if (this.closed) return;
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answer });
    this.flush();
  }

  remoteTrack(_kind: 'audio' | 'video'): MediaStreamTrack | null {
    return null;
  }

  /** The current local tracks on the senders (no renegotiation). */
  async setLocal(local: LocalTracks): Promise<void> {
    this.#local = local;
    if (this.closed) return;
    if (this.#audio.sender.track !== local.audio) await this.#audio.sender.replaceTrack(local.audio);
    if (this.#video.sender.track !== local.video) await this.#video.sender.replaceTrack(local.video);
    await applyLayers(this.#video.sender, local.send.sfu);
  }

  get local(): LocalTracks {
    return this.#local;
  }
}

/** One member's media from the media server. */
export class Downlink extends SfuLink {
  constructor(
    userId: string,
    /** 1 the large picture, 0 the small one (trtc-sdk-v5's option.small) */
    public layer: 0 | 1,
    config: RTCConfiguration,
    signalling: SfuSignalling,
    hooks: LinkHooks,
    PC: typeof RTCPeerConnection = RTCPeerConnection,
  ) {
    super(config, signalling, hooks, userId, PC);
    this.pc.ontrack = ({ track }) => {
      if (track.kind === 'audio' || track.kind === 'video') hooks.track(track.kind, track);
    };
  }

  /** Subscribes: the server brings the media server's offer, we answer. */
  async start(): Promise<void> {
    const offer = await this.signalling.sfuSubscribe(this.target!, this.layer);
    if (this.closed) return;
    await this.pc.setRemoteDescription({ type: 'offer', sdp: offer });
    await this.pc.setLocalDescription();
    await this.signalling.sfuAnswer(this.target!, this.pc.localDescription!.sdp);
    this.flush();
  }

  remoteTrack(kind: 'audio' | 'video'): MediaStreamTrack | null {
    return this.pc.getTransceivers().find((t) => t.receiver.track.kind === kind)?.receiver.track ?? null;
  }

  async setLocal(_local: LocalTracks): Promise<void> {
    // Receives only.
  }

  /** Switches the picture received (small tile or enlarged). */
  setLayer(layer: 0 | 1): void {
    if (layer === this.layer) return;
    this.layer = layer;
    if (!this.closed) this.signalling.sfuLayer(this.target!, layer);
  }
}
