/**
 * What PIPL asks of the account: consent to the 用户服务协议 and the 隐私政策 (versioned by the
 * operator; a new version that asks again is put to people on their next visit), the person's
 * data as a download, and 注销账号, confirmed with an SMS code. What closing deletes is what the
 * 隐私政策's 注销 section states; keep the two together.
 */
import type { FastifyInstance } from 'fastify';
import { POLICY_KINDS, POLICY_OUTDATED_MSG, ACCOUNT_CLOSED_MSG, privacyApi, type PolicyKind } from '@zp/core/contract';
import { handle, type Role } from '../../http/route.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import { chinaTime, one, rows, sql, type Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import { deleteFile, fileColumns, toRecord } from '../files/public.js';
import { logOperatorAction } from '../admin/public.js';

interface PolicyRow {
  kind: string;
  version: number;
  title: string;
  content: string;
  publishedAt: string;
}
const policyColumns = sql`kind, version, title, content, ${chinaTime('published_at')} as "publishedAt"`;

async function currentPolicy(db: Db, kind: PolicyKind): Promise<PolicyRow> {
  const r = await one<PolicyRow>(db, sql`select ${policyColumns} from policies where kind = ${kind} order by version desc limit 1`);
  if (!r) throw notFound('该文档尚未发布');
  return r;
}

/** The current versions the user has yet to agree to: past the last version that asks again. */
async function pendingFor(db: Db, userId: string): Promise<PolicyRow[]> {
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

/** Records agreement to `versions`, which must be the current ones (else the person read an outdated text). */
export async function recordConsent(db: Db, userId: string, versions: Partial<Record<PolicyKind, number>>, ip: string): Promise<void> {
  for (const kind of POLICY_KINDS) {
    const version = versions[kind];
    if (version === undefined) continue;
    if ((await currentPolicy(db, kind)).version !== version) throw conflict(POLICY_OUTDATED_MSG);
  }
  for (const kind of POLICY_KINDS) {
    const version = versions[kind];
    if (version === undefined) continue;
    await db.execute(sql`insert into policy_consents (user_id, kind, version, ip) values (${userId}, ${kind}, ${version}, ${ip}) on conflict do nothing`);
  }
}

/** Refuses a registration that agreed to versions no longer current, before anything is created. */
export async function checkConsentCurrent(db: Db, versions: Partial<Record<PolicyKind, number>> | undefined): Promise<void> {
  if (!versions) return;
  for (const kind of POLICY_KINDS) {
    if (versions[kind] !== undefined && (await currentPolicy(db, kind)).version !== versions[kind]) throw conflict(POLICY_OUTDATED_MSG);
  }
}

/** Rows of `table` whose `column` is the user, as JSON (the person's own data, for the download). */
const own = (db: Db, table: string, column: string, userId: string, columns = '*') =>
  one<{ rows: unknown[] }>(
    db,
    sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) as rows from (select ${sql.raw(columns)} from ${sql.raw(table)} where ${sql.raw(column)} = ${userId}) t`,
  ).then((r) => r?.rows ?? []);

const RESUME_TABLES = [
  'resume_work', 'resume_education', 'resume_research', 'resume_papers', 'resume_training', 'resume_intentions', 'resume_honours',
  'resume_activities', 'resume_projects', 'resume_research_areas', 'resume_languages', 'resume_patents', 'resume_certificates',
  'resume_skills', 'seeker_target_companies',
];

async function exportData(db: Db, userId: string, role: Role): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = {
    account: (await own(db, 'users', 'id', userId, `id::text as "userId", role, phone, name, email, ${'to_char(created_at at time zone \'Asia/Shanghai\', \'YYYY-MM-DD HH24:MI:SS\') as "registeredAt"'}`))[0] ?? null,
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

/** Deletes the files the person uploaded for themselves (an HR's uploads for the enterprise stay with it), bytes first. */
async function deleteOwnFiles(s: Services, userId: string) {
  const personal = sql`owner_id = ${userId} and company_id is null`;
  const files = await rows<Parameters<typeof toRecord>[0]>(s.db, sql`select ${fileColumns} from files where ${personal} and deleted_at is null`);
  for (const f of files) await deleteFile(s, toRecord(f));
  await s.db.execute(sql`delete from files where ${personal}`);
}

/**
 * 注销: a job seeker's account goes with everything that hangs off it (the database deletes the
 * rows that reference the account); the one-to-one conversations they took part in and their
 * messages elsewhere are deleted here, as are their files and feedback. An HR's account stays as
 * an anonymous placeholder ('已注销'): the jobs they posted and their conversations with
 * candidates belong to the enterprise.
 */
async function closeAccount(s: Services, userId: string, role: Role) {
  await s.sessions.revokeAll(userId);
  await deleteOwnFiles(s, userId);
  await s.db.transaction(async (tx) => {
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

export function registerPrivacy(app: FastifyInstance, s: Services) {
  handle(app, s, privacyApi.policy, async ({ query }) => ({ policy: await currentPolicy(s.db, query.kind) }));
  handle(app, s, privacyApi.pendingConsent, async ({ user }) => ({ pending: user.role === 'xs' ? [] : await pendingFor(s.db, user.id) }));
  handle(app, s, privacyApi.agree, async ({ user, body, req }) => {
    await recordConsent(s.db, user.id, body, req.ip);
    return { msg: '已同意' };
  });
  handle(app, s, privacyApi.myData, async ({ user }) => {
    const at = await one<{ now: string }>(s.db, sql`select ${chinaTime('now()')} as now`);
    return { exportedAt: at!.now, data: await exportData(s.db, user.id, user.role) };
  });
  const closable = (role: Role) => {
    if (role === 'xs') throw forbidden('运营账号不能自行注销，请联系平台管理员');
  };
  handle(app, s, privacyApi.closeCode, async ({ user, req }) => {
    closable(user.role);
    await s.sms.send(user.phone, 'close_account', req.ip);
    return { msg: '验证码已发送' };
  });
  handle(app, s, privacyApi.close, async ({ user, body, req }) => {
    closable(user.role);
    await s.sms.verify(user.phone, 'close_account', body.validateCode, req.ip);
    await closeAccount(s, user.id, user.role);
    return { msg: ACCOUNT_CLOSED_MSG };
  });

  handle(app, s, privacyApi.adminPolicies, async ({ query }) => ({
    list: await rows<PolicyRow & { reconsent: number }>(
      s.db,
      sql`select ${policyColumns}, reconsent::int as reconsent from policies where kind = ${query.kind} order by version desc`,
    ),
  }));
  handle(app, s, privacyApi.adminPublish, async ({ user, body }) => {
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(body.title + body.content)) throw badRequest('标题或正文含有不可见的控制字符');
    const r = await one<{ version: number }>(
      s.db,
      sql`insert into policies (kind, version, title, content, reconsent, published_by)
          select ${body.kind}, coalesce(max(version), 0) + 1, ${body.title.trim()}, ${body.content.trim()}, ${body.reconsent === 1}, ${user.id}
          from policies where kind = ${body.kind}
          returning version`,
    );
    await logOperatorAction(s.db, user.id, 'policy.publish', `${body.kind}/${r!.version}`, { reconsent: body.reconsent });
    return { version: r!.version, msg: body.reconsent === 1 ? '已发布，用户下次访问时将被请求重新同意' : '已发布' };
  });
}
