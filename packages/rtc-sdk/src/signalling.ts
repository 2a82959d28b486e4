/**
 * What the self-hosted SDK needs from the server to put people in a room. The server's WebSocket
 * signalling implements it; until then no Signalling exists and the room methods of TRTC reject.
 *
 * Media goes peer to peer (mesh, DESIGN "Video"): the server only relays negotiation messages and
 * owns the room: membership, time limits, and ending the room.
 */

export interface JoinRequest {
  /** The room, as a string whatever the caller passed (roomId or strRoomId). */
  roomId: string;
  userId: string;
  /** The credential the server checks; same role as Tencent's userSig. */
  userSig: string;
  role: 'anchor' | 'audience';
}

export interface RoomMember {
  userId: string;
  /** Whether the member currently publishes a microphone / camera. */
  audio: boolean;
  video: boolean;
}

export interface JoinResult {
  /** Everyone already in the room, not including the caller. */
  members: RoomMember[];
  /** STUN/TURN servers for the peer connections. */
  iceServers: RTCIceServer[];
}

/** WebRTC negotiation between two members, relayed as is. */
export type PeerMessage =
  | { type: 'offer' | 'answer'; sdp: string }
  | { type: 'candidate'; candidate: RTCIceCandidateInit };

export type SignallingEvent =
  | { type: 'member-joined'; member: RoomMember }
  | { type: 'member-left'; userId: string }
  | { type: 'member-media'; member: RoomMember }
  | { type: 'peer-message'; from: string; message: PeerMessage }
  /** The server removed us: kicked by the room owner, banned, or the room ended (e.g. its time is up). */
  | { type: 'removed'; reason: 'kick' | 'banned' | 'room_disband' }
  | { type: 'connection'; state: 'CONNECTING' | 'CONNECTED' | 'RECONNECTING' | 'DISCONNECTED' };

export interface Signalling {
  /** Rejects when the server refuses (bad credential, room over, time limit reached). */
  join(request: JoinRequest): Promise<JoinResult>;
  leave(): Promise<void>;
  /** Relays a negotiation message to one member of the room. */
  send(to: string, message: PeerMessage): void;
  /** Announces which of our media are published. */
  publish(media: { audio: boolean; video: boolean }): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: SignallingEvent) => void): () => void;
}
