/**
 * @zp/chat-sdk driven in Node against the real server, method by method and event by event, as
 * the chat widget uses @tencentcloud/chat: sessions, one-to-one messages of every type,
 * conversations and unread counts, history pages, revoke, profiles, friends and the blacklist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT, TYPES } from '@zp/chat-sdk';
import { sql } from '../../db/index.js';
import { startServer, type TestServer } from '../../../test/helpers.js';
import { chatUsers, sdkClient, type ChatUser, type SdkClient } from '../../../test/chat.js';

let srv: TestServer;
let users: ChatUser[];
const clients: SdkClient[] = [];
async function client(u: ChatUser) {
  const c = await sdkClient(srv.url, u);
  clients.push(c);
  return c;
}
const text = (c: SdkClient, to: string, t: string) => c.chat.createTextMessage({ to, conversationType: TYPES.CONV_C2C, payload: { text: t } });

beforeAll(async () => {
  srv = await startServer();
  users = await chatUsers(srv, 15);
}, 180_000);
afterAll(async () => {
  for (const c of clients) await c.chat.logout().catch(() => undefined);
  await srv?.close();
});

describe('session', () => {
  it('logs in with the userSig, reports ready and the connection, and logs out', async () => {
    const c = await sdkClient(srv.url, users[0], { login: false });
    expect(c.chat.isReady()).toBe(false);
    const r = await c.chat.login({ userID: users[0].userId, userSig: users[0].userSig });
    expect(r).toEqual({ code: 0, data: { repeatLogin: false } });
    expect(c.chat.isReady()).toBe(true);
    expect(c.chat.getLoginUser()).toBe(users[0].userId);
    expect(Math.abs(c.chat.getServerTime() - Date.now() / 1000)).toBeLessThan(60);
    expect(c.events.map((e) => e.name)).toContain(EVENT.SDK_READY);
    expect(c.events.find((e) => e.name === EVENT.NET_STATE_CHANGE && e.data.state === TYPES.NET_STATE_CONNECTED)).toBeTruthy();
    expect(await c.chat.login({ userID: users[0].userId, userSig: users[0].userSig })).toEqual({ code: 0, data: { repeatLogin: true } });
    await c.chat.logout();
    expect(c.chat.isReady()).toBe(false);
    expect(c.events.map((e) => e.name)).toContain(EVENT.SDK_NOT_READY);
    await expect(c.chat.getConversationList()).rejects.toMatchObject({ code: 6014 });
  });

  it('refuses a wrong userSig with the error code and message of the service', async () => {
    const c = await sdkClient(srv.url, users[0], { login: false });
    await expect(c.chat.login({ userID: users[0].userId, userSig: users[1].userSig })).rejects.toMatchObject({ code: 70003, message: 'userSig 无效，请重新登录' });
    expect(c.chat.isReady()).toBe(false);
  });
});

describe('one-to-one messages', () => {
  it('delivers a text, counts it unread for the receiver, and clears it on read', async () => {
    const [a, b] = [await client(users[0]), await client(users[1])];
    const m = text(a, users[1].userId, '您好，请问还招人吗？');
    expect(m.status).toBe('unSend');
    const sent = await a.chat.sendMessage(m);
    expect(sent.code).toBe(0);
    expect(m.status).toBe('success');
    expect(m.sequence).toBeGreaterThan(0);

    const got = await b.next(EVENT.MESSAGE_RECEIVED, (list) => list.some((x) => x.ID === m.ID));
    const msg = got.find((x) => x.ID === m.ID);
    expect(msg).toMatchObject({
      type: TYPES.MSG_TEXT, from: users[0].userId, to: users[1].userId, flow: 'in', conversationID: `C2C${users[0].userId}`,
      conversationType: TYPES.CONV_C2C, payload: { text: '您好，请问还招人吗？' }, nick: users[0].name, isRevoked: false,
    });
    // The sender's own message is not "received" by the instance that sent it.
    expect(a.received.find((x) => x.ID === m.ID)).toBeUndefined();

    await b.next(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, (n) => n === 1);
    const list = await b.chat.getConversationList();
    const conv = list.data.conversationList.find((c) => c.conversationID === `C2C${users[0].userId}`)!;
    expect(conv).toMatchObject({ type: TYPES.CONV_C2C, unreadCount: 1, userProfile: { userID: users[0].userId, nick: users[0].name } });
    expect(conv.lastMessage).toMatchObject({ messageForShow: '您好，请问还招人吗？', fromAccount: users[0].userId, isRevoked: false });
    expect(b.chat.getTotalUnreadMessageCount()).toBe(1);

    await b.chat.setMessageRead({ conversationID: `C2C${users[0].userId}` });
    expect(b.chat.getTotalUnreadMessageCount()).toBe(0);
    const profile = await b.chat.getConversationProfile(`C2C${users[0].userId}`);
    expect(profile.data.conversation.unreadCount).toBe(0);
  });

  it('tells the sender when the other person read a 1:1 message (isPeerRead, MESSAGE_READ_BY_PEER), live and in the history', async () => {
    const [a, b] = [await client(users[8]), await client(users[9])];
    const conv = `C2C${users[9].userId}`;
    const first = text(a, users[9].userId, '明天上午十点面试可以吗？');
    await a.chat.sendMessage(first);
    // The sender's page of the conversation: unread so far.
    const before = await a.chat.getMessageList({ conversationID: conv });
    expect(before.data.messageList.find((m) => m.ID === first.ID)?.isPeerRead).toBe(false);

    await b.next(EVENT.MESSAGE_RECEIVED, (list) => list.some((x) => x.ID === first.ID));
    await b.chat.setMessageRead({ conversationID: `C2C${users[8].userId}` });
    const read = await a.next(EVENT.MESSAGE_READ_BY_PEER, (list) => list.some((x) => x.ID === first.ID));
    expect(read.find((x) => x.ID === first.ID)).toMatchObject({ isPeerRead: true, flow: 'out', conversationID: conv });

    // A later message is unread again until read; the history (read from the server) says the same.
    const second = text(a, users[9].userId, '地址是科苑路 15 号');
    await a.chat.sendMessage(second);
    const history = (await a.chat.getMessageList({ conversationID: conv })).data.messageList;
    expect(history.filter((m) => [first.ID, second.ID].includes(m.ID)).map((m) => m.isPeerRead)).toEqual([true, false]);
    // The reader's own view carries no receipts of the other side's messages.
    const readerSide = (await b.chat.getMessageList({ conversationID: `C2C${users[8].userId}` })).data.messageList;
    expect(readerSide.every((m) => m.isPeerRead === false)).toBe(true);
  });

  it('hands an onlineUserOnly message (typing status) to the other side\'s open pages without storing or counting it', async () => {
    const [a, b] = [await client(users[10]), await client(users[11])];
    const typing = JSON.stringify({ businessID: 'user_typing_status', typingStatus: 1 });
    const signal = a.chat.createCustomMessage({ to: users[11].userId, conversationType: TYPES.CONV_C2C, payload: { data: typing, description: '', extension: '' } });
    await a.chat.sendMessage(signal, { onlineUserOnly: true });
    const got = await b.next(EVENT.MESSAGE_RECEIVED, (list) => list.some((x) => x.ID === signal.ID));
    expect(got.find((x) => x.ID === signal.ID)).toMatchObject({ from: users[10].userId, conversationID: `C2C${users[10].userId}`, payload: { data: typing } });
    // Neither side has a conversation, an unread count or a stored message from it.
    expect((await b.chat.getConversationList()).data.conversationList.map((c) => c.conversationID)).not.toContain(`C2C${users[10].userId}`);
    expect(b.chat.getTotalUnreadMessageCount()).toBe(0);
    expect((await a.chat.getMessageList({ conversationID: `C2C${users[11].userId}` })).data.messageList).toEqual([]);
    // Only signals go unstored; a blocked sender is refused as for any message.
    await expect(a.chat.sendMessage(text(a, users[11].userId, '不留痕迹'), { onlineUserOnly: true })).rejects.toMatchObject({ code: 10004 });
    await b.chat.addToBlacklist({ userIDList: [users[10].userId] });
    const blocked = a.chat.createCustomMessage({ to: users[11].userId, conversationType: TYPES.CONV_C2C, payload: { data: typing, description: '', extension: '' } });
    await expect(a.chat.sendMessage(blocked, { onlineUserOnly: true })).rejects.toMatchObject({ code: 20007 });
  });

  it('pins a conversation on top and keeps a draft, on every page of the person and after a reload', async () => {
    const [a, b, c] = [await client(users[12]), await client(users[13]), await client(users[14])];
    const [withB, withC] = [`C2C${users[13].userId}`, `C2C${users[14].userId}`];
    await a.chat.sendMessage(text(a, users[13].userId, '您好，简历已投递'));
    await a.chat.sendMessage(text(a, users[14].userId, '请问面试地点在哪里？'));
    const listed = async (x: SdkClient) => (await x.chat.getConversationList()).data.conversationList.filter((v) => [withB, withC].includes(v.conversationID));
    const otherPage = await client(users[12]);
    await a.chat.pinConversation({ conversationID: withB, isPinned: true });
    expect((await listed(a)).map((v) => [v.conversationID, v.isPinned])).toEqual([[withB, true], [withC, false]]);
    // A newer message in the other conversation does not move the pinned one down.
    const newer = text(c, users[12].userId, '在科苑路 15 号');
    await c.chat.sendMessage(newer);
    await a.next(EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === newer.ID));
    expect((await listed(a)).map((v) => v.conversationID)).toEqual([withB, withC]);
    // The person's other page hears of the pin.
    await otherPage.next(EVENT.CONVERSATION_LIST_UPDATED, (list) => list.some((v) => v.conversationID === withB && v.isPinned));

    await a.chat.setConversationDraft({ conversationID: withC, draftText: '好的，明天下午\n三点见' });
    expect((await a.chat.getConversationProfile(withC)).data.conversation.draftText).toBe('好的，明天下午\n三点见');
    const reloaded = await client(users[12]);
    expect((await listed(reloaded)).map((v) => [v.conversationID, v.isPinned, v.draftText])).toEqual([[withB, true, ''], [withC, false, '好的，明天下午\n三点见']]);
    // Pins and drafts are one's own: the other person's side has neither.
    expect((await listed(b)).every((v) => !v.isPinned && !v.draftText)).toBe(true);

    await a.chat.pinConversation({ conversationID: withB, isPinned: false });
    await a.chat.setConversationDraft({ conversationID: withC, draftText: '' });
    // (Unpinned, the two are in the order of their last messages, to the second: not asserted here.)
    expect((await listed(a)).map((v) => [v.conversationID, v.isPinned, v.draftText]).sort()).toEqual([[withB, false, ''], [withC, false, '']].sort());
    // A group one is not in cannot be pinned, nor a draft kept for it; control characters are refused.
    await expect(a.chat.pinConversation({ conversationID: 'GROUP@TGS#nosuch', isPinned: true })).rejects.toMatchObject({ code: 10010 });
    await expect(a.chat.setConversationDraft({ conversationID: withC, draftText: 'a\u0000b' })).rejects.toMatchObject({ code: 10004 });
  });

  it('pages history 15 at a time with nextReqMessageID and isCompleted', async () => {
    const [a, b] = [await client(users[2]), await client(users[3])];
    const ids: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const m = text(a, users[3].userId, `第${i}条`);
      await a.chat.sendMessage(m);
      ids.push(m.ID);
    }
    const first = await b.chat.getMessageList({ conversationID: `C2C${users[2].userId}` });
    expect(first.data.messageList.map((m) => m.ID)).toEqual(ids.slice(5));
    expect(first.data.isCompleted).toBe(false);
    const second = await b.chat.getMessageList({ conversationID: `C2C${users[2].userId}`, nextReqMessageID: first.data.nextReqMessageID });
    expect(second.data.messageList.map((m) => m.ID)).toEqual(ids.slice(0, 5));
    expect(second.data.isCompleted).toBe(true);
  });

  it('sends custom, face, location and @ messages with their payloads', async () => {
    const [a, b] = [await client(users[0]), await client(users[4])];
    const to = users[4].userId;
    const custom = a.chat.createCustomMessage({ to, conversationType: TYPES.CONV_C2C, payload: { data: 'survey', description: '5', extension: '很专业' } });
    const face = a.chat.createFaceMessage({ to, conversationType: TYPES.CONV_C2C, payload: { index: 3, data: '[微笑]' } });
    const geo = a.chat.createLocationMessage({ to, conversationType: TYPES.CONV_C2C, payload: { description: '会展中心', longitude: 113.943157, latitude: 22.534582 } });
    const at = a.chat.createTextAtMessage({ to, conversationType: TYPES.CONV_C2C, payload: { text: `@${to} 看一下`, atUserList: [to] } });
    for (const m of [custom, face, geo, at]) await a.chat.sendMessage(m);
    const got = await b.chat.getMessageList({ conversationID: `C2C${users[0].userId}` });
    const byId = new Map(got.data.messageList.map((m) => [m.ID, m]));
    expect(byId.get(custom.ID)).toMatchObject({ type: TYPES.MSG_CUSTOM, payload: { data: 'survey', description: '5', extension: '很专业' } });
    expect(byId.get(face.ID)).toMatchObject({ type: TYPES.MSG_FACE, payload: { index: 3, data: '[微笑]' } });
    expect(byId.get(geo.ID)).toMatchObject({ type: TYPES.MSG_LOCATION, payload: { description: '会展中心', longitude: 113.943157, latitude: 22.534582 } });
    expect(byId.get(at.ID)).toMatchObject({ atUserList: [to] });
    const empty = a.chat.createCustomMessage({ to, conversationType: TYPES.CONV_C2C, payload: {} });
    await expect(a.chat.sendMessage(empty)).rejects.toMatchObject({ code: 10004 });
    expect(empty.status).toBe('fail');
  });

  it('uploads images, files and videos with progress, and the receiver can fetch them', async () => {
    const [a, b] = [await client(users[5]), await client(users[6])];
    const to = users[6].userId;
    const png = new File([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')], 'photo.png', { type: 'image/png' });
    const progress: number[] = [];
    const img = a.chat.createImageMessage({ to, conversationType: TYPES.CONV_C2C, payload: { file: png }, onProgress: (p: number) => progress.push(p) });
    await a.chat.sendMessage(img);
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(1);
    expect(img.progress).toBe(1);
    const file = a.chat.createFileMessage({ to, conversationType: TYPES.CONV_C2C, payload: { file: new File(['简历内容'], '简历.pdf') } });
    // an MP4 by its content (an ftyp box), as the server checks
    const mp4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'), Buffer.alloc(4096 - 24)]);
    const video = a.chat.createVideoMessage({ to, conversationType: TYPES.CONV_C2C, payload: { file: new File([new Uint8Array(mp4)], 'intro.mp4') } });
    await a.chat.sendMessage(file);
    await a.chat.sendMessage(video);

    const got = await b.next(EVENT.MESSAGE_RECEIVED, (list) => list.some((x) => x.ID === video.ID));
    void got;
    const all = (await b.chat.getMessageList({ conversationID: `C2C${users[5].userId}` })).data.messageList;
    const gotImg = all.find((m) => m.ID === img.ID)!;
    expect(gotImg.type).toBe(TYPES.MSG_IMAGE);
    const imgUrl = gotImg.payload.imageInfoArray[0].url;
    expect(Buffer.from(await (await fetch(imgUrl)).arrayBuffer()).toString('hex')).toBe('89504e470d0a1a0a0000000d49484452');
    const gotFile = all.find((m) => m.ID === file.ID)!;
    expect(gotFile.payload).toMatchObject({ fileName: '简历.pdf', fileSize: Buffer.byteLength('简历内容') });
    expect(await (await fetch(gotFile.payload.fileUrl)).text()).toBe('简历内容');
    const gotVideo = all.find((m) => m.ID === video.ID)!;
    expect(gotVideo.payload).toMatchObject({ videoSize: 4096, videoFormat: 'mp4' });
    expect((await fetch(gotVideo.payload.videoUrl, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
  });

  it('refuses an upload without a valid userSig', async () => {
    const r = await srv.call('/api/chat/upload', { method: 'POST', query: { kind: 'file', name: 'a.txt' }, raw: 'x', headers: { 'content-type': 'application/octet-stream', 'x-chat-user': users[0].userId, 'x-chat-sig': users[1].userSig } });
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('userSig 无效，请重新登录');
  });

  it('revokes an own message within 120 s: the other side sees it recalled; others and late revokes are refused', async () => {
    const [a, b] = [await client(users[0]), await client(users[7])];
    const m = text(a, users[7].userId, '发错了');
    await a.chat.sendMessage(m);
    await b.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.ID === m.ID));
    const theirs = b.received.find((x) => x.ID === m.ID)!;
    await expect(b.chat.revokeMessage(theirs)).rejects.toMatchObject({ code: 10007, message: '只能撤回自己发送的消息' });
    const r = await a.chat.revokeMessage(m);
    expect(r.data.message.isRevoked).toBe(true);
    const revoked = await b.next(EVENT.MESSAGE_REVOKED, (l) => l.some((x) => x.ID === m.ID));
    expect(revoked[0]).toMatchObject({ ID: m.ID, isRevoked: true, revoker: users[0].userId });
    const history = await b.chat.getMessageList({ conversationID: `C2C${users[0].userId}` });
    expect(history.data.messageList.find((x) => x.ID === m.ID)?.isRevoked).toBe(true);
    const conv = (await b.chat.getConversationProfile(`C2C${users[0].userId}`)).data.conversation;
    expect(conv.lastMessage).toMatchObject({ ID: m.ID, isRevoked: true });

    const old = text(a, users[7].userId, '三分钟前');
    await a.chat.sendMessage(old);
    await srv.app.services.db.execute(sql`update chat_messages set created_at = now() - interval '130 seconds' where id = ${old.ID}`);
    await expect(a.chat.revokeMessage(old)).rejects.toMatchObject({ code: 20016, message: '消息发送已超过 2 分钟，不能撤回' });
  });

  it('resends a failed message under the same ID and stores it once', async () => {
    const [a, b] = [await client(users[1]), await client(users[2])];
    await b.chat.addToBlacklist({ userIDList: [users[1].userId] });
    const m = text(a, users[2].userId, '再试一次');
    await expect(a.chat.sendMessage(m)).rejects.toMatchObject({ code: 20007, data: { message: { ID: m.ID } } });
    expect(m.status).toBe('fail');
    await b.chat.removeFromBlacklist({ userIDList: [users[1].userId] });
    await a.chat.resendMessage(m);
    await a.chat.resendMessage(m);
    expect(m.status).toBe('success');
    const history = await b.chat.getMessageList({ conversationID: `C2C${users[1].userId}` });
    expect(history.data.messageList.filter((x) => x.ID === m.ID)).toHaveLength(1);
  });

  it('deletes a conversation for one side only; a new message brings it back', async () => {
    const [a, b] = [await client(users[3]), await client(users[4])];
    await a.chat.sendMessage(text(a, users[4].userId, '第一条'));
    await b.next(EVENT.CONVERSATION_LIST_UPDATED, (l) => l.some((c) => c.conversationID === `C2C${users[3].userId}`));
    const r = await b.chat.deleteConversation(`C2C${users[3].userId}`);
    expect(r).toEqual({ code: 0, data: { conversationID: `C2C${users[3].userId}` } });
    expect((await b.chat.getConversationList()).data.conversationList.find((c) => c.conversationID === `C2C${users[3].userId}`)).toBeUndefined();
    expect((await b.chat.getMessageList({ conversationID: `C2C${users[3].userId}` })).data.messageList).toEqual([]);
    expect((await a.chat.getMessageList({ conversationID: `C2C${users[4].userId}` })).data.messageList.length).toBeGreaterThan(0);
    const again = text(a, users[4].userId, '第二条');
    await a.chat.sendMessage(again);
    await b.next(EVENT.MESSAGE_RECEIVED, (l) => l.some((x) => x.ID === again.ID));
    const back = (await b.chat.getConversationList()).data.conversationList.find((c) => c.conversationID === `C2C${users[3].userId}`);
    expect(back).toMatchObject({ unreadCount: 1, lastMessage: { messageForShow: '第二条' } });
  });

  it('catches up after its socket drops: messages sent meanwhile arrive once, in order', async () => {
    const [a, b] = [await client(users[5]), await client(users[0])];
    const before = b.events.length;
    b.drop();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const m = text(a, users[0].userId, `离线期间${i}`);
      await a.chat.sendMessage(m);
      ids.push(m.ID);
    }
    await b.next(EVENT.NET_STATE_CHANGE, (d) => d.state === TYPES.NET_STATE_CONNECTING, before);
    await expect.poll(() => ids.every((id) => b.received.some((x) => x.ID === id)), { timeout: 15_000 }).toBe(true);
    const order = b.received.filter((x) => ids.includes(x.ID)).map((x) => x.ID);
    expect(order).toEqual(ids);
    expect(b.events.slice(before).some((e) => e.name === EVENT.NET_STATE_CHANGE && e.data.state === TYPES.NET_STATE_CONNECTED)).toBe(true);
  });
});

describe('profiles, friends and blacklist', () => {
  it('reads and updates profiles; friends see the change', async () => {
    const [a, b] = [await client(users[6]), await client(users[7])];
    const mine = await a.chat.getMyProfile();
    expect(mine.data).toMatchObject({ userID: users[6].userId, nick: users[6].name, gender: TYPES.GENDER_UNKNOWN });
    await a.chat.addFriend({ to: users[7].userId, source: 'AddSource_Type_Web' });
    await b.next(EVENT.FRIEND_LIST_UPDATED, (l) => l.some((f) => f.userID === users[6].userId));
    const friends = await a.chat.getFriendList();
    expect(friends.data).toEqual([expect.objectContaining({ userID: users[7].userId, profile: expect.objectContaining({ nick: users[7].name }) })]);

    const since = b.events.length;
    const updated = await a.chat.updateMyProfile({ nick: '王经理', avatar: 'https://img.example.com/a.png', gender: TYPES.GENDER_FEMALE });
    expect(updated.data).toMatchObject({ nick: '王经理', avatar: 'https://img.example.com/a.png', gender: TYPES.GENDER_FEMALE });
    const seen = await b.next(EVENT.PROFILE_UPDATED, (l) => l.some((p) => p.userID === users[6].userId), since);
    expect(seen.find((p) => p.userID === users[6].userId)).toMatchObject({ nick: '王经理' });
    const others = await b.chat.getUserProfile({ userIDList: [users[6].userId, '999999999'] });
    expect(others.data).toEqual([expect.objectContaining({ userID: users[6].userId, nick: '王经理' })]);

    await b.chat.deleteFriend({ userIDList: [users[6].userId] });
    await a.next(EVENT.FRIEND_LIST_UPDATED, (l) => l.length === 0, a.events.length - 1);
    expect((await a.chat.getFriendList()).data).toEqual([]);
  });

  it('keeps a blacklist that refuses C2C messages and friend requests, and updates live', async () => {
    const [a, b] = [await client(users[2]), await client(users[6])];
    const r = await a.chat.addToBlacklist({ userIDList: [users[6].userId] });
    expect(r.data).toEqual([users[6].userId]);
    await a.next(EVENT.BLACKLIST_UPDATED, (l) => l.includes(users[6].userId));
    expect((await a.chat.getBlacklist()).data).toEqual([users[6].userId]);
    await expect(b.chat.sendMessage(text(b, users[2].userId, '你好'))).rejects.toMatchObject({ code: 20007 });
    await expect(b.chat.addFriend({ to: users[2].userId, source: 'AddSource_Type_Web' })).rejects.toMatchObject({ code: 30525 });
    // The blacklisting side can still write.
    await a.chat.sendMessage(text(a, users[6].userId, '我可以发'));
    await a.chat.removeFromBlacklist({ userIDList: [users[6].userId] });
    await a.next(EVENT.BLACKLIST_UPDATED, (l) => l.length === 0, a.events.length - 1);
    await b.chat.sendMessage(text(b, users[2].userId, '现在可以了'));
  });
});
