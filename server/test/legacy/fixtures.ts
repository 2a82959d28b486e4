/**
 * What the inventory cases run against: one demo server, sessions of the three demo accounts,
 * real ids of the demo data, and makers of fresh state for the calls that change data (a fresh
 * job to delete, a fresh seeker to change a password of...), so that no case spoils another.
 *
 * Ids are looked up in the database rather than through other inventory calls: the calls' reply
 * shapes are what is being changed, and a lookup must not break with them.
 */
import { one, rows, sql } from '../../src/db/index.js';
import type { authApi } from '@zp/core/contract';
import { md5, type ApiReply, type TestServer } from '../helpers.js';
import { postJob } from '../recruit.js';
import { actor, completeResume, uniquePhone, type Actor } from '../roles.js';
import { postForm, samples, type UploadInfo } from '../uploads.js';

export type Role = 'qz' | 'hr' | 'xs';

export interface Session {
  token: string;
  userId: string;
  roleId: string | number;
  phone: string;
}

export interface Ctx {
  srv: TestServer;
  /** the demo accounts: seeker 13800000001, HR 13800000002 (approved enterprise), operator 13800000003 */
  demo: Record<Role, Session>;
  /** the demo HR's enterprise */
  company: string;
  /** a published job of that enterprise */
  job: string;
  /** a running online fair the demo enterprise and the demo seeker signed up for */
  fair: string;
  /** a zone (展区) of that fair */
  zone: string;
  /** the demo seeker's id (qzbsid) */
  seeker: string;
  /** a fair that has not started, for sign-ups and favourites */
  upcomingFair: string;
  /** first enabled code of a code table (several names: ours and the previous client's) */
  code(tables: string[], parent?: string): string;
  /** a province, one of its cities */
  place: { province: string; city: string };
  /** a level-1, level-2, level-3 job category chain */
  category: { one: string; two: string; three: string };
  db: TestServer['app']['services']['db'];
}

export async function session(srv: TestServer, role: Role, phone: string): Promise<Session> {
  const path = { qz: 'logonQz', hr: 'logonHr', xs: 'logonXs' }[role];
  // logonQz, logonHr and logonXs answer alike (SessionReply)
  const r = await srv.call<ApiReply<typeof authApi.loginSeeker>>(`/api/sec/pc/${path}`, { body: { phone, pwd: md5('zp123456'), logintype: 0, validatecode: '' } });
  if (r.body.code !== 0) throw new Error(`demo login ${role} failed: ${JSON.stringify(r.body)}`);
  return { token: r.body.token, userId: String(r.body.userId), roleId: r.body.roleId, phone };
}

export async function makeCtx(srv: TestServer): Promise<Ctx> {
  const db = srv.app.services.db;
  const demo = {
    qz: await session(srv, 'qz', '13800000001'),
    hr: await session(srv, 'hr', '13800000002'),
    xs: await session(srv, 'xs', '13800000003'),
  };
  const company = (await one<{ id: string }>(db, sql`select company_id::text as id from hr_profiles where user_id = ${demo.hr.userId}`))!.id;
  const job = (await one<{ id: string }>(
    db,
    sql`select j.id::text as id from jobs j join job_fairs jf on jf.job_id = j.id
        where j.company_id = ${company} and j.status = 1 and j.deleted_at is null order by j.id limit 1`,
  ))!.id;
  const fair = (await one<{ id: string }>(
    db,
    sql`select f.id::text as id from fairs f
        where f.venue_type = 1 and f.starts_at <= now() and f.ends_at > now()
          and exists (select 1 from fair_signups s where s.fair_id = f.id and s.company_id = ${company})
          and exists (select 1 from fair_signups s where s.fair_id = f.id and s.user_id = ${demo.qz.userId} and s.company_id is null)
        order by f.ends_at desc limit 1`,
  ))!.id;
  const zone = (await one<{ id: string }>(db, sql`select id::text as id from fair_zones where fair_id = ${fair} order by sort limit 1`))?.id ?? '';
  const upcomingFair = (await one<{ id: string }>(
    db,
    sql`select f.id::text as id from fairs f where f.starts_at > now()
          and not exists (select 1 from fair_signups s where s.fair_id = f.id and (s.company_id = ${company} or s.user_id = ${demo.qz.userId}))
        order by f.starts_at limit 1`,
  ))!.id;
  const codeRows = await rows<{ table_name: string; code: string; parent: string | null }>(
    db,
    sql`select table_name, code, parent from code_items where enabled order by table_name, sort, code`,
  );
  const code = (tables: string[], parent?: string) => {
    for (const t of tables) {
      const hit = codeRows.find((r) => r.table_name === t && (parent === undefined || r.parent === parent));
      if (hit) return hit.code;
    }
    throw new Error(`no code in ${tables.join('/')}${parent ? ` under ${parent}` : ''}`);
  };
  return {
    srv,
    demo,
    company,
    job,
    fair,
    zone,
    seeker: demo.qz.userId,
    upcomingFair,
    code,
    // looked up when a case needs them, so that a renamed table fails those cases only
    get place() {
      const province = code(['sf']);
      return { province, city: code(['ss'], province) };
    },
    get category() {
      const one1 = code(['gwlb1', 'gwlbo']);
      const two = code(['gwlb2', 'gwlbt'], one1);
      return { one: one1, two, three: code(['gwlb3', 'gwlb'], two) };
    },
    db,
  };
}

/** A seeker of their own with a complete résumé (for calls that change the account or the résumé). */
export async function freshSeeker(c: Ctx): Promise<Actor & { token: string; userId: string; phone: string }> {
  return (await actor(c.srv, 'seeker')) as Actor & { token: string; userId: string; phone: string };
}

/** An HR of their own with an approved enterprise. */
export async function freshHr(c: Ctx): Promise<Actor & { token: string; userId: string; phone: string; companyId: string }> {
  return (await actor(c.srv, 'hrApproved')) as Actor & { token: string; userId: string; phone: string; companyId: string };
}

/** An HR registered without an enterprise. */
export async function hrWithoutCompany(c: Ctx) {
  const phone = uniquePhone();
  const s = await c.srv.registerHr(phone, 'secret123', { xm: '赵新人', zw: '招聘专员' });
  return { ...s, phone };
}

/** A job of the demo enterprise made for one case (published unless draft). */
export async function freshJob(c: Ctx, draft = false): Promise<string> {
  return postJob(c.srv, { role: 'hrApproved', token: c.demo.hr.token, userId: c.demo.hr.userId, phone: c.demo.hr.phone, companyId: c.company }, draft ? { fb: 0 } : {});
}

/** The last SMS code sent to a phone (the test server's log sender prints them). */
export const smsCode = (c: Ctx, phone: string) => c.srv.smsCode(phone);

/** A storage credential and the object uploaded with it, as the client does before `save`. */
export async function uploaded(c: Ctx, ossKeyPath: string, token: string, query: Record<string, string | number>, name: string, bytes: Buffer) {
  const key = await c.srv.call<{ code: number; info: UploadInfo }>(ossKeyPath, { token, query, method: ossKeyPath.includes('qydwhrxx') ? 'POST' : 'GET' });
  if (key.body.code !== 0) throw new Error(`getOssKey failed: ${JSON.stringify(key.body)}`);
  const info = key.body.info;
  const keyName = info.dir + name;
  const up = await postForm(info.host, info.fields, keyName, bytes);
  if (up.status >= 300) throw new Error(`upload failed: ${up.status} ${JSON.stringify(up.body)}`);
  return { keyName, upid: info.upid, host: info.host, wjmc: name, wjbm: name, wjgs: name.split('.').pop()!, wjdx: bytes.length };
}

/** A résumé attachment of a seeker, through the upload flow; returns the file id and its row id. */
export async function seekerFile(c: Ctx, token: string): Promise<{ wjid: string; bsid: string }> {
  const form = await uploaded(c, '/api/qz/qzFile/getOssKey', token, { fileType: 10 }, 'resume.pdf', samples.pdf());
  // The id as the previous back end gave it (wjid) or inside the file row: whichever the reply has.
  const saved = await c.srv.call<{ code: number; wjid?: string; file?: { wjid?: string; bsid?: string } }>('/api/qz/qzFile/save', { token, body: { ...form, wjlx: 10 } });
  if (saved.body.code !== 0) throw new Error(`qzFile/save failed: ${JSON.stringify(saved.body)}`);
  const wjid = String(saved.body.wjid ?? saved.body.file?.wjid);
  return { wjid, bsid: String(saved.body.file?.bsid ?? wjid) };
}

/** An application of a fresh seeker to a fresh job of the demo enterprise; returns its id. */
export async function freshApplication(c: Ctx): Promise<{ bsid: string; seeker: string; job: string }> {
  const s = await freshSeeker(c);
  await completeResume(c.srv, s.userId);
  const job = await freshJob(c);
  const r = await c.srv.call('/api/qz/qyhxrxx/td', { token: s.token, query: { gwid: job, dwid: c.company } });
  if (r.body.code !== 0) throw new Error(`td failed: ${JSON.stringify(r.body)}`);
  const a = await one<{ id: string }>(c.db, sql`select id::text as id from applications where seeker_id = ${s.userId} and job_id = ${job}`);
  return { bsid: a!.id, seeker: s.userId, job };
}
