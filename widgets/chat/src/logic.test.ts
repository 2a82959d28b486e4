import { expect, test } from 'vitest';
import {
  badgeText, canRevoke, chatEvidence, deletedText, fileKind, listTime, messageTime, videoErrorText, pickedAs, PICKERS, formatSize, fraudWarning, mentionsMe, moveSelection, quickStartTarget, revokedText, textToSend, titleWithUnread, withFirstPage,
  messageAbstract, replyData, replyOf, typingData, typingStatusOf,
} from './logic.js';

test('the unread badge shows the count up to 99, then 99+, and nothing at 0', () => {
  expect(badgeText(0)).toBe('');
  expect(badgeText(7)).toBe('7');
  expect(badgeText(99)).toBe('99');
  expect(badgeText(100)).toBe('99+');
});

test('the document title carries the capped count and drops it again when all is read', () => {
  expect(titleWithUnread('职位 - 招聘', 3)).toBe('(3) 职位 - 招聘');
  expect(titleWithUnread('(3) 职位 - 招聘', 250)).toBe('(99+) 职位 - 招聘');
  expect(titleWithUnread('(99+) 职位 - 招聘', 0)).toBe('职位 - 招聘');
});

test('file sizes read as B, Kb or Mb with two decimals', () => {
  expect(formatSize(512)).toBe('512.00B');
  expect(formatSize(1536)).toBe('1.50Kb');
  expect(formatSize(5 * 1024 * 1024 + 1024 * 1024 / 4)).toBe('5.25Mb');
});

test('empty or whitespace-only text is not sent', () => {
  expect(textToSend('   \n ')).toBeNull();
  expect(textToSend(' 你好 ')).toBe(' 你好 ');
});

test('quick start refuses an empty ID and the system conversation as not found', () => {
  expect(quickStartTarget('@TIM#SYSTEM')).toEqual({ error: '没有找到该用户' });
  expect(quickStartTarget('  ')).toEqual({ error: '没有找到该用户' });
  expect(quickStartTarget(' 42 ')).toEqual({ userID: '42' });
});

test('a mention is @ followed by my user ID', () => {
  expect(mentionsMe('请 @42 看一下', '42')).toBe(true);
  expect(mentionsMe('请 @43 看一下', '42')).toBe(false);
  expect(mentionsMe('请 @421 看一下', '42')).toBe(false); // another, longer ID
  expect(mentionsMe('@42，请看一下', '42')).toBe(true);
});

test('only my own sent message can be revoked, and only within 120 s', () => {
  expect(canRevoke('out', false, 'success', 1000, 1120)).toBe(true);
  expect(canRevoke('out', false, 'success', 1000, 1121)).toBe(false);
  expect(canRevoke('in', false, 'success', 1000, 1001)).toBe(false);
  expect(canRevoke('out', true, 'success', 1000, 1001)).toBe(false);
});

test('recalled bubbles use the three wordings', () => {
  expect(revokedText({ flow: 'out', conversationType: 'C2C', fromName: '' })).toBe('你撤回了一条消息');
  expect(revokedText({ flow: 'in', conversationType: 'C2C', fromName: '张三' })).toBe('对方撤回了一条消息');
  expect(revokedText({ flow: 'in', conversationType: 'GROUP', fromName: '张三' })).toBe('张三撤回了一条消息');
});

test('delete messages name the conversation and the reason', () => {
  expect(deletedText('张三')).toBe('会话【张三】删除成功!');
  expect(deletedText('张三', '网络错误')).toBe('会话【张三】删除失败!, error=网络错误');
});

test('HR and job seekers get different fraud warnings', () => {
  expect(fraudWarning('hr')).toContain('求职者');
  expect(fraudWarning('qz')).not.toBe(fraudWarning('hr'));
});

test('pictures become image messages, mp4 a video, anything else a file', () => {
  expect(fileKind({ name: 'a.PNG', type: '' })).toBe('image');
  expect(fileKind({ name: 'clip.mp4', type: '' })).toBe('video');
  expect(fileKind({ name: 'cv.pdf', type: 'application/pdf' })).toBe('file');
  expect(fileKind({ name: 'x.webp', type: 'image/webp' })).toBe('file');
});

test('each picker sends what it offers: 图片 only pictures, 视频 only mp4, 文件 anything as a file', () => {
  expect(pickedAs('image', { name: 'photo.JPEG', type: 'image/jpeg' })).toBe('image');
  expect(pickedAs('image', { name: 'cv.pdf', type: 'application/pdf' })).toBeNull();
  expect(pickedAs('video', { name: 'intro.mp4', type: 'video/mp4' })).toBe('video');
  expect(pickedAs('video', { name: 'intro.mov', type: 'video/quicktime' })).toBeNull();
  // A picture chosen with 文件 is sent as a file, as the person asked.
  expect(pickedAs('file', { name: 'photo.png', type: 'image/png' })).toBe('file');
  expect(PICKERS.map((p) => p.label)).toEqual(['图片', '文件', '视频']);
});

test('arrow keys move through the list and stop at its ends', () => {
  expect(moveSelection(['a', 'b', 'c'], 'b', 1)).toBe('c');
  expect(moveSelection(['a', 'b', 'c'], 'c', 1)).toBe('c');
  expect(moveSelection(['a', 'b', 'c'], 'a', -1)).toBe('a');
  expect(moveSelection(['a', 'b', 'c'], '', 1)).toBe('a');
});

test('kicked-out messages name the reason and ask to log in again', async () => {
  const { kickedOutText } = await import('@zp/chat-sdk/provider');
  expect(kickedOutText('multipleAccount')).toBe('由于多实例登录被踢出，请重新登录。');
  expect(kickedOutText('multipleDevice')).toBe('由于多设备登录被踢出，请重新登录。');
  expect(kickedOutText('userSigExpired')).toBe('由于 userSig 过期被踢出，请重新登录。');
});

const form = (over: Partial<import('./logic.js').GroupForm> = {}): import('./logic.js').GroupForm => ({
  name: '测试群', type: 'Public', groupID: '', joinOption: 'NeedPermission', introduction: '', notification: '', members: ['7'], ...over,
});

test('creating a group needs a name and keeps intro within 240 and notice within 300', async () => {
  const { groupErrors } = await import('./logic.js');
  expect(groupErrors(form({ name: '  ' })).name).toBe('请输入群名称');
  expect(groupErrors(form({ introduction: 'x'.repeat(241) })).introduction).toBeDefined();
  expect(groupErrors(form({ introduction: 'x'.repeat(240), notification: 'y'.repeat(300) }))).toEqual({});
  expect(groupErrors(form({ notification: 'y'.repeat(301) })).notification).toBeDefined();
});

test('the join option is sent only for Public and ChatRoom groups, members never for AVChatRoom', async () => {
  const { createGroupOptions, joinOptionDisabled } = await import('./logic.js');
  expect(createGroupOptions(form())).toMatchObject({ joinOption: 'NeedPermission', memberList: [{ userID: '7' }] });
  expect(createGroupOptions(form({ type: 'Private' }))).not.toHaveProperty('joinOption');
  expect(createGroupOptions(form({ type: 'AVChatRoom' }))).not.toHaveProperty('joinOption');
  expect(createGroupOptions(form({ type: 'AVChatRoom' }))).not.toHaveProperty('memberList');
  expect(joinOptionDisabled('ChatRoom')).toBe(true);
  expect(joinOptionDisabled('Public')).toBe(false);
});

test('group actions follow the role and the group type', async () => {
  const { groupPermissions, canActOn } = await import('./logic.js');
  expect(groupPermissions('Public', 'Owner')).toMatchObject({ setAdmin: true, dismiss: true, quit: false, transfer: true });
  expect(groupPermissions('Private', 'Owner')).toMatchObject({ setAdmin: false, dismiss: false });
  expect(groupPermissions('Private', 'Member').editProfile).toBe(true);
  expect(groupPermissions('Public', 'Member')).toMatchObject({ editProfile: false, kick: false, mute: false, quit: true });
  expect(groupPermissions('Public', 'Admin')).toMatchObject({ editProfile: true, kick: true, setAdmin: false, transfer: false });
  expect(canActOn('Admin', '1', { userID: '1', role: 'Admin' })).toBe(false);
  expect(canActOn('Admin', '1', { userID: '2', role: 'Owner' })).toBe(false);
  expect(canActOn('Admin', '1', { userID: '3', role: 'Member' })).toBe(true);
  expect(canActOn('Owner', '1', { userID: '2', role: 'Admin' })).toBe(true);
});

test('mute time is whole seconds, 0 cancels, anything else is refused', async () => {
  const { muteSeconds } = await import('./logic.js');
  expect(muteSeconds('600')).toBe(600);
  expect(muteSeconds('0')).toBe(0);
  expect(muteSeconds('-5')).toBeNull();
  expect(muteSeconds('1.5')).toBeNull();
});

test('the image previewer zooms in 0.1 steps and not below 0.1', async () => {
  const { zoomed } = await import('./logic.js');
  expect(zoomed(1, 1)).toBe(1.1);
  expect(zoomed(0.2, -1)).toBe(0.1);
  expect(zoomed(0.1, -1)).toBe(0.1);
});

test('profile edit refuses an avatar without http and sends only filled fields', async () => {
  const { profilePatch } = await import('./logic.js');
  expect(profilePatch({ nick: '张三', avatar: 'ftp.jpg', gender: '' })).toMatchObject({ clear: 'avatar' });
  expect(profilePatch({ nick: ' 张三 ', avatar: '', gender: '' })).toEqual({ patch: { nick: '张三' } });
  expect(profilePatch({ nick: '', avatar: 'https://x/a.png', gender: 'Gender_Type_Male' })).toEqual({ patch: { avatar: 'https://x/a.png', gender: 'Gender_Type_Male' } });
});

test('group notices read as applications, results and removals', async () => {
  const { noticeText } = await import('./logic.js');
  expect(noticeText({ operationType: 1, operatorID: '7', groupProfile: { name: '校招群' }, handleMessage: '我是应届生' })).toBe('7 申请加入群组【校招群】：我是应届生');
  expect(noticeText({ operationType: 5, groupProfile: { name: '校招群' } })).toBe('群组【校招群】已被解散');
});

test('评价 is offered to a job seeker in a one-to-one conversation, to nobody else', async () => {
  const { offersRating } = await import('./logic.js');
  expect(offersRating('qz', 'C2C', '100002', '100001')).toBe(true);
  // The HR rates no one; a group, the system conversation and oneself are not rated.
  expect(offersRating('hr', 'C2C', '100001', '100002')).toBe(false);
  expect(offersRating('qz', 'GROUP', '@TGS#1', '100001')).toBe(false);
  expect(offersRating('qz', '@TIM#SYSTEM', '@TIM#SYSTEM', '100001')).toBe(false);
  expect(offersRating('qz', 'C2C', '100001', '100001')).toBe(false);
});

test('a geo message links to the configured map with its coordinates', async () => {
  const { mapLink, DEFAULT_MAP_URL } = await import('./logic.js');
  expect(mapLink(DEFAULT_MAP_URL, { longitude: 116.4, latitude: 39.9, description: '北京站' })).toBe(
    `https://uri.amap.com/marker?position=116.4,39.9&name=${encodeURIComponent('北京站')}`,
  );
});

test('group tips name people, not user IDs, and say who was muted for how long', async () => {
  const { tipText } = await import('./logic.js');
  const names: Record<string, string> = { '11': '张三', '12': '李四' };
  const name = (id: string) => names[id] ?? id;
  expect(tipText({ operationType: 1, operatorID: '11', userIDList: ['11', '12'] }, name)).toBe('张三、李四 加入群组');
  expect(tipText({ operationType: 3, operatorID: '11', userIDList: ['12'] }, name)).toBe('李四 被踢出群组');
  expect(tipText({ operationType: 7, operatorID: '11', memberList: [{ userID: '12', muteTime: 600 }] }, name)).toBe('李四 被禁言 600 秒');
  expect(tipText({ operationType: 7, operatorID: '11', memberList: [{ userID: '12', muteTime: 0 }] }, name)).toBe('李四 被取消禁言');
  expect(tipText({ operationType: 6, operatorID: '11', newGroupProfile: { ownerID: '12' } }, name)).toBe('李四 成为新的群主');
  expect(tipText({ operationType: 6, operatorID: '11', newGroupProfile: { name: '新群名' } }, name)).toBe('群资料已修改');
});

test('a rating is sent as the spec\'s survey and reads as stars with the suggestion', async () => {
  const { surveyPayload, customText, RATING_DEFAULT } = await import('./logic.js');
  expect(RATING_DEFAULT).toBe(5);
  expect(surveyPayload(4, ' 回复很及时 ')).toEqual({ data: 'survey', description: '4', extension: '回复很及时' });
  expect(customText(surveyPayload(4, '回复很及时'))).toBe('服务评价：★★★★☆ 4 分，建议：回复很及时');
  expect(customText(surveyPayload(5, ''))).toBe('服务评价：★★★★★ 5 分');
  expect(customText({ data: 'order', description: '订单 42' })).toBe('订单 42');
  expect(customText({ data: 'order' })).toBe('order');
});

test('message and list times read on a Beijing clock: time today, day this year, full date before', () => {
  const now = Date.parse('2026-11-25T02:00:00Z'); // 10:00 in Beijing
  const at = (iso: string) => Date.parse(iso) / 1000;
  expect(messageTime(at('2026-11-24T16:30:00Z'), now)).toBe('00:30'); // already the 25th in Beijing
  expect(messageTime(at('2026-11-24T15:30:00Z'), now)).toBe('11-24 23:30');
  expect(messageTime(at('2025-12-31T01:00:00Z'), now)).toBe('2025-12-31 09:00');
  expect(listTime(at('2026-11-25T01:59:00Z'), now)).toBe('09:59');
  expect(listTime(at('2026-03-01T01:00:00Z'), now)).toBe('03-01');
  expect(listTime(at('2024-03-01T01:00:00Z'), now)).toBe('2024-03-01');
  expect(listTime(0, now)).toBe('');
});

test('a video that will not play says why', () => {
  expect(videoErrorText({ code: 4 })).toBe('视频无法播放：视频格式或地址不受支持');
  expect(videoErrorText({ code: 2 })).toBe('视频无法播放：网络错误');
  expect(videoErrorText(null)).toBe('视频无法播放：未知错误');
});

test('the first history page keeps arrivals from its oldest message on and sends not yet numbered, not older ones', () => {
  const m = (ID: string, sequence: number) => ({ ID, sequence });
  const page = [m('6', 6), m('7', 7), m('8', 8)];
  // While the page of 6 to 8 loaded, 1, 5, 6, 8 and 9 came (held call signals, live pushes), and a send is on its way.
  const arrived = [m('1', 1), m('5', 5), m('6', 6), m('8', 8), m('9', 9), m('mine', 0)];
  expect(withFirstPage(page, arrived, false).map((x) => x.ID)).toEqual(['6', '7', '8', '6', '8', '9', 'mine']);
  // A complete history has nothing older to fetch: everything stays.
  expect(withFirstPage(page, arrived, true)).toHaveLength(9);
  expect(withFirstPage([], arrived, false)).toHaveLength(6);
});

test('a report carries the latest messages in Beijing time, who said them, and no revoked ones', () => {
  const at = Date.parse('2026-11-23T10:05:00+08:00') / 1000;
  const messages = [
    { time: at, from: '100002', type: 'TIMTextElem', payload: { text: '加我微信，先交 300 元押金' } },
    { time: at + 60, from: '100001', type: 'TIMTextElem', payload: { text: '为什么要押金？' } },
    { time: at + 90, from: '100001', type: 'TIMTextElem', payload: { text: '撤回的话' }, isRevoked: true },
    { time: at + 120, from: '100002', type: 'TIMImageElem' },
  ];
  expect(chatEvidence(messages, '100001', '王芳', 'TIMTextElem')).toBe(
    ['2026-11-23 10:05 王芳：加我微信，先交 300 元押金', '2026-11-23 10:06 我：为什么要押金？', '2026-11-23 10:07 王芳：[非文字消息]'].join('\n'),
  );
  expect(chatEvidence(messages, '100001', '王芳', 'TIMTextElem', 1)).toBe('2026-11-23 10:07 王芳：[非文字消息]');
});

test('a quote-reply carries its original as TUIKit does (messageReply), read back whatever else cloudCustomData holds', () => {
  const original = { ID: '100001-abcdef12', type: 'TIMTextElem', payload: { text: '长'.repeat(60) }, time: 1_790_000_000, sequence: 12 };
  const reply = replyOf(replyData(original, '王芳'));
  expect(reply).toEqual({ messageAbstract: `${'长'.repeat(50)}…`, messageSender: '王芳', messageID: '100001-abcdef12', messageType: 1, messageTime: 1_790_000_000, messageSequence: 12, version: 1 });
  expect(messageAbstract({ type: 'TIMFileElem', payload: { fileName: '简历.pdf' } })).toBe('[文件] 简历.pdf');
  expect(messageAbstract({ type: 'TIMImageElem', payload: {} })).toBe('[图片]');
  for (const other of ['', '{}', 'not json messageReply', '{"messageReply":{"messageID":""}}', '{"messageReply":null}', undefined]) expect(replyOf(other)).toBeNull();
});

test('typing status is a TUIKit typing signal; any other custom message is not one', () => {
  expect(typingStatusOf({ type: 'TIMCustomElem', payload: { data: typingData(true) } })).toBe(1);
  expect(typingStatusOf({ type: 'TIMCustomElem', payload: { data: typingData(false) } })).toBe(0);
  expect(typingStatusOf({ type: 'TIMCustomElem', payload: { data: 'survey' } })).toBeNull();
  expect(typingStatusOf({ type: 'TIMTextElem', payload: { text: 'user_typing_status' } })).toBeNull();
  expect(typingStatusOf({ type: 'TIMCustomElem', payload: { data: '{"businessID":"user_typing_status"' } })).toBeNull();
});
