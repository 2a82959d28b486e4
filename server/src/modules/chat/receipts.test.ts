/**
 * Group read receipts through @zp/chat-sdk (getMessageReadReceiptList,
 * getGroupMessageReadMemberList, MESSAGE_READ_RECEIPT_RECEIVED): counted from each member's read
 * position, live to the sender, only for members, only Work and Public groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT, TYPES, type Message } from '@zp/chat-sdk';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, sdkClient, type ChatUser, type SdkClient } from '../../../test/chat.js';

let srv: TestServer;
let users: ChatUser[];
let owner: SdkClient, a: SdkClient, b: SdkClient, c: SdkClient, late: SdkClient, outsider: SdkClient;

beforeAll(async () => {
  srv = await startServer();
  users = await chatUsers(srv, 6, '回执');
  [owner, a, b, c, late, outsider] = await Promise.all(users.map((u) => sdkClient(srv.url, u)));
}, 180_000);
afterAll(async () => {
  for (const x of [owner, a, b, c, late, outsider]) await x?.chat.logout().catch(() => undefined);
  await srv?.close();
});

const receipt = (m: Message) => m.readReceiptInfo as { readCount: number; unreadCount: number };

describe('group read receipts', () => {
  it('counts who read a message, tells the sender live, lists readers and the rest; later joiners and outsiders do not count', async () => {
    const groupID = (await owner.chat.createGroup({ name: '面试官群', type: TYPES.GRP_PUBLIC, memberList: [a, b, c].map((x) => ({ userID: x.user.userId })) })).data.group.groupID;
    const conversationID = `GROUP${groupID}`;
    const m = owner.chat.createTextMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: '明天九点面试，请确认' } });
    await owner.chat.sendMessage(m);
    await a.next(EVENT.MESSAGE_RECEIVED, (list) => list.some((x) => x.ID === m.ID));
    const [counted] = (await owner.chat.getMessageReadReceiptList([m])).data.messageList;
    expect(receipt(counted!)).toMatchObject({ readCount: 0, unreadCount: 3 });

    // Someone added afterwards was not there when it was sent: not counted either way.
    await owner.chat.addGroupMember({ groupID, userIDList: [late.user.userId] });
    const since = owner.events.length;
    await a.chat.setMessageRead({ conversationID });
    const live = await owner.next(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, (list) => list.some((x) => x.messageID === m.ID), since);
    expect(live.find((x) => x.messageID === m.ID)).toEqual({ groupID, messageID: m.ID, readCount: 1, unreadCount: 2 });
    await b.chat.setMessageRead({ conversationID });
    await owner.next(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, (list) => list.some((x) => x.messageID === m.ID && x.readCount === 2));

    const read = await owner.chat.getGroupMessageReadMemberList({ message: m, filter: 0, cursor: '', count: 100 });
    expect(read.data).toMatchObject({ isCompleted: true, messageID: m.ID, readUserIDList: [a.user.userId, b.user.userId] });
    const unread = await owner.chat.getGroupMessageReadMemberList({ message: m, filter: 1, cursor: '', count: 100 });
    expect(unread.data.unreadUserIDList).toEqual([c.user.userId]);
    // A page at a time.
    const first = await owner.chat.getGroupMessageReadMemberList({ message: m, filter: 0, cursor: '', count: 1 });
    expect(first.data).toMatchObject({ isCompleted: false, readUserIDList: [a.user.userId] });
    const second = await owner.chat.getGroupMessageReadMemberList({ message: m, filter: 0, cursor: first.data.cursor, count: 1 });
    expect(second.data).toMatchObject({ isCompleted: true, readUserIDList: [b.user.userId] });

    // Someone outside the group reads no receipts of it.
    await expect(outsider.chat.getMessageReadReceiptList([m])).rejects.toMatchObject({ code: 10007 });
    await expect(outsider.chat.getGroupMessageReadMemberList({ message: m, filter: 0, cursor: '', count: 10 })).rejects.toMatchObject({ code: 10007 });
  });

  it('has no receipts in a ChatRoom (meeting) group', async () => {
    const groupID = (await owner.chat.createGroup({ name: '临时会议', type: TYPES.GRP_MEETING, memberList: [{ userID: a.user.userId }] })).data.group.groupID;
    const m = owner.chat.createTextMessage({ to: groupID, conversationType: TYPES.CONV_GROUP, payload: { text: '开会了' } });
    await owner.chat.sendMessage(m);
    await expect(owner.chat.getMessageReadReceiptList([m])).rejects.toMatchObject({ code: 10004 });
  });
});
