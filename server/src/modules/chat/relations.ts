import type { ChatOpParams, WireFriend } from '@zp/core/contract';
import { USER_NOT_FOUND_TEXT } from '@zp/core/rules/chat';
import { rows, sql } from '../../db/index.js';
import type { ChatHub } from './hub.js';
import { refuse } from './common.js';
import { existingUsers, loadProfiles, updateProfile, visibleProfiles } from './profiles.js';

/** Profiles, friends and the blacklist. Friend requests are accepted at once (Tencent's AllowType_Type_AllowAny). */
export function relationHandlers(hub: ChatHub) {
  const db = hub.s.db;
  const { config } = hub.s;

  const friendIds = async (me: string) =>
    (await rows<{ id: string }>(db, sql`select friend_id::text as id from chat_friends where user_id = ${me}`)).map((r) => r.id);

  hub.on('myProfile', async (conn) => {
    const [p] = await loadProfiles(db, config, [conn.userId]);
    return { profile: p };
  });

  // Strangers' names come back masked: ids are sequential, so a full answer would list everyone.
  hub.on('profiles', async (conn, p: ChatOpParams<'profiles'>) => ({ profileList: await visibleProfiles(db, config, conn.userId, p.userIDList) }));

  hub.on('updateProfile', async (conn, p: ChatOpParams<'updateProfile'>) => {
    const me = conn.userId;
    await updateProfile(db, me, {
      nick: p.nick?.trim(),
      avatar: p.avatar?.trim(),
      gender: p.gender,
      selfSignature: p.selfSignature?.trim(),
    });
    await hub.invalidate({ u: [me] });
    const [profile] = await loadProfiles(db, config, [me]);
    await hub.toUsers([me, ...(await friendIds(me))], { ev: 'profile', userIDList: [me] });
    return { profile };
  });

  hub.on('friends', async (conn) => {
    const list = await rows<{ id: string; remark: string; source: string; wording: string }>(
      db,
      sql`select friend_id::text as id, remark, source, wording from chat_friends where user_id = ${conn.userId} order by created_at, friend_id`,
    );
    const profiles = new Map((await loadProfiles(db, config, list.map((f) => f.id))).map((p) => [p.userID, p]));
    const friendList: WireFriend[] = list
      .filter((f) => profiles.has(f.id))
      .map((f) => ({ userID: f.id, remark: f.remark, source: f.source, wording: f.wording, profile: profiles.get(f.id)! }));
    return { friendList };
  });

  hub.on('addFriend', async (conn, p: ChatOpParams<'addFriend'>) => {
    const me = conn.userId;
    if (p.to === me) throw refuse('badRequest', '不能添加自己为好友');
    // A friend may write: so only someone one may write to can be added (no way round the rules).
    if (!(await existingUsers(db, [p.to])).has(p.to) || !(await hub.starts.mayStart(me, p.to))) throw refuse('userNotFound', USER_NOT_FOUND_TEXT);
    if ((await hub.blockedBy(p.to)).has(me)) throw refuse('friendBlocked', '对方已将您拉黑，无法添加好友');
    if ((await hub.blockedBy(me)).has(p.to)) throw refuse('friendInMyBlacklist', '对方在您的黑名单中，请先移出黑名单');
    const both = p.type !== 'Add_Type_Single';
    await db.execute(sql`insert into chat_friends (user_id, friend_id, source, wording, remark)
      values (${me}, ${p.to}, ${p.source ?? ''}, ${p.wording ?? ''}, ${p.remark ?? ''}) on conflict do nothing`);
    if (both) {
      await db.execute(sql`insert into chat_friends (user_id, friend_id, source, wording)
        values (${p.to}, ${me}, ${p.source ?? ''}, ${p.wording ?? ''}) on conflict do nothing`);
    }
    await hub.toUsers(both ? [me, p.to] : [me], { ev: 'friends' });
    return { userID: p.to, code: 0, message: '' };
  });

  hub.on('deleteFriend', async (conn, p: ChatOpParams<'deleteFriend'>) => {
    const me = conn.userId;
    const ids = [...new Set(p.userIDList)];
    const list = sql.join(ids.map((u) => sql`${u}`), sql`, `);
    await db.execute(sql`delete from chat_friends where user_id = ${me} and friend_id in (${list})`);
    if (p.type !== 'Delete_Type_Single') await db.execute(sql`delete from chat_friends where friend_id = ${me} and user_id in (${list})`);
    await hub.toUsers(p.type !== 'Delete_Type_Single' ? [me, ...ids] : [me], { ev: 'friends' });
    return { successUserIDList: ids.map((userID) => ({ userID, code: 0 })), failureUserIDList: [] };
  });

  hub.on('blacklist', async (conn) => ({ userIDList: [...(await hub.blockedBy(conn.userId))] }));

  hub.on('block', async (conn, p: ChatOpParams<'block'>) => {
    const me = conn.userId;
    const found = await existingUsers(db, p.userIDList.filter((u) => u !== me));
    const ids = [...found];
    if (ids.length) {
      const list = sql.join(ids.map((u) => sql`${u}`), sql`, `);
      await db.execute(sql`insert into chat_blacklist (user_id, blocked_id) values ${sql.join(ids.map((u) => sql`(${me}, ${u})`), sql`, `)} on conflict do nothing`);
      // Tencent: blacklisting someone ends the friendship both ways.
      const ended = await rows(db, sql`delete from chat_friends where (user_id = ${me} and friend_id in (${list})) or (friend_id = ${me} and user_id in (${list})) returning user_id`);
      await hub.invalidate({ u: [me] });
      if (ended.length) await hub.toUsers([me, ...ids], { ev: 'friends' });
    }
    await hub.toUsers([me], { ev: 'blacklist' });
    return { userIDList: [...(await hub.blockedBy(me))] };
  });

  hub.on('unblock', async (conn, p: ChatOpParams<'unblock'>) => {
    const me = conn.userId;
    await db.execute(sql`delete from chat_blacklist where user_id = ${me} and blocked_id in (${sql.join(p.userIDList.map((u) => sql`${u}`), sql`, `)})`);
    await hub.invalidate({ u: [me] });
    await hub.toUsers([me], { ev: 'blacklist' });
    return { userIDList: [...(await hub.blockedBy(me))] };
  });
}
