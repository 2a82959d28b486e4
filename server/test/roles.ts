/**
 * One account per role of the role × endpoint matrices, made on a running test server:
 * anonymous, seeker with wsd < 60, seeker (complete), HR unapproved, HR approved, operator.
 *
 * Accounts are registered through the API (real sessions). What the API would take several
 * screens to reach (a complete resume, an enterprise's approval) is arranged directly in the
 * database, which is acceptable for test arrangement only.
 */
import { createUser } from '../src/modules/auth/index.js';
import { one, sql } from '../src/db/index.js';
import { md5, startServer, type Reply, type TestServer } from './helpers.js';

/**
 * A phone number no other call in this process returns (sequential from a random base), so two
 * accounts of one test file never share a phone and trip the one-code-per-minute SMS rule.
 */
const phoneBase = Math.floor(Math.random() * 90_000_000);
let phoneSeq = 0;
export function uniquePhone(): string {
  return String(13900000000 + ((phoneBase + ++phoneSeq) % 99_999_999));
}

export const ROLES = ['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator'] as const;
export type RoleName = (typeof ROLES)[number];

export interface Actor {
  role: RoleName;
  /** null for the anonymous visitor */
  token: string | null;
  userId: string | null;
  phone: string | null;
  /** the HR's enterprise (pending for hrUnapproved, approved for hrApproved) */
  companyId: string | null;
}

export type Actors = Record<RoleName, Actor>;

/** Gives the seeker a complete resume (wsd 100), above the 60 needed for sign-ups and applications. */
export async function completeResume(srv: TestServer, userId: string, wsd = 100) {
  await srv.app.services.db.execute(sql`update seeker_profiles set name = '测试求职者', gender = 'xb_001', completeness = ${wsd} where user_id = ${userId}`);
}

/**
 * Creates an enterprise for an HR who has none and joins them to it.
 * status: 0 pending review, 1 approved, 2 rejected.
 */
export async function giveCompany(srv: TestServer, hrId: string, status: 0 | 1 | 2, name = `测试企业${hrId}`): Promise<string> {
  const db = srv.app.services.db;
  const c = await one<{ id: string }>(
    db,
    sql`insert into companies (name, nature, industry, size, province, city, address, intro, status, created_by)
        values (${name}, 'dwxz_03', 'hy_01', 'gm_03', '440000', '440300', '深圳市南山区', '测试用企业', ${status}, ${hrId})
        returning id::text as id`,
  );
  await db.execute(sql`update hr_profiles set company_id = ${c!.id}, join_state = 2 where user_id = ${hrId}`);
  // with its business licence, as registration requires (the operator cannot approve one without)
  await db.execute(sql`with f as (
      insert into files (owner_id, company_id, kind, name, ext, size, mime, storage_key)
      values (${hrId}, ${c!.id}, 30, 'licence.jpg', 'jpg', 2048, 'image/jpeg', ${`company/${hrId}/202501/${c!.id}/licence.jpg`}) returning id)
    update companies set licence_file_id = (select id from f) where id = ${c!.id}`);
  return c!.id;
}

/** An operator account (created the way `pnpm zp create-operator` does) and its session. */
export async function operatorSession(srv: TestServer, phone = uniquePhone(), password = 'zp123456') {
  await createUser(srv.app.services.db, 'xs', phone, md5(password), '测试运营');
  const s = await srv.login('xs', phone, password);
  return { ...s, phone };
}

export async function actor(srv: TestServer, role: RoleName): Promise<Actor> {
  const base = { role, companyId: null };
  switch (role) {
    case 'anonymous':
      return { ...base, token: null, userId: null, phone: null };
    case 'seekerIncomplete':
    case 'seeker': {
      const phone = uniquePhone();
      const s = await srv.registerSeeker(phone);
      if (role === 'seeker') await completeResume(srv, s.userId);
      else await completeResume(srv, s.userId, 40);
      return { ...base, ...s, phone };
    }
    case 'hrUnapproved':
    case 'hrApproved': {
      const phone = uniquePhone();
      const s = await srv.registerHr(phone, 'secret123', { xm: role === 'hrApproved' ? '张审核' : '李待审', zw: '招聘专员' });
      const companyId = await giveCompany(srv, s.userId, role === 'hrApproved' ? 1 : 0);
      return { ...base, ...s, phone, companyId };
    }
    case 'operator': {
      const s = await operatorSession(srv);
      return { ...base, ...s };
    }
  }
}

/** Every role at once (one account each). */
export async function allActors(srv: TestServer): Promise<Actors> {
  const out = {} as Actors;
  for (const r of ROLES) out[r] = await actor(srv, r);
  return out;
}

/**
 * Calls one endpoint as every role and returns each reply's code, so a test can state the
 * whole matrix at once: `expect(await codesByRole(...)).toEqual({anonymous: 401, ...})`.
 */
export async function codesByRole(actors: Actors, call: (a: Actor) => Promise<Reply>): Promise<Record<RoleName, number>> {
  const out = {} as Record<RoleName, number>;
  for (const r of ROLES) out[r] = (await call(actors[r])).body.code;
  return out;
}

/** Matrix shorthand: the roles listed get `allowed` (default 0), the rest the access error they would see. */
export function expectedCodes(allowed: RoleName[], okCode = 0): Record<RoleName, number> {
  const out = {} as Record<RoleName, number>;
  for (const r of ROLES) out[r] = allowed.includes(r) ? okCode : r === 'anonymous' ? 401 : 403;
  return out;
}

/** A fresh server with every role logged in, for a test file's beforeAll. */
export async function serverWithActors(opts?: Parameters<typeof startServer>[0]): Promise<{ srv: TestServer; actors: Actors }> {
  const srv = await startServer(opts);
  return { srv, actors: await allActors(srv) };
}
