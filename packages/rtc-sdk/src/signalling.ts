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

export interface RoomMember {
  userId: string;
  /** The member's enterRoom; a new one means a new page, so a new peer connection. */
  session: string;
  /** Whether the member currently publishes a microphone / camera. */
  audio: boolean;
  video: boolean;
}

export interface JoinResult {
  /** Everyone already in the room, not including the caller. */
  members: RoomMember[];
  /** STUN/TURN servers for the peer connections (TURN credentials made for this join). */
  iceServers: RTCIceServer[];
  /** A reconnect within the server's grace period: we never left, nobody was told. */
  resumed: boolean;
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
  /** RECONNECTING while away (then 'rejoined', 'removed' or DISCONNECTED); DISCONNECTED: given up, nothing follows. */
  | { type: 'connection'; state: 'RECONNECTING' | 'DISCONNECTED'; message?: string };

export interface Signalling {
  /** Rejects with an RtcError when the server refuses (bad credential, not invited, room full or over). */
  join(request: JoinRequest): Promise<JoinResult>;
  leave(): Promise<void>;
  /** Relays a negotiation message to one member of the room (to one session of them when given). */
  send(to: string, message: PeerMessage, toSession?: string): void;
  /** Announces which of our media are published. */
  publish(media: { audio: boolean; video: boolean }): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: SignallingEvent) => void): () => void;
}
