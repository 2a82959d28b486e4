/**
 * Test fakes at the SDK's boundaries, for the unit tests in happy-dom (which has no WebRTC):
 * FakeSignalling stands for the server's room, FakePeerConnection for the browser's
 * RTCPeerConnection (just enough state for negotiation to be observable), FakeSocket for the
 * signalling WebSocket. The real browser and the real negotiation run in browser.test.ts.
 */
import type { RtcOp, RtcOpParams } from '@zp/core/contract';
import type { JoinRequest, JoinResult, PeerMessage, Signalling, SignallingEvent } from '../index.js';
import type { PublishedMedia } from '../signalling.js';

export class FakeTrack extends EventTarget {
  readyState: 'live' | 'ended' = 'live';
  enabled = true;
  contentHint = '';
  readonly id = Math.random().toString(36).slice(2);
  constructor(readonly kind: 'audio' | 'video') {
    super();
  }
  stop() {
    this.readyState = 'ended';
  }
  /** The source went away by itself (a device unplugged, the browser's 停止共享). */
  end() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
  async applyConstraints() {}
}

/** navigator.mediaDevices: capture gives FakeTracks; devices can be plugged and unplugged. */
export class FakeDevices extends EventTarget {
  devices: MediaDeviceInfo[] = [];
  requests: MediaStreamConstraints[] = [];
  refuse: string | null = null;
  async enumerateDevices() {
    return [...this.devices];
  }
  /** refuses the next capture only (a camera busy elsewhere), with this DOMException name */
  refuseNext: string | null = null;
  async getUserMedia(constraints: MediaStreamConstraints) {
    this.requests.push(constraints);
    if (this.refuse) throw new DOMException('denied', this.refuse);
    if (this.refuseNext) {
      const name = this.refuseNext;
      this.refuseNext = null;
      throw new DOMException('busy', name);
    }
    const tracks = [constraints.video && new FakeTrack('video'), constraints.audio && new FakeTrack('audio')].filter(Boolean);
    return new MediaStream(tracks as unknown as MediaStreamTrack[]);
  }
  /** The screen the person picks (refuse: they closed the picker). */
  async getDisplayMedia(constraints: DisplayMediaStreamOptions) {
    this.requests.push(constraints);
    if (this.refuse) throw new DOMException('denied', this.refuse);
    return new MediaStream([new FakeTrack('video') as unknown as MediaStreamTrack]);
  }
  plug(...devices: Array<Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'>>) {
    this.devices.push(...(devices as MediaDeviceInfo[]));
    this.dispatchEvent(new Event('devicechange'));
  }
  unplug(deviceId: string) {
    this.devices = this.devices.filter((d) => d.deviceId !== deviceId);
    this.dispatchEvent(new Event('devicechange'));
  }
}

export class FakeSignalling implements Signalling {
  joins: JoinRequest[] = [];
  sent: Array<{ to: string; message: PeerMessage; toSession?: string }> = [];
  published: PublishedMedia[] = [];
  left = 0;
  result: JoinResult | Error = { members: [], iceServers: [], resumed: false, mode: 'mesh' };
  /** SFU requests, in order: what the server would pass to the media server. */
  sfu: Array<{ op: string; userId?: string | null; sdp?: string; layer?: number }> = [];
  readonly #listeners = new Set<(event: SignallingEvent) => void>();

  async join(request: JoinRequest): Promise<JoinResult> {
    this.joins.push(request);
    if (this.result instanceof Error) throw this.result;
    return this.result;
  }
  async leave(): Promise<void> {
    this.left++;
  }
  send(to: string, message: PeerMessage, toSession?: string): void {
    this.sent.push({ to, message, toSession });
  }
  publish(media: PublishedMedia): void {
    this.published.push({ ...media });
  }
  async sfuPublish(sdp: string): Promise<string> {
    this.sfu.push({ op: 'publish', sdp });
    return 'v=0 janus answer';
  }
  async sfuSubscribe(userId: string, layer: 0 | 1): Promise<string> {
    this.sfu.push({ op: 'subscribe', userId, layer });
    return `v=0 janus offer of ${userId}`;
  }
  async sfuAnswer(userId: string, sdp: string): Promise<void> {
    this.sfu.push({ op: 'answer', userId, sdp });
  }
  sfuTrickle(userId: string | null): void {
    this.sfu.push({ op: 'trickle', userId });
  }
  records: Array<{ op: string; agree?: boolean }> = [];
  /** Custom messages sent, in order (data base64). */
  customs: Array<{ cmdId: number; data: string }> = [];
  async custom(cmdId: number, data: string): Promise<number> {
    this.customs.push({ cmdId, data });
    return this.customs.length;
  }
  /** How many times the room was asked to go through the media server. */
  fallbacks = 0;
  async sfuFallback(): Promise<void> {
    this.fallbacks++;
  }
  async record(op: 'recordAsk' | 'recordAnswer' | 'recordStop', agree?: boolean): Promise<void> {
    this.records.push({ op, ...(agree === undefined ? {} : { agree }) });
  }
  sfuLayer(userId: string, layer: 0 | 1): void {
    this.sfu.push({ op: 'layer', userId, layer });
  }
  subscribe(listener: (event: SignallingEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  /** The server pushes an event. */
  push(event: SignallingEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }
  get listening(): number {
    return this.#listeners.size;
  }
}

interface FakeTransceiver {
  mid: string;
  direction: RTCRtpTransceiverDirection;
  receiver: { track: FakeTrack };
  sender: {
    track: FakeTrack | null;
    replaceTrack(track: FakeTrack | null): Promise<void>;
    getParameters(): { encodings: Array<{ maxBitrate?: number }> };
    setParameters(p: { encodings: Array<{ maxBitrate?: number }> }): Promise<void>;
  };
}

function transceiver(kind: 'audio' | 'video', track: FakeTrack | null, direction: RTCRtpTransceiverDirection, sendEncodings = [{}]): FakeTransceiver {
  const encodings = sendEncodings.map((e) => ({ ...e })) as Array<{ maxBitrate?: number }>;
  const t: FakeTransceiver = {
    mid: kind === 'audio' ? '0' : '1',
    direction,
    receiver: { track: new FakeTrack(kind) },
    sender: {
      track,
      async replaceTrack(next) {
        t.sender.track = next;
      },
      getParameters: () => ({ encodings: encodings.map((e) => ({ ...e })) }),
      async setParameters(p) {
        encodings.splice(0, encodings.length, ...p.encodings);
      },
    },
  };
  return t;
}

/** Enough of RTCPeerConnection for the room logic: transceivers, descriptions, ICE state by hand. */
export class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp: string } | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly candidates: unknown[] = [];
  restarts = 0;
  closed = false;
  onicecandidate: ((ev: { candidate: null }) => void) | null = null;
  onnegotiationneeded: (() => void) | null = null;
  ontrack: ((ev: { transceiver: FakeTransceiver; track: FakeTrack }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;

  constructor(public config: RTCConfiguration) {
    FakePeerConnection.all.push(this);
  }

  addTransceiver(trackOrKind: FakeTrack | 'audio' | 'video', init: { direction: RTCRtpTransceiverDirection; sendEncodings?: Array<{ maxBitrate?: number }> }) {
    const track = typeof trackOrKind === 'string' ? null : trackOrKind;
    const t = transceiver(track ? track.kind : (trackOrKind as 'audio' | 'video'), track, init.direction, init.sendEncodings);
    this.transceivers.push(t);
    this.#negotiationNeeded();
    return t;
  }
  getTransceivers() {
    return this.transceivers;
  }
  getReceivers() {
    return this.transceivers.map((t) => ({ ...t.receiver, getSynchronizationSources: () => [] }));
  }
  async setLocalDescription(description?: { type: string }) {
    if (description?.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
      return;
    }
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: 'v=0 answer' };
      this.signalingState = 'stable';
    } else {
      this.localDescription = { type: 'offer', sdp: `v=0 offer ${this.restarts}` };
      this.signalingState = 'have-local-offer';
    }
  }
  async setRemoteDescription(description: { type: RTCSdpType; sdp: string }) {
    this.remoteDescription = description;
    if (description.type === 'offer') {
      this.signalingState = 'have-remote-offer';
      if (!this.transceivers.length) {
        for (const kind of ['audio', 'video'] as const) {
          const t = transceiver(kind, null, 'recvonly');
          this.transceivers.push(t);
          this.ontrack?.({ transceiver: t, track: t.receiver.track });
        }
      }
    } else this.signalingState = 'stable';
  }
  async addIceCandidate(candidate: unknown) {
    this.candidates.push(candidate);
  }
  restartIce() {
    this.restarts++;
    this.#negotiationNeeded();
  }
  #needed = false;
  /** As browsers do: one event for changes made together, fired when stable. */
  #negotiationNeeded() {
    if (this.#needed) return;
    this.#needed = true;
    queueMicrotask(() => {
      this.#needed = false;
      if (this.signalingState === 'stable') this.onnegotiationneeded?.();
    });
  }
  getConfiguration() {
    return this.config;
  }
  setConfiguration(config: RTCConfiguration) {
    this.config = config;
  }
  async getStats() {
    return new Map();
  }
  close() {
    this.closed = true;
    this.signalingState = 'closed';
  }
  /** The path changes state, as ICE would report it. */
  ice(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

/** A request frame as the SDK sends it: an op of the contract with its parameters. */
type RequestFrame = { [K in RtcOp]: { id?: number; op: K; p: RtcOpParams<K> } }[RtcOp];

/** The signalling WebSocket; `server` answers the frames a test expects. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  /** Answers a request frame: the reply's {code, msg, data}, or undefined for none. */
  static server: (frame: RequestFrame, socket: FakeSocket) => { code: number; msg?: string; data?: unknown } | undefined = () => ({ code: 0 });
  readyState = 0;
  frames: RequestFrame[] = [];
  closedWith: number | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  send(data: string) {
    const frame = JSON.parse(data) as RequestFrame;
    this.frames.push(frame);
    const reply = FakeSocket.server(frame, this);
    if (reply && frame.id !== undefined) queueMicrotask(() => this.receive({ id: frame.id, msg: 'success', ...reply }));
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.closedWith = code;
  }
  /** A frame from the server. */
  receive(frame: object) {
    if (this.readyState === 1) this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The connection breaks (or the server closes it). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  ops() {
    return this.frames.map((f) => f.op);
  }
}
