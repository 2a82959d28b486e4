/**
 * One RTCPeerConnection to one remote member of the room (mesh), negotiated with the "perfect
 * negotiation" pattern of the WebRTC specification: either side may offer at any time; on a
 * collision the polite side rolls back and answers, the impolite side ignores the other's offer.
 *
 * Each connection carries exactly one audio and one video transceiver, both sendrecv, created by
 * the impolite side when the connection starts and adopted by the polite side from the first
 * offer. Local media changes (camera on later, camera switch, stop) are replaceTrack on those
 * senders, which needs no renegotiation; a sender without a track simply sends nothing.
 */
import { encodingOf, type SendLayer } from './constants.js';
import type { PeerMessage } from './signalling.js';

export type PathState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export interface LocalTracks {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
  /** how the picture is sent in the room's present size (sendLayers): on each mesh connection, and up to the media server */
  send: { mesh: readonly SendLayer[]; sfu: readonly SendLayer[] };
}

export interface PeerHooks {
  send(message: PeerMessage): void;
  /** A remote track of this connection exists (it may not carry media yet). */
  track(kind: 'audio' | 'video', track: MediaStreamTrack): void;
  /** The ICE path changed state (for the reconnecting notice and network quality). */
  path(state: PathState): void;
  /** Negotiation failed in a way the pattern cannot absorb (reported as an ERROR event). */
  error(error: unknown): void;
}

/** How long a path may stay 'disconnected' before the impolite side restarts ICE. */
export const DISCONNECTED_RESTART_MS = 2500;
/** The polite side restarts too if a failed path is not restarted by the other side meanwhile. */
export const POLITE_RESTART_MS = 6000;
/** Pause between restarts that have not brought the path back. */
const RETRY_RESTART_MS = 5000;

export class Peer {
  readonly pc: RTCPeerConnection;
  #audio: RTCRtpTransceiver | null = null;
  #video: RTCRtpTransceiver | null = null;
  #local: LocalTracks;
  #makingOffer = false;
  #ignoreOffer = false;
  #settingRemoteAnswer = false;
  #restartTimer: ReturnType<typeof setTimeout> | null = null;
  /** ICE restarts since the path was last up. */
  #restarts = 0;
  /** Serialises incoming negotiation messages: each awaits the previous one. */
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    readonly userId: string,
    readonly polite: boolean,
    config: RTCConfiguration,
    local: LocalTracks,
    readonly hooks: PeerHooks,
    PC: typeof RTCPeerConnection = RTCPeerConnection,
  ) {
    this.#local = local;
    const pc = (this.pc = new PC(config));
    pc.onicecandidate = ({ candidate }) => {
      // null marks the end of gathering, which the other side does not need to know.
      if (candidate) {
        const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
        hooks.send({ type: 'candidate', candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment } });
      }
    };
    pc.onnegotiationneeded = () => void this.#offer();
    pc.ontrack = ({ transceiver, track }) => {
      if (track.kind === 'audio' || track.kind === 'video') {
        this.#adopt(transceiver);
        hooks.track(track.kind, track);
      }
    };
    pc.oniceconnectionstatechange = () => this.#onIceState();
    if (!polite) {
      // The impolite side opens: its offer carries both m-lines (negotiationneeded fires next).
      this.#audio = pc.addTransceiver(local.audio ?? 'audio', { direction: 'sendrecv' });
      this.#video = pc.addTransceiver(local.video ?? 'video', {
        direction: 'sendrecv',
        sendEncodings: local.send.mesh.map(encodingOf),
      });
      hooks.track('audio', this.#audio.receiver.track);
      hooks.track('video', this.#video.receiver.track);
    }
  }

  /** The remote track of this kind, once the transceiver exists. */
  remoteTrack(kind: 'audio' | 'video'): MediaStreamTrack | null {
    return (kind === 'audio' ? this.#audio : this.#video)?.receiver.track ?? null;
  }

  /** Puts the current local tracks on the senders (no renegotiation). */
  async setLocal(local: LocalTracks): Promise<void> {
    this.#local = local;
    await Promise.all([this.#apply(this.#audio, local.audio), this.#apply(this.#video, local.video)]);
    if (this.#video) await applyLayers(this.#video.sender, local.send.mesh);
  }

  /** Applies a message relayed from the remote side; messages are handled in arrival order. */
  receive(message: PeerMessage): Promise<void> {
    this.#queue = this.#queue.then(() => this.#handle(message)).catch((error) => {
      if (!this.#closed) this.hooks.error(error);
    });
    return this.#queue;
  }

  /**
   * Starts an ICE restart (new credentials, new candidate gathering). Perfect negotiation makes
   * the offer; a fresh TURN credential may come with it.
   */
  restartIce(iceServers?: RTCIceServer[]): void {
    if (this.#closed) return;
    if (iceServers) this.pc.setConfiguration({ ...this.pc.getConfiguration(), iceServers });
    // An offer lost in flight (signalling dropped) leaves us in have-local-offer, where
    // negotiationneeded never fires again: roll back and offer afresh.
    if (this.pc.signalingState === 'have-local-offer') {
      void this.pc.setLocalDescription({ type: 'rollback' }).then(
        () => this.pc.restartIce(),
        () => this.pc.restartIce(),
      );
    } else this.pc.restartIce();
  }

  /** Whether media can flow on the path now. */
  get connected(): boolean {
    const state = this.pc.iceConnectionState;
    return state === 'connected' || state === 'completed';
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#clearRestart();
    this.pc.onicecandidate = this.pc.onnegotiationneeded = this.pc.ontrack = this.pc.oniceconnectionstatechange = null;
    this.pc.close();
    this.hooks.path('closed');
  }

  async #offer(): Promise<void> {
    if (this.#closed) return;
    try {
      this.#makingOffer = true;
      await this.pc.setLocalDescription();
      const description = this.pc.localDescription;
      if (description && description.type === 'offer') this.hooks.send({ type: 'offer', sdp: description.sdp });
    } catch (error) {
      if (!this.#closed) this.hooks.error(error);
    } finally {
      this.#makingOffer = false;
    }
  }

  async #handle(message: PeerMessage): Promise<void> {
    if (this.#closed) return;
    const pc = this.pc;
    if (message.type === 'candidate') {
      // Candidates of an offer we ignored, or of an ICE generation a restart has replaced,
      // belong to nothing here; a candidate that fails costs one path among several.
      await pc.addIceCandidate(message.candidate).catch(() => {});
      return;
    }
    const readyForOffer = !this.#makingOffer && (pc.signalingState === 'stable' || this.#settingRemoteAnswer);
    const collision = message.type === 'offer' && !readyForOffer;
    this.#ignoreOffer = !this.polite && collision;
    if (this.#ignoreOffer) return;
    this.#settingRemoteAnswer = message.type === 'answer';
    try {
      // Implicit rollback: a polite side with a pending offer of its own drops it here.
      await pc.setRemoteDescription({ type: message.type, sdp: message.sdp });
    } finally {
      this.#settingRemoteAnswer = false;
    }
    if (message.type === 'offer') {
      // Adopt the offered transceivers before answering so the answer already sends our media.
      for (const transceiver of pc.getTransceivers()) this.#adopt(transceiver);
      await Promise.all([this.#apply(this.#audio, this.#local.audio), this.#apply(this.#video, this.#local.video)]);
      await pc.setLocalDescription();
      const answer = pc.localDescription;
      if (answer) this.hooks.send({ type: 'answer', sdp: answer.sdp });
    }
    if (this.#video && pc.signalingState === 'stable') await applyLayers(this.#video.sender, this.#local.send.mesh);
  }

  /** Takes the first transceiver of each kind as ours and makes it send as well as receive. */
  #adopt(transceiver: RTCRtpTransceiver): void {
    const kind = transceiver.receiver.track.kind;
    if (kind === 'audio' && !this.#audio) this.#audio = transceiver;
    else if (kind === 'video' && !this.#video) this.#video = transceiver;
    else return;
    if (transceiver.direction !== 'sendrecv' && transceiver.direction !== 'stopped') transceiver.direction = 'sendrecv';
  }

  async #apply(transceiver: RTCRtpTransceiver | null, track: MediaStreamTrack | null): Promise<void> {
    if (!transceiver || transceiver.sender.track === track || this.#closed) return;
    await transceiver.sender.replaceTrack(track);
  }

  #onIceState(): void {
    const state = this.pc.iceConnectionState;
    this.hooks.path(state === 'completed' ? 'connected' : state === 'checking' ? 'connecting' : (state as PathState));
    if (state === 'connected' || state === 'completed' || state === 'closed') {
      this.#restarts = 0;
      this.#clearRestart();
      return;
    }
    if ((state === 'disconnected' || state === 'failed') && !this.#restartTimer) {
      // A disconnected path often recovers by itself within a second or two (consent checks);
      // failed never does. The polite side steps in only if the impolite one did not, and a
      // restart that has not helped is tried again after a pause.
      const delay =
        this.polite ? POLITE_RESTART_MS
        : this.#restarts > 0 ? RETRY_RESTART_MS
        : state === 'failed' ? 0
        : DISCONNECTED_RESTART_MS;
      this.#restartTimer = setTimeout(() => {
        this.#restartTimer = null;
        const now = this.pc.iceConnectionState;
        if (now !== 'disconnected' && now !== 'failed') return;
        this.#restarts++;
        this.restartIce();
        this.#onIceState();
      }, delay);
    }
  }

  #clearRestart(): void {
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
  }
}

/** Puts `layers` on the sender's encodings, in order (no renegotiation). */
export async function applyLayers(sender: RTCRtpSender, layers: readonly SendLayer[]): Promise<void> {
  const params = sender.getParameters();
  let changed = false;
  layers.forEach((layer, i) => {
    const encoding = params.encodings?.[i];
    const want = encodingOf(layer);
    if (!encoding || (encoding.maxBitrate === want.maxBitrate && encoding.scaleResolutionDownBy === want.scaleResolutionDownBy && encoding.maxFramerate === want.maxFramerate)) return;
    Object.assign(encoding, want);
    changed = true;
  });
  // Rejected while a negotiation is under way; the next stable state applies it again.
  if (changed) await sender.setParameters(params).catch(() => {});
}
