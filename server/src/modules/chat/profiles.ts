import { isId, type WireProfile } from '@zp/core/contract';
import { inList, rows, sql, type Db } from '../../db/index.js';
import type { Config } from '../../config.js';
import { fileUrl } from '../files/public.js';
import { c2cKey } from './common.js';

const genderOfCode: Record<string, string> = { xb_001: 'Gender_Type_Male', xb_002: 'Gender_Type_Female' };

/**
 * Chat profiles of accounts: what the user set through the SDK, else the account's name, the
 * seeker's resume name, gender and photo, or the HR's name. Unknown ids are left out.
 */
export async function loadProfiles(db: Db, config: Config, ids: string[]): Promise<WireProfile[]> {
  const valid = [...new Set(ids.filter(isId))];
  if (!valid.length) return [];
  const found = await rows<{ id: string; nick: string; avatar: string; avatar_key: string | null; gender: string; seeker_gender: string | null; sig: string }>(
    db,
    sql`select u.id::text as id,
               coalesce(nullif(cp.nick, ''), nullif(u.name, ''), nullif(sp.name, ''), nullif(hp.name, ''), '') as nick,
               coalesce(cp.avatar, '') as avatar,
               f.storage_key as avatar_key,
               coalesce(cp.gender, '') as gender,
               sp.gender as seeker_gender,
               coalesce(cp.self_signature, '') as sig
        from users u
        left join chat_profiles cp on cp.user_id = u.id
        left join seeker_profiles sp on sp.user_id = u.id
        left join hr_profiles hp on hp.user_id = u.id
        left join files f on f.id = sp.avatar_file_id and f.deleted_at is null
        where u.id in (${inList(valid)})`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  return valid
    .filter((id) => byId.has(id))
    .map((id) => {
      const r = byId.get(id)!;
      return {
        userID: id,
        nick: r.nick,
        avatar: r.avatar || (r.avatar_key ? fileUrl(config, r.avatar_key) : ''),
        gender: r.gender || genderOfCode[r.seeker_gender ?? ''] || 'Gender_Type_Unknown',
        selfSignature: r.sig,
      };
    });
}

/**
 * The ids among `ids` whose full profile `viewer` may see: themself, and people they have to do
 * with — one who has written to the viewer (writing to someone is not enough: one message to each
 * id would list everybody's name), a group both are in, a friendship either way,
 * an application to a group the other runs, a job application to (or an interview invitation
 * from) the HR's enterprise — and the HR of approved enterprises, whose names the public job
 * pages and fair booths show anyway.
 */
export async function related(db: Db, viewer: string, ids: string[]): Promise<Set<string>> {
  const pairs = sql.join(ids.map((id) => sql`(${id}::bigint, ${c2cKey(viewer, id)})`), sql`, `);
  const r = await rows<{ id: string }>(
    db,
    sql`select u.id::text as id from (values ${pairs}) as t (uid, conv) join users u on u.id = t.uid
        where (u.id = ${viewer}
            or exists (select 1 from hr_profiles h join companies c on c.id = h.company_id
                       where h.user_id = u.id and h.join_state = 2 and c.status = 1)
            or exists (select 1 from chat_messages m where m.conv = t.conv and m.sender_id = u.id)
            or exists (select 1 from chat_group_members a join chat_group_members b on b.group_id = a.group_id
                       join chat_groups g on g.id = a.group_id and g.dismissed_at is null
                       where a.user_id = ${viewer} and b.user_id = u.id)
            or exists (select 1 from chat_friends f where (f.user_id = ${viewer} and f.friend_id = u.id) or (f.user_id = u.id and f.friend_id = ${viewer}))
            or exists (select 1 from chat_group_applications ga join chat_group_members m on m.group_id = ga.group_id and m.role in ('Owner', 'Admin')
                       where (ga.applicant_id = u.id and m.user_id = ${viewer}) or (ga.applicant_id = ${viewer} and m.user_id = u.id))
            or exists (select 1 from hr_profiles h where h.join_state = 2 and (
                         (h.user_id = ${viewer} and (exists (select 1 from applications a where a.company_id = h.company_id and a.seeker_id = u.id)
                                                or exists (select 1 from interviews i where i.company_id = h.company_id and i.seeker_id = u.id)))
                         or (h.user_id = u.id and (exists (select 1 from applications a where a.company_id = h.company_id and a.seeker_id = ${viewer})
                                                or exists (select 1 from interviews i where i.company_id = h.company_id and i.seeker_id = ${viewer}))))))`,
  );
  return new Set(r.map((x) => x.id));
}

/** A name shown to a stranger: its first character, the rest starred ('张三丰' → '张**'). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (!chars.length) return '';
  return chars[0] + '*'.repeat(Math.min(2, Math.max(1, chars.length - 1)));
}

/**
 * Profiles as `viewer` may see them: in full for the people they have to do with (see related),
 * otherwise a masked name and nothing else, so that listing ids one after another yields no names.
 * The one rule for every name the chat shows a person (the conversation list, a conversation,
 * profiles, friends, the blacklist); messages carry their sender's name, and a sender has written.
 */
export async function visibleProfiles(db: Db, config: Config, viewer: string, ids: string[]): Promise<WireProfile[]> {
  const list = await loadProfiles(db, config, ids);
  if (!list.length) return list;
  const full = await related(db, viewer, list.map((p) => p.userID));
  return list.map((p) =>
    full.has(p.userID) ? p : { userID: p.userID, nick: maskName(p.nick), avatar: '', gender: 'Gender_Type_Unknown', selfSignature: '' },
  );
}

export async function updateProfile(db: Db, userId: string, p: { nick?: string; avatar?: string; gender?: string; selfSignature?: string }) {
  await db.execute(sql`insert into chat_profiles (user_id, nick, avatar, gender, self_signature)
    values (${userId}, ${p.nick ?? ''}, ${p.avatar ?? ''}, ${p.gender ?? ''}, ${p.selfSignature ?? ''})
    on conflict (user_id) do update set
      nick = coalesce(${p.nick ?? null}, chat_profiles.nick),
      avatar = coalesce(${p.avatar ?? null}, chat_profiles.avatar),
      gender = coalesce(${p.gender ?? null}, chat_profiles.gender),
      self_signature = coalesce(${p.selfSignature ?? null}, chat_profiles.self_signature),
      updated_at = now()`);
}

export async function existingUsers(db: Db, ids: string[]): Promise<Set<string>> {
  const valid = [...new Set(ids.filter(isId))];
  if (!valid.length) return new Set();
  const r = await rows<{ id: string }>(db, sql`select id::text as id from users where id in (${inList(valid)})`);
  return new Set(r.map((x) => x.id));
}
