/**
 * What the room logic (trtc.ts) needs from the server to put people in a room. WebSocketSignalling
 * (ws-signalling.ts) implements it over the server's /api/rtc/ws (packages/core/src/contract/rtc.ts);
 * tests may hand TRTC.create a fake at this boundary.
 *
 * Media goes peer to peer (mesh, DESIGN "Video"): the server only relays negotiation messages and
 * owns the room: membership, time limits, and ending the room.
 */
import type { PeerMessage as WirePeerMessage } from '@zp/core/contract';

export interface JoinRequest {
  /** The room, as a decimal string whatever the caller passed (roomId or strRoomId). */
  roomId: string;
  userId: string;
  /** The credential the server checks; same role as Tencent's userSig. */
  userSig: string;
  /** A fresh userSig for a reconnect late in a long call (the self-hosted one is short-lived). */
  refreshUserSig?: () => Promise<string>;
  /** Random per enterRoom, kept across reconnects: a member that reloads the page comes back with a new one. */
  session: string;
  /** Media published from the start. */
  audio: boolean;
  video: boolean;
}

/** What we send: microphone, camera, and whether the picture is the screen instead. */
export interface PublishedMedia {
  audio: boolean;
  video: boolean;
  screen?: boolean;
}

export interface RoomMember {
  userId: string;
  /** The member's enterRoom; a new one means a new page, so a new peer connection. */
  session: string;
  /** Whether the member currently publishes a microphone / camera. */
  audio: boolean;
  video: boolean;
  /** Their picture is their screen (trtc-sdk-v5's sub stream); the camera is not sent meanwhile. */
  screen?: boolean;
  /** SFU rooms: their media reach the media server (subscribe to them). */
  published?: boolean;
}

export interface JoinResult {
  /** Everyone already in the room, not including the caller. */
  members: RoomMember[];
  /** STUN/TURN servers for the peer connections (TURN credentials made for this join). */
  iceServers: RTCIceServer[];
  /** A reconnect within the server's grace period: we never left, nobody was told. */
  resumed: boolean;
  /** mesh: a connection to every member; sfu: through the media server. */
  mode: 'mesh' | 'sfu';
}

/** WebRTC negotiation between two members, relayed as is. */
export type PeerMessage = WirePeerMessage;

export type SignallingEvent =
  | { type: 'member-joined'; member: RoomMember }
  | { type: 'member-left'; userId: string }
  | { type: 'member-media'; member: RoomMember }
  | { type: 'peer-message'; from: string; session: string; message: PeerMessage }
  /** The server removed us: the same person entered from another page, or the room ended (e.g. its time is up). */
  | { type: 'removed'; reason: 'kick' | 'banned' | 'room_disband'; cause: string; message: string }
  /**
   * The socket dropped and came back: the room was joined again and this is the room now
   * (members may have come and gone meanwhile, relayed messages may have been lost).
   */
  | { type: 'rejoined'; result: JoinResult }
  /** The room goes through the media server now (or again, after it restarted): publish and subscribe anew. */
  | { type: 'room-mode'; mode: 'mesh' | 'sfu' }
  /** SFU: the member's media reach the media server (a new publication: subscribe anew). */
  | { type: 'member-published'; member: RoomMember }
  | { type: 'talking'; userId: string; talking: boolean }
  /** another member's custom message (trtc-sdk-v5's CUSTOM_MESSAGE); data is base64 */
  | { type: 'custom'; userId: string; cmdId: number; seq: number; data: string }
  | ({ type: 'record' } & RecordingState)
  /** RECONNECTING while away (then 'rejoined', 'removed' or DISCONNECTED); DISCONNECTED: given up, nothing follows. */
  | { type: 'connection'; state: 'RECONNECTING' | 'DISCONNECTED'; message?: string };

/** The negotiation with the media server, through the server (contract rtc.ts, SFU). */
export interface SfuSignalling {
  /** Our offer to publish; resolves with the media server's answer. */
  sfuPublish(sdp: string): Promise<string>;
  /** Resolves with the media server's offer of `userId`'s media; layer 1 the large picture, 0 the small. */
  sfuSubscribe(userId: string, layer: 0 | 1): Promise<string>;
  sfuAnswer(userId: string, sdp: string): Promise<void>;
  /** Our candidate for the uplink (userId null) or a subscription; null: gathering done. */
  sfuTrickle(userId: string | null, candidate: Extract<PeerMessage, { type: 'candidate' }>['candidate'] | null): void;
  sfuLayer(userId: string, layer: 0 | 1): void;
}

/** Recording the interview, only with everyone's consent (contract rtc.ts, push `record`). */
export interface RecordingState {
  id: number;
  /** asking: everyone is asked; recording: 录制中; off: stopped or declined (msg says why) */
  state: 'asking' | 'recording' | 'off';
  askedBy: string;
  /** present people who agreed */
  agreed: string[];
  /** present people who have not answered */
  pending: string[];
  msg: string;
}

export interface Signalling extends SfuSignalling {
  /** Our direct path to the other will not come up: asks that the room go through the media server; rejects without one. */
  sfuFallback(): Promise<void>;
  /** Asks to record (the promoter), answers the question (or withdraws with false), or stops; rejects with the server's refusal. */
  record(op: 'recordAsk' | 'recordAnswer' | 'recordStop', agree?: boolean): Promise<void>;
  /** Rejects with an RtcError when the server refuses (bad credential, not invited, room full or over). */
  join(request: JoinRequest): Promise<JoinResult>;
  leave(): Promise<void>;
  /** Relays a negotiation message to one member of the room (to one session of them when given). */
  send(to: string, message: PeerMessage, toSession?: string): void;
  /** Announces which of our media are published. */
  publish(media: PublishedMedia): void;
  /** A custom message to everyone else in the room (data base64); resolves with its seq, rejects with the server's refusal. */
  custom(cmdId: number, data: string): Promise<number>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: SignallingEvent) => void): () => void;
}
