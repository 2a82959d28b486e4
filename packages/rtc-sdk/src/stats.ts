/**
 * NETWORK_QUALITY and STATISTICS from RTCPeerConnection.getStats(), every two seconds as in
 * trtc-sdk-v5. In a mesh each member is its own path, so besides Tencent's aggregate fields
 * (uplink = the worst path we send on, downlink = the average of the paths we receive on) the
 * quality event carries `peers`: the quality of the path to each member, which is what the room
 * shows beside a member's video.
 */
import type { NetworkQuality, TRTCStatistics } from 'trtc-sdk-v5';

/** Tencent's NetworkQualityValue: 0 unknown, 1 excellent … 5 very bad, 6 disconnected. */
type Quality = 0 | 1 | 2 | 3 | 4 | 5 | 6;

interface PeerNetworkQuality {
  userId: string;
  /** Our media towards this member (their receiving side's loss report and the round trip). */
  uplinkNetworkQuality: Quality;
  /** This member's media towards us (our receiving loss and the round trip). */
  downlinkNetworkQuality: Quality;
  /** Round-trip time in ms of the path in use. */
  rtt: number;
  /** Packet loss in % over the last interval. */
  uplinkLoss: number;
  downlinkLoss: number;
}

/** The NETWORK_QUALITY payload: Tencent's fields plus one entry per member (self-hosted SDK only). */
export interface MeshNetworkQuality extends NetworkQuality {
  peers: PeerNetworkQuality[];
}

interface Counters {
  at: number;
  bytesSent: number;
  bytesReceived: number;
  packetsLost: number;
  packetsReceived: number;
  audioBytesSent: number;
  videoBytesSent: number;
  audioBytesReceived: number;
  videoBytesReceived: number;
}

export interface PathSample {
  userId: string;
  /** ICE path is up; otherwise the path counts as disconnected. */
  up: boolean;
  counters: Counters;
  rtt: number;
  /** % lost of what we sent, as the remote reported it. */
  uplinkLoss: number;
  /** % lost of what we received (needs the previous sample). */
  downlinkLoss: number;
  sendVideo: { width: number; height: number; frameRate: number } | null;
  sendAudioLevel: number;
  recvVideo: { width: number; height: number; frameRate: number; jitterBufferDelay: number } | null;
  recvAudio: { audioLevel: number; jitterBufferDelay: number } | null;
  /** bitrates in kbps over the interval since the previous sample */
  bitrate: { sendAudio: number; sendVideo: number; recvAudio: number; recvVideo: number };
}

/**
 * The fields read here of the stats a report holds (outbound-rtp, inbound-rtp, remote-inbound-rtp,
 * media-source, transport, candidate-pair): lib.dom types a report's entries as any, and each
 * field is there only for some types and some browsers.
 */
interface StatsEntry {
  type: string;
  id: string;
  kind?: string;
  bytesSent?: number;
  bytesReceived?: number;
  packetsLost?: number;
  packetsReceived?: number;
  frameWidth?: number;
  frameHeight?: number;
  framesPerSecond?: number;
  jitterBufferDelay?: number;
  jitterBufferEmittedCount?: number;
  audioLevel?: number;
  fractionLost?: number;
  selectedCandidatePairId?: string;
  nominated?: boolean;
  state?: string;
  currentRoundTripTime?: number;
}

const EMPTY: Counters = {
  at: 0, bytesSent: 0, bytesReceived: 0, packetsLost: 0, packetsReceived: 0,
  audioBytesSent: 0, videoBytesSent: 0, audioBytesReceived: 0, videoBytesReceived: 0,
};

/** Reads one connection's report and derives rates against the previous sample of the same path. */
export async function samplePath(userId: string, pc: RTCPeerConnection, up: boolean, previous: Counters | undefined): Promise<PathSample> {
  const report = await pc.getStats();
  const counters: Counters = { ...EMPTY, at: Date.now() };
  let rtt = 0;
  const fractions: number[] = [];
  let sendVideo: PathSample['sendVideo'] = null;
  let sendAudioLevel = 0;
  let recvVideo: PathSample['recvVideo'] = null;
  let recvAudio: PathSample['recvAudio'] = null;
  let selectedPair: string | undefined;
  const pairs = new Map<string, StatsEntry>();
  for (const s of report.values() as Iterable<StatsEntry>) {
    switch (s.type) {
      case 'outbound-rtp':
        counters.bytesSent += s.bytesSent ?? 0;
        if (s.kind === 'video') {
          counters.videoBytesSent += s.bytesSent ?? 0;
          if (s.frameWidth) sendVideo = { width: s.frameWidth, height: s.frameHeight ?? 0, frameRate: Math.round(s.framesPerSecond ?? 0) };
        } else counters.audioBytesSent += s.bytesSent ?? 0;
        break;
      case 'inbound-rtp': {
        counters.bytesReceived += s.bytesReceived ?? 0;
        counters.packetsLost += Math.max(0, s.packetsLost ?? 0);
        counters.packetsReceived += s.packetsReceived ?? 0;
        const emitted = s.jitterBufferEmittedCount ?? 0;
        const jitterBufferDelay = emitted ? Math.round(((s.jitterBufferDelay ?? 0) / emitted) * 1000) : 0;
        if (s.kind === 'video') {
          counters.videoBytesReceived += s.bytesReceived ?? 0;
          recvVideo = { width: s.frameWidth ?? 0, height: s.frameHeight ?? 0, frameRate: Math.round(s.framesPerSecond ?? 0), jitterBufferDelay };
        } else {
          counters.audioBytesReceived += s.bytesReceived ?? 0;
          recvAudio = { audioLevel: s.audioLevel ?? 0, jitterBufferDelay };
        }
        break;
      }
      case 'remote-inbound-rtp':
        if (typeof s.fractionLost === 'number') fractions.push(s.fractionLost);
        break;
      case 'media-source':
        if (s.kind === 'audio' && typeof s.audioLevel === 'number') sendAudioLevel = s.audioLevel;
        break;
      case 'transport':
        selectedPair = s.selectedCandidatePairId;
        break;
      case 'candidate-pair':
        pairs.set(s.id, s);
        if (s.nominated && s.state === 'succeeded' && selectedPair === undefined && typeof s.currentRoundTripTime === 'number') {
          rtt = s.currentRoundTripTime * 1000;
        }
        break;
    }
  }
  const pair = selectedPair ? pairs.get(selectedPair) : undefined;
  if (typeof pair?.currentRoundTripTime === 'number') rtt = pair.currentRoundTripTime * 1000;

  const prev = previous ?? EMPTY;
  const seconds = previous ? Math.max(0.001, (counters.at - prev.at) / 1000) : 0;
  const kbps = (now: number, before: number) => (seconds ? Math.max(0, Math.round(((now - before) * 8) / 1000 / seconds)) : 0);
  const lost = counters.packetsLost - prev.packetsLost;
  const received = counters.packetsReceived - prev.packetsReceived;
  return {
    userId,
    up,
    counters,
    rtt: Math.round(rtt),
    uplinkLoss: fractions.length ? Math.round((Math.max(...fractions) * 100)) : 0,
    downlinkLoss: previous && lost + received > 0 ? Math.round((Math.max(0, lost) / (lost + received)) * 100) : 0,
    sendVideo,
    sendAudioLevel,
    recvVideo,
    recvAudio,
    bitrate: {
      sendAudio: kbps(counters.audioBytesSent, prev.audioBytesSent),
      sendVideo: kbps(counters.videoBytesSent, prev.videoBytesSent),
      recvAudio: kbps(counters.audioBytesReceived, prev.audioBytesReceived),
      recvVideo: kbps(counters.videoBytesReceived, prev.videoBytesReceived),
    },
  };
}

/** Loss (%) and round trip (ms) to Tencent's 1–5 scale. */
function quality(loss: number, rtt: number): Quality {
  if (loss < 1 && rtt < 100) return 1;
  if (loss < 3 && rtt < 200) return 2;
  if (loss < 8 && rtt < 400) return 3;
  if (loss < 15 && rtt < 800) return 4;
  return 5;
}

export function networkQuality(paths: PathSample[]): MeshNetworkQuality {
  const peers: PeerNetworkQuality[] = paths.map((p) => ({
    userId: p.userId,
    uplinkNetworkQuality: p.up ? quality(p.uplinkLoss, p.rtt) : 6,
    downlinkNetworkQuality: p.up ? quality(p.downlinkLoss, p.rtt) : 6,
    rtt: p.rtt,
    uplinkLoss: p.uplinkLoss,
    downlinkLoss: p.downlinkLoss,
  }));
  const up = paths.filter((p) => p.up);
  const mean = (values: number[]) => (values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : 0);
  const worst = (values: number[]) => (values.length ? Math.max(...values) : 0);
  return {
    // Casts: Tencent types these with a const enum whose values are these numbers.
    uplinkNetworkQuality: (paths.length === 0 ? 0 : up.length === 0 ? 6 : worst(peers.filter((_, i) => paths[i]!.up).map((p) => p.uplinkNetworkQuality))) as never,
    downlinkNetworkQuality: (paths.length === 0 ? 0 : up.length === 0 ? 6 : mean(peers.filter((_, i) => paths[i]!.up).map((p) => p.downlinkNetworkQuality))) as never,
    uplinkRTT: worst(up.map((p) => p.rtt)),
    uplinkLoss: worst(up.map((p) => p.uplinkLoss)),
    downlinkRTT: mean(up.map((p) => p.rtt)),
    downlinkLoss: mean(up.map((p) => p.downlinkLoss)),
    peers,
  };
}

export function statistics(paths: PathSample[]): TRTCStatistics {
  const send = paths.find((p) => p.sendVideo) ?? paths[0];
  const sum = (pick: (p: PathSample) => number) => paths.reduce((total, p) => total + pick(p), 0);
  const mean = (pick: (p: PathSample) => number) => (paths.length ? Math.round(sum(pick) / paths.length) : 0);
  return {
    rtt: mean((p) => p.rtt),
    upLoss: mean((p) => p.uplinkLoss),
    downLoss: mean((p) => p.downlinkLoss),
    bytesSent: sum((p) => p.counters.bytesSent),
    bytesReceived: sum((p) => p.counters.bytesReceived),
    localStatistics: {
      audio: { bitrate: sum((p) => p.bitrate.sendAudio), audioLevel: send?.sendAudioLevel ?? 0 },
      video: send?.sendVideo ? [{ ...send.sendVideo, bitrate: sum((p) => p.bitrate.sendVideo), videoType: 'big' as never }] : [],
    },
    remoteStatistics: paths.map((p) => ({
      userId: p.userId,
      audio: { bitrate: p.bitrate.recvAudio, audioLevel: p.recvAudio?.audioLevel ?? 0, jitterBufferDelay: p.recvAudio?.jitterBufferDelay ?? 0 },
      video: p.recvVideo ? [{ ...p.recvVideo, bitrate: p.bitrate.recvVideo, videoType: 'big' as never }] : [],
    })),
  };
}
