import type { TYPES } from './enums.js';

/** The objects of @tencentcloud/chat (spec section 3), with every field Tencent declares. */

export interface UserInfo {
  userID: string;
  nick: string;
  avatar: string;
}

export interface Message {
  ID: string;
  type: TYPES;
  payload: any;
  conversationID: string;
  conversationType: TYPES;
  to: string;
  from: string;
  flow: string;
  /** seconds */
  time: number;
  /** unSend, success, fail */
  status: string;
  isRevoked: boolean;
  priority: TYPES;
  nick: string;
  avatar: string;
  isPeerRead: boolean;
  nameCard: string;
  atUserList: string[];
  cloudCustomData: string;
  isDeleted: boolean;
  isModified: boolean;
  needReadReceipt: boolean;
  readReceiptInfo: any;
  isBroadcastMessage: boolean;
  isSupportExtension: boolean;
  revoker: string;
  revokerInfo: UserInfo;
  revokeReason: string;
  sequence: number;
  hasRiskContent: boolean;
  /** upload progress of image, file and video messages, 0–1 */
  progress: number;
}

export interface Profile {
  userID: string;
  nick: string;
  gender: TYPES;
  birthday: number;
  location: string;
  selfSignature: string;
  allowType: TYPES;
  language: number;
  avatar: string;
  messageSettings: number;
  adminForbidType: TYPES;
  level: number;
  role: number;
  lastUpdatedNumber: number;
  profileCustomField: any[];
}

export interface GroupSelfInfo {
  role: string;
  nameCard: string;
  messageRemindType: string;
  joinTime: number;
}

export interface Group {
  groupID: string;
  name: string;
  avatar: string;
  type: TYPES;
  introduction: string;
  notification: string;
  ownerID: string;
  /** seconds (Tencent's declaration says string; its SDK, like this one, gives a number) */
  createTime: number;
  infoSequence: number;
  lastInfoTime: number;
  selfInfo: GroupSelfInfo;
  lastMessage: any;
  nextMessageSeq: number;
  memberNum: number;
  memberCount: number;
  maxMemberNum: number;
  maxMemberCount: number;
  muteAllMembers: boolean;
  joinOption: TYPES;
  groupCustomField: any[];
  isSupportTopic: boolean;
}

export interface GroupMember {
  userID: string;
  avatar: string;
  nick: string;
  role: string;
  joinTime: number;
  nameCard: string;
  /** seconds; muted while later than now */
  muteUntil: number;
  memberCustomField: any[];
}

export interface LastMessage {
  ID: string;
  lastTime: number;
  lastSequence: number;
  fromAccount: string;
  type: string;
  payload: any;
  messageForShow: string;
  isRevoked: boolean;
  nick: string;
  nameCard: string;
  cloudCustomData: string;
}

export interface Conversation {
  conversationID: string;
  type: TYPES;
  subType: string;
  unreadCount: number;
  lastMessage: LastMessage | Record<string, never>;
  groupProfile: Group | null;
  userProfile: Profile | null;
  groupAtInfoList: any[];
  remark: string;
  isPinned: boolean;
  messageRemindType: TYPES | string;
  markList: number[];
  customData: string;
  conversationGroupList: string[];
  draftText: string;
}

export interface Friend {
  userID: string;
  remark: string;
  groupList: string[];
  source: string;
  wording: string;
  profile: Profile;
  friendCustomField: any[];
}

/** What every promise resolves with, as Tencent's SDK does. */
export interface ChatResponse<T = any> {
  code: number;
  data: T;
}

/** What every promise rejects with. */
export interface ChatErrorLike {
  code: number;
  message: string;
  data?: any;
}

export interface ChatEvent<T = any> {
  name: string;
  data: T;
}

/** The part of a WebSocket the SDK uses: the browser's, or `ws` in Node. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: any) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onmessage: ((ev: { data: any }) => void) | null;
  onerror: ((ev: any) => void) | null;
}
export type SocketFactory = new (url: string) => SocketLike;

export interface CreateOptions {
  SDKAppID: number;
  /** the chat socket, e.g. wss://example.com/api/chat/ws (default: /api/chat/ws on the page's origin) */
  proxyServer?: string | String;
  /** the upload endpoint (default: /api/chat/upload next to the socket) */
  fileUploadProxy?: string | String;
  fileDownloadProxy?: string | String;
  scene?: string | String;
  /** a WebSocket implementation where there is no global one (Node: the `ws` package) */
  WebSocket?: SocketFactory;
}

export interface MessageOptions {
  to: string;
  conversationType: TYPES | string;
  payload: any;
  priority?: TYPES | string;
  cloudCustomData?: string;
  needReadReceipt?: boolean;
  receiverList?: string[];
  isSupportExtension?: boolean;
  /** upload progress, 0–1 (Tencent declares it as Function) */
  onProgress?: ((percent: number) => void) | Function;
  customModerationConfigurationID?: string;
}
