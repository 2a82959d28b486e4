/**
 * The page of the browser test: the SDK as a page loads it, one TRTC per page (one person), and
 * RelaySignalling — a test fake of the signalling server at the Signalling boundary: the test
 * runner (browser.test.ts) keeps the room and relays between pages through Playwright bindings.
 * It also records every RTCPeerConnection the SDK makes, to read getStats from outside the SDK.
 */
import TRTC from '../index.js';
import type { JoinRequest, JoinResult, PeerMessage, Signalling, SignallingEvent } from '../index.js';
import type { MeshNetworkQuality } from '../stats.js';

/** What RelaySignalling asks of the room on the node side (RelayHub in browser.test.ts). */
export type RelayFrame =
  | { op: 'join'; request: JoinRequest }
  | { op: 'leave' }
  | { op: 'relay'; to: string; toSession?: string; message: PeerMessage }
  | { op: 'media'; media: { audio: boolean; video: boolean } };

declare global {
  interface Window {
    /** Node side of the relay (page.exposeFunction). */
    __signal(frame: RelayFrame): Promise<unknown>;
    /** Called by the node side with an event for this page. */
    __deliver(event: SignallingEvent): void;
    zp: typeof api;
  }
}

const listeners = new Set<(event: SignallingEvent) => void>();
const signals: string[] = [];
window.__deliver = (event) => {
  signals.push(`${event.type} ${'from' in event ? event.from : ''} ${'message' in event ? (event.message as { type: string }).type : ''} listeners=${listeners.size}`);
  for (const listener of [...listeners]) listener(event);
};

class RelaySignalling implements Signalling {
  join(request: JoinRequest): Promise<JoinResult> {
    return window.__signal({ op: 'join', request }) as Promise<JoinResult>;
  }
  async leave(): Promise<void> {
    await window.__signal({ op: 'leave' });
  }
  send(to: string, message: PeerMessage, toSession?: string): void {
    void window.__signal({ op: 'relay', to, toSession, message });
  }
  publish(media: { audio: boolean; video: boolean }): void {
    void window.__signal({ op: 'media', media });
  }
  subscribe(listener: (event: SignallingEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }
  // A pair of pages relayed by the test is a mesh: the media server is e2e's (video-sfu).
  sfuPublish(): Promise<string> {
    return Promise.reject(new Error('no media server in this test'));
  }
  sfuSubscribe(): Promise<string> {
    return Promise.reject(new Error('no media server in this test'));
  }
  sfuAnswer(): Promise<void> {
    return Promise.reject(new Error('no media server in this test'));
  }
  custom(): Promise<number> {
    return Promise.reject(new Error('no custom messages in this test'));
  }
  record(): Promise<void> {
    return Promise.reject(new Error('no media server in this test'));
  }
  sfuFallback(): Promise<void> {
    return Promise.reject(new Error('no media server in this test'));
  }
  sfuTrickle(): void {}
  sfuLayer(): void {}
}

const connections: RTCPeerConnection[] = [];
const Native = window.RTCPeerConnection;
window.RTCPeerConnection = class extends Native {
  constructor(config?: RTCConfiguration) {
    super(config);
    connections.push(this);
  }
} as typeof RTCPeerConnection;

/** Each event as JSON would carry it out of the page (null: an event without a payload). */
const events: Array<{ name: string; payload: Record<string, unknown> | null }> = [];
const trtc = TRTC.create({ signalling: () => new RelaySignalling() });
for (const name of Object.values(TRTC.EVENT)) {
  if (name === TRTC.EVENT.STATISTICS || name === TRTC.EVENT.NETWORK_QUALITY || name === TRTC.EVENT.AUDIO_VOLUME) continue;
  trtc.on(name as never, ((payload: unknown) => events.push({ name, payload: JSON.parse(JSON.stringify(payload ?? null)) })) as never);
}
// As the room widget does: show a member's camera once it is available, in a tile of its own.
trtc.on(TRTC.EVENT.REMOTE_VIDEO_AVAILABLE, ({ userId, streamType }) => {
  let tile = document.getElementById(`remote-${userId}`);
  if (!tile) {
    tile = document.createElement('div');
    tile.id = `remote-${userId}`;
    tile.className = 'tile';
    document.body.append(tile);
  }
  if (!tile.querySelector('video')) void trtc.startRemoteVideo({ userId, streamType, view: tile });
});
let quality: MeshNetworkQuality | null = null;
trtc.on(TRTC.EVENT.NETWORK_QUALITY, (event) => {
  // The self-hosted SDK's event: Tencent's fields and one entry per member.
  quality = event as MeshNetworkQuality;
});

const api = {
  TRTC,
  trtc,
  events,
  signals,
  connections,
  quality: () => quality,
  /** inbound-rtp video bytes per connection, from getStats. */
  async inboundVideoBytes(): Promise<number[]> {
    return Promise.all(
      connections
        .filter((pc) => pc.connectionState !== 'closed')
        .map(async (pc) => {
          let bytes = 0;
          for (const s of (await pc.getStats()).values() as Iterable<{ type: string; kind?: string; bytesReceived?: number }>) {
            if (s.type === 'inbound-rtp' && s.kind === 'video') bytes += s.bytesReceived ?? 0;
          }
          return bytes;
        }),
    );
  },
  /** videoWidth of the remote video of each member shown. */
  remoteWidths(): Record<string, number> {
    const widths: Record<string, number> = {};
    for (const tile of document.querySelectorAll<HTMLElement>('.tile')) {
      widths[tile.id.replace('remote-', '')] = tile.querySelector('video')?.videoWidth ?? 0;
    }
    return widths;
  },
  count(name: string, userId?: string): number {
    return events.filter((e) => e.name === name && (userId === undefined || e.payload?.userId === userId)).length;
  },
};
window.zp = api;
