/**
 * Self-hosted chat: the two HTTP routes (userSig, chat file upload) and the WebSocket protocol
 * that @zp/chat-sdk speaks with server/modules/chat. The socket carries requests
 * `{id, op, p}` answered by `{id, code, message?, data?}`, and pushes `{ev, ...}`.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { route, replyOf, Enum, Id } from './define.js';

/** User ids in chat are account ids. */
export const ChatUserId = (title = '用户ID') => Id(title);
/** Custom group IDs as Tencent allows them (letters, digits, _ - @ #), at most 48 characters. */
export const GroupId = Type.String({ pattern: '^[A-Za-z0-9_@#-]{1,48}$', title: '群ID' });
/** C2C<userID>, GROUP<groupID> or @TIM#SYSTEM */
export const ConversationId = Type.String({ pattern: '^(C2C[1-9]\\d{0,17}|GROUP[A-Za-z0-9_@#-]{1,48}|@TIM#SYSTEM)$', title: '会话ID' });
/** '<senderId>-<random>': made by the sending SDK, unique, and the send's idempotency key. */
export const MessageId = Type.String({ pattern: '^[1-9]\\d{0,17}-[A-Za-z0-9-]{6,48}$', title: '消息ID' });

export const GROUP_TYPES = ['Private', 'Public', 'ChatRoom', 'AVChatRoom'] as const;
export const JOIN_OPTIONS = ['FreeAccess', 'NeedPermission', 'DisableApply'] as const;
export const REMIND_TYPES = ['AcceptAndNotify', 'AcceptNotNotify', 'Discard'] as const;
export const GENDERS = ['Gender_Type_Unknown', 'Gender_Type_Female', 'Gender_Type_Male'] as const;
/** The message types a client may send (tips and system notices are made by the server). */
export const SENDABLE_TYPES = [
  'TIMTextElem', 'TIMImageElem', 'TIMFileElem', 'TIMVideoFileElem', 'TIMCustomElem', 'TIMFaceElem', 'TIMLocationElem', 'TIMSoundElem',
] as const;
export const CHAT_FILE_KINDS = ['image', 'file', 'video', 'sound'] as const;

/** Characters a conversation's draft may hold (a text message's own limit is 12 KB). */
export const CHAT_DRAFT_MAX = 4000;

const UserIdList = (title = '用户ID列表', max = 100) => Type.Array(ChatUserId(), { minItems: 1, maxItems: max, title });

export const chatApi = {
  userSig: route({
    method: 'GET', url: '/api/sec/trtc/userSig', summary: '获取即时通信登录签名 userSig（本人）', access: 'user', partner: true, tags: ['chat'],
    /** appID: SDKAppID (0 for the self-hosted service) */
    reply: replyOf({ userId: Type.String(), userSig: Type.String(), appID: Type.Integer() }),
  }),
  upload: route({
    method: 'POST', url: '/api/chat/upload', summary: '上传聊天文件（图片、文件、视频），请求体为文件内容，凭 x-chat-user / x-chat-sig 请求头鉴权', access: 'public', tags: ['chat'],
    query: Type.Object({
      kind: Enum(CHAT_FILE_KINDS, { title: '文件类别' }),
      name: Type.String({ minLength: 1, maxLength: 200, title: '文件名' }),
    }),
    reply: replyOf({ url: Type.String(), size: Type.Integer(), name: Type.String(), uuid: Type.String() }),
  }),
};

/** Parameters of every socket operation; the server validates each request against these. */
export const chatOps = {
  /** the first frame on a new socket */
  auth: Type.Object({
    userID: ChatUserId(),
    userSig: Type.String({ minLength: 1, maxLength: 2000, title: '签名' }),
    /** one id per SDK instance (page); kicked-out rules count instances */
    instance: Type.String({ pattern: '^[A-Za-z0-9-]{8,64}$', title: '实例ID' }),
    /** true on login(), false when reconnecting */
    login: Type.Boolean({ title: '是否新登录' }),
  }),
  logout: Type.Object({}),
  ping: Type.Object({}),
  /** seqs: conversationID → the last sequence number this client has seen */
  resume: Type.Object({ seqs: Type.Record(Type.String({ maxLength: 60 }), Type.Integer({ minimum: 0 }), { title: '已收到的序号' }) }),
  sync: Type.Object({
    conversationID: ConversationId,
    after: Type.Integer({ minimum: 0, title: '起始序号' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, title: '条数' })),
  }),
  convs: Type.Object({}),
  conv: Type.Object({ conversationID: ConversationId }),
  deleteConv: Type.Object({
    conversationIDList: Type.Array(ConversationId, { minItems: 1, maxItems: 100, title: '会话ID列表' }),
    clearHistoryMessage: Type.Optional(Type.Boolean({ title: '是否清空历史消息' })),
  }),
  read: Type.Object({ conversationID: ConversationId }),
  /** getMessageReadReceiptList: how many members of a Work or Public group read each message */
  receipts: Type.Object({
    conversationID: ConversationId,
    messageIDList: Type.Array(MessageId, { minItems: 1, maxItems: 30, title: '消息ID列表' }),
  }),
  /** getGroupMessageReadMemberList: who read (filter 0) or did not read (1) a group message */
  readMembers: Type.Object({
    conversationID: ConversationId,
    messageID: MessageId,
    filter: Type.Union([Type.Literal(0), Type.Literal(1)], { title: '已读(0)或未读(1)' }),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, title: '偏移' })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, title: '条数' })),
  }),
  /** pinConversation: pinned conversations are listed first */
  pin: Type.Object({ conversationID: ConversationId, isPinned: Type.Boolean({ title: '是否置顶' }) }),
  /** setConversationDraft: '' clears it */
  draft: Type.Object({ conversationID: ConversationId, draftText: Type.String({ maxLength: CHAT_DRAFT_MAX, title: '草稿' }) }),
  messages: Type.Object({
    conversationID: ConversationId,
    nextReqMessageID: Type.Optional(Type.String({ maxLength: 80, title: '续拉消息ID' })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 15, title: '条数' })),
  }),
  send: Type.Object({
    ID: MessageId,
    conversationType: Enum(['C2C', 'GROUP'], { title: '会话类型' }),
    to: Type.String({ minLength: 1, maxLength: 48, title: '接收方' }),
    type: Enum(SENDABLE_TYPES, { title: '消息类型' }),
    payload: Type.Record(Type.String(), Type.Unknown(), { title: '消息内容' }),
    cloudCustomData: Type.Optional(Type.String({ maxLength: 12 * 1024, title: '自定义数据' })),
    priority: Type.Optional(Enum(['High', 'Normal', 'Low', 'Lowest'], { title: '优先级' })),
    atUserList: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 30, title: '@用户列表' })),
    /** delivered to the recipients' open pages only, never stored nor counted (Tencent's onlineUserOnly; typing status) */
    onlineUserOnly: Type.Optional(Type.Boolean({ title: '仅在线用户' })),
  }),
  revoke: Type.Object({ ID: MessageId }),

  myProfile: Type.Object({}),
  profiles: Type.Object({ userIDList: UserIdList() }),
  updateProfile: Type.Object({
    nick: Type.Optional(Type.String({ maxLength: 64, title: '昵称' })),
    avatar: Type.Optional(Type.String({ maxLength: 500, title: '头像' })),
    gender: Type.Optional(Enum(GENDERS, { title: '性别' })),
    selfSignature: Type.Optional(Type.String({ maxLength: 500, title: '个性签名' })),
  }),
  blacklist: Type.Object({}),
  block: Type.Object({ userIDList: UserIdList('用户ID列表', 1000) }),
  unblock: Type.Object({ userIDList: UserIdList('用户ID列表', 1000) }),
  friends: Type.Object({}),
  addFriend: Type.Object({
    to: ChatUserId('好友ID'),
    source: Type.Optional(Type.String({ maxLength: 40, title: '来源' })),
    wording: Type.Optional(Type.String({ maxLength: 256, title: '附言' })),
    remark: Type.Optional(Type.String({ maxLength: 96, title: '备注' })),
    type: Type.Optional(Enum(['Add_Type_Single', 'Add_Type_Both'], { title: '添加方式' })),
  }),
  deleteFriend: Type.Object({
    userIDList: UserIdList(),
    type: Type.Optional(Enum(['Delete_Type_Single', 'Delete_Type_Both'], { title: '删除方式' })),
  }),

  groups: Type.Object({}),
  group: Type.Object({ groupID: GroupId }),
  createGroup: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 30, title: '群名称' }),
    type: Type.Optional(Enum(GROUP_TYPES, { title: '群类型' })),
    groupID: Type.Optional(GroupId),
    avatar: Type.Optional(Type.String({ maxLength: 500, title: '群头像' })),
    introduction: Type.Optional(Type.String({ maxLength: 240, title: '群简介' })),
    notification: Type.Optional(Type.String({ maxLength: 300, title: '群公告' })),
    joinOption: Type.Optional(Enum(JOIN_OPTIONS, { title: '加群方式' })),
    maxMemberNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, title: '群成员上限' })),
    memberList: Type.Optional(Type.Array(Type.Object({ userID: ChatUserId('成员ID') }), { maxItems: 500, title: '初始成员' })),
  }),
  searchGroup: Type.Object({ groupID: GroupId }),
  joinGroup: Type.Object({ groupID: GroupId, applyMessage: Type.Optional(Type.String({ maxLength: 300, title: '申请附言' })) }),
  quitGroup: Type.Object({ groupID: GroupId }),
  dismissGroup: Type.Object({ groupID: GroupId }),
  updateGroup: Type.Object({
    groupID: GroupId,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 30, title: '群名称' })),
    avatar: Type.Optional(Type.String({ maxLength: 500, title: '群头像' })),
    introduction: Type.Optional(Type.String({ maxLength: 240, title: '群简介' })),
    notification: Type.Optional(Type.String({ maxLength: 300, title: '群公告' })),
    joinOption: Type.Optional(Enum(JOIN_OPTIONS, { title: '加群方式' })),
    muteAllMembers: Type.Optional(Type.Boolean({ title: '全员禁言' })),
  }),
  members: Type.Object({
    groupID: GroupId,
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, title: '条数' })),
    offset: Type.Optional(Type.Integer({ minimum: 0, title: '偏移' })),
  }),
  memberProfile: Type.Object({ groupID: GroupId, userIDList: UserIdList('成员ID列表', 50) }),
  addMembers: Type.Object({ groupID: GroupId, userIDList: UserIdList('成员ID列表', 500) }),
  deleteMembers: Type.Object({ groupID: GroupId, userIDList: UserIdList('成员ID列表', 500), reason: Type.Optional(Type.String({ maxLength: 200, title: '原因' })) }),
  setRole: Type.Object({ groupID: GroupId, userID: ChatUserId('成员ID'), role: Enum(['Admin', 'Member'], { title: '角色' }) }),
  mute: Type.Object({ groupID: GroupId, userID: ChatUserId('成员ID'), muteTime: Type.Integer({ minimum: 0, maximum: 30 * 86400, title: '禁言时长（秒）' }) }),
  nameCard: Type.Object({ groupID: GroupId, userID: Type.Optional(ChatUserId('成员ID')), nameCard: Type.String({ maxLength: 50, title: '群名片' }) }),
  changeOwner: Type.Object({ groupID: GroupId, newOwnerID: ChatUserId('新群主ID') }),
  remindType: Type.Object({ groupID: GroupId, messageRemindType: Enum(REMIND_TYPES, { title: '消息提醒方式' }) }),
  handleApplication: Type.Object({
    messageID: MessageId,
    handleAction: Enum(['Agree', 'Reject'], { title: '处理结果' }),
    handleMessage: Type.Optional(Type.String({ maxLength: 300, title: '处理附言' })),
  }),
} satisfies Record<string, TSchema>;

const Url = Type.String({ maxLength: 2000, pattern: '^(https?://|/)', title: '地址' });
const Opt = <T extends TSchema>(t: T) => Type.Optional(t);
const closed = { additionalProperties: false } as const;

/** The payload of each sendable message type, with Tencent's field names (other fields are dropped). */
export const messagePayloads = {
  TIMTextElem: Type.Object({ text: Type.String({ minLength: 1, maxLength: 12 * 1024, title: '文本' }) }, closed),
  TIMImageElem: Type.Object({
    uuid: Opt(Type.String({ maxLength: 100 })),
    imageFormat: Opt(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
    imageInfoArray: Type.Array(Type.Object({
      url: Url,
      width: Opt(Type.Integer({ minimum: 0 })),
      height: Opt(Type.Integer({ minimum: 0 })),
      size: Opt(Type.Integer({ minimum: 0 })),
      /** 0 original, 1 big, 2 thumbnail */
      type: Opt(Type.Integer({ minimum: 0, maximum: 2 })),
    }, closed), { minItems: 1, maxItems: 3, title: '图片' }),
  }, closed),
  TIMFileElem: Type.Object({
    uuid: Opt(Type.String({ maxLength: 100 })),
    fileName: Type.String({ minLength: 1, maxLength: 200, title: '文件名' }),
    fileUrl: Url,
    fileSize: Type.Integer({ minimum: 0, title: '文件大小' }),
  }, closed),
  TIMVideoFileElem: Type.Object({
    videoUrl: Url,
    videoUUID: Opt(Type.String({ maxLength: 100 })),
    videoSize: Opt(Type.Integer({ minimum: 0 })),
    videoSecond: Opt(Type.Number({ minimum: 0 })),
    videoFormat: Opt(Type.String({ maxLength: 20 })),
    thumbUrl: Opt(Type.String({ maxLength: 2000, pattern: '^(https?://|/|$)' })),
    thumbUUID: Opt(Type.String({ maxLength: 100 })),
    thumbWidth: Opt(Type.Integer({ minimum: 0 })),
    thumbHeight: Opt(Type.Integer({ minimum: 0 })),
    thumbSize: Opt(Type.Integer({ minimum: 0 })),
  }, closed),
  TIMSoundElem: Type.Object({
    url: Url,
    uuid: Opt(Type.String({ maxLength: 100 })),
    size: Opt(Type.Integer({ minimum: 0 })),
    second: Opt(Type.Number({ minimum: 0 })),
  }, closed),
  TIMCustomElem: Type.Object({
    data: Opt(Type.String({ maxLength: 12 * 1024, title: '自定义数据' })),
    description: Opt(Type.String({ maxLength: 12 * 1024, title: '描述' })),
    extension: Opt(Type.String({ maxLength: 12 * 1024, title: '扩展' })),
  }, closed),
  TIMFaceElem: Type.Object({ index: Type.Integer({ title: '表情索引' }), data: Type.String({ maxLength: 1000, title: '表情数据' }) }, closed),
  TIMLocationElem: Type.Object({
    description: Type.String({ maxLength: 500, title: '位置描述' }),
    longitude: Type.Number({ minimum: -180, maximum: 180, title: '经度' }),
    latitude: Type.Number({ minimum: -90, maximum: 90, title: '纬度' }),
  }, closed),
} satisfies Record<(typeof SENDABLE_TYPES)[number], TSchema>;

export type ChatOp = keyof typeof chatOps;
export type ChatOpParams<K extends ChatOp> = Static<(typeof chatOps)[K]>;

/** A message as the server sends it; the SDK adds conversationID and flow for its user. */
export interface WireMessage {
  ID: string;
  seq: number;
  conversationType: 'C2C' | 'GROUP' | '@TIM#SYSTEM';
  from: string;
  to: string;
  type: string;
  payload: Record<string, unknown>;
  /** seconds */
  time: number;
  nick: string;
  avatar: string;
  nameCard: string;
  priority: string;
  cloudCustomData: string;
  atUserList: string[];
  isRevoked: boolean;
  revoker: string;
  /** false for group tips and ChatRoom/AVChatRoom messages */
  countsUnread: boolean;
  /** a 1:1 message of mine the other person has read (in a message list; pushes say it with peerRead) */
  peerRead?: boolean;
}

export interface WireProfile {
  userID: string;
  nick: string;
  avatar: string;
  gender: string;
  selfSignature: string;
}

export interface WireGroup {
  groupID: string;
  name: string;
  avatar: string;
  type: string;
  introduction: string;
  notification: string;
  ownerID: string;
  createTime: number;
  infoSequence: number;
  lastInfoTime: number;
  joinOption: string;
  memberNum: number;
  memberCount: number;
  maxMemberNum: number;
  maxMemberCount: number;
  muteAllMembers: boolean;
  nextMessageSeq: number;
  selfInfo: { role: string; nameCard: string; messageRemindType: string; joinTime: number };
}

export interface WireMember {
  userID: string;
  nick: string;
  avatar: string;
  nameCard: string;
  role: string;
  joinTime: number;
  muteUntil: number;
}

/** The user ID that mentions everyone in a group (Tencent's TYPES.MSG_AT_ALL, spelling included). */
export const CHAT_AT_ALL = '__kImSDK_MesssageAtALL__';

export interface WireConversation {
  conversationID: string;
  type: 'C2C' | 'GROUP' | '@TIM#SYSTEM';
  unreadCount: number;
  /** the conversation's last sequence number (the SDK resumes from here) */
  lastSeq: number;
  /** messages up to here were deleted or hidden for this user (or predate their joining) */
  floorSeq: number;
  lastMessage: {
    ID: string;
    lastTime: number;
    lastSequence: number;
    fromAccount: string;
    type: string;
    payload: Record<string, unknown>;
    messageForShow: string;
    isRevoked: boolean;
    nick: string;
    nameCard: string;
    cloudCustomData: string;
  } | null;
  userProfile: WireProfile | null;
  groupProfile: WireGroup | null;
  messageRemindType: string;
  /** unread messages of a group that mention this user (@ them, or @ everyone), oldest first */
  atInfo: { seq: number; type: 1 | 2 | 3 }[];
  isPinned: boolean;
  draftText: string;
}

export interface WireFriend {
  userID: string;
  remark: string;
  source: string;
  wording: string;
  profile: WireProfile;
}

/** A group message's read receipt: how many of the members who can see it read it and did not. */
export interface WireReceipt {
  messageID: string;
  readCount: number;
  unreadCount: number;
}

/** Pushes from the server. */
export type ChatPush =
  | { ev: 'ready'; userID: string; serverTime: number }
  | { ev: 'msg'; m: WireMessage }
  /** a message sent with onlineUserOnly: not numbered (seq 0), not stored, not in any list or count */
  | { ev: 'online'; m: WireMessage }
  | { ev: 'revoked'; m: WireMessage }
  | { ev: 'read'; conversationID: string }
  /** the other person of a 1:1 conversation read it up to seq (my messages up to there: 已读) */
  | { ev: 'peerRead'; conversationID: string; seq: number }
  /** members read my messages of a group: each message's counts now (MESSAGE_READ_RECEIPT_RECEIVED) */
  | { ev: 'groupRead'; conversationID: string; list: WireReceipt[] }
  | { ev: 'conv'; conversationID: string }
  | { ev: 'convDeleted'; conversationIDList: string[] }
  | { ev: 'groups' }
  | { ev: 'friends' }
  | { ev: 'blacklist' }
  | { ev: 'profile'; userIDList: string[] }
  | { ev: 'kicked'; type: 'multipleAccount' | 'multipleDevice' | 'userSigExpired' | 'REST_API_Kick' }
  | { ev: 'error'; code: number; message: string };

/** Error codes the chat service answers with (Tencent Cloud Chat's numbers where one exists). */
export const CHAT_ERRORS = {
  badRequest: 10004,
  permission: 10007,
  ownerCannotQuit: 10009,
  groupGone: 10010,
  alreadyMember: 10013,
  groupFull: 10014,
  groupNotFound: 10015,
  muted: 10017,
  userNotFound: 10019,
  groupIdTaken: 10021,
  groupRate: 10023,
  handled: 10024,
  revokeMissing: 10030,
  revokeTooLate: 10031,
  userRate: 10006,
  blocked: 20007,
  c2cRevokeTooLate: 20016,
  friendInMyBlacklist: 30515,
  friendBlocked: 30525,
  sigExpired: 70001,
  sigInvalid: 70003,
  tooLong: 80002,
  notLoggedIn: 6014,
  kicked: 6206,
  network: 2800,
  timeout: 2801,
  internal: 10002,
} as const;
