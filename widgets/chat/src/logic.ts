// Over 300 lines: every rule of the widget that needs no DOM, each a small pure function, tested in logic.test.ts.
/** The chat widget's rules that do not need a DOM (spec sections 2, 5, 8, 9). */
import { beijingDateTime, beijingToday } from '@zp/core/dates';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';
import { REVOKE_WINDOW_SECONDS, TYPING_BUSINESS_ID, USER_NOT_FOUND_TEXT } from '@zp/core/rules/chat';

// Apart, so that the launcher (launcher.ts) counts without the rest of these rules.
export { badgeText } from '@zp/core/rules/badge';
export { titleWithUnread } from './badge.js';

export { REVOKE_WINDOW_SECONDS };
export const MESSAGE_PAGE = 15;
export const SCROLL_BOTTOM_PX = 20;
export const REFRESH_THROTTLE_MS = 1000;
export const SYSTEM_CONVERSATION = '@TIM#SYSTEM';
export const ENTER_INFO_PATH = '/zppc/enter_home/enter_info';

/** A moment (seconds) on a Beijing clock: whether it is today, its day (year only when not this one), its time. */
function clock(seconds: number, now: number): { today: boolean; day: string; time: string } {
  const at = beijingDateTime(seconds * 1000);
  const today = beijingToday(now);
  return { today: at.date === today, day: at.date.slice(0, 4) === today.slice(0, 4) ? at.date.slice(5) : at.date, time: at.time };
}

/**
 * The first history page joined with what arrived while it loaded (live pushes, call signals the
 * SDK held for a panel that was still mounting, this page's own sends): an arrival older than the page
 * belongs to the history 查看更多 fetches, so it waits for that; one not yet numbered (a send
 * still on its way) stays.
 */
export function withFirstPage<M extends { sequence: number }>(page: readonly M[], arrived: readonly M[], completed: boolean): M[] {
  const oldest = page[0]?.sequence;
  if (completed || oldest === undefined) return [...page, ...arrived];
  return [...page, ...arrived.filter((m) => !m.sequence || m.sequence >= oldest)];
}

/** When a message was sent, as the message list shows it: the time today, else the day and time. */
export function messageTime(seconds: number, now: number = Date.now()): string {
  const c = clock(seconds, now);
  return c.today ? c.time : `${c.day} ${c.time}`;
}

/** A conversation's last activity in the list: the time today, else only the day. */
export function listTime(seconds: number, now: number = Date.now()): string {
  if (!(seconds > 0)) return '';
  const c = clock(seconds, now);
  return c.today ? c.time : c.day;
}

export const MSG = {
  companyNotApproved: COMPANY_NOT_APPROVED,
  empty: '不能发送空消息',
  userNotFound: USER_NOT_FOUND_TEXT,
  refreshed: '刷新成功',
  noMore: '已经没有更多的历史消息了哦',
  noFriends: '暂无好友',
  emptyBlacklist: '黑名单还是空的',
  unsupported: '暂不支持该消息类型',
  /** while the SDK reconnects (the panel keeps what it last showed) */
  reconnecting: '连接已断开，正在重连…',
} as const;

/** File size as B, Kb or Mb with two decimals (spec section 5). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toFixed(2)}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)}Kb`;
  return `${(bytes / 1024 / 1024).toFixed(2)}Mb`;
}

/** Text to send, or null when it is empty or whitespace only (then the box clears). */
export function textToSend(raw: string): string | null {
  return raw.trim() ? raw : null;
}

/** Quick start: the peer user ID typed, or the refusal. @TIM#SYSTEM is treated as not found. */
export function quickStartTarget(raw: string): { userID: string } | { error: string } {
  const id = raw.trim();
  if (!id || id === SYSTEM_CONVERSATION) return { error: MSG.userNotFound };
  return { userID: id };
}

/** A message mentions me when its text has '@' followed by my user ID (spec section 5). */
export function mentionsMe(text: string, myUserID: string): boolean {
  // '@1001' is not a mention of user 100; IDs are digits, so the next character must not be one.
  return !!myUserID && new RegExp(`@${myUserID.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\d)`).test(text);
}

export function canRevoke(flow: string, isRevoked: boolean, status: string, sentAtS: number, nowS: number): boolean {
  return flow === 'out' && !isRevoked && status === 'success' && nowS - sentAtS <= REVOKE_WINDOW_SECONDS;
}

/** The bubble of a recalled message, in the three wordings of spec section 4. */
export function revokedText(opts: { flow: string; conversationType: string; fromName: string }): string {
  if (opts.flow === 'out') return '你撤回了一条消息';
  if (opts.conversationType === 'C2C') return '对方撤回了一条消息';
  return `${opts.fromName}撤回了一条消息`;
}

export function deletedText(name: string, error?: string): string {
  return error === undefined ? `会话【${name}】删除成功!` : `会话【${name}】删除失败!, error=${error}`;
}

/** The fraud warning shown when the panel opens; HR and job seekers get their own wording. */
export function fraudWarning(role: string | null | undefined): string {
  return role === 'hr'
    ? '温馨提示：请勿随意向求职者透露手机号、邮箱等联系方式，沟通与面试请使用本系统，谨防诈骗。'
    : '温馨提示：求职过程中请勿向招聘方缴纳任何费用，勿随意透露身份证、银行卡等信息，沟通与面试请使用本系统，谨防诈骗。';
}

/**
 * True when a chat file link has expired by `nowS` (server time, seconds). The server signs chat
 * file links for a week each time a message is read (`e`: the expiry); a page left open longer
 * reads the message again for a fresh link.
 */
export function expiredLink(url: string, nowS: number): boolean {
  const m = /[?&]e=(\d+)(?:&|$)/.exec(url);
  return !!m && Number(m[1]) <= nowS;
}

/** Which picked, pasted or dropped file becomes which message kind (spec section 5). */
export type FileKind = 'image' | 'video' | 'file';

/** How a pasted or dropped file is sent: an image (jpg/jpeg/png/gif), an mp4 video, or a file. */
export function fileKind(file: { name: string; type: string }): FileKind {
  const ext = (file.name.split('.').pop() ?? '').toLowerCase();
  if (['jpg', 'jpeg', 'png', 'gif'].includes(ext)) return 'image';
  if (ext === 'mp4' || file.type === 'video/mp4') return 'video';
  return 'file';
}

/** The send box's three pickers (spec section 5): images jpg/jpeg/png/gif, videos mp4, files anything. */
export const PICKERS: readonly { kind: FileKind; label: string; accept: string; refused: string }[] = [
  { kind: 'image', label: '图片', accept: '.jpg,.jpeg,.png,.gif', refused: '请选择 jpg、jpeg、png 或 gif 格式的图片' },
  { kind: 'file', label: '文件', accept: '', refused: '' },
  { kind: 'video', label: '视频', accept: '.mp4,video/mp4', refused: '请选择 mp4 格式的视频' },
];

/** What a file chosen with the `picker` picker is sent as; null when that picker does not take it. */
export function pickedAs(picker: FileKind, file: { name: string; type: string }): FileKind | null {
  if (picker === 'file') return 'file';
  return fileKind(file) === picker ? picker : null;
}

/** The conversation after `current` when moving by `step` (arrow keys), clamped to the list. */
export function moveSelection(ids: readonly string[], current: string, step: 1 | -1): string {
  if (!ids.length) return current;
  const at = ids.indexOf(current);
  if (at < 0) return ids[step > 0 ? 0 : ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, at + step))]!;
}

export const GROUP_TYPES = ['Private', 'Public', 'ChatRoom', 'AVChatRoom'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** The group types as the create form and the group panel name them. */
export const GROUP_TYPE_NAMES: Record<GroupType, string> = { Private: '好友工作群(Work)', Public: '陌生人社交群(Public)', ChatRoom: '临时会议群(Meeting)', AVChatRoom: '直播群(AVChatRoom)' };
export const GROUP_INTRO_MAX = 240;
export const GROUP_NOTICE_MAX = 300;

export interface GroupForm {
  name: string;
  type: GroupType;
  groupID: string;
  joinOption: 'FreeAccess' | 'NeedPermission' | 'DisableApply';
  introduction: string;
  notification: string;
  members: string[];
}

/** Spec section 5: the join option cannot be chosen for these group types. */
export const joinOptionDisabled = (type: GroupType) => type === 'Private' || type === 'ChatRoom' || type === 'AVChatRoom';
/** Spec section 5: members cannot be picked for a live-broadcast group. */
export const membersDisabled = (type: GroupType) => type === 'AVChatRoom';

export function groupErrors(form: GroupForm): Partial<Record<'name' | 'introduction' | 'notification', string>> {
  const errors: Partial<Record<'name' | 'introduction' | 'notification', string>> = {};
  if (!form.name.trim()) errors.name = '请输入群名称';
  if (form.introduction.length > GROUP_INTRO_MAX) errors.introduction = `群简介不能超过${GROUP_INTRO_MAX}个字`;
  if (form.notification.length > GROUP_NOTICE_MAX) errors.notification = `群公告不能超过${GROUP_NOTICE_MAX}个字`;
  return errors;
}

/** What createGroup gets: joinOption left out for Private and AVChatRoom, no members for AVChatRoom. */
export function createGroupOptions(form: GroupForm): Record<string, unknown> {
  const options: Record<string, unknown> = { name: form.name.trim(), type: form.type };
  if (form.groupID.trim()) options.groupID = form.groupID.trim();
  if (form.type !== 'Private' && form.type !== 'AVChatRoom') options.joinOption = form.joinOption;
  if (form.introduction.trim()) options.introduction = form.introduction.trim();
  if (form.notification.trim()) options.notification = form.notification.trim();
  if (!membersDisabled(form.type) && form.members.length) options.memberList = form.members.map((userID) => ({ userID }));
  return options;
}

/** What joining a group says (spec section 4). */
export function joinResultText(status: string): string {
  if (status === 'JoinedSuccess') return '加群成功';
  if (status === 'WaitAdminApproval') return '申请成功，等待群管理员确认。';
  if (status === 'AlreadyInGroup') return '您已经是群成员了，请勿重复加群哦！';
  return status;
}

export type GroupRole = 'Owner' | 'Admin' | 'Member';
export const MEMBER_PAGE = 30;

/** What I may do in a group, by my role and the group's type (spec section 6). */
export function groupPermissions(groupType: string, myRole: string) {
  const owner = myRole === 'Owner';
  const manager = owner || myRole === 'Admin';
  return {
    editProfile: groupType === 'Private' || manager,
    setAdmin: owner && (groupType === 'Public' || groupType === 'ChatRoom'),
    mute: manager,
    kick: manager,
    transfer: owner,
    dismiss: owner && groupType !== 'Private',
    quit: !owner,
    editAnyNameCard: manager,
  };
}

/** Whether I may act on `target` with kick or mute: never myself, and an Admin never on the Owner or another Admin. */
export function canActOn(myRole: string, myID: string, target: { userID: string; role: string }): boolean {
  if (target.userID === myID) return false;
  if (myRole === 'Owner') return true;
  return myRole === 'Admin' && target.role === 'Member';
}

/** Mute seconds typed by a person: a whole number ≥ 0 (0 cancels), or null when it is not one. */
export function muteSeconds(raw: string): number | null {
  const t = raw.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : null;
}

/** Image previewer zoom: steps of 0.1, never below 0.1 (spec section 9). */
export function zoomed(scale: number, direction: 1 | -1): number {
  return Math.max(0.1, Math.round((scale + 0.1 * direction) * 10) / 10);
}

/**
 * The profile edit (spec section 5): the avatar must contain 'http' (else a warning and the field
 * is cleared); only non-empty fields are sent.
 */
export function profilePatch(form: { nick: string; avatar: string; gender: string }): { patch: Record<string, string> } | { warning: string; clear: 'avatar' } {
  if (form.avatar.trim() && !form.avatar.includes('http')) return { warning: '头像地址需包含 http', clear: 'avatar' };
  const patch: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (value.trim()) patch[key] = value.trim();
  return { patch };
}

/** What a group system notice carries (its message's payload). */
export type NoticePayload = { operationType?: number; operatorID?: string; groupProfile?: { name?: string; groupID?: string }; handleMessage?: string };

/** The words of a group system notice (operationType 1 apply, 2 accepted, 3 rejected, 4 kicked, 5 dismissed). */
export function noticeText(p: NoticePayload): string {
  const group = `群组【${p.groupProfile?.name || p.groupProfile?.groupID || ''}】`;
  const note = p.handleMessage ? `：${p.handleMessage}` : '';
  switch (p.operationType) {
    case 1: return `${p.operatorID ?? ''} 申请加入${group}${note}`;
    case 2: return `${p.operatorID ?? ''} 同意你加入${group}${note}`;
    case 3: return `${p.operatorID ?? ''} 拒绝你加入${group}${note}`;
    case 4: return `你已被移出${group}`;
    case 5: return `${group}已被解散`;
    default: return '群系统通知';
  }
}

/**
 * Who is offered 评价 (the spec's rating-and-suggestion survey, sent into the conversation): a job
 * seeker rating the one they talk to, in a one-to-one conversation. An HR rating a candidate, a
 * group or the system conversation would make no sense to a person; the SDK demo's 自定义消息
 * form (raw data, description, extension) is offered to nobody.
 */
export function offersRating(role: string, conversationType: string, to: string, me: string): boolean {
  return role === 'qz' && conversationType === 'C2C' && to !== me;
}

export const RATING_DEFAULT = 5;

/** Spec section 3: a survey is a custom message whose data is 'survey', description the rating, extension the suggestion. */
export const SURVEY_DATA = 'survey';

export function surveyPayload(score: number, suggestion: string): { data: string; description: string; extension: string } {
  return { data: SURVEY_DATA, description: String(score), extension: suggestion.trim() };
}

/** What a custom message's bubble says: a survey as stars and the suggestion, others their description. */
export function customText(p: { data?: string; description?: string; extension?: string }): string {
  if (p.data === SURVEY_DATA) {
    const score = Math.min(5, Math.max(0, Math.round(Number(p.description) || 0)));
    return `服务评价：${'★'.repeat(score)}${'☆'.repeat(5 - score)} ${score} 分${p.extension ? `，建议：${p.extension}` : ''}`;
  }
  return p.description || p.data || '[自定义消息]';
}

/** Why a video will not play, from the browser's MediaError code (1–4), in words a person reads. */
export function videoErrorText(error: { code: number } | null): string {
  const reasons: Record<number, string> = { 1: '播放被中止', 2: '网络错误', 3: '视频解码失败', 4: '视频格式或地址不受支持' };
  return `视频无法播放：${(error && reasons[error.code]) || '未知错误'}`;
}

/** Where a geo message links to; a page may configure its own with the `map-url` attribute. */
export const DEFAULT_MAP_URL = 'https://uri.amap.com/marker?position={longitude},{latitude}&name={description}';

export function mapLink(template: string, p: { longitude: number; latitude: number; description?: string }): string {
  return template
    .replace('{longitude}', String(p.longitude))
    .replace('{latitude}', String(p.latitude))
    .replace('{description}', encodeURIComponent(p.description ?? ''));
}

export interface GroupTipPayload {
  operationType?: number;
  operatorID?: string;
  userIDList?: string[];
  memberList?: { userID: string; muteTime?: number }[];
  newGroupProfile?: Record<string, unknown>;
}

/** The words of a group tip (operation types as in Tencent Cloud Chat), with people by name. */
export function tipText(p: GroupTipPayload, name: (userID: string) => string = (id) => id): string {
  const people = (p.userIDList ?? []).map(name).join('、') || (p.operatorID ? name(p.operatorID) : '');
  switch (p.operationType) {
    case 1: return `${people} 加入群组`;
    case 2: return `${people} 退出群组`;
    case 3: return `${people} 被踢出群组`;
    case 4: return `${people} 成为管理员`;
    case 5: return `${people} 被撤销管理员`;
    case 6: return p.newGroupProfile && 'ownerID' in p.newGroupProfile ? `${name(String(p.newGroupProfile.ownerID))} 成为新的群主` : '群资料已修改';
    case 7: {
      const muted = (p.memberList ?? []).filter((x) => typeof x.muteTime === 'number');
      if (!muted.length) return '群成员资料已修改';
      return muted.map((x) => (x.muteTime! > 0 ? `${name(x.userID)} 被禁言 ${x.muteTime} 秒` : `${name(x.userID)} 被取消禁言`)).join('，');
    }
    default: return '[群提示消息]';
  }
}

/** What a report of a person carries as evidence: the conversation's latest messages, in Beijing time, oldest first. */
export function chatEvidence(
  messages: readonly { time: number; from: string; type: string; payload?: { text?: string }; isRevoked?: boolean }[],
  me: string,
  otherName: string,
  textType: string,
  max = 30,
): string {
  return messages
    .filter((m) => !m.isRevoked)
    .slice(-max)
    .map((m) => {
      const at = beijingDateTime(m.time * 1000);
      const who = m.from === me ? '我' : otherName;
      const what = m.type === textType ? (m.payload?.text ?? '') : '[非文字消息]';
      return `${at.date} ${at.time} ${who}：${what}`;
    })
    .join('\n');
}

/** Typing status as TUIKit sends it: a custom message with onlineUserOnly, never stored. */
/** At most one 正在输入 signal per this many ms while typing; the other side forgets it after TYPING_SHOWN_MS. */
export const TYPING_SIGNAL_MS = 4000;
export const TYPING_SHOWN_MS = 6000;

export function typingData(typing: boolean): string {
  return JSON.stringify({ businessID: TYPING_BUSINESS_ID, typingStatus: typing ? 1 : 0, version: 1, userAction: 14, actionParam: typing ? 'EIMAMSG_InputStatus_Ing' : 'EIMAMSG_InputStatus_End' });
}

/** 1 typing, 0 stopped, null for any other message. */
export function typingStatusOf(m: { type: unknown; payload?: unknown }): 0 | 1 | null {
  if (m.type !== 'TIMCustomElem') return null;
  const data = (m.payload as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'string' || !data.includes(TYPING_BUSINESS_ID)) return null;
  try {
    const d = JSON.parse(data) as { businessID?: unknown; typingStatus?: unknown };
    return d.businessID === TYPING_BUSINESS_ID ? (d.typingStatus === 1 ? 1 : 0) : null;
  } catch {
    return null;
  }
}

/** A quote-reply as TUIKit keeps it in the reply's cloudCustomData (`messageReply`). */
export interface MessageReply {
  messageAbstract: string;
  messageSender: string;
  messageID: string;
  /** the quoted message's type as the native SDKs number it (1 text, 2 custom, 3 image, 4 sound, 5 video, 6 file, 7 location, 8 face) */
  messageType: number;
  messageTime: number;
  messageSequence: number;
  version: 1;
}

const ELEM_NUMBERS: Record<string, number> = {
  TIMTextElem: 1, TIMCustomElem: 2, TIMImageElem: 3, TIMSoundElem: 4, TIMVideoFileElem: 5, TIMFileElem: 6, TIMLocationElem: 7, TIMFaceElem: 8,
};
/** How long a quoted text's abstract may be. */
export const REPLY_ABSTRACT_MAX = 50;

/** A message in a few words, as a quote shows it: the text itself, else [图片], [文件] and its name… */
export function messageAbstract(m: { type: unknown; payload?: unknown }): string {
  const p = (m.payload ?? {}) as { text?: string; fileName?: string; description?: string; data?: string; extension?: string };
  switch (String(m.type)) {
    case 'TIMTextElem': {
      const chars = [...(p.text ?? '')];
      return chars.length > REPLY_ABSTRACT_MAX ? `${chars.slice(0, REPLY_ABSTRACT_MAX).join('')}…` : chars.join('');
    }
    case 'TIMImageElem': return '[图片]';
    case 'TIMVideoFileElem': return '[视频]';
    case 'TIMSoundElem': return '[语音]';
    case 'TIMFileElem': return `[文件] ${p.fileName ?? ''}`.trim();
    case 'TIMLocationElem': return `[位置] ${p.description ?? ''}`.trim();
    case 'TIMFaceElem': return '[表情]';
    case 'TIMCustomElem': return customText(p);
    default: return MSG.unsupported;
  }
}

/** The cloudCustomData of a reply to `m`, sent by `senderName`. */
export function replyData(m: { ID: string; type: unknown; payload?: unknown; time: number; sequence: number }, senderName: string): string {
  const reply: MessageReply = {
    messageAbstract: messageAbstract(m), messageSender: senderName, messageID: m.ID, messageType: ELEM_NUMBERS[String(m.type)] ?? 0,
    messageTime: m.time, messageSequence: m.sequence, version: 1,
  };
  return JSON.stringify({ messageReply: reply });
}

/** The quote a message carries, or null (any other cloudCustomData, or none). */
export function replyOf(cloudCustomData: unknown): MessageReply | null {
  if (typeof cloudCustomData !== 'string' || !cloudCustomData.includes('messageReply')) return null;
  try {
    const r = (JSON.parse(cloudCustomData) as { messageReply?: Partial<MessageReply> }).messageReply;
    if (!r || typeof r.messageID !== 'string' || !r.messageID) return null;
    return {
      messageAbstract: String(r.messageAbstract ?? ''), messageSender: String(r.messageSender ?? ''), messageID: r.messageID,
      messageType: Number(r.messageType) || 0, messageTime: Number(r.messageTime) || 0, messageSequence: Number(r.messageSequence) || 0, version: 1,
    };
  } catch {
    return null;
  }
}

/** A group message's receipt as its sender reads it: 全部已读, N人已读, or 未读 while nobody has. */
export function groupReceiptText(r: { readCount: number; unreadCount: number }): string {
  if (r.unreadCount === 0 && r.readCount > 0) return '全部已读';
  return r.readCount > 0 ? `${r.readCount}人已读` : '未读';
}
