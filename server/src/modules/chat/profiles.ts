import type { WireProfile } from '@zp/core/contract';
import { rows, sql, type Db } from '../../db/index.js';
import type { Config } from '../../config.js';
import { fileUrl } from '../files/urls.js';

const genderOfCode: Record<string, string> = { xb_001: 'Gender_Type_Male', xb_002: 'Gender_Type_Female' };

/**
 * Chat profiles of accounts: what the user set through the SDK, else the account's name, the
 * seeker's resume name, gender and photo, or the HR's name. Unknown ids are left out.
 */
export async function loadProfiles(db: Db, config: Config, ids: string[]): Promise<WireProfile[]> {
  const valid = [...new Set(ids.filter((id) => /^[1-9]\d{0,18}$/.test(id)))];
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
        where u.id in (${sql.join(valid.map((id) => sql`${id}`), sql`, `)})`,
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
  const valid = [...new Set(ids.filter((id) => /^[1-9]\d{0,18}$/.test(id)))];
  if (!valid.length) return new Set();
  const r = await rows<{ id: string }>(db, sql`select id::text as id from users where id in (${sql.join(valid.map((id) => sql`${id}`), sql`, `)})`);
  return new Set(r.map((x) => x.id));
}
