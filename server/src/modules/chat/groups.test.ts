/**
 * Groups through @zp/chat-sdk: the four types with Tencent's behaviour, and every permission
 * rule of spec section 6, each tried by a role that must be refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT, TYPES, type ChatSDK } from '@zp/chat-sdk';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, sdkClient, type ChatUser, type SdkClient } from '../../../test/chat.js';

let srv: TestServer;
let owner: SdkClient, admin: SdkClient, member: SdkClient, other: SdkClient, outsider: SdkClient;
let users: ChatUser[];

const ids = () => ({ owner: users[0].userId, admin: users[1].userId, member: users[2].userId, other: users[3].userId, outsider: users[4].userId });
const say = (c: SdkClient, groupID: string, t: string) =>
  c.chat.sendMessage(c.chat.createTextMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: t } }));
const refused = (p: Promise<unknown>, code = 10007) => expect(p).rejects.toMatchObject({ code, message: expect.stringMatching(/[\u4e00-\u9fa5]/) });

async function publicGroup(joinOption = TYPES.JOIN_OPTIONS_NEED_PERMISSION, type: string = TYPES.GRP_PUBLIC) {
  const { owner: o, admin: a, member: m, other: x } = ids();
  const r = await owner.chat.createGroup({ name: '校招交流群', type, joinOption: type === TYPES.GRP_PUBLIC ? joinOption : undefined, memberList: [{ userID: a }, { userID: m }, { userID: x }] });
  const groupID = r.data.group.groupID;
  if (type === TYPES.GRP_PUBLIC || type === TYPES.GRP_MEETING) await owner.chat.setGroupMemberRole({ groupID, userID: a, role: TYPES.GRP_MBR_ROLE_ADMIN });
  void o;
  return groupID;
}

beforeAll(async () => {
  srv = await startServer();
  users = await chatUsers(srv, 6, '群用户');
  [owner, admin, member, other, outsider] = await Promise.all(users.slice(0, 5).map((u) => sdkClient(srv.url, u)));
}, 180_000);
afterAll(async () => {
  for (const c of [owner, admin, member, other, outsider]) await c?.chat.logout().catch(() => undefined);
  await srv?.close();
});

describe('creating and listing', () => {
  it('creates a Private group with members; everyone sees it in their list and conversations', async () => {
    const since = member.events.length;
    const r = await owner.chat.createGroup({ name: '  面试小组  ', memberList: [{ userID: ids().member }], introduction: '简介', notification: '公告' });
    const g = r.data.group;
    expect(g).toMatchObject({
      groupID: expect.stringMatching(/^@TGS#/), name: '面试小组', type: TYPES.GRP_WORK, joinOption: TYPES.JOIN_OPTIONS_DISABLE_APPLY,
      ownerID: ids().owner, memberNum: 2, maxMemberNum: 200, introduction: '简介', notification: '公告', selfInfo: { role: 'Owner' },
    });
    const listed = await member.next(EVENT.GROUP_LIST_UPDATED, (l) => l.some((x) => x.groupID === g.groupID), since);
    expect(listed.find((x) => x.groupID === g.groupID)!.selfInfo.role).toBe('Member');
    expect((await member.chat.getGroupList()).data.groupList.map((x) => x.groupID)).toContain(g.groupID);
    const conv = await member.next(EVENT.CONVERSATION_LIST_UPDATED, (l) => l.some((c) => c.conversationID === `GROUP${g.groupID}`), since);
    expect(conv.find((c) => c.conversationID === `GROUP${g.groupID}`)!.lastMessage.type).toBe(TYPES.MSG_GRP_TIP);
  });

  it('takes custom IDs once and refuses reserved prefixes, unknown members and AVChatRoom members', async () => {
    const id = `zp-${Date.now()}`;
    await owner.chat.createGroup({ name: '自定义', groupID: id, type: TYPES.GRP_PUBLIC });
    await refused(owner.chat.createGroup({ name: '重复', groupID: id, type: TYPES.GRP_PUBLIC }), 10021);
    await refused(owner.chat.createGroup({ name: '保留', groupID: '@TGS#abc', type: TYPES.GRP_PUBLIC }), 10004);
    await refused(owner.chat.createGroup({ name: '无此人', memberList: [{ userID: '999999999' }] }), 10019);
    await refused(owner.chat.createGroup({ name: '直播', type: TYPES.GRP_AVCHATROOM, memberList: [{ userID: ids().member }] }), 10004);
    await refused(owner.chat.createGroup({ name: '', type: TYPES.GRP_PUBLIC }), 10004);
  });

  it('pages members 30 at a time', async () => {
    const many = await chatUsers(srv, 35, '成员', { sig: false });
    const r = await owner.chat.createGroup({ name: '大群', type: TYPES.GRP_PUBLIC, memberList: many.map((u) => ({ userID: u.userId })) });
    const groupID = r.data.group.groupID;
    const first = await owner.chat.getGroupMemberList({ groupID, count: 30, offset: 0 });
    expect(first.data.memberList).toHaveLength(30);
    expect(first.data.memberList[0]).toMatchObject({ userID: ids().owner, role: 'Owner' });
    expect(first.data.offset).toBe(30);
    const second = await owner.chat.getGroupMemberList({ groupID, count: 30, offset: first.data.offset });
    expect(second.data.memberList).toHaveLength(6);
    expect(second.data.offset).toBe(0);
    await refused(outsider.chat.getGroupMemberList({ groupID, count: 30, offset: 0 }));
  });

  it('keeps to the member limit: additions beyond it fail', async () => {
    const r = await owner.chat.createGroup({ name: '小群', maxMemberNum: 2 });
    const groupID = r.data.group.groupID;
    const add = await owner.chat.addGroupMember({ groupID, userIDList: [ids().member, ids().other] });
    expect(add.data.successUserIDList).toHaveLength(1);
    expect(add.data.failureUserIDList).toHaveLength(1);
  });
});

describe('Private (work) group', () => {
  let groupID: string;
  beforeAll(async () => {
    groupID = (await owner.chat.createGroup({ name: '工作群', memberList: [{ userID: ids().member }] })).data.group.groupID;
  }, 180_000);

  it('cannot be searched or applied to; any member adds others and edits the profile', async () => {
    await refused(outsider.chat.searchGroupByID(groupID), 10015);
    await refused(outsider.chat.joinGroup({ groupID }));
    const add = await member.chat.addGroupMember({ groupID, userIDList: [ids().other, ids().member, '999999999'] });
    expect(add.data).toMatchObject({ successUserIDList: [ids().other], existedUserIDList: [ids().member], failureUserIDList: ['999999999'] });
    const upd = await member.chat.updateGroupProfile({ groupID, name: '工作群（改）', notification: ' 新公告 ' });
    expect(upd.data.group).toMatchObject({ name: '工作群（改）', notification: '新公告' });
    await refused(member.chat.updateGroupProfile({ groupID, joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS }), 10004);
  });

  it('has no admins and no muting; only the owner removes members; the owner cannot dismiss it', async () => {
    await refused(owner.chat.setGroupMemberRole({ groupID, userID: ids().member, role: TYPES.GRP_MBR_ROLE_ADMIN }));
    await refused(owner.chat.setGroupMemberMuteTime({ groupID, userID: ids().member, muteTime: 60 }));
    await refused(member.chat.deleteGroupMember({ groupID, userIDList: [ids().other] }));
    await refused(owner.chat.dismissGroup(groupID));
    const del = await owner.chat.deleteGroupMember({ groupID, userIDList: [ids().other] });
    expect(del.data.userIDList).toEqual([ids().other]);
    await refused(say(other, groupID, '我还在吗'));
  });

  it('lets the owner quit (the group then has no owner)', async () => {
    await owner.chat.quitGroup(groupID);
    const g = await member.chat.getGroupProfile({ groupID });
    expect(g.data.group.ownerID).toBe('');
    await say(member, groupID, '群主走了');
  });
});

describe('Public group', () => {
  let groupID: string;
  beforeAll(async () => {
    groupID = await publicGroup();
  }, 180_000);

  it('sets admins by the owner only; an admin or member setting roles is refused', async () => {
    await refused(admin.chat.setGroupMemberRole({ groupID, userID: ids().member, role: TYPES.GRP_MBR_ROLE_ADMIN }));
    await refused(member.chat.setGroupMemberRole({ groupID, userID: ids().other, role: TYPES.GRP_MBR_ROLE_ADMIN }));
    await refused(owner.chat.setGroupMemberRole({ groupID, userID: ids().owner, role: TYPES.GRP_MBR_ROLE_MEMBER }));
    const r = await owner.chat.setGroupMemberRole({ groupID, userID: ids().other, role: TYPES.GRP_MBR_ROLE_ADMIN });
    expect(r.data.member).toMatchObject({ userID: ids().other, role: 'Admin' });
    await owner.chat.setGroupMemberRole({ groupID, userID: ids().other, role: TYPES.GRP_MBR_ROLE_MEMBER });
  });

  it('lets owner and admin edit the profile; a member is refused', async () => {
    await refused(member.chat.updateGroupProfile({ groupID, name: '成员改名' }));
    await member.next(EVENT.GROUP_LIST_UPDATED, (l) => l.some((g) => g.groupID === groupID));
    const since = member.events.length;
    await admin.chat.updateGroupProfile({ groupID, introduction: '管理员写的简介' });
    // Members see the change live, from the group tip.
    await member.next(EVENT.GROUP_LIST_UPDATED, (l) => l.some((g) => g.groupID === groupID && g.introduction === '管理员写的简介'), since);
    const r = await owner.chat.updateGroupProfile({ groupID, joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS });
    expect(r.data.group).toMatchObject({ introduction: '管理员写的简介', joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS });
    await owner.chat.updateGroupProfile({ groupID, joinOption: TYPES.JOIN_OPTIONS_NEED_PERMISSION });
  });

  it('mutes in seconds (0 cancels): a muted member is refused; members and admins muting above them are refused', async () => {
    await refused(member.chat.setGroupMemberMuteTime({ groupID, userID: ids().other, muteTime: 60 }));
    await refused(admin.chat.setGroupMemberMuteTime({ groupID, userID: ids().owner, muteTime: 60 }));
    const r = await admin.chat.setGroupMemberMuteTime({ groupID, userID: ids().member, muteTime: 600 });
    expect(r.data.member.muteUntil).toBeGreaterThan(Date.now() / 1000 + 500);
    const profile = await owner.chat.getGroupMemberProfile({ groupID, userIDList: [ids().member] });
    expect(profile.data.memberList[0].muteUntil).toBe(r.data.member.muteUntil);
    await refused(say(member, groupID, '我被禁言了吗'), 10017);
    await owner.chat.setGroupMemberMuteTime({ groupID, userID: ids().member, muteTime: 0 });
    await say(member, groupID, '解除了');
    await owner.chat.updateGroupProfile({ groupID, muteAllMembers: true });
    await refused(say(member, groupID, '全员禁言'), 10017);
    await say(admin, groupID, '管理员仍可发言');
    await owner.chat.updateGroupProfile({ groupID, muteAllMembers: false });
  });

  it('name cards: members set only their own; admins set members\'; the owner sets anyone\'s', async () => {
    await member.chat.setGroupMemberNameCard({ groupID, nameCard: '应届生小张' });
    await refused(member.chat.setGroupMemberNameCard({ groupID, userID: ids().other, nameCard: '改别人' }));
    await refused(admin.chat.setGroupMemberNameCard({ groupID, userID: ids().owner, nameCard: '改群主' }));
    await admin.chat.setGroupMemberNameCard({ groupID, userID: ids().other, nameCard: '李同学' });
    const r = await owner.chat.setGroupMemberNameCard({ groupID, userID: ids().admin, nameCard: 'HR 王' });
    expect(r.data.member).toMatchObject({ userID: ids().admin, nameCard: 'HR 王' });
    const sent = await say(member, groupID, '大家好');
    expect(sent.data.message.nameCard).toBe('应届生小张');
  });

  it('reminder type is each member\'s own', async () => {
    const r = await member.chat.setMessageRemindType({ groupID, messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE });
    expect(r.data.group?.selfInfo.messageRemindType).toBe('AcceptNotNotify');
  });

  it('revoke: a member cannot recall others\' messages; an admin can (Tencent)', async () => {
    const m = (await say(other, groupID, '广告')).data.message;
    await refused(member.chat.revokeMessage(m));
    const since = member.events.length;
    await admin.chat.revokeMessage(m);
    const revoked = await member.next(EVENT.MESSAGE_REVOKED, (l) => l.some((x) => x.ID === m.ID), since);
    expect(revoked[0].revoker).toBe(ids().admin);
  });

  it('applications: waiting approval, a notice to managers, agree with a note, and the join result', async () => {
    const r = await outsider.chat.joinGroup({ groupID, applyMessage: '想了解校招' });
    expect(r.data.status).toBe(TYPES.JOIN_STATUS_WAIT_APPROVAL);
    const notices = await admin.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.type === TYPES.MSG_GRP_SYS_NOTICE && x.payload.groupProfile.groupID === groupID));
    const notice = notices.find((x) => x.type === TYPES.MSG_GRP_SYS_NOTICE);
    expect(notice).toMatchObject({ conversationID: '@TIM#SYSTEM', payload: { operationType: 1, operatorID: ids().outsider, handleMessage: '想了解校招' } });
    await refused(member.chat.handleGroupApplication({ handleAction: 'Agree', message: notice }), 10004);
    const since = outsider.events.length;
    await admin.chat.handleGroupApplication({ handleAction: 'Agree', handleMessage: '欢迎', message: notice });
    const result = await outsider.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.payload?.operationType === 2), since);
    expect(result.find((x) => x.payload?.operationType === 2)!.payload).toMatchObject({ handleMessage: '欢迎', groupProfile: { groupID } });
    await refused(owner.chat.handleGroupApplication({ handleAction: 'Reject', message: notice }), 10004);
    expect((await outsider.chat.joinGroup({ groupID })).data.status).toBe(TYPES.JOIN_STATUS_ALREADY_IN_GROUP);
    // The handled notice is gone from the owner's system conversation too.
    const sys = await owner.chat.getMessageList({ conversationID: '@TIM#SYSTEM' });
    expect(sys.data.messageList.some((x) => x.payload.operationType === 1 && x.payload.groupProfile.groupID === groupID)).toBe(false);
  });

  it('kicking: admins remove members only (not themselves, the owner or admins); members are refused', async () => {
    await refused(member.chat.deleteGroupMember({ groupID, userIDList: [ids().outsider] }));
    await refused(admin.chat.deleteGroupMember({ groupID, userIDList: [ids().owner] }));
    await refused(admin.chat.deleteGroupMember({ groupID, userIDList: [ids().admin] }));
    const since = outsider.events.length;
    await admin.chat.deleteGroupMember({ groupID, userIDList: [ids().outsider] });
    const kicked = await outsider.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.payload?.operationType === 4), since);
    expect(kicked[0].payload.groupProfile.groupID).toBe(groupID);
    await outsider.next(EVENT.GROUP_LIST_UPDATED, (l) => !l.some((g) => g.groupID === groupID), since);
  });

  it('join options: DisableApply refuses, FreeAccess joins at once', async () => {
    await owner.chat.updateGroupProfile({ groupID, joinOption: TYPES.JOIN_OPTIONS_DISABLE_APPLY });
    await refused(outsider.chat.joinGroup({ groupID }));
    await owner.chat.updateGroupProfile({ groupID, joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS });
    expect((await outsider.chat.joinGroup({ groupID })).data.status).toBe(TYPES.JOIN_STATUS_SUCCESS);
    // New members of a Public group do not see what was said before they joined.
    const history = await outsider.chat.getMessageList({ conversationID: `GROUP${groupID}` });
    expect(history.data.messageList.filter((x) => x.type === TYPES.MSG_TEXT)).toEqual([]);
  });

  it('transfers ownership by the owner only; the owner cannot quit; the new owner dismisses, and members are told', async () => {
    await refused(admin.chat.changeGroupOwner({ groupID, newOwnerID: ids().admin }));
    await refused(owner.chat.quitGroup(groupID), 10009);
    const r = await owner.chat.changeGroupOwner({ groupID, newOwnerID: ids().admin });
    expect(r.data.group.ownerID).toBe(ids().admin);
    await refused(owner.chat.dismissGroup(groupID));
    await owner.chat.quitGroup(groupID);
    const since = member.events.length;
    await admin.chat.dismissGroup(groupID);
    const told = await member.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.payload?.operationType === 5), since);
    expect(told[0].payload.groupProfile.groupID).toBe(groupID);
    await refused(say(member, groupID, '还在吗'), 10010);
    await refused(member.chat.searchGroupByID(groupID), 10015);
  });
});

describe('mentions', () => {
  it("an @ stays in the group conversation's groupAtInfoList after later messages, on this login and a new one, until read; @all marks everyone", async () => {
    const groupID = await publicGroup(TYPES.JOIN_OPTIONS_FREE_ACCESS);
    const conv = `GROUP${groupID}`;
    const since = { member: member.events.length, other: other.events.length };
    const at = owner.chat.createTextAtMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: `@${ids().member} 明天九点面试`, atUserList: [ids().member] } });
    await owner.chat.sendMessage(at);
    await say(owner, groupID, '其他同学也请准时');
    const marked = [{ messageSequence: at.sequence, atTypeArray: [TYPES.CONV_AT_ME] }];

    // Live: the mention is kept although a later message became the last one.
    const live = await member.next(EVENT.CONVERSATION_LIST_UPDATED, (list) => list.some((c) => c.conversationID === conv && c.lastMessage.messageForShow === '其他同学也请准时'), since.member);
    expect(live.find((c) => c.conversationID === conv)!.groupAtInfoList).toEqual(marked);
    await other.next(EVENT.CONVERSATION_LIST_UPDATED, (list) => list.some((c) => c.conversationID === conv && c.unreadCount === 2), since.other);
    expect((await other.chat.getConversationProfile(conv)).data.conversation.groupAtInfoList).toEqual([]);

    // The server's view: what a new login of the member gets.
    const again = await sdkClient(srv.url, users[2]);
    const listed = (await again.chat.getConversationList()).data.conversationList.find((c) => c.conversationID === conv)!;
    expect(listed.groupAtInfoList).toEqual(marked);
    await again.chat.logout();

    // @all marks every member, the sender excepted.
    const all = owner.chat.createTextAtMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: '@所有人 周五开会', atUserList: [TYPES.MSG_AT_ALL] } });
    await owner.chat.sendMessage(all);
    await expect.poll(async () => (await other.chat.getConversationProfile(conv)).data.conversation.groupAtInfoList).toEqual([{ messageSequence: all.sequence, atTypeArray: [TYPES.CONV_AT_ALL] }]);
    expect((await owner.chat.getConversationProfile(conv)).data.conversation.groupAtInfoList).toEqual([]);

    // Read: gone, here and on the server.
    await member.chat.setMessageRead({ conversationID: conv });
    expect((await member.chat.getConversationProfile(conv)).data.conversation.groupAtInfoList).toEqual([]);
  });
});

describe('ChatRoom and AVChatRoom', () => {
  async function unread(c: ChatSDK, conversationID: string) {
    const l = (await c.getConversationList()).data.conversationList;
    return l.find((x) => x.conversationID === conversationID)?.unreadCount;
  }

  it('ChatRoom: anyone joins freely, admins can be set, and no unread is counted', async () => {
    const groupID = await publicGroup(TYPES.JOIN_OPTIONS_FREE_ACCESS, TYPES.GRP_MEETING);
    expect((await outsider.chat.joinGroup({ groupID })).data.status).toBe(TYPES.JOIN_STATUS_SUCCESS);
    const m = (await say(owner, groupID, '会议开始')).data.message;
    await outsider.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.ID === m.ID));
    expect(await unread(outsider.chat, `GROUP${groupID}`)).toBe(0);
    // Meeting groups show earlier messages to new members.
    const history = await outsider.chat.getMessageList({ conversationID: `GROUP${groupID}` });
    expect(history.data.messageList.some((x) => x.ID === m.ID)).toBe(true);
  });

  it('AVChatRoom: live messages, no history, no unread, no invitations, owner only edits', async () => {
    const r = await owner.chat.createGroup({ name: '直播间', type: TYPES.GRP_AVCHATROOM });
    const groupID = r.data.group.groupID;
    expect(r.data.group.joinOption).toBe(TYPES.JOIN_OPTIONS_FREE_ACCESS);
    await refused(owner.chat.addGroupMember({ groupID, userIDList: [ids().member] }));
    expect((await member.chat.joinGroup({ groupID })).data.status).toBe(TYPES.JOIN_STATUS_SUCCESS);
    const m = (await say(owner, groupID, '欢迎来到直播间')).data.message;
    await member.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.ID === m.ID));
    expect((await member.chat.getMessageList({ conversationID: `GROUP${groupID}` })).data).toMatchObject({ messageList: [], isCompleted: true });
    expect(await unread(member.chat, `GROUP${groupID}`)).toBe(0);
    await refused(member.chat.updateGroupProfile({ groupID, name: '改名' }));
    await refused(owner.chat.changeGroupOwner({ groupID, newOwnerID: ids().member }));
  });
});
