import crypto from 'node:crypto';
import type { ChatOpParams, WireGroup, WireMember } from '@zp/core/contract';
import { inList, one, rows, sql } from '../../db/index.js';
import type { ChatHub, Conn, GroupState } from './hub.js';
import { groupKey, nowSeconds, refuse, systemKey } from './common.js';
import { existingUsers, loadProfiles } from './profiles.js';

/**
 * Groups with Tencent Cloud Chat's documented behaviour for the four types and the roles of
 * spec section 6:
 *
 * | | Private (Work) | Public | ChatRoom (Meeting) | AVChatRoom |
 * |---|---|---|---|---|
 * | apply to join | no | per joinOption, approval by owner/admin | free | free |
 * | members add others | yes | yes | yes | no |
 * | admins | no | yes | yes | no |
 * | edit profile | any member | owner, admin | owner, admin | owner |
 * | kick | owner | owner; admin kicks members | owner; admin kicks members | owner |
 * | mute | no | owner; admin mutes members | owner; admin mutes members | owner |
 * | owner quits / dismisses | quits, cannot dismiss | dismisses, cannot quit | dismisses, cannot quit | dismisses, cannot quit |
 * | history for new members | yes | no | yes | none kept |
 * | unread counts | yes | yes | no | no |
 * | member limit (default) | 200 | 2000 | 10000 | none |
 */
const DEFAULT_MAX: Record<GroupState['type'], number> = { Private: 200, Public: 2000, ChatRoom: 10000, AVChatRoom: 1_000_000 };
const TYPE_NAMES: Record<GroupState['type'], string> = { Private: '好友工作群', Public: '陌生人社交群', ChatRoom: '临时会议群', AVChatRoom: '直播群' };

/** Tencent's group tip operation types. */
const TIP = { join: 1, quit: 2, kicked: 3, setAdmin: 4, cancelAdmin: 5, profile: 6, memberProfile: 7 } as const;
/** Tencent's group system notice operation types. */
const NOTICE = { apply: 1, accepted: 2, rejected: 3, kicked: 4, dismissed: 5 } as const;

export async function groupWires(hub: ChatHub, me: string, ids: string[]): Promise<WireGroup[]> {
  if (!ids.length) return [];
  const list = await rows<{
    id: string; type: string; name: string; avatar: string; introduction: string; notification: string; join_option: string; owner_id: string | null;
    max_members: number; mute_all: boolean; info_seq: number; created: number; updated: number; member_num: number; last_seq: number;
    role: string | null; name_card: string | null; remind_type: string | null; joined: number | null;
  }>(
    hub.s.db,
    sql`select g.id, g.type, g.name, g.avatar, g.introduction, g.notification, g.join_option, g.owner_id::text as owner_id, g.max_members,
               g.mute_all, g.info_seq, floor(extract(epoch from g.created_at))::bigint as created, floor(extract(epoch from g.updated_at))::bigint as updated,
               (select count(*)::int from chat_group_members x where x.group_id = g.id) as member_num,
               coalesce((select c.last_seq from chat_convs c where c.conv = 'g:' || g.id), 0)::int as last_seq,
               m.role, m.name_card, m.remind_type, floor(extract(epoch from m.joined_at))::bigint as joined
        from chat_groups g left join chat_group_members m on m.group_id = g.id and m.user_id = ${me}
        where g.id in (${inList(ids)}) and g.dismissed_at is null`,
  );
  return list.map((g) => ({
    groupID: g.id,
    name: g.name,
    avatar: g.avatar,
    type: g.type,
    introduction: g.introduction,
    notification: g.notification,
    ownerID: g.owner_id ?? '',
    createTime: Number(g.created),
    infoSequence: g.info_seq,
    lastInfoTime: Number(g.updated),
    joinOption: g.join_option,
    memberNum: g.member_num,
    memberCount: g.member_num,
    maxMemberNum: g.max_members,
    maxMemberCount: g.max_members,
    muteAllMembers: g.mute_all,
    nextMessageSeq: g.last_seq + 1,
    selfInfo: { role: g.role ?? '', nameCard: g.name_card ?? '', messageRemindType: g.remind_type ?? '', joinTime: Number(g.joined ?? 0) },
  }));
}

async function groupWire(hub: ChatHub, me: string, id: string): Promise<WireGroup> {
  const [g] = await groupWires(hub, me, [id]);
  if (!g) throw refuse('groupGone', '群组不存在或已解散');
  return g;
}

async function memberWires(hub: ChatHub, g: GroupState, ids: string[]): Promise<WireMember[]> {
  const present = ids.filter((id) => g.members.has(id));
  const profiles = new Map((await loadProfiles(hub.s.db, hub.s.config, present)).map((p) => [p.userID, p]));
  return present.map((id) => {
    const m = g.members.get(id)!;
    const p = profiles.get(id);
    return { userID: id, nick: p?.nick ?? '', avatar: p?.avatar ?? '', nameCard: m.nameCard, role: m.role, joinTime: m.joinedAt, muteUntil: m.muteUntil };
  });
}

async function existing(hub: ChatHub, id: string): Promise<GroupState> {
  const g = await hub.group(id);
  if (!g) throw refuse('groupNotFound', '群组不存在或已解散');
  return g;
}

function roleIn(g: GroupState, userId: string) {
  const m = g.members.get(userId);
  if (!m) throw refuse('permission', '您不是该群成员');
  return m.role;
}

const isManager = (role: string) => role === 'Owner' || role === 'Admin';
const groupProfileBrief = (g: GroupState) => ({ groupID: g.id, name: g.name, avatar: g.avatar, type: g.type });

/** Adds members and the view each gets of the group conversation (history visible only where Tencent shows it). */
async function insertMembers(hub: ChatHub, g: GroupState, userIds: string[], role: 'Owner' | 'Member' = 'Member') {
  if (!userIds.length) return;
  const db = hub.s.db;
  const conv = groupKey(g.id);
  const last = (await one<{ n: number }>(db, sql`select last_seq::int as n from chat_convs where conv = ${conv}`))?.n ?? 0;
  const cleared = g.type === 'Public' ? last : 0;
  await db.execute(sql`insert into chat_group_members (group_id, user_id, role)
    values ${sql.join(userIds.map((u) => sql`(${g.id}, ${u}, ${role})`), sql`, `)}
    on conflict do nothing`);
  // Hidden until the next message, so that joining does not replay old history as new.
  await db.execute(sql`insert into chat_user_convs (user_id, conv, read_seq, cleared_seq, hidden_seq)
    values ${sql.join(userIds.map((u) => sql`(${u}, ${conv}, ${last}, ${cleared}, ${last})`), sql`, `)}
    on conflict (user_id, conv) do update set read_seq = excluded.read_seq, hidden_seq = excluded.hidden_seq,
      cleared_seq = greatest(chat_user_convs.cleared_seq, excluded.cleared_seq)`);
}

async function touch(hub: ChatHub, g: GroupState) {
  await hub.s.db.execute(sql`update chat_groups set info_seq = info_seq + 1, updated_at = now() where id = ${g.id}`);
}

/** After a change: every node forgets the group, and these users' SDKs refresh their group lists. */
async function changed(hub: ChatHub, g: GroupState, users: Iterable<string>) {
  await hub.invalidate({ g: [g.id] });
  await hub.toUsers([...users], { ev: 'groups' });
}

function newGroupId() {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `@TGS#${Array.from(crypto.randomBytes(10), (b) => abc[b % abc.length]).join('')}`;
}

export function groupHandlers(hub: ChatHub) {
  const db = hub.s.db;

  hub.on('groups', async (conn: Conn) => {
    const ids = await rows<{ id: string }>(
      db,
      sql`select m.group_id as id from chat_group_members m join chat_groups g on g.id = m.group_id
          where m.user_id = ${conn.userId} and g.dismissed_at is null order by m.joined_at desc`,
    );
    return { groupList: await groupWires(hub, conn.userId, ids.map((r) => r.id)) };
  });

  hub.on('group', async (conn, p: ChatOpParams<'group'>) => {
    const g = await existing(hub, p.groupID);
    if (!g.members.has(conn.userId) && g.type === 'Private') throw refuse('permission', '您不是该群成员');
    return { group: await groupWire(hub, conn.userId, g.id) };
  });

  hub.on('searchGroup', async (conn, p: ChatOpParams<'searchGroup'>) => {
    const g = await hub.group(p.groupID);
    // Tencent: work groups (Private) cannot be found by search.
    if (!g || g.type === 'Private') throw refuse('groupNotFound', '没有找到该群');
    return { group: await groupWire(hub, conn.userId, g.id) };
  });

  hub.on('createGroup', async (conn, p: ChatOpParams<'createGroup'>) => {
    const me = conn.userId;
    const type = p.type ?? 'Private';
    if (p.groupID && /^@T(GS|IM)#/.test(p.groupID)) throw refuse('badRequest', '自定义群ID不能以 @TGS# 或 @TIM# 开头');
    const joinOption = type === 'Private' ? 'DisableApply' : type === 'Public' ? (p.joinOption ?? 'NeedPermission') : 'FreeAccess';
    if (p.joinOption && p.joinOption !== joinOption) throw refuse('badRequest', `${TYPE_NAMES[type]}的加群方式固定为 ${joinOption}`);
    const memberIds = [...new Set((p.memberList ?? []).map((m) => m.userID).filter((u) => u !== me))];
    if (type === 'AVChatRoom' && memberIds.length) throw refuse('badRequest', '直播群创建时不能添加成员');
    const max = Math.min(p.maxMemberNum ?? DEFAULT_MAX[type], DEFAULT_MAX[type]);
    if (memberIds.length + 1 > max) throw refuse('groupFull', `群成员数超过上限 ${max}`);
    const found = await existingUsers(db, memberIds);
    const missing = memberIds.filter((u) => !found.has(u));
    if (missing.length) throw refuse('userNotFound', `用户不存在：${missing.join('、')}`);
    const id = p.groupID ?? newGroupId();
    const created = await one<{ id: string }>(
      db,
      sql`insert into chat_groups (id, type, name, avatar, introduction, notification, join_option, owner_id, max_members)
          values (${id}, ${type}, ${p.name.trim()}, ${p.avatar ?? ''}, ${p.introduction?.trim() ?? ''}, ${p.notification?.trim() ?? ''},
                  ${joinOption}, ${me}, ${max})
          on conflict (id) do nothing returning id`,
    );
    if (!created) throw refuse('groupIdTaken', '该群ID已被使用，请换一个');
    await hub.invalidate({ g: [id] });
    const g = (await hub.group(id))!;
    await insertMembers(hub, g, [me], 'Owner');
    await insertMembers(hub, g, memberIds);
    await changed(hub, g, [me, ...memberIds]);
    const fresh = (await hub.group(id))!;
    await hub.groupTip(fresh, { operationType: TIP.join, operatorID: me, userIDList: [me, ...memberIds] });
    return { group: await groupWire(hub, me, id) };
  });

  hub.on('joinGroup', async (conn, p: ChatOpParams<'joinGroup'>) => {
    const me = conn.userId;
    const g = await hub.group(p.groupID);
    if (!g) throw refuse('groupNotFound', '没有找到该群');
    if (g.members.has(me)) return { status: 'AlreadyInGroup', group: await groupWire(hub, me, g.id) };
    if (g.type === 'Private') throw refuse('permission', '好友工作群不支持申请加入，请让群成员邀请您');
    if (g.type === 'Public' && g.joinOption === 'DisableApply') throw refuse('permission', '该群不允许申请加入');
    if (g.members.size >= g.maxMembers) throw refuse('groupFull', '群已满员');
    if (g.type === 'Public' && g.joinOption === 'NeedPermission') {
      const app = await one<{ id: string }>(
        db,
        sql`insert into chat_group_applications (group_id, applicant_id, message) values (${g.id}, ${me}, ${p.applyMessage ?? ''}) returning id::text as id`,
      );
      const managers = [...g.members].filter(([, m]) => isManager(m.role)).map(([u]) => u);
      for (const u of managers) {
        await hub.systemNotice(
          u,
          { operationType: NOTICE.apply, operatorID: me, groupProfile: groupProfileBrief(g), handleMessage: p.applyMessage ?? '', applicationID: app!.id },
          `app:${app!.id}`,
        );
      }
      return { status: 'WaitAdminApproval' };
    }
    await insertMembers(hub, g, [me]);
    await changed(hub, g, [me]);
    await hub.groupTip((await hub.group(g.id))!, { operationType: TIP.join, operatorID: me, userIDList: [me] });
    return { status: 'JoinedSuccess', group: await groupWire(hub, me, g.id) };
  });

  hub.on('quitGroup', async (conn, p: ChatOpParams<'quitGroup'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    const role = roleIn(g, me);
    if (role === 'Owner' && g.type !== 'Private') throw refuse('ownerCannotQuit', '群主不能退群，请先转让群主或解散群组');
    await db.execute(sql`delete from chat_group_members where group_id = ${g.id} and user_id = ${me}`);
    await db.execute(sql`delete from chat_user_convs where user_id = ${me} and conv = ${groupKey(g.id)}`);
    // Tencent: the owner of a work group may quit; the group then has no owner.
    if (role === 'Owner') await db.execute(sql`update chat_groups set owner_id = null where id = ${g.id}`);
    if (g.members.size === 1) await db.execute(sql`update chat_groups set dismissed_at = now() where id = ${g.id}`);
    await changed(hub, g, [me]);
    const fresh = await hub.group(g.id);
    if (fresh) await hub.groupTip(fresh, { operationType: TIP.quit, operatorID: me, userIDList: [me] });
    return { groupID: g.id };
  });

  hub.on('dismissGroup', async (conn, p: ChatOpParams<'dismissGroup'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    if (roleIn(g, me) !== 'Owner') throw refuse('permission', '只有群主才能解散群组');
    if (g.type === 'Private') throw refuse('permission', '好友工作群不能解散');
    const members = [...g.members.keys()];
    await db.execute(sql`update chat_groups set dismissed_at = now() where id = ${g.id}`);
    await db.execute(sql`delete from chat_user_convs where conv = ${groupKey(g.id)}`);
    await db.execute(sql`delete from chat_group_members where group_id = ${g.id}`);
    await changed(hub, g, members);
    for (const u of members) await hub.systemNotice(u, { operationType: NOTICE.dismissed, operatorID: me, groupProfile: groupProfileBrief(g) });
    await hub.toUsers(members, { ev: 'convDeleted', conversationIDList: [`GROUP${g.id}`] });
    return { groupID: g.id };
  });

  hub.on('updateGroup', async (conn, p: ChatOpParams<'updateGroup'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    const role = roleIn(g, me);
    const allowed = g.type === 'Private' ? true : g.type === 'AVChatRoom' ? role === 'Owner' : isManager(role);
    if (!allowed) throw refuse('permission', '只有群主和管理员才能修改群资料');
    if (p.joinOption !== undefined && p.joinOption !== g.joinOption && g.type !== 'Public') {
      throw refuse('badRequest', `${TYPE_NAMES[g.type]}的加群方式不能修改`);
    }
    if (p.muteAllMembers !== undefined && !isManager(role)) throw refuse('permission', '只有群主和管理员才能设置全员禁言');
    const next = {
      name: p.name?.trim() || g.name,
      avatar: p.avatar ?? g.avatar,
      introduction: p.introduction?.trim() ?? g.introduction,
      notification: p.notification?.trim() ?? g.notification,
      joinOption: p.joinOption ?? g.joinOption,
      muteAllMembers: p.muteAllMembers ?? g.muteAll,
    };
    await db.execute(sql`update chat_groups set name = ${next.name}, avatar = ${next.avatar}, introduction = ${next.introduction},
      notification = ${next.notification}, join_option = ${next.joinOption}, mute_all = ${next.muteAllMembers},
      info_seq = info_seq + 1, updated_at = now() where id = ${g.id}`);
    const newGroupProfile: Record<string, unknown> = {};
    for (const k of Object.keys(next) as (keyof typeof next)[]) if (p[k] !== undefined) newGroupProfile[k] = next[k];
    // Members learn the new profile from the tip (a refetch by every member of a big group would be a stampede).
    await hub.invalidate({ g: [g.id] });
    await hub.groupTip((await hub.group(g.id))!, { operationType: TIP.profile, operatorID: me, newGroupProfile });
    return { group: await groupWire(hub, me, g.id) };
  });

  hub.on('members', async (conn, p: ChatOpParams<'members'>) => {
    const g = await existing(hub, p.groupID);
    roleIn(g, conn.userId);
    const count = p.count ?? 30;
    const offset = p.offset ?? 0;
    const order = { Owner: 0, Admin: 1, Member: 2 } as const;
    const ids = [...g.members]
      .sort((a, b) => order[a[1].role] - order[b[1].role] || a[1].joinedAt - b[1].joinedAt || a[0].localeCompare(b[0]))
      .map(([u]) => u);
    const page = ids.slice(offset, offset + count);
    const next = offset + page.length;
    return { memberList: await memberWires(hub, g, page), offset: next < ids.length ? next : 0 };
  });

  hub.on('memberProfile', async (conn, p: ChatOpParams<'memberProfile'>) => {
    const g = await existing(hub, p.groupID);
    roleIn(g, conn.userId);
    return { memberList: await memberWires(hub, g, p.userIDList) };
  });

  hub.on('addMembers', async (conn, p: ChatOpParams<'addMembers'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    roleIn(g, me);
    if (g.type === 'AVChatRoom') throw refuse('permission', '直播群不支持邀请成员');
    const wanted = [...new Set(p.userIDList)];
    const existedUserIDList = wanted.filter((u) => g.members.has(u));
    const candidates = wanted.filter((u) => !g.members.has(u));
    const found = await existingUsers(db, candidates);
    const room = Math.max(0, g.maxMembers - g.members.size);
    const successUserIDList = candidates.filter((u) => found.has(u)).slice(0, room);
    const failureUserIDList = candidates.filter((u) => !successUserIDList.includes(u));
    if (successUserIDList.length) {
      await insertMembers(hub, g, successUserIDList);
      await changed(hub, g, successUserIDList);
      await hub.groupTip((await hub.group(g.id))!, { operationType: TIP.join, operatorID: me, userIDList: successUserIDList });
    }
    return { successUserIDList, failureUserIDList, existedUserIDList, group: await groupWire(hub, me, g.id) };
  });

  hub.on('deleteMembers', async (conn, p: ChatOpParams<'deleteMembers'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    const role = roleIn(g, me);
    const targets = [...new Set(p.userIDList)].filter((u) => g.members.has(u));
    for (const u of targets) {
      const theirs = g.members.get(u)!.role;
      if (u === me) throw refuse('permission', '不能将自己移出群组，请使用退群');
      if (role === 'Owner') continue;
      if (role === 'Admin' && (g.type === 'Public' || g.type === 'ChatRoom') && theirs === 'Member') continue;
      throw refuse('permission', role === 'Admin' ? '管理员只能移除普通成员' : '只有群主和管理员才能移除成员');
    }
    if (!targets.length) return { group: await groupWire(hub, me, g.id), userIDList: [] };
    await db.execute(sql`delete from chat_group_members where group_id = ${g.id}
      and user_id in (${sql.join(targets.map((u) => sql`${u}`), sql`, `)})`);
    await changed(hub, g, targets);
    const fresh = (await hub.group(g.id))!;
    await hub.groupTip(fresh, { operationType: TIP.kicked, operatorID: me, userIDList: targets });
    for (const u of targets) await hub.systemNotice(u, { operationType: NOTICE.kicked, operatorID: me, groupProfile: groupProfileBrief(g), handleMessage: p.reason ?? '' });
    return { group: await groupWire(hub, me, g.id), userIDList: targets };
  });

  hub.on('setRole', async (conn, p: ChatOpParams<'setRole'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    if (roleIn(g, me) !== 'Owner') throw refuse('permission', '只有群主才能设置管理员');
    if (g.type !== 'Public' && g.type !== 'ChatRoom') throw refuse('permission', '只有陌生人社交群和临时会议群可以设置管理员');
    const target = g.members.get(p.userID);
    if (!target) throw refuse('permission', '该用户不是群成员');
    if (target.role === 'Owner') throw refuse('permission', '不能修改群主的角色');
    if (target.role !== p.role) {
      await db.execute(sql`update chat_group_members set role = ${p.role} where group_id = ${g.id} and user_id = ${p.userID}`);
      await changed(hub, g, [p.userID]);
      await hub.groupTip((await hub.group(g.id))!, { operationType: p.role === 'Admin' ? TIP.setAdmin : TIP.cancelAdmin, operatorID: me, userIDList: [p.userID] });
    }
    const fresh = (await hub.group(g.id))!;
    return { group: await groupWire(hub, me, g.id), member: (await memberWires(hub, fresh, [p.userID]))[0] };
  });

  hub.on('mute', async (conn, p: ChatOpParams<'mute'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    const role = roleIn(g, me);
    if (g.type === 'Private') throw refuse('permission', '好友工作群不支持禁言');
    const target = g.members.get(p.userID);
    if (!target) throw refuse('permission', '该用户不是群成员');
    const may = role === 'Owner' ? target.role !== 'Owner' : role === 'Admin' && target.role === 'Member';
    if (!may) throw refuse('permission', role === 'Member' ? '只有群主和管理员才能禁言' : '没有权限禁言该成员');
    const until = p.muteTime === 0 ? 0 : nowSeconds() + p.muteTime;
    await db.execute(sql`update chat_group_members set mute_until = ${until} where group_id = ${g.id} and user_id = ${p.userID}`);
    await hub.invalidate({ g: [g.id] });
    const fresh = (await hub.group(g.id))!;
    await hub.groupTip(fresh, { operationType: TIP.memberProfile, operatorID: me, memberList: [{ userID: p.userID, muteTime: p.muteTime }] });
    return { group: await groupWire(hub, me, g.id), member: (await memberWires(hub, fresh, [p.userID]))[0] };
  });

  hub.on('nameCard', async (conn, p: ChatOpParams<'nameCard'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    const role = roleIn(g, me);
    const who = p.userID ?? me;
    const target = g.members.get(who);
    if (!target) throw refuse('permission', '该用户不是群成员');
    if (who !== me) {
      const may = role === 'Owner' || (role === 'Admin' && target.role === 'Member');
      if (!may) throw refuse('permission', role === 'Member' ? '普通成员只能修改自己的群名片' : '没有权限修改该成员的群名片');
    }
    await db.execute(sql`update chat_group_members set name_card = ${p.nameCard.trim()} where group_id = ${g.id} and user_id = ${who}`);
    await hub.invalidate({ g: [g.id] });
    const fresh = (await hub.group(g.id))!;
    return { group: await groupWire(hub, me, g.id), member: (await memberWires(hub, fresh, [who]))[0] };
  });

  hub.on('changeOwner', async (conn, p: ChatOpParams<'changeOwner'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    if (roleIn(g, me) !== 'Owner') throw refuse('permission', '只有群主才能转让群组');
    if (g.type === 'AVChatRoom') throw refuse('permission', '直播群不能转让');
    if (p.newOwnerID === me) throw refuse('badRequest', '不能转让给自己');
    if (!g.members.has(p.newOwnerID)) throw refuse('permission', '新群主必须是群成员');
    await db.execute(sql`update chat_group_members set role = 'Member' where group_id = ${g.id} and user_id = ${me}`);
    await db.execute(sql`update chat_group_members set role = 'Owner' where group_id = ${g.id} and user_id = ${p.newOwnerID}`);
    await db.execute(sql`update chat_groups set owner_id = ${p.newOwnerID} where id = ${g.id}`);
    await touch(hub, g);
    // Only the two whose role changed refetch; the others read the new owner from the tip.
    await changed(hub, g, [me, p.newOwnerID]);
    await hub.groupTip((await hub.group(g.id))!, { operationType: TIP.profile, operatorID: me, newGroupProfile: { ownerID: p.newOwnerID } });
    return { group: await groupWire(hub, me, g.id) };
  });

  hub.on('remindType', async (conn, p: ChatOpParams<'remindType'>) => {
    const me = conn.userId;
    const g = await existing(hub, p.groupID);
    roleIn(g, me);
    await db.execute(sql`update chat_group_members set remind_type = ${p.messageRemindType} where group_id = ${g.id} and user_id = ${me}`);
    await changed(hub, g, [me]);
    return { group: await groupWire(hub, me, g.id) };
  });

  hub.on('handleApplication', async (conn, p: ChatOpParams<'handleApplication'>) => {
    const me = conn.userId;
    const notice = await one<{ ref: string | null }>(db, sql`select ref from chat_messages where id = ${p.messageID} and conv = ${systemKey(me)}`);
    if (!notice?.ref?.startsWith('app:')) throw refuse('badRequest', '该通知不是加群申请');
    const appId = notice.ref.slice(4);
    const app = await one<{ group_id: string; applicant_id: string; handled: boolean }>(
      db,
      sql`select group_id, applicant_id::text as applicant_id, handled_at is not null as handled from chat_group_applications where id = ${appId}`,
    );
    if (!app) throw refuse('badRequest', '该加群申请不存在');
    const g = await existing(hub, app.group_id);
    if (!isManager(g.members.get(me)?.role ?? '')) throw refuse('permission', '只有群主和管理员才能处理加群申请');
    if (app.handled) throw refuse('handled', '该申请已被处理');
    const agree = p.handleAction === 'Agree';
    if (agree && !g.members.has(app.applicant_id) && g.members.size >= g.maxMembers) throw refuse('groupFull', '群已满员');
    const taken = await one(db, sql`update chat_group_applications set handled_at = now(), handled_by = ${me}, result = ${p.handleAction}, note = ${p.handleMessage ?? ''}
      where id = ${appId} and handled_at is null returning id`);
    if (!taken) throw refuse('handled', '该申请已被处理');
    // The notice goes away for every manager who got it.
    const holders = await rows<{ conv: string }>(db, sql`delete from chat_messages where ref = ${notice.ref} returning conv`);
    for (const h of holders) {
      await db.execute(sql`update chat_convs c set last_msg = coalesce((
          select jsonb_build_object('ID', m.id, 'lastTime', floor(extract(epoch from m.created_at))::bigint, 'lastSequence', m.seq, 'fromAccount', '@TIM#SYSTEM',
                 'type', m.type, 'payload', m.payload, 'messageForShow', '[群系统通知]', 'isRevoked', false, 'nick', '', 'nameCard', '', 'cloudCustomData', '')
          from chat_messages m where m.conv = c.conv order by m.seq desc limit 1), c.last_msg)
        where c.conv = ${h.conv}`);
    }
    await hub.toUsers(holders.map((h) => h.conv.slice(2)), { ev: 'conv', conversationID: '@TIM#SYSTEM' });
    if (agree && !g.members.has(app.applicant_id)) {
      await insertMembers(hub, g, [app.applicant_id]);
      await changed(hub, g, [app.applicant_id]);
      await hub.groupTip((await hub.group(g.id))!, { operationType: TIP.join, operatorID: me, userIDList: [app.applicant_id] });
    }
    await hub.systemNotice(app.applicant_id, {
      operationType: agree ? NOTICE.accepted : NOTICE.rejected, operatorID: me, groupProfile: groupProfileBrief(g), handleMessage: p.handleMessage ?? '',
    });
    return { group: await groupWire(hub, me, g.id) };
  });
}
