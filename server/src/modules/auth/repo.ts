/** All of the auth module's SQL: accounts, the login log and attempts, sessions, SMS codes, policies and consents. */
import type { PolicyKind } from '@zp/core/contract';
import { chinaTime, one, rows, sql, type Db } from '../../db/index.js';
import { offsetOf } from '../../http/reply.js';
import type { Role } from '../../http/user.js';
import { fileColumns, type toRecord } from '../files/public.js';

// ---- accounts

export interface UserRow {
  id: string;
  role: Role;
  phone: string;
  password_hash: string;
  name: string;
}

export async function findUser(db: Db, role: Role, phone: string) {
  return one<UserRow>(db, sql`select id::text as id, role, phone, password_hash, name from users where role = ${role} and phone = ${phone}`);
}

/** The new account's id, or null when the role already has an account of that phone. */
export async function insertUser(db: Db, role: Role, phone: string, hash: string, name: string): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`insert into users (role, phone, password_hash, name) values (${role}, ${phone}, ${hash}, ${name})
        on conflict (role, phone) do nothing returning id::text as id`,
  );
  return r?.id ?? null;
}

export async function setDisplayName(db: Db, userId: string, name: string) {
  await db.execute(sql`update users set name = ${name} where id = ${userId}`);
}

/** The roles that have an account of `phone`. */
export async function rolesOfPhone(db: Db, phone: string): Promise<Role[]> {
  return (await rows<{ role: Role }>(db, sql`select role from users where phone = ${phone}`)).map((r) => r.role);
}

/** The accounts of `phone` in the other roles. */
export async function otherRoleUsers(db: Db, role: Role, phone: string) {
  return rows<UserRow>(db, sql`select id::text as id, role, phone, password_hash, name from users where phone = ${phone} and role <> ${role}`);
}

export async function passwordHashOf(db: Db, userId: string) {
  return one<{ password_hash: string }>(db, sql`select password_hash from users where id = ${userId}`);
}

export async function setPasswordHash(db: Db, userId: string, hash: string) {
  await db.execute(sql`update users set password_hash = ${hash} where id = ${userId}`);
}

export async function setPhone(db: Db, userId: string, phone: string) {
  await db.execute(sql`update users set phone = ${phone} where id = ${userId}`);
}

export async function setEmail(db: Db, userId: string, email: string) {
  await db.execute(sql`update users set email = ${email} where id = ${userId}`);
}

export async function nameAndEmail(db: Db, userId: string) {
  return one<{ name: string; email: string }>(db, sql`select name, email from users where id = ${userId}`);
}

// ---- the login log and login attempts

export async function insertLoginLog(db: Db, l: { userId: string; ip: string; ua: string; loginType: number; origin: string | null }) {
  await db.execute(
    sql`insert into login_log (user_id, ip, user_agent, login_type, origin) values (${l.userId}, ${l.ip}, ${l.ua}, ${l.loginType}, ${l.origin ?? ''})`,
  );
}

export interface LoginLogRow {
  bsid: string;
  dlsj: string;
  dlip: string;
  ua: string;
  logintype: number;
  origin: string;
}

/** The person's logins between two days (YYYY-MM-DD, both included), newest first. */
export async function loginLogOf(
  db: Db,
  userId: string,
  q: { from: string; to: string; page: number; limit: number },
): Promise<{ total: number; list: LoginLogRow[] }> {
  const { from, to } = q;
  // Dates are days in China (Asia/Shanghai), whatever the database's own time zone.
  const where = sql`user_id = ${userId}
        and login_time >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'
        and login_time < (${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
  const total = await one<{ n: number }>(db, sql`select count(*)::int as n from login_log where ${where}`);
  const list = await rows<LoginLogRow>(
    db,
    sql`select id::text as bsid, to_char(login_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as dlsj,
                   ip as dlip, user_agent as ua, login_type::int as logintype, origin
            from login_log where ${where} order by login_time desc, id desc
            limit ${q.limit} offset ${offsetOf(q.page, q.limit)}`,
  );
  return { total: total?.n ?? 0, list };
}

/** Deletes lines of the person's own login log; how many went. */
export async function deleteLoginLog(db: Db, userId: string, ids: string[]): Promise<number> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const r = await rows(db, sql`delete from login_log where user_id = ${userId} and id in (${list}) returning id`);
  return r.length;
}

export async function recordLoginAttempt(db: Db, a: { role: Role; phone: string; ip: string; ok: boolean; byCode: boolean }) {
  await db.execute(sql`insert into login_attempts (role, phone, ip, ok, by_code) values (${a.role}, ${a.phone}, ${a.ip}, ${a.ok}, ${a.byCode})`);
}

/**
 * Wrong passwords of the last day that concern this account or this address: for the pair, the
 * account and the address within the window, for the address over the day; and whether the
 * address logged in to the account within `knownAddressDays`.
 */
export async function passwordFailures(db: Db, a: { role: Role; phone: string; ip: string; windowMinutes: number; knownAddressDays: number }) {
  const { role, phone, ip } = a;
  return one<{ pair: number; account: number; by_ip: number; by_ip_day: number; known: boolean }>(
    db,
    sql`select count(*) filter (where role = ${role} and phone = ${phone} and ip = ${ip} and at > now() - make_interval(mins => ${a.windowMinutes}))::int as pair,
               count(*) filter (where role = ${role} and phone = ${phone} and at > now() - make_interval(mins => ${a.windowMinutes}))::int as account,
               count(distinct role || phone) filter (where ip = ${ip} and at > now() - make_interval(mins => ${a.windowMinutes}))::int as by_ip,
               count(distinct role || phone) filter (where ip = ${ip})::int as by_ip_day,
               exists (select 1 from login_attempts where ok and role = ${role} and phone = ${phone} and ip = ${ip}
                         and at > now() - make_interval(days => ${a.knownAddressDays})) as known
        from login_attempts
        where not ok and not by_code and at > now() - interval '1 day'
          and ((role = ${role} and phone = ${phone}) or ip = ${ip})`,
  );
}

// ---- sessions (the rules are in sessions.ts)

export async function sessionOwner(db: Db, tokenHash: string) {
  return one<{ id: string; role: Role; phone: string; session_id: string; origin: string | null }>(
    db,
    sql`select u.id::text as id, u.role, u.phone, s.id::text as session_id, s.origin
          from sessions s join users u on u.id = s.user_id
          where s.token_hash = ${tokenHash} and s.expires_at > now()`,
  );
}

/** Deletes every session of the chain `sessionId` belongs to; the ones deleted. */
export async function deleteSessionChain(db: Db, sessionId: string) {
  return rows<{ id: string; user_id: string }>(
    db,
    sql`delete from sessions where chain = (select chain from sessions where id = ${sessionId}) returning id::text as id, user_id::text as user_id`,
  );
}

export async function insertSession(db: Db, userId: string, tokenHash: string, seconds: number, origin: string | null) {
  await db.execute(sql`insert into sessions (user_id, token_hash, expires_at, kind, origin)
        values (${userId}, ${tokenHash}, now() + make_interval(secs => ${seconds}), ${origin ? 'partner' : 'full'}, ${origin})`);
}

/** The successor's remaining lifetime, and the owner's name, which the refresh answers with. */
const successorAnswer = (userId: string) =>
  sql`greatest(0, floor(extract(epoch from expires_at - now())))::int as seconds, (select u.name from users u where u.id = ${userId}) as name`;

/**
 * Marks the session rotated (lapsing after `graceSeconds`) and inserts its successor, in one
 * statement: the update takes the row lock, so of two refreshes racing only one inserts. The
 * successor keeps the kind and origin: a partner token renews only into a partner token. Nothing
 * when the session was rotated before or is past `maxDays` from its login.
 */
export async function rotateSession(
  db: Db,
  r: { userId: string; sessionId: string; nextHash: string; maxDays: number; graceSeconds: number; partnerSeconds: number; sessionDays: number },
) {
  const { maxDays } = r;
  return one<{ seconds: number; name: string | null }>(
    db,
    sql`with rotated as (
            update sessions set rotated_at = now(), expires_at = least(expires_at, now() + make_interval(secs => ${r.graceSeconds}))
            where id = ${r.sessionId} and rotated_at is null and started_at > now() - make_interval(days => ${maxDays})
            returning user_id, kind, origin, started_at, chain)
          insert into sessions (user_id, token_hash, expires_at, kind, origin, started_at, chain)
          select user_id, ${r.nextHash},
                 least(started_at + make_interval(days => ${maxDays}),
                       now() + case when kind = 'partner' then make_interval(secs => ${r.partnerSeconds}) else make_interval(days => ${r.sessionDays}) end),
                 kind, origin, started_at, chain
          from rotated
          returning ${successorAnswer(r.userId)}`,
  );
}

/** The live successor issued before, as rotateSession answers it. */
export async function liveSuccessor(db: Db, userId: string, nextHash: string) {
  return one<{ seconds: number; name: string | null }>(
    db,
    sql`select ${successorAnswer(userId)} from sessions where token_hash = ${nextHash} and expires_at > now()`,
  );
}

/** The person's live partner sessions (a rotated one lapsing in its grace minute is left out). */
export async function partnerSessionsOf(db: Db, userId: string) {
  return rows<{ id: string; origin: string; login_time: string; expire_time: string }>(
    db,
    sql`select id::text as id, origin,
                   ${chinaTime('started_at')} as login_time, ${chinaTime('expires_at')} as expire_time
            from sessions
            where user_id = ${userId} and kind = 'partner' and expires_at > now() and rotated_at is null
            order by started_at desc, id desc`,
  );
}

/**
 * Deletes one live partner session of `userId`, and in the same statement its predecessors from
 * the same site still in their grace minute after a refresh; `ended` marks the session itself.
 */
export async function deletePartnerSession(db: Db, userId: string, sessionId: string) {
  return rows<{ id: string; ended: boolean }>(
    db,
    sql`with target as (
            select id, origin from sessions
            where id = ${sessionId} and user_id = ${userId} and kind = 'partner' and expires_at > now() and rotated_at is null)
          delete from sessions s using target t
          where s.id = t.id or (s.user_id = ${userId} and s.kind = 'partner' and s.rotated_at is not null and s.origin = t.origin)
          returning s.id::text as id, s.id = t.id as ended`,
  );
}

export async function deleteSessionsOf(db: Db, userId: string) {
  await db.execute(sql`delete from sessions where user_id = ${userId}`);
}

export async function deleteExpiredSessions(db: Db) {
  await rows(db, sql`delete from sessions where expires_at < now() returning id`);
}

// ---- SMS codes (the rules are in sms.ts)

/** Other phones than `phone` that codes were sent to, or refused, for `ip` in the last hour. */
export async function otherPhonesAskedFrom(db: Db, phone: string, ip: string) {
  return one<{ others: number }>(
    db,
    sql`select count(distinct phone) filter (where phone <> ${phone})::int as others
            from (select phone from sms_codes where ip = ${ip} and created_at > now() - interval '1 hour'
                  union all
                  select phone from sms_refusals where ip = ${ip} and at > now() - interval '1 hour') asked`,
  );
}

export async function insertSmsRefusal(db: Db, phone: string, purpose: string, ip: string) {
  await db.execute(sql`insert into sms_refusals (phone, purpose, ip) values (${phone}, ${purpose}, ${ip})`);
}

/** Codes sent to `phone` in the last day: the last one's time and age (seconds), and how many. */
export async function codesSentToday(db: Db, phone: string) {
  return one<{ last: string | null; today: number; age: number | null }>(
    db,
    sql`select max(created_at)::text as last,
                   count(*) filter (where created_at > now() - interval '1 day')::int as today,
                   (extract(epoch from now() - max(created_at)))::float as age
            from sms_codes where phone = ${phone} and created_at > now() - interval '1 day'`,
  );
}

export async function insertSmsCode(db: Db, c: { phone: string; purpose: string; codeHash: string; validSeconds: number; ip: string }) {
  await db.execute(sql`insert into sms_codes (phone, purpose, code_hash, expires_at, ip)
        values (${c.phone}, ${c.purpose}, ${c.codeHash}, now() + make_interval(secs => ${c.validSeconds}), ${c.ip})`);
}

/** Wrong codes typed from `ip` in the last hour. */
export async function wrongCodesFrom(db: Db, ip: string) {
  return one<{ n: number }>(db, sql`select count(*)::int as n from sms_guesses where ip = ${ip} and at > now() - interval '1 hour'`);
}

/** The live codes of `phone` for `purpose`, each with the wrong tries against it from its requester's address and from all others. */
export async function liveCodes(db: Db, phone: string, purpose: string, ip: string) {
  return rows<{ code_hash: string; own: boolean; own_fails: number; other_fails: number }>(
    db,
    sql`select c.code_hash, c.ip = ${ip} as own,
                   count(g.id) filter (where g.ip = c.ip)::int as own_fails,
                   count(g.id) filter (where g.ip <> c.ip)::int as other_fails
            from sms_codes c
            left join sms_guesses g on g.phone = c.phone and g.purpose = c.purpose and g.at >= c.created_at
            where c.phone = ${phone} and c.purpose = ${purpose} and c.used_at is null and c.expires_at > now()
            group by c.id, c.code_hash, c.ip`,
  );
}

export async function insertSmsGuess(db: Db, phone: string, purpose: string, ip: string) {
  await db.execute(sql`insert into sms_guesses (phone, purpose, ip) values (${phone}, ${purpose}, ${ip})`);
}

export async function useUpCodes(db: Db, phone: string, purpose: string) {
  await db.execute(sql`update sms_codes set used_at = now() where phone = ${phone} and purpose = ${purpose} and used_at is null`);
}

// ---- policies, consents and the person's data (PIPL)

export interface PolicyRow {
  kind: string;
  version: number;
  title: string;
  content: string;
  publishedAt: string;
}
const policyColumns = sql`kind, version, title, content, ${chinaTime('published_at')} as "publishedAt"`;

export async function latestPolicy(db: Db, kind: PolicyKind) {
  return one<PolicyRow>(db, sql`select ${policyColumns} from policies where kind = ${kind} order by version desc limit 1`);
}

/** The current versions the user has yet to agree to: past the last version that asks again. */
export async function pendingPolicies(db: Db, userId: string): Promise<PolicyRow[]> {
  return rows<PolicyRow>(
    db,
    sql`select ${policyColumns} from policies p
        where p.version = (select max(version) from policies where kind = p.kind)
          and not exists (
            select 1 from policy_consents c
            where c.user_id = ${userId} and c.kind = p.kind
              and c.version >= (select coalesce(max(version), 0) from policies where kind = p.kind and reconsent))
        order by p.kind desc`,
  );
}

export async function insertConsent(db: Db, userId: string, kind: PolicyKind, version: number, ip: string) {
  await db.execute(sql`insert into policy_consents (user_id, kind, version, ip) values (${userId}, ${kind}, ${version}, ${ip}) on conflict do nothing`);
}

/** Every version of one policy, newest first (the operator's list). */
export async function policyVersions(db: Db, kind: PolicyKind) {
  return rows<PolicyRow & { reconsent: number }>(
    db,
    sql`select ${policyColumns}, reconsent::int as reconsent from policies where kind = ${kind} order by version desc`,
  );
}

/** Publishes the next version of a policy; its version number. */
export async function insertPolicyVersion(
  db: Db,
  p: { kind: PolicyKind; title: string; content: string; reconsent: boolean; publishedBy: string },
): Promise<number> {
  const r = await one<{ version: number }>(
    db,
    sql`insert into policies (kind, version, title, content, reconsent, published_by)
          select ${p.kind}, coalesce(max(version), 0) + 1, ${p.title}, ${p.content}, ${p.reconsent}, ${p.publishedBy}
          from policies where kind = ${p.kind}
          returning version`,
  );
  return r!.version;
}

/** The database's now, as China time (the download's date). */
export async function chinaNow(db: Db): Promise<string> {
  const at = await one<{ now: string }>(db, sql`select ${chinaTime('now()')} as now`);
  return at!.now;
}

/** Rows of `table` whose `column` is the user, as JSON (the person's own data, for the download). */
const own = (db: Db, table: string, column: string, userId: string, columns = '*') =>
  one<{ rows: unknown[] }>(
    db,
    sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) as rows from (select ${sql.raw(columns)} from ${sql.raw(table)} where ${sql.raw(column)} = ${userId}) t`,
  ).then((r) => r?.rows ?? []);

const RESUME_TABLES = [
  'resume_work',
  'resume_education',
  'resume_research',
  'resume_papers',
  'resume_training',
  'resume_intentions',
  'resume_honours',
  'resume_activities',
  'resume_projects',
  'resume_research_areas',
  'resume_languages',
  'resume_patents',
  'resume_certificates',
  'resume_skills',
  'seeker_target_companies',
];

/** The account's own row: no password hash. */
const ACCOUNT_COLUMNS = `id::text as "userId", role, phone, name, email, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "registeredAt"`;

/** Everything the database holds of the person, by kind (the 个人信息 download). */
export async function personalData(db: Db, userId: string, role: Role): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {
    account: (await own(db, 'users', 'id', userId, ACCOUNT_COLUMNS))[0] ?? null,
    consents: await own(db, 'policy_consents', 'user_id', userId, 'kind, version, agreed_at, ip'),
    loginLog: await own(db, 'login_log', 'user_id', userId, 'login_time, ip, user_agent, login_type, origin'),
    notifications: await own(db, 'notifications', 'user_id', userId, 'category, kind, title, content, created_at, read_at'),
    files: await own(db, 'files', 'owner_id', userId, 'id::text as id, kind, name, ext, size, mime, created_at'),
    chatProfile: (await own(db, 'chat_profiles', 'user_id', userId, 'nick, avatar, gender, self_signature'))[0] ?? null,
    chatMessagesSent: await own(db, 'chat_messages', 'sender_id', userId, 'conv, type, payload, created_at'),
    feedback: await own(db, 'feedback', 'user_id', userId),
  };
  if (role === 'qz') {
    data.resume = (await own(db, 'seeker_profiles', 'user_id', userId))[0] ?? null;
    for (const t of RESUME_TABLES) data[t] = await own(db, t, 'user_id', userId);
    data.applications = await own(db, 'applications', 'seeker_id', userId);
    data.interviews = await own(db, 'interviews', 'seeker_id', userId);
    data.savedJobs = await own(db, 'saved_jobs', 'seeker_id', userId);
    data.followedCompanies = await own(db, 'followed_companies', 'seeker_id', userId);
    data.resumeViews = await own(db, 'resume_views', 'seeker_id', userId);
    data.shieldedCompanies = await own(db, 'seeker_shields', 'seeker_id', userId);
    data.fairSignups = await own(db, 'fair_signups', 'user_id', userId);
    data.fairFavorites = await own(db, 'fair_favorites', 'user_id', userId);
  } else if (role === 'hr') {
    data.hrProfile = (await own(db, 'hr_profiles', 'user_id', userId))[0] ?? null;
  }
  return data;
}

/** The files the person uploaded for themselves (an HR's uploads for the enterprise stay with it). */
const personalFiles = (userId: string) => sql`owner_id = ${userId} and company_id is null`;

export async function livePersonalFiles(db: Db, userId: string) {
  return rows<Parameters<typeof toRecord>[0]>(db, sql`select ${fileColumns} from files where ${personalFiles(userId)} and deleted_at is null`);
}

export async function deletePersonalFiles(db: Db, userId: string) {
  await db.execute(sql`delete from files where ${personalFiles(userId)}`);
}

/**
 * 注销, in one transaction (close-account.ts says what goes): a job seeker's account row goes,
 * and the rows that reference it with it; an HR's stays as an anonymous placeholder.
 */
export async function eraseAccount(db: Db, userId: string, role: Role) {
  await db.transaction(async (tx) => {
    if (role === 'qz') {
      const mine = sql`(conv like ${`c:${userId}:%`} or conv like ${`c:%:${userId}`} or conv = ${`s:${userId}`})`;
      await tx.execute(sql`delete from chat_messages where ${mine} or sender_id = ${userId}`);
      await tx.execute(sql`delete from chat_convs where ${mine}`);
      await tx.execute(sql`delete from chat_user_convs where ${mine}`);
    }
    await tx.execute(sql`delete from chat_profiles where user_id = ${userId}`);
    await tx.execute(sql`delete from feedback where user_id = ${userId}`);
    await tx.execute(sql`delete from notifications where user_id = ${userId}`);
    await tx.execute(sql`delete from login_log where user_id = ${userId}`);
    if (role === 'qz') {
      await tx.execute(sql`delete from rtc_room_invites where invited_by = ${userId}`);
      await tx.execute(sql`delete from rtc_rooms where promoter_id = ${userId}`);
      await tx.execute(sql`delete from users where id = ${userId}`);
    } else {
      // The phone is freed for a new account; no password matches the placeholder's hash.
      await tx.execute(sql`update users set phone = ${`closed:${userId}`}, name = '已注销', email = '', password_hash = '!' where id = ${userId}`);
      await tx.execute(sql`update hr_profiles set name = '已注销', title = '' where user_id = ${userId}`);
      await tx.execute(sql`delete from policy_consents where user_id = ${userId}`);
    }
  });
}
