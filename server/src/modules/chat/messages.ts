import { TYPING_BUSINESS_ID, USER_NOT_FOUND_TEXT } from '@zp/core/rules/chat';
import { CHAT_AT_ALL, isId, messagePayloads, type ChatOpParams, type ChatPush, type WireConversation, type WireMessage } from '@zp/core/contract';
import { one, rows, sql } from '../../db/index.js';
import type { SQL } from 'drizzle-orm';
import { compile, describe } from '../../http/validation.js';
import type { ChatHub, Conn } from './hub.js';
import {
  ChatError, Encoded, MAX_MESSAGE_BYTES, MESSAGE_COLUMNS, REVOKE_WINDOW_SECONDS, SYSTEM_CONVERSATION, c2cKey, convOf, conversationIdOf, groupKey,
  nowSeconds, refuse, wireOf, type Conv, type MessageRow,
} from './common.js';
import type { NewMessage, Written } from './writer.js';
import { groupWires } from './groups.js';
import { pushGroupReceipts } from './receipts.js';
import { visibleProfiles } from './profiles.js';
import { checkMessageFiles, linkMessageFiles, signMessageFiles } from './files.js';

const PAGE = 15;
const payloadValidators = new Map<string, ReturnType<typeof compile>>();

function checkPayload(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  const schema = (messagePayloads as Record<string, object>)[type];
  let v = payloadValidators.get(type);
  if (!v) payloadValidators.set(type, (v = compile(schema, false)));
  // Checked in place (defaults filled in, unknown keys dropped): it is this frame's own parse.
  if (!v(payload)) throw new ChatError(10004, describe(v.errors ?? [], 'body').replace('请求体', '消息内容'));
  if (type === 'TIMTextElem' && !String(payload.text).trim()) throw new ChatError(10004, '不能发送空消息');
  if (type === 'TIMCustomElem' && !payload.data && !payload.description && !payload.extension) throw new ChatError(10004, '自定义消息的 data、description、extension 至少填写一项');
  return payload;
}

/** TUIKit's typing status: a custom message whose data is {businessID: 'user_typing_status', ...}. */
function isTypingSignal(type: string, payload: Record<string, unknown>): boolean {
  if (type !== 'TIMCustomElem' || typeof payload.data !== 'string') return false;
  try {
    return (JSON.parse(payload.data) as { businessID?: unknown }).businessID === TYPING_BUSINESS_ID;
  } catch {
    return false;
  }
}

/** Where the caller may read a conversation from; refuses conversations they have no part in. */
async function viewOf(hub: ChatHub, me: string, c: Conv): Promise<{ cleared: number; hidden: number }> {
  if (c.kind === 'c2c' && !(await hub.userExists(c.peer))) throw refuse('userNotFound', USER_NOT_FOUND_TEXT);
  if (c.kind === 'group') {
    const g = await hub.group(c.groupID);
    if (!g) throw refuse('groupGone', '群组不存在或已解散');
    if (!g.members.has(me)) throw refuse('permission', '您不是该群成员');
  }
  const v = await one<{ cleared: number; hidden: number }>(
    hub.s.db,
    sql`select cleared_seq::int as cleared, hidden_seq::int as hidden from chat_user_convs where user_id = ${me} and conv = ${c.conv}`,
  );
  return v ?? { cleared: 0, hidden: 0 };
}

async function lastSeqOf(hub: ChatHub, conv: string): Promise<number> {
  const r = await one<{ n: number }>(hub.s.db, sql`select last_seq::int as n from chat_convs where conv = ${conv}`);
  return r?.n ?? 0;
}

/** The caller's conversations (or the listed ones), newest first, as the SDK shows them. */
async function conversations(hub: ChatHub, me: string, only?: string[]): Promise<WireConversation[]> {
  const mentionsMe = JSON.stringify([me]);
  const mentionsAll = JSON.stringify([CHAT_AT_ALL]);
  const list = await rows<{
    conv: string; floor: number; last_seq: number; last_msg: WireConversation['lastMessage']; unread: number; remind: string | null;
    at_info: WireConversation['atInfo']; pinned: boolean; draft: string;
  }>(
    hub.s.db,
    sql`select uc.conv, greatest(uc.cleared_seq, uc.hidden_seq)::int as floor, c.last_seq::int as last_seq, c.last_msg,
               uc.pinned_at is not null as pinned, uc.draft,
               coalesce(u.unread, 0) as unread, coalesce(u.at_info, '[]'::json) as at_info,
               gm.remind_type as remind
        from chat_user_convs uc
        join chat_convs c on c.conv = uc.conv
        left join chat_groups g on uc.conv like 'g:%' and g.id = substr(uc.conv, 3)
        left join chat_group_members gm on gm.group_id = g.id and gm.user_id = uc.user_id
        -- One pass over what this user has not read (the newest 999: a badge shows 99+ anyway):
        -- how many, and which of them mention the user. The @ type adds up as Tencent's does:
        -- 1 me, 2 everyone, 3 both. ChatRoom and AVChatRoom count no unread.
        left join lateral (
          select count(*)::int as unread,
                 json_agg(json_build_object('seq', x.seq, 'type', x.at) order by x.seq) filter (where x.at > 0) as at_info
          from (
            select m.seq::int as seq,
                   case when uc.conv like 'g:%' then
                     (case when m.at_users @> ${mentionsMe}::jsonb then 1 else 0 end) + (case when m.at_users @> ${mentionsAll}::jsonb then 2 else 0 end)
                   else 0 end as at
            from chat_messages m
            where m.conv = uc.conv and m.seq > greatest(uc.read_seq, uc.cleared_seq) and m.counts_unread
              and m.revoked_at is null and (m.sender_id is null or m.sender_id <> uc.user_id)
            order by m.seq desc
            limit 999) x
        ) u on g.type is null or g.type not in ('ChatRoom', 'AVChatRoom')
        where uc.user_id = ${me} and c.last_seq > greatest(uc.hidden_seq, uc.cleared_seq)
          ${only ? sql`and uc.conv in (${sql.join(only.map((k) => sql`${k}`), sql`, `)})` : sql``}
        order by (uc.pinned_at is not null) desc, c.last_at desc, uc.conv
        limit 500`,
  );
  const peers = list.filter((r) => r.conv.startsWith('c:')).map((r) => conversationIdOf(me, r.conv).slice(3));
  const groupIds = list.filter((r) => r.conv.startsWith('g:')).map((r) => r.conv.slice(2));
  const [profiles, groups] = await Promise.all([visibleProfiles(hub.s.db, hub.s.config, me, peers), groupWires(hub, me, groupIds)]);
  const profileOf = new Map(profiles.map((p) => [p.userID, p]));
  const groupOf = new Map(groups.map((g) => [g.groupID, g]));
  return list.map((r) => {
    const conversationID = conversationIdOf(me, r.conv);
    const type = r.conv.startsWith('c:') ? 'C2C' : r.conv.startsWith('g:') ? 'GROUP' : SYSTEM_CONVERSATION;
    return {
      conversationID,
      type,
      unreadCount: r.unread,
      lastSeq: r.last_seq,
      floorSeq: r.floor,
      lastMessage: signMessageFiles(hub.s, r.last_msg),
      userProfile: type === 'C2C' ? (profileOf.get(conversationID.slice(3)) ?? null) : null,
      groupProfile: type === 'GROUP' ? (groupOf.get(conversationID.slice(5)) ?? null) : null,
      messageRemindType: r.remind ?? 'AcceptAndNotify',
      atInfo: r.at_info ?? [],
      isPinned: r.pinned,
      draftText: r.draft,
    } satisfies WireConversation;
  });
}

/** One conversation, also one that has no messages yet. */
async function conversation(hub: ChatHub, me: string, conversationID: string): Promise<WireConversation> {
  const c = convOf(me, conversationID);
  await viewOf(hub, me, c);
  const [listed] = await conversations(hub, me, [c.conv]);
  if (listed) return listed;
  // Not started yet: only with someone the caller may write to (发起会话 by user ID says 没有找到该用户 otherwise).
  if (c.kind === 'c2c') await hub.starts.checkOpen(me, c.peer);
  const lastSeq = await lastSeqOf(hub, c.conv);
  // No message yet: the peer may be a stranger, whose name comes back masked.
  const [profile] = c.kind === 'c2c' ? await visibleProfiles(hub.s.db, hub.s.config, me, [c.peer]) : [];
  const [group] = c.kind === 'group' ? await groupWires(hub, me, [c.groupID]) : [];
  const g = c.kind === 'group' ? await hub.group(c.groupID) : null;
  const mine = await one<{ pinned: boolean; draft: string }>(
    hub.s.db,
    sql`select pinned_at is not null as pinned, draft from chat_user_convs where user_id = ${me} and conv = ${c.conv}`,
  );
  return {
    conversationID: c.conversationID,
    type: c.kind === 'c2c' ? 'C2C' : c.kind === 'group' ? 'GROUP' : SYSTEM_CONVERSATION,
    unreadCount: 0,
    lastSeq,
    floorSeq: lastSeq,
    lastMessage: null,
    userProfile: profile ?? null,
    groupProfile: group ?? null,
    messageRemindType: g?.members.get(me)?.remindType ?? 'AcceptAndNotify',
    atInfo: [],
    isPinned: mine?.pinned ?? false,
    draftText: mine?.draft ?? '',
  };
}

function recipientsPush(hub: ChatHub, m: WireMessage, frame: ChatPush | Encoded<ChatPush>) {
  if (m.conversationType === 'GROUP') return hub.toGroup(m.to, frame);
  if (m.conversationType === 'C2C') return hub.toUsers([m.from, m.to], frame);
  return hub.toUsers([m.to], frame);
}

/**
 * Checks a send and queues it for the writer; resolves (without waiting for the commit) once
 * queued. An onlineUserOnly message (typing status) passes the same checks and is not written.
 */
async function prepareSend(hub: ChatHub, conn: Conn, p: ChatOpParams<'send'>): Promise<{ written: Promise<Written> } | { online: WireMessage }> {
  const me = conn.userId;
  if (!p.ID.startsWith(`${me}-`)) throw refuse('badRequest', '消息ID须以发送者ID开头');
  // Only typing signals go unstored (1:1): anything else nobody can find again would escape reports and moderation.
  if (p.onlineUserOnly && !(p.conversationType === 'C2C' && isTypingSignal(p.type, p.payload))) throw refuse('badRequest', '仅在线发送的只能是单聊的输入状态');
  // File messages keep stable references to chat files the sender may send (files.ts).
  const { payload, fileIds } = await checkMessageFiles(hub.s, me, p.type, checkPayload(p.type, p.payload));
  const bytes = Buffer.byteLength(JSON.stringify(payload)) + Buffer.byteLength(p.cloudCustomData ?? '');
  if (bytes > MAX_MESSAGE_BYTES) throw refuse('tooLong', '消息内容超过 12 KB，无法发送');
  const profile = await hub.profile(me);
  const base: Omit<WireMessage, 'seq'> = {
    ID: p.ID, conversationType: p.conversationType, from: me, to: p.to, type: p.type, payload, time: nowSeconds(),
    nick: profile?.nick ?? '', avatar: profile?.avatar ?? '', nameCard: '', priority: p.priority ?? 'Normal',
    cloudCustomData: p.cloudCustomData ?? '', atUserList: p.atUserList ?? [], isRevoked: false, revoker: '', countsUnread: true,
  };
  let row: NewMessage;
  if (p.conversationType === 'C2C') {
    if (!isId(p.to) || !(await hub.userExists(p.to))) throw refuse('userNotFound', USER_NOT_FOUND_TEXT);
    if ((await hub.blockedBy(p.to)).has(me)) throw refuse('blocked', '发送失败，您已被对方拉黑');
    // The token first: refused sends cost their sender too.
    await hub.takeUserToken(me);
    // A typing signal starts nothing: it only needs the conversation to be one the sender may have.
    await (p.onlineUserOnly ? hub.starts.checkOpen(me, p.to) : hub.starts.checkSend(me, p.to));
    row = { conv: c2cKey(me, p.to), message: base, senderId: me, persist: true, viewers: [me, p.to], ref: null };
  } else {
    const g = await hub.group(p.to);
    if (!g) throw refuse('groupGone', '群组不存在或已解散');
    const member = g.members.get(me);
    if (!member) throw refuse('permission', '您不是该群成员，不能发送消息');
    if (member.muteUntil > nowSeconds()) throw refuse('muted', '您已被禁言，暂时不能发送消息');
    if (g.muteAll && member.role === 'Member') throw refuse('muted', '全员禁言中，暂时不能发送消息');
    await hub.takeGroupToken(g.id);
    await hub.takeUserToken(me);
    base.nameCard = member.nameCard;
    base.countsUnread = g.type !== 'ChatRoom' && g.type !== 'AVChatRoom';
    row = { conv: groupKey(g.id), message: base, senderId: me, persist: g.type !== 'AVChatRoom', viewers: [], ref: null };
  }
  if (p.onlineUserOnly) return { online: { ...base, seq: 0, countsUnread: false } };
  if (fileIds.length) await linkMessageFiles(hub.s.db, fileIds, row.conv);
  return { written: hub.writer.write(row) };
}

export function messageHandlers(hub: ChatHub) {
  const db = hub.s.db;

  hub.on('convs', async (conn) => ({ conversationList: await conversations(hub, conn.userId) }));
  hub.on('conv', async (conn, p: ChatOpParams<'conv'>) => ({ conversation: await conversation(hub, conn.userId, p.conversationID) }));

  hub.on('deleteConv', async (conn, p: ChatOpParams<'deleteConv'>) => {
    const me = conn.userId;
    const clear = p.clearHistoryMessage !== false;
    for (const id of p.conversationIDList) {
      const c = convOf(me, id);
      const last = await lastSeqOf(hub, c.conv);
      await db.execute(sql`insert into chat_user_convs (user_id, conv, read_seq, cleared_seq, hidden_seq)
        values (${me}, ${c.conv}, ${last}, ${clear ? last : 0}, ${last})
        on conflict (user_id, conv) do update set
          read_seq = greatest(chat_user_convs.read_seq, excluded.read_seq),
          cleared_seq = greatest(chat_user_convs.cleared_seq, excluded.cleared_seq),
          hidden_seq = greatest(chat_user_convs.hidden_seq, excluded.hidden_seq),
          pinned_at = null, draft = ''`);
    }
    await hub.toUsers([me], { ev: 'convDeleted', conversationIDList: p.conversationIDList });
    return { conversationIDList: p.conversationIDList };
  });

  hub.on('read', async (conn, p: ChatOpParams<'read'>) => {
    const me = conn.userId;
    const c = convOf(me, p.conversationID);
    await viewOf(hub, me, c);
    // `before`: where the reading stood (the statement's snapshot), for the group receipts.
    const r = await one<{ seq: number; before: number }>(
      db,
      sql`with was as (select read_seq from chat_user_convs where user_id = ${me} and conv = ${c.conv})
          insert into chat_user_convs (user_id, conv, read_seq)
          select ${me}, ${c.conv}, coalesce((select last_seq from chat_convs where conv = ${c.conv}), 0)
          on conflict (user_id, conv) do update set read_seq = greatest(chat_user_convs.read_seq, excluded.read_seq)
          returning read_seq::float8 as seq, coalesce((select read_seq from was), 0)::float8 as before`,
    );
    await hub.toUsers([me], { ev: 'read', conversationID: p.conversationID });
    // 1:1: the other person's messages up to here show 已读 on their side (C2C read receipts).
    if (c.kind === 'c2c' && r && r.seq > 0) await hub.toUsers([c.peer], { ev: 'peerRead', conversationID: `C2C${me}`, seq: r.seq });
    // A group: the senders of what was read now hear their counts (N人已读).
    if (c.kind === 'group' && r) await pushGroupReceipts(hub, me, c.groupID, c.conv, r.before, r.seq);
    return {};
  });

  // Pins and drafts are the person's own: each of their pages hears of a change (conv) and reads it again.
  const mark = async (me: string, conversationID: string, column: 'pinned_at' | 'draft', value: SQL) => {
    const c = convOf(me, conversationID);
    await viewOf(hub, me, c);
    // Not for an ID one may not write to: the answer would tell that the account exists.
    if (c.kind === 'c2c') await hub.starts.checkOpen(me, c.peer);
    await db.execute(sql`insert into chat_user_convs (user_id, conv, ${sql.raw(column)}) values (${me}, ${c.conv}, ${value})
      on conflict (user_id, conv) do update set ${sql.raw(column)} = excluded.${sql.raw(column)}`);
    await hub.toUsers([me], { ev: 'conv', conversationID });
    return { conversationID };
  };
  hub.on('pin', (conn, p: ChatOpParams<'pin'>) => mark(conn.userId, p.conversationID, 'pinned_at', p.isPinned ? sql`now()` : sql`null`));
  hub.on('draft', (conn, p: ChatOpParams<'draft'>) => mark(conn.userId, p.conversationID, 'draft', sql`${p.draftText}`));

  hub.on('messages', async (conn, p: ChatOpParams<'messages'>) => {
    const me = conn.userId;
    const c = convOf(me, p.conversationID);
    const view = await viewOf(hub, me, c);
    const count = p.count ?? PAGE;
    if (c.kind === 'group' && (await hub.group(c.groupID))?.type === 'AVChatRoom') {
      return { messageList: [], nextReqMessageID: '', isCompleted: true };
    }
    let before: number | null = null;
    if (p.nextReqMessageID) {
      const at = await one<{ seq: number }>(db, sql`select seq::int as seq from chat_messages where id = ${p.nextReqMessageID} and conv = ${c.conv}`);
      if (!at) throw refuse('badRequest', '续拉位置的消息不存在');
      before = at.seq;
    }
    const found = await rows<MessageRow>(
      db,
      sql`select ${sql.raw(MESSAGE_COLUMNS)} from chat_messages m
          where m.conv = ${c.conv} and m.seq > ${view.cleared} ${before !== null ? sql`and m.seq < ${before}` : sql``}
          order by m.seq desc limit ${count + 1}`,
    );
    const page = found.slice(0, count).reverse().map((r) => signMessageFiles(hub.s, wireOf(r)));
    if (c.kind === 'c2c') {
      // How far the other person read: my messages up to there are 已读.
      const peer = await one<{ seq: number }>(db, sql`select read_seq::float8 as seq from chat_user_convs where user_id = ${c.peer} and conv = ${c.conv}`);
      for (const m of page) if (m.from === me) m.peerRead = m.seq <= (peer?.seq ?? 0);
    }
    return { messageList: page, nextReqMessageID: page[0]?.ID ?? '', isCompleted: found.length <= count };
  });

  hub.on('sync', async (conn, p: ChatOpParams<'sync'>) => {
    const me = conn.userId;
    const c = convOf(me, p.conversationID);
    const view = await viewOf(hub, me, c);
    const limit = p.limit ?? 200;
    // Read the counter first: every message up to it has committed (numbering and insert are one statement).
    const last = await lastSeqOf(hub, c.conv);
    const found = await rows<MessageRow>(
      db,
      sql`select ${sql.raw(MESSAGE_COLUMNS)} from chat_messages m
          where m.conv = ${c.conv} and m.seq > ${Math.max(p.after, view.cleared)} and m.seq <= ${last}
          order by m.seq limit ${limit}`,
    );
    const more = found.length === limit;
    return { messageList: found.map((r) => signMessageFiles(hub.s, wireOf(r))), upTo: more ? Number(found[found.length - 1].seq) : Math.max(last, p.after), more };
  });

  hub.on('resume', async (conn, p: ChatOpParams<'resume'>) => {
    const me = conn.userId;
    const list = await rows<{ conv: string; last_seq: number; floor: number }>(
      db,
      sql`select uc.conv, c.last_seq::int as last_seq, greatest(uc.cleared_seq, uc.hidden_seq)::int as floor
          from chat_user_convs uc join chat_convs c on c.conv = uc.conv
          where uc.user_id = ${me} and c.last_seq > greatest(uc.hidden_seq, uc.cleared_seq)`,
    );
    const convs: { conversationID: string; from: number; lastSeq: number }[] = [];
    for (const r of list) {
      const conversationID = conversationIdOf(me, r.conv);
      const seen = p.seqs[conversationID];
      // A conversation the client does not know was hidden or absent when it last listed: all after the floor is new to it.
      if (seen === undefined) convs.push({ conversationID, from: r.floor, lastSeq: r.last_seq });
      else if (r.last_seq > seen) convs.push({ conversationID, from: seen, lastSeq: r.last_seq });
    }
    return { convs };
  });

  hub.on('send', async (conn, p: ChatOpParams<'send'>) => {
    const turn = conn.sendChain.then(() => prepareSend(hub, conn, p));
    conn.sendChain = turn.catch(() => undefined);
    const prepared = await turn;
    if ('online' in prepared) {
      await recipientsPush(hub, prepared.online, { ev: 'online', m: prepared.online });
      return { message: prepared.online };
    }
    const w = await prepared.written;
    // Also after a duplicate: the first attempt may have committed without reaching the bus.
    // File links go out signed (files.ts): the pushed copy and the reply alike.
    const m = signMessageFiles(hub.s, w.message);
    const text = JSON.stringify(m);
    await recipientsPush(hub, m, new Encoded<ChatPush>(`{"ev":"msg","m":${text}}`));
    return new Encoded<{ message: WireMessage }>(`{"message":${text}}`);
  });

  hub.on('revoke', async (conn, p: ChatOpParams<'revoke'>) => {
    const me = conn.userId;
    const r = await one<MessageRow>(db, sql`select ${sql.raw(MESSAGE_COLUMNS)} from chat_messages m where m.id = ${p.ID}`);
    if (!r) throw refuse('revokeMissing', '要撤回的消息不存在');
    const m = wireOf(r);
    if (m.isRevoked) return { message: signMessageFiles(hub.s, m) };
    const late = nowSeconds() - m.time > REVOKE_WINDOW_SECONDS;
    if (m.conversationType === 'C2C') {
      if (m.from !== me) throw refuse('permission', '只能撤回自己发送的消息');
      if (late) throw refuse('c2cRevokeTooLate', '消息发送已超过 2 分钟，不能撤回');
    } else if (m.conversationType === 'GROUP') {
      const g = await hub.group(m.to);
      if (!g) throw refuse('groupGone', '群组不存在或已解散');
      const role = g.members.get(me)?.role;
      if (!role) throw refuse('permission', '您不是该群成员');
      // Tencent lets the owner and admins of Public and ChatRoom groups recall members' messages.
      const manager = (role === 'Owner' || role === 'Admin') && (g.type === 'Public' || g.type === 'ChatRoom');
      if (m.from !== me && !manager) throw refuse('permission', '只能撤回自己发送的消息');
      if (late) throw refuse('revokeTooLate', '消息发送已超过 2 分钟，不能撤回');
    } else {
      throw refuse('permission', '系统通知不能撤回');
    }
    await db.execute(sql`update chat_messages set revoked_at = now(), revoked_by = ${me} where id = ${m.ID} and revoked_at is null`);
    await db.execute(sql`update chat_convs set last_msg = jsonb_set(last_msg, '{isRevoked}', 'true')
      where conv = ${r.conv} and last_msg->>'ID' = ${m.ID}`);
    const revoked = signMessageFiles(hub.s, { ...m, isRevoked: true, revoker: me });
    await recipientsPush(hub, revoked, { ev: 'revoked', m: revoked });
    return { message: revoked };
  });
}
