import type { WireConversation, WireFriend, WireGroup, WireMember, WireMessage, WireProfile } from '@zp/core/contract';
import { TYPES } from './enums.js';
import type { Conversation, Friend, Group, GroupMember, LastMessage, Message, Profile } from './types.js';

import { conversationIdOf } from './ids.js';

export function toMessage(w: WireMessage, me: string): Message {
  return {
    ID: w.ID,
    type: w.type as TYPES,
    payload: w.payload,
    conversationID: conversationIdOf(w, me),
    conversationType: w.conversationType as TYPES,
    to: w.to,
    from: w.from,
    flow: w.from === me ? 'out' : 'in',
    time: w.time,
    status: 'success',
    isRevoked: w.isRevoked,
    priority: w.priority as TYPES,
    nick: w.nick,
    avatar: w.avatar,
    isPeerRead: !!w.peerRead,
    nameCard: w.nameCard,
    atUserList: w.atUserList,
    cloudCustomData: w.cloudCustomData,
    isDeleted: false,
    isModified: false,
    needReadReceipt: false,
    readReceiptInfo: {},
    isBroadcastMessage: false,
    isSupportExtension: false,
    revoker: w.revoker,
    revokerInfo: { userID: w.revoker, nick: '', avatar: '' },
    revokeReason: '',
    sequence: w.seq,
    hasRiskContent: false,
    progress: 1,
  };
}

export function lastMessageOf(w: WireMessage): LastMessage {
  return {
    ID: w.ID,
    lastTime: w.time,
    lastSequence: w.seq,
    fromAccount: w.from,
    type: w.type,
    payload: w.payload,
    messageForShow: messageForShow(w.type, w.payload),
    isRevoked: w.isRevoked,
    nick: w.nick,
    nameCard: w.nameCard,
    cloudCustomData: w.cloudCustomData,
  };
}

/** The same wording as the server's conversation list (Tencent's Chinese SDK strings). */
function messageForShow(type: string, payload: WireMessage['payload'] | undefined): string {
  const names: Record<string, string> = {
    TIMImageElem: '[图片]', TIMFileElem: '[文件]', TIMVideoFileElem: '[视频]', TIMSoundElem: '[语音]', TIMFaceElem: '[动画表情]',
    TIMLocationElem: '[位置]', TIMCustomElem: '[自定义消息]', TIMGroupTipElem: '[群提示消息]', TIMGroupSystemNoticeElem: '[群系统通知]',
  };
  return type === 'TIMTextElem' ? String(payload?.text ?? '') : (names[type] ?? '[消息]');
}

export function toProfile(w: WireProfile): Profile {
  return {
    userID: w.userID,
    nick: w.nick,
    gender: w.gender as TYPES,
    birthday: 0,
    location: '',
    selfSignature: w.selfSignature,
    allowType: TYPES.ALLOW_TYPE_ALLOW_ANY,
    language: 0,
    avatar: w.avatar,
    messageSettings: 0,
    adminForbidType: TYPES.FORBID_TYPE_NONE,
    level: 0,
    role: 0,
    lastUpdatedNumber: 0,
    profileCustomField: [],
  };
}

export function toGroup(w: WireGroup): Group {
  return {
    groupID: w.groupID,
    name: w.name,
    avatar: w.avatar,
    type: w.type as TYPES,
    introduction: w.introduction,
    notification: w.notification,
    ownerID: w.ownerID,
    createTime: w.createTime,
    infoSequence: w.infoSequence,
    lastInfoTime: w.lastInfoTime,
    selfInfo: w.selfInfo,
    lastMessage: {},
    nextMessageSeq: w.nextMessageSeq,
    memberNum: w.memberNum,
    memberCount: w.memberCount,
    maxMemberNum: w.maxMemberNum,
    maxMemberCount: w.maxMemberCount,
    muteAllMembers: w.muteAllMembers,
    joinOption: w.joinOption as TYPES,
    groupCustomField: [],
    isSupportTopic: false,
  };
}

export function toMember(w: WireMember): GroupMember {
  return { ...w, memberCustomField: [] };
}

export function toFriend(w: WireFriend): Friend {
  return { userID: w.userID, remark: w.remark, groupList: [], source: w.source, wording: w.wording, profile: toProfile(w.profile), friendCustomField: [] };
}

export function toConversation(w: WireConversation): Conversation {
  return {
    conversationID: w.conversationID,
    type: w.type as TYPES,
    subType: w.groupProfile?.type ?? '',
    unreadCount: w.unreadCount,
    lastMessage: w.lastMessage ?? {},
    groupProfile: w.groupProfile ? toGroup(w.groupProfile) : null,
    userProfile: w.userProfile ? toProfile(w.userProfile) : null,
    groupAtInfoList: (w.atInfo ?? []).map((a) => ({ messageSequence: a.seq, atTypeArray: [a.type] })),
    remark: '',
    isPinned: w.isPinned === true,
    messageRemindType: w.messageRemindType,
    markList: [],
    customData: '',
    conversationGroupList: [],
    draftText: w.draftText ?? '',
  };
}

/**
 * How a message mentions `me` (TYPES.CONV_AT_ME, CONV_AT_ALL or CONV_AT_ALL_AT_ME), or 0: what a
 * group conversation's groupAtInfoList records until it is read.
 */
export function atTypeFor(w: Pick<WireMessage, 'atUserList'>, me: string): 0 | 1 | 2 | 3 {
  const list = w.atUserList ?? [];
  const mine = list.includes(me);
  const all = list.includes(TYPES.MSG_AT_ALL);
  return mine && all ? 3 : mine ? 1 : all ? 2 : 0;
}
