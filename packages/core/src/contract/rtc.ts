/**
 * Video interviews (spec sections 4, 6, 7 "Video", 8, 9): the HTTP calls that own rooms and the
 * self-hosted signalling socket that @zp/rtc-sdk speaks with server/modules/rtc.
 *
 * ROOMS. Only the HR of an approved enterprise opens a room (hrOpenRoom); its id is a number
 * (trtc-sdk-v5's roomId; the socket and strRoomId carry it as a decimal string). Who may enter:
 * the promoter; HR of the promoter's enterprise (colleagues, no invitation needed); job seekers
 * the room invited (hrOpenRoom?userId= or inviteRoom — the chat's 'yaoyue' / call custom message
 * only carries the room id to them). Nobody else: other enterprises' HR, operators, seekers not
 * invited. At most RTC_MAX_MEMBERS people at once (mesh). A room ends when its promoter ends it
 * (endRoom), when the last member leaves, when a free HR's 20 minutes are up, when the
 * enterprise stops being approved (rejected, or back in review), or RTC_ROOM_MAX_HOURS after it
 * opened. A free (non-paying) HR's room ends RTC_FREE_LIMIT_SECONDS after an HR and a job
 * seeker were first in it together (startedAt; neither the open room nor a ringing call spends
 * it), and a free HR interviews one job seeker once per Beijing day: the day's interview is the
 * first room of that HR where the seeker and an HR were together for a minute; opening, inviting
 * to or entering another room of the same HR that day is refused with rtcDailyUsedMsg (whom
 * with, when, and that tomorrow is possible). Paying HR (the enterprise's membership, set by the
 * operator with an end date) have neither limit. startVedio tells which applies before a call.
 *
 * SOCKET `/api/rtc/ws` (text frames of JSON, at most 64 KB each; binary frames are refused).
 *  Requests  client → server: `{id, op, p}` — id an integer the reply repeats (may be omitted),
 *            op one of `rtcOps`' keys, p its parameters (validated against `rtcOps[op]`).
 *  Replies   server → client: `{id, code: 0, msg: 'success', data}` or `{id, code, msg}` with code
 *            as in HTTP (RTC_ERRORS) and a Chinese msg. A frame that is not JSON, not an object
 *            or names no known op is answered with id null (or its id) and code 400; the socket
 *            stays open. Frames over 64 KB close the socket (1009), invalid UTF-8 too (1007).
 *  Pushes    server → client: `{ev, ...}`, one of `RtcPush` (never carries an id).
 *  1. `auth {userId, userSig}` must come first (the userSig of GET /api/sec/trtc/userSig, which
 *     the SDK gets as enterRoom's userSig); any other op before it answers 401. No auth within
 *     10 s, or a failed auth, closes the socket with 4001. Reply data: {userId, serverTime}.
 *     A logout, a password change or the enterprise's rejection later closes it with
 *     RTC_CLOSE_REVOKED (4002), as the chat's socket closes.
 *  2. `join {roomId, session, audio?, video?}` enters the room (same checks as HTTP joinRoom; one
 *     room per socket, 409 if this socket is in another one). `session` is a random id the SDK
 *     makes once per enterRoom and reuses when its socket reconnects. Reply data: RtcJoinResult
 *     (the other members, ICE servers with fresh TURN credentials, endsAt). The others get
 *     `member-joined`. A second socket of the same user with another session takes the place
 *     over: the first gets `removed {reason: 'kick'}` and the others `member-joined` again with
 *     the new session (a member-joined for a userId already known means that person reloaded:
 *     drop the peer connection to them and negotiate anew). The same session again (socket
 *     reconnect) answers with `resumed: true` and tells nobody.
 *  3. `relay {to, toSession?, message}` sends an offer / answer / ICE candidate to one member of
 *     the same room (400 if `to` is not in it); they get `peer-message {from, session, message}`.
 *     With toSession, only that session of `to` gets it. Relays to a member whose socket is
 *     down are dropped (the SDK restarts ICE when the member is back).
 *  4. `media {audio, video, screen?}` announces what we publish; the others get `member-media`.
 *     screen: the picture sent is a shared screen in place of the camera (one picture per person
 *     on every path; the SDK shows it as trtc-sdk-v5's sub stream).
 *  5. `leave {}`: the others get `member-left {cause: 'left'}`. Closing the socket is not
 *     leaving: the member stays for the grace period (30 s, RTC_RECONNECT_GRACE_MS) and may
 *     join again with the same session; after it the others get `member-left {cause: 'dropped'}`.
 *  6. `ping {}` answers {serverTime}; the server also pings every 30 s at the WebSocket level and
 *     drops sockets that do not answer.
 *  The server pushes `time-warning` once, RTC_WARNING_SECONDS before a limited room ends, and
 *  `removed {reason: 'room_disband', cause}` to everyone when the room ends (for any reason),
 *  after which the socket is no longer in a room. Times are milliseconds since the epoch.
 *  Mesh: the joiner makes a peer connection to every member of the join result and offers;
 *  members make theirs on `member-joined` (perfect negotiation; polite = the larger userId).
 *  SFU: with the media server on (Janus, driven by the server; browsers never speak its API), a
 *  room that has had three people at once becomes an SFU room for good (join result `mode`, or the
 *  push `room-mode` to those already in): each person publishes once (`sfuPublish` with an offer,
 *  answered by the server) and subscribes to each member whose `published` is true or who comes
 *  with `member-published` (`sfuSubscribe` answers the media server's offer, `sfuAnswer` sends
 *  ours back). `sfuTrickle` sends our ICE candidates (userId absent: the publishing connection;
 *  candidate null: gathering done); `sfuLayer` picks the simulcast layer received from a member
 *  (0 small, 1 large). The server pushes `talking` when a member starts or stops speaking.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { route, replyOf, Enum, Id, DateText } from './define.js';
import { RTC_FREE_LIMIT_MINUTES, rtcRoomFullMsg } from '../rules/interview.js';

export { RTC_FREE_LIMIT_SECONDS, RTC_WARNING_SECONDS, RTC_ROOM_MAX_HOURS, RTC_FREE_NOTICE, RTC_COUNTS_AFTER_SECONDS, rtcDailyUsedMsg, rtcRoomFullMsg } from '../rules/interview.js';

/** Mesh size: every member sends their video to every other one. */
export const RTC_MAX_MEMBERS = 6;
/**
 * A paying HR's room through the media server (Janus, an SFU: each person uploads once) takes up
 * to this many people by default (RTC_SFU_MAX_MEMBERS); a free HR's room keeps the mesh size.
 */
export const RTC_SFU_MAX_MEMBERS = 12;
/** A paying HR's room at the mesh size on a server without the media server. */
export const RTC_SFU_OFF_FULL_MSG = `房间人数已满：本站未启用媒体服务器（Janus），视频面试最多 ${RTC_MAX_MEMBERS} 人同时在房间内`;
/** Spec section 8: what the inviter is told once an invitation is recorded. */
export const RTC_INVITED_MSG = '邀请成功，请等待对方进入房间';
/**
 * A room the caller has nothing to do with answers as one that does not exist, whatever its state
 * (roomInfo, joinRoom, leaveRoom, inviteRoom, endRoom): room ids are sequential.
 */
export const RTC_NO_ROOM_MSG = '房间不存在，或您没有受邀进入该房间';
export const RTC_ROOM_FULL_MSG = rtcRoomFullMsg(RTC_MAX_MEMBERS);

/**
 * The socket's close code when the person's credentials end while it is open: a logout, a
 * password change or reset (on any node), or the HR's enterprise no longer approved. The SDK
 * reconnects with a fresh userSig if the page's session still gives one; otherwise the server's
 * refusal of the old one is final.
 */
export const RTC_CLOSE_REVOKED = 4002;

/** Codes of refusals, on HTTP and on the socket alike (HTTP status numbers). */
export const RTC_ERRORS = {
  /** malformed frame or parameters; `to` not in the room */
  badRequest: 400,
  /** not authenticated on the socket, userSig invalid or expired, session expired on HTTP */
  unauthorized: 401,
  /** role not allowed, not invited, other enterprise, free HR's daily interview used */
  forbidden: 403,
  /** room (or user) does not exist, or the room is not the caller's business (RTC_NO_ROOM_MSG) */
  notFound: 404,
  /** room full; this socket is already in another room */
  conflict: 409,
  /** the room has ended */
  ended: 410,
  /** too many frames */
  tooMany: 429,
  internal: 500,
} as const;

/** A room id: trtc-sdk-v5's numeric roomId range. */
export const RoomId = Type.Integer({ minimum: 1, maximum: 4294967294, title: '房间号' });
/** The room id as the socket carries it (enterRoom's strRoomId, or String(roomId)). */
export const RoomIdText = Type.String({ pattern: '^[1-9]\\d{0,9}$', title: '房间号' });
/** One id per enterRoom of one SDK instance, kept across socket reconnects. */
export const RtcSession = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', title: '会话ID' });
const ChannelQuery = Type.Object({ channelId: RoomId });
const Millis = Type.Integer({ minimum: 0 });
const NullableMillis = Type.Union([Millis, Type.Null()]);

export const RtcRoomMember = Type.Object({
  userId: Type.String(),
  /** publishing a microphone / camera now */
  audio: Type.Boolean(),
  video: Type.Boolean(),
  joinedAt: Millis,
});

export const RtcRoomInfo = Type.Object({
  roomId: Type.Integer(),
  promoterId: Type.String(),
  /** dwid: the promoter's enterprise */
  dwid: Type.String(),
  /** paid: the promoter was a paying HR when the room opened (no time limit) */
  paid: Type.Boolean(),
  createdAt: Millis,
  /** when an HR and a job seeker were first in the room together (the interview's start); null before */
  startedAt: NullableMillis,
  /** when a limited room ends: RTC_FREE_LIMIT_SECONDS after startedAt; null without limit, and before both are in */
  endsAt: NullableMillis,
  ended: Type.Boolean(),
  /** the server's clock, to correct a timer shown from endsAt */
  serverTime: Millis,
  /** who is in the room now */
  members: Type.Array(RtcRoomMember),
  /** job seekers the room invited */
  invited: Type.Array(Type.String()),
  /** people the room takes at once (RTC_MAX_MEMBERS, or a paying HR's size through the media server) */
  capacity: Type.Integer(),
});
export type RtcRoomInfo = Static<typeof RtcRoomInfo>;

export const RtcMemberInfo = Type.Object({
  userid: Type.String(),
  /**
   * username: the person's name (HR's name, the seeker's resume name), else the masked phone; in
   * full only for people the caller shares a room with or may see anyway (the chat's rule: an
   * application or invitation, a conversation, a group; HR of approved enterprises), otherwise
   * masked as the chat masks strangers ('李*')
   */
  username: Type.String(),
  /**
   * dwid: the HR's enterprise; '' for job seekers, and for an HR the caller is a stranger to (only
   * job seekers, colleagues and people sharing a room with the HR are told it)
   */
  dwid: Type.String(),
});

/** A message of a room's text chat (seq orders them, as the custom message's seq). */
export const RtcRoomMessage = Type.Object({
  seq: Type.Integer(),
  userId: Type.String(),
  text: Type.String(),
  at: Millis,
});
export type RtcRoomMessage = Static<typeof RtcRoomMessage>;

/** A video interview whose text chat the caller may read, as the interview records list it. */
export const RtcRoomChat = Type.Object({
  roomId: Type.Integer(),
  /** messages the caller may read */
  count: Type.Integer(),
  firstAt: Millis,
  lastAt: Millis,
});
export type RtcRoomChat = Static<typeof RtcRoomChat>;

/** A recording of a video interview, as its list shows it. */
export const RtcRecording = Type.Object({
  id: Type.Integer(),
  roomId: Type.Integer(),
  /** processing (progress %), ready, failed */
  state: Enum(['processing', 'ready', 'failed', 'asking', 'recording', 'declined', 'deleted']),
  progress: Type.Integer(),
  /** length in seconds once ready */
  seconds: Type.Union([Type.Integer(), Type.Null()]),
  askedAt: Millis,
  /** the caller may delete it (the enterprise's HR) */
  canDelete: Type.Boolean(),
});
export type RtcRecording = Static<typeof RtcRecording>;

/** The operator's view of an enterprise's membership. */
export const CompanyVip = Type.Object({
  dwid: Type.String(),
  dwmc: Type.String(),
  /** vip: 1 paying now (vipEnd is today or later), 0 not */
  vip: Type.Integer(),
  /** vipEnd: last day of the membership 'YYYY-MM-DD' (Beijing), '' when never set or withdrawn */
  vipEnd: Type.String(),
});

const tags = ['rtc'];

export const rtcApi = {
  startVedio: route({
    method: 'POST', url: '/api/sec/trtc/startVedio/:userId', summary: `发起视频前检查：付费会员不限；免费会员每次 ${RTC_FREE_LIMIT_MINUTES} 分钟、同一求职者每天一次`, access: 'user', partner: true, tags,
    /** userId: the job seeker an HR wants to interview, or the HR a job seeker asks for an interview */
    params: Type.Object({ userId: Id('对方用户ID') }),
    reply: replyOf({
      /** data: 1 the interview may start; 0 refused (a free HR has already interviewed this seeker today) */
      data: Type.Integer(),
      /** type: 1 paying HR, no limit; 0 free HR, the limits apply (show msg, RTC_FREE_NOTICE) */
      type: Type.Integer(),
      /** limitSeconds: how long the interview may last, 0 without limit */
      limitSeconds: Type.Integer(),
    }),
  }),
  hrOpenRoom: route({
    method: 'POST', url: '/api/sec/trtc/hrOpenRoom', summary: 'HR 开房间（可同时邀请一名求职者）', access: 'hrApproved', partner: true, tags,
    /** userId: a job seeker invited at once (as inviteRoom does) */
    query: Type.Object({ userId: Type.Optional(Id('被邀请的求职者ID')) }),
    reply: replyOf({
      /** data: the room id */
      data: Type.Integer(),
      /** endsAt: null; a free HR's 20 minutes start once an HR and the seeker are both in (roomInfo.endsAt) */
      endsAt: NullableMillis,
      limitSeconds: Type.Integer(),
    }),
  }),
  inviteRoom: route({
    method: 'POST', url: '/api/sec/trtc/inviteRoom', summary: '邀请求职者进入房间（房间发起人或其同事）', access: 'hrApproved', partner: true, tags,
    query: Type.Object({ channelId: RoomId, userId: Id('被邀请的求职者ID') }),
    reply: replyOf({}),
  }),
  joinRoom: route({
    method: 'POST', url: '/api/sec/trtc/joinRoom', summary: '进入房间（记录入房；自建信令的 join 做同样的检查）', access: 'user', partner: true, tags,
    query: ChannelQuery,
    reply: replyOf({ data: RtcRoomInfo }),
  }),
  leaveRoom: route({
    method: 'POST', url: '/api/sec/trtc/leaveRoom', summary: '退出房间', access: 'user', partner: true, tags,
    query: ChannelQuery,
    reply: replyOf({}),
  }),
  endRoom: route({
    method: 'POST', url: '/api/sec/trtc/endRoom', summary: '结束房间（仅房间发起人），所有成员被移出', access: 'hrApproved', partner: true, tags,
    query: ChannelQuery,
    reply: replyOf({}),
  }),
  roomInfo: route({
    method: 'GET', url: '/api/sec/trtc/roomInfo', summary: '房间信息：发起人、成员、邀请、结束时间（能进入该房间的人可查看）', access: 'user', partner: true, tags,
    query: ChannelQuery,
    reply: replyOf({ data: RtcRoomInfo }),
  }),
  roomMembersInfo: route({
    method: 'POST', url: '/api/sec/trtc/roomMembersInfo', summary: '房间成员的姓名与单位（与自己无关的人只给打码的姓名）', access: 'user', partner: true, tags,
    body: Type.Array(Id('用户ID'), { minItems: 1, maxItems: 50, title: '用户ID列表' }),
    reply: replyOf({ list: Type.Array(RtcMemberInfo) }),
  }),
  roomMessages: route({
    method: 'GET', url: '/api/sec/trtc/roomMessages', summary: '房间的文字聊天记录（在房间中待过的人与本单位 HR 可查看）', access: 'user', partner: true, tags,
    query: ChannelQuery,
    reply: replyOf({ list: Type.Array(RtcRoomMessage) }),
  }),
  roomChats: route({
    method: 'GET', url: '/api/sec/trtc/roomChats', summary: '有文字聊天记录的视频面试（企业 HR：本单位的；其他人：自己在房间时说的），最近 50 场', access: 'user', tags,
    reply: replyOf({ list: Type.Array(RtcRoomChat) }),
  }),
  recordings: route({
    method: 'GET', url: '/api/sec/trtc/recordings', summary: '视频面试录像列表（企业 HR：本单位的；求职者：自己参加的面试）', access: 'user', tags,
    reply: replyOf({ list: Type.Array(RtcRecording) }),
  }),
  recordingUrl: route({
    method: 'GET', url: '/api/sec/trtc/recordings/:id', summary: '打开一个录像（临时链接）；仅本单位 HR 与参加面试的求职者', access: 'user', tags,
    params: Type.Object({ id: Id('录像ID') }),
    reply: replyOf({ url: Type.String(), name: Type.String() }),
  }),
  deleteRecording: route({
    method: 'POST', url: '/api/sec/trtc/recordings/:id/delete', summary: '删除录像（本单位 HR）', access: 'hrApproved', tags,
    params: Type.Object({ id: Id('录像ID') }),
    reply: replyOf({}),
  }),
  adminRecordingSettings: route({
    method: 'GET', url: '/api/xs/admin/rtc/recording', summary: '运营：视频面试录像的保存天数，及现存录像数', access: 'xs', tags: ['rtc', 'admin'],
    reply: replyOf({ data: Type.Object({ recordingDays: Type.Integer(), kept: Type.Integer() }) }),
  }),
  adminSetRecordingSettings: route({
    method: 'POST', url: '/api/xs/admin/rtc/recording', summary: '运营：设置录像保存天数（超过的录像随即删除）', access: 'xs', tags: ['rtc', 'admin'],
    body: Type.Object({ recordingDays: Type.Integer({ minimum: 1, maximum: 3650, title: '录像保存天数' }) }),
    reply: replyOf({ data: Type.Object({ recordingDays: Type.Integer(), deleted: Type.Integer() }) }),
  }),
  adminVip: route({
    method: 'GET', url: '/api/xs/admin/companies/vip', summary: '运营：单位的付费会员状态', access: 'xs', tags: ['rtc', 'admin'],
    query: Type.Object({ dwid: Id('单位ID') }),
    reply: replyOf({ data: CompanyVip }),
  }),
  adminSetVip: route({
    method: 'POST', url: '/api/xs/admin/companies/vip', summary: '运营：设置单位付费会员及到期日（取消会员时不填到期日）', access: 'xs', tags: ['rtc', 'admin'],
    body: Type.Object({
      dwid: Id('单位ID'),
      /** vip: 1 paying until vipEnd (inclusive), 0 withdraw */
      vip: Enum([0, 1], { title: '付费会员' }),
      vipEnd: Type.Optional(DateText('会员到期日', { from: 'day', to: 'day' })),
    }),
    reply: replyOf({ data: CompanyVip }),
  }),
};

// ---------------------------------------------------------------- the signalling socket

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

const Sdp = Type.String({ minLength: 1, maxLength: 60_000, title: 'SDP' });
/** RTCIceCandidateInit; candidate '' marks the end of candidates */
const IceCandidate = Type.Object({
  candidate: Type.String({ maxLength: 2000, title: '候选地址' }),
  sdpMid: Nullable(Type.String({ maxLength: 64 })),
  sdpMLineIndex: Nullable(Type.Integer({ minimum: 0, maximum: 1000 })),
  usernameFragment: Nullable(Type.String({ maxLength: 256 })),
}, closed);

/** WebRTC negotiation, relayed as is between two members (extra fields are dropped). */
export const PeerMessage = Type.Union([
  Type.Object({ type: Enum(['offer', 'answer'], { title: '类型' }), sdp: Sdp }, closed),
  Type.Object({ type: Type.Literal('candidate'), candidate: IceCandidate }, closed),
], { title: '信令消息' });
export type PeerMessage = Static<typeof PeerMessage>;

/** Parameters of every socket request; the server validates each against these. */
export const rtcOps = {
  auth: Type.Object({
    userId: Id('用户ID'),
    userSig: Type.String({ minLength: 1, maxLength: 2000, title: '签名' }),
  }),
  join: Type.Object({
    roomId: RoomIdText,
    session: RtcSession,
    /** what we publish from the start (default false) */
    audio: Type.Optional(Type.Boolean({ title: '麦克风' })),
    video: Type.Optional(Type.Boolean({ title: '摄像头' })),
  }),
  leave: Type.Object({}),
  relay: Type.Object({
    to: Id('接收方'),
    toSession: Type.Optional(RtcSession),
    message: PeerMessage,
  }),
  /** screen: the picture we send is our screen (trtc-sdk-v5's sub stream) instead of the camera */
  media: Type.Object({ audio: Type.Boolean({ title: '麦克风' }), video: Type.Boolean({ title: '摄像头' }), screen: Type.Optional(Type.Boolean({ title: '屏幕共享' })) }),
  ping: Type.Object({}),
  sfuPublish: Type.Object({ sdp: Sdp }),
  /** layer: 1 the large picture (default), 0 the small one */
  sfuSubscribe: Type.Object({ userId: Id('发布者'), layer: Type.Optional(Enum([0, 1], { title: '清晰度' })) }),
  sfuAnswer: Type.Object({ userId: Id('发布者'), sdp: Sdp }),
  sfuTrickle: Type.Object({ userId: Type.Optional(Id('发布者')), candidate: Type.Union([IceCandidate, Type.Null()]) }),
  sfuLayer: Type.Object({ userId: Id('发布者'), layer: Enum([0, 1], { title: '清晰度' }) }),
  /** a pair's direct path will not come up: the room goes through the media server (503 without one) */
  sfuFallback: Type.Object({}),
  /**
   * trtc-sdk-v5's sendCustomMessage: to everyone else in the room, in order; data is base64 of at
   * most 1 KB. cmdId ROOM_CHAT_CMD (rules/interview) is the room's text chat, kept with the interview.
   */
  custom: Type.Object({
    cmdId: Type.Integer({ minimum: 1, maximum: 10, title: '消息类型' }),
    data: Type.String({ maxLength: 1368, pattern: '^[A-Za-z0-9+/]*={0,2}$', title: '消息内容' }),
  }),
  /** the promoter asks everyone to agree to record (needs the media server) */
  recordAsk: Type.Object({}),
  /** 是否同意录制本次面试？ — also how a person withdraws their consent later (agree false) */
  recordAnswer: Type.Object({ agree: Type.Boolean({ title: '同意录制' }) }),
  /** the promoter stops recording */
  recordStop: Type.Object({}),
} satisfies Record<string, TSchema>;
export type RtcOp = keyof typeof rtcOps;
export type RtcOpParams<K extends RtcOp> = Static<(typeof rtcOps)[K]>;

/** A request frame. */
export const RtcRequest = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 0 })),
  op: Enum(Object.keys(rtcOps) as RtcOp[], { title: '操作' }),
  p: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

export const RtcMember = Type.Object({
  userId: Type.String(),
  /** the member's current enterRoom (see `join`) */
  session: Type.String(),
  audio: Type.Boolean(),
  video: Type.Boolean(),
  /** the member's picture is their screen now (then video is false: the camera is not sent) */
  screen: Type.Optional(Type.Boolean()),
  /** SFU rooms: the member's media reach the media server (subscribe to them) */
  published: Type.Optional(Type.Boolean()),
});
export type RtcMember = Static<typeof RtcMember>;

export const RtcIceServer = Type.Object({
  urls: Type.Union([Type.String(), Type.Array(Type.String())]),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});
export type RtcIceServer = Static<typeof RtcIceServer>;

/** data of the reply to `join`. */
export const RtcJoinResult = Type.Object({
  roomId: Type.String(),
  promoterId: Type.String(),
  /** everyone else in the room now */
  members: Type.Array(RtcMember),
  /** STUN/TURN for the peer connections: ICE_SERVERS, plus TURN with credentials made for this join */
  iceServers: Type.Array(RtcIceServer),
  /** when a free HR's room ends; null without limit, or while no HR and seeker have been in it together */
  endsAt: NullableMillis,
  serverTime: Millis,
  /** true: this session was still a member (socket reconnect), nobody was told */
  resumed: Type.Boolean(),
  /** mesh: peer to peer with every member; sfu: through the media server (see the socket's SFU notes) */
  mode: Enum(['mesh', 'sfu']),
});
export type RtcJoinResult = Static<typeof RtcJoinResult>;

/** data of the reply to `auth`. */
export const RtcAuthResult = Type.Object({ userId: Type.String(), serverTime: Millis });

export const RtcReply = Type.Object({
  id: Type.Union([Type.Integer(), Type.Null()]),
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Optional(Type.Unknown()),
});
export type RtcReply = Static<typeof RtcReply>;

/**
 * Why the server took us out of the room. reason is trtc-sdk-v5's KICKED_OUT reason ('banned' is
 * reserved: the server does not send it today); cause says more:
 * other_session — the same user entered the room from another page (reason kick);
 * left_elsewhere — the same user left through HTTP leaveRoom (reason kick);
 * promoter_ended, time_up, empty, expired, company_unapproved (the promoter's enterprise was
 * rejected or sent back to review) — the room ended (reason room_disband).
 */
export const RTC_REMOVED_CAUSES = ['other_session', 'left_elsewhere', 'promoter_ended', 'time_up', 'empty', 'expired', 'company_unapproved'] as const;

export const RtcPush = Type.Union([
  Type.Object({ ev: Type.Literal('member-joined'), member: RtcMember }),
  /** cause: left (leave or HTTP leaveRoom), dropped (socket gone longer than the grace period) */
  Type.Object({ ev: Type.Literal('member-left'), userId: Type.String(), cause: Enum(['left', 'dropped']) }),
  Type.Object({ ev: Type.Literal('member-media'), member: RtcMember }),
  /** a custom message of another member (see the `custom` op); seq orders one sender's messages */
  Type.Object({ ev: Type.Literal('custom'), userId: Type.String(), cmdId: Type.Integer(), seq: Type.Integer(), data: Type.String() }),
  /** session: the sender's */
  Type.Object({ ev: Type.Literal('peer-message'), from: Type.String(), session: Type.String(), message: PeerMessage }),
  Type.Object({
    ev: Type.Literal('removed'),
    reason: Enum(['kick', 'banned', 'room_disband']),
    cause: Enum(RTC_REMOVED_CAUSES),
    msg: Type.String(),
  }),
  Type.Object({ ev: Type.Literal('time-warning'), endsAt: Millis, remainingSeconds: Type.Integer({ minimum: 0 }) }),
  /** the room now goes through the media server: publish to it and subscribe to the others */
  Type.Object({ ev: Type.Literal('room-mode'), mode: Enum(['mesh', 'sfu']) }),
  /** SFU: this member's media reach the media server now (a new publication: subscribe anew) */
  Type.Object({ ev: Type.Literal('member-published'), member: RtcMember }),
  /**
   * Recording: asking (everyone present is asked; pending have not answered), recording (录制中),
   * or off (msg says why: someone declined or withdrew, the promoter stopped). Sent to everyone in
   * the room at each change, and to a person entering while it is asked for or running.
   */
  Type.Object({
    ev: Type.Literal('record'),
    id: Type.Integer(),
    state: Enum(['asking', 'recording', 'off']),
    askedBy: Type.String(),
    agreed: Type.Array(Type.String()),
    pending: Type.Array(Type.String()),
    msg: Type.String(),
  }),
  /** SFU: the member started (true) or stopped speaking */
  Type.Object({ ev: Type.Literal('talking'), userId: Type.String(), talking: Type.Boolean() }),
]);
export type RtcPush = Static<typeof RtcPush>;
