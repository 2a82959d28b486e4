/**
 * Test arrangement for enterprises and jobs: files as if uploaded, valid company and job bodies,
 * a posted job, a fair an enterprise signed up for.
 */
import crypto from 'node:crypto';
import { one, sql } from '../src/db/index.js';
import type { jobsApi } from '@zp/core/contract';
import type { ApiReply, TestServer } from './helpers.js';
import type { Actor } from './roles.js';

/**
 * A file record as the upload flow leaves it (owner, kind 20 logo / 30 licence). The bytes are
 * not needed by the enterprise routes, which only check the record.
 */
export async function uploadedFile(srv: TestServer, ownerId: string, kind: 20 | 30): Promise<string> {
  const key = `company/${ownerId}/202501/${crypto.randomBytes(16).toString('hex')}/${kind === 20 ? 'logo.png' : 'licence.jpg'}`;
  const r = await one<{ id: string }>(
    srv.app.services.db,
    sql`insert into files (owner_id, kind, name, ext, size, mime, storage_key)
        values (${ownerId}, ${kind}, ${kind === 20 ? 'logo.png' : 'licence.jpg'}, ${kind === 20 ? 'png' : 'jpg'}, 2048,
                ${kind === 20 ? 'image/png' : 'image/jpeg'}, ${key})
        returning id::text as id`,
  );
  return r!.id;
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export function creditCode(): string {
  let tail = '';
  for (let i = 0; i < 10; i++) tail += CREDIT_CHARS[crypto.randomInt(CREDIT_CHARS.length)];
  return `91440300${tail}`;
}

export function companyBody(licenceId: string, overrides: Record<string, unknown> = {}) {
  return {
    dwmc: `深圳测试科技有限公司${crypto.randomBytes(3).toString('hex')}`,
    dwxz: 'dwxz_03',
    sshy: 'hy_01',
    dwgm: 'gm_03',
    dwszsf: '440000',
    dwszcs: '440300',
    dwszxxdz: '深圳市南山区科技园科苑路 15 号',
    dwjs: '一家做企业软件的公司。',
    tyshxydm: creditCode(),
    lxr: '陈经理',
    lxdh: '0755-86001234',
    yyzzimage: licenceId,
    ...overrides,
  };
}

export function jobBody(overrides: Record<string, unknown> = {}) {
  return {
    gwmc: 'Java开发工程师',
    gwlb: 'gwlb_010101',
    gwgzxz: 'gx_001',
    sbsf: '440000',
    sbcs: '440300',
    sbxxdz: '深圳市南山区',
    zdyx: 15000,
    zgyx: 25000,
    xlyq: 'xl_04',
    jyyq: 'gzjy_03',
    zprs: 2,
    gwms: '负责后端服务的设计与开发。',
    fldy: '五险一金,带薪年假',
    ...overrides,
  };
}

/** Posts a job as an approved HR and returns its id (published unless fb: 0). */
export async function postJob(srv: TestServer, hr: Actor, overrides: Record<string, unknown> = {}): Promise<string> {
  const r = await srv.call<ApiReply<typeof jobsApi.add>>('/api/hr/qydwgwfbxx/addGw', { token: hr.token, body: { fb: 1, ...jobBody(overrides) } });
  if (r.body.code !== 0) throw new Error(`addGw failed: ${JSON.stringify(r.body)}`);
  return r.body.gwid;
}

/** A published fair (starting in `startsInHours`, lasting a day) and, optionally, the enterprise's sign-up. */
export async function fairWithSignup(srv: TestServer, opts: { companyId?: string; hrId?: string; startsInHours?: number; name?: string } = {}) {
  const db = srv.app.services.db;
  const hours = opts.startsInHours ?? 24;
  const f = await one<{ id: string }>(
    db,
    sql`insert into fairs (name, venue_type, starts_at, ends_at)
        values (${opts.name ?? '春季线上招聘会'}, 1, now() + make_interval(hours => ${hours}), now() + make_interval(hours => ${hours + 24}))
        returning id::text as id`,
  );
  if (opts.companyId && opts.hrId) {
    await db.execute(sql`insert into fair_signups (fair_id, user_id, company_id) values (${f!.id}, ${opts.hrId}, ${opts.companyId})`);
  }
  return f!.id;
}
