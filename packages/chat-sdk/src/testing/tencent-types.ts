/**
 * Proof, by the type checker, that our SDK can stand where the widgets expect @tencentcloud/chat:
 * the instance is assigned to Tencent's own `ChatSDK` type for every member the widgets use, and
 * the default export to `typeof TencentCloudChat` for create, EVENT and TYPES.
 * (Compiled by `tsc -p .` in this package's test script; it has no runtime part.)
 */
import type TencentCloudChat from '@tencentcloud/chat';
import type { ChatSDK as TencentChatSDK, Message as TencentMessage } from '@tencentcloud/chat';
import ZpChat from '../index.js';

/** The members of Tencent's ChatSDK the chat widget and the call layer use. */
type UsedMembers =
  | 'login' | 'logout' | 'destroy' | 'isReady' | 'getLoginUser' | 'getServerTime' | 'on' | 'off' | 'registerPlugin' | 'setLogLevel'
  | 'createTextMessage' | 'createTextAtMessage' | 'createImageMessage' | 'createFileMessage' | 'createVideoMessage' | 'createAudioMessage'
  | 'createCustomMessage' | 'createFaceMessage' | 'createLocationMessage'
  | 'sendMessage' | 'resendMessage' | 'revokeMessage' | 'getMessageList' | 'setMessageRead'
  | 'getConversationList' | 'getConversationProfile' | 'deleteConversation' | 'getTotalUnreadMessageCount'
  | 'getMyProfile' | 'getUserProfile' | 'updateMyProfile'
  | 'getBlacklist' | 'addToBlacklist' | 'removeFromBlacklist'
  | 'getFriendList' | 'addFriend' | 'deleteFriend'
  | 'getGroupList' | 'getGroupProfile' | 'createGroup' | 'searchGroupByID' | 'joinGroup' | 'quitGroup' | 'dismissGroup'
  | 'updateGroupProfile' | 'changeGroupOwner' | 'handleGroupApplication' | 'setMessageRemindType'
  | 'getGroupMemberList' | 'getGroupMemberProfile' | 'addGroupMember' | 'deleteGroupMember'
  | 'setGroupMemberRole' | 'setGroupMemberMuteTime' | 'setGroupMemberNameCard';

const chat = ZpChat.create({ SDKAppID: 0 });
export const asTencent: Pick<TencentChatSDK, UsedMembers> = chat;

// The factory and the constants, where code reads TencentCloudChat.EVENT.X / TYPES.X.
export const factory: Pick<typeof TencentCloudChat, 'create' | 'EVENT' | 'TYPES'> = {
  create: (o) => ZpChat.create(o) as unknown as TencentChatSDK,
  EVENT: ZpChat.EVENT,
  TYPES: ZpChat.TYPES,
};
export const event: TencentCloudChat.EVENT = ZpChat.EVENT.MESSAGE_RECEIVED;
export const groupType: TencentCloudChat.TYPES = ZpChat.TYPES.GRP_PUBLIC;

// Our messages are Tencent messages (what create*Message returns is handed back to sendMessage).
export const message: TencentMessage = chat.createTextMessage({ to: '100001', conversationType: ZpChat.TYPES.CONV_C2C, payload: { text: 'hi' } });
