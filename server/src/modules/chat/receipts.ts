/**
 * Read receipts of group messages (getMessageReadReceiptList, getGroupMessageReadMemberList), for
 * Work and Public groups. No write per reader per message: each member's read position in the
 * group (chat_user_convs.read_seq, moved by one write per read of the conversation) says which
 * messages they read; a message counts the members who were there when it was sent (joined before
 * it, to the second it carries, and have not cleared it) other than its sender.
 */
import type { ChatOpParams, WireReceipt } from '@zp/core/contract';
import { RECEIPT_GROUP_TYPES } from '@zp/core/rules/chat';
import { inList, rows, sql } from '../../db/index.js';
import type { ChatHub } from './hub.js';
import { convOf, refuse } from './common.js';

/** A read tells the senders of at most this many of the messages it covered (the newest). */
const PUSH_NEWEST = 20;

async function membersGroup(hub: ChatHub, me: string, conversationID: string) {
  const c = convOf(me, conversationID);
  if (c.kind !== 'group') throw refuse('badRequest', '只有群消息有已读回执');
  const g = await hub.group(c.groupID);
  if (!g) throw refuse('groupGone', '群组不存在或已解散');
  if (!g.members.has(me)) throw refuse('permission', '您不是该群成员');
  if (!RECEIPT_GROUP_TYPES.has(g.type)) throw refuse('badRequest', '该类型的群没有已读回执');
  return { conv: c.conv, group: g };
}

/** Counts of the messages (by ID, or the newest of a range of sequences) of a group conversation. */
async function counts(hub: ChatHub, conv: string, where: ReturnType<typeof sql>): Promise<(WireReceipt & { sender: string })[]> {
  return rows<WireReceipt & { sender: string }>(
    hub.s.db,
    sql`select m.id as "messageID", m.sender_id::text as sender,
               count(uc.user_id) filter (where uc.read_seq >= m.seq)::int as "readCount",
               count(uc.user_id) filter (where uc.read_seq < m.seq)::int as "unreadCount"
        from chat_messages m
        join chat_group_members gm on gm.group_id = substr(m.conv, 3) and gm.user_id <> m.sender_id
        join chat_user_convs uc on uc.user_id = gm.user_id and uc.conv = m.conv and uc.cleared_seq < m.seq
          and gm.joined_at < m.created_at + interval '1 second'
        where m.conv = ${conv} and m.sender_id is not null and m.counts_unread and m.revoked_at is null and ${where}
        group by m.id, m.sender_id, m.seq
        order by m.seq`,
  );
}

/**
 * After `me` read a group conversation from `before` up to `after`: the senders of the messages
 * read hear their new counts (MESSAGE_READ_RECEIPT_RECEIVED on their pages).
 */
export async function pushGroupReceipts(hub: ChatHub, me: string, groupID: string, conv: string, before: number, after: number) {
  if (after <= before) return;
  const g = await hub.group(groupID);
  if (!g || !RECEIPT_GROUP_TYPES.has(g.type)) return;
  const newest = sql`m.seq in (select seq from chat_messages where conv = ${conv} and seq > ${before} and seq <= ${after}
                               and sender_id is not null and sender_id <> ${me} order by seq desc limit ${PUSH_NEWEST})`;
  const bySender = new Map<string, WireReceipt[]>();
  for (const { sender, ...r } of await counts(hub, conv, newest)) {
    const list = bySender.get(sender) ?? [];
    list.push(r);
    bySender.set(sender, list);
  }
  for (const [sender, list] of bySender) await hub.toUsers([sender], { ev: 'groupRead', conversationID: `GROUP${groupID}`, list });
}

export function receiptHandlers(hub: ChatHub) {
  hub.on('receipts', async (conn, p: ChatOpParams<'receipts'>) => {
    const { conv } = await membersGroup(hub, conn.userId, p.conversationID);
    const found = await counts(hub, conv, sql`m.id in (${inList(p.messageIDList)})`);
    return { list: found.map(({ sender: _sender, ...r }) => r) };
  });

  hub.on('readMembers', async (conn, p: ChatOpParams<'readMembers'>) => {
    const { conv, group } = await membersGroup(hub, conn.userId, p.conversationID);
    const count = p.count ?? 100;
    const offset = p.offset ?? 0;
    const found = await rows<{ id: string }>(
      hub.s.db,
      sql`select uc.user_id::text as id
          from chat_messages m
          join chat_group_members gm on gm.group_id = ${group.id} and gm.user_id <> m.sender_id
          join chat_user_convs uc on uc.user_id = gm.user_id and uc.conv = m.conv and uc.cleared_seq < m.seq
          and gm.joined_at < m.created_at + interval '1 second'
          where m.conv = ${conv} and m.id = ${p.messageID} and ${p.filter === 0 ? sql`uc.read_seq >= m.seq` : sql`uc.read_seq < m.seq`}
          order by gm.joined_at, uc.user_id
          offset ${offset} limit ${count + 1}`,
    );
    const page = found.slice(0, count).map((r) => r.id);
    return { userIDList: page, isCompleted: found.length <= count, offset: offset + page.length };
  });
}
