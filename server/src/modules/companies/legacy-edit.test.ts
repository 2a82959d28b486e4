import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { companiesApi } from '@zp/core/contract';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor, type Actor } from '../../../test/roles.js';
import { companyBody, creditCode, uploadedFile } from '../../../test/recruit.js';
import { one, rows, sql } from '../../db/index.js';

let srv: TestServer;
let op: Actor;
beforeAll(async () => {
  srv = await startServer({ demo: true });
  op = await actor(srv, 'operator');
});
afterAll(() => srv?.close());

const db = () => srv.app.services.db;
const info = async (token: string) => (await srv.call<ApiReply<typeof companiesApi.infoForHr>>('/api/hr/bskhgl/findDwInfoHr', { token })).body;
/** The enterprise as findDwInfoHr gives it to the edit form. */
type Entity = NonNullable<ApiReply<typeof companiesApi.infoForHr>['BsKhglEntity']>;
/** The edit form sends back what it loaded (the older platform's empty fields as ''). */
const formOf = (e: Entity) => ({
  dwmc: e.dwmc, dwxz: e.dwxz, sshy: e.sshy, dwgm: e.dwgm, dwszsf: e.dwszsf, dwszcs: e.dwszcs, dwszxxdz: e.dwszxxdz, dwjs: e.dwjs,
  tyshxydm: e.tyshxydm, lxr: e.lxr, lxdh: e.lxdh, dwwz: e.dwwz, qydwimage: e.qydwimage, yyzzimage: e.yyzzimage,
});

describe('editing the enterprise', () => {
  it('the demo enterprise is complete and its HR can save an edit', async () => {
    const hr = await srv.login('hr', '13800000002');
    const before = await info(hr.token);
    expect(before.BsKhglEntity).toMatchObject({ dwmc: '星辰科技有限公司', lxr: '王芳', lxdh: '0755-86001234' });
    expect(before.BsKhglEntity!.tyshxydm).toMatch(/^[0-9A-HJ-NPQRTUWXY]{18}$/);
    expect(before.BsKhglEntity!.yyzzimage).toMatch(/^\d+$/);
    expect(before.yyzzimageUrl).toContain('/api/files/');
    const saved = await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...formOf(before.BsKhglEntity!), dwjs: '专注企业级云服务的高新技术企业。' } });
    expect(saved.body).toMatchObject({ code: 0, shzt: 1, msg: '单位信息已保存', missing: [] });
  });

  it("every approved demo enterprise is complete, licence included, and its HR saves an edit without being asked for more", async () => {
    const list = await rows<{ id: string; phone: string }>(db(), sql`select c.id::text as id, u.phone from companies c join users u on u.id = c.created_by
      where c.status = 1 and u.phone like '1381000%' order by c.id`);
    expect(list.length).toBeGreaterThan(30);
    const bare = await one<{ n: number }>(db(), sql`select count(*)::int as n from companies c where c.status = 1
      and (c.credit_code = '' or c.contact = '' or c.contact_phone = ''
           or not exists (select 1 from files f where f.id = c.licence_file_id and f.deleted_at is null and f.company_id = c.id))`);
    expect(bare!.n).toBe(0);
    // A hospital's HR, as one of them.
    const hr = await srv.login('hr', list[list.length - 5]!.phone);
    const before = await info(hr.token);
    expect(before.yyzzimageUrl).toContain('/api/files/');
    const saved = await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...formOf(before.BsKhglEntity!), dwjs: `${before.BsKhglEntity!.dwjs}（已更新）` } });
    expect(saved.body).toMatchObject({ code: 0, shzt: 1, msg: '单位信息已保存', missing: [] });
  });

  it('an enterprise from the older platform without credit code, contact or licence saves what it has and is asked for the rest', async () => {
    const hr = await actor(srv, 'hrApproved');
    await db().execute(sql`update companies set credit_code = '', contact = '', contact_phone = '', licence_file_id = null where id = ${hr.companyId}`);
    const form = formOf((await info(hr.token!)).BsKhglEntity!);
    expect(form).toMatchObject({ tyshxydm: '', lxr: '', lxdh: '', yyzzimage: '' });

    const saved = await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...form, dwjs: '新的单位简介' } });
    expect(saved.body).toEqual({ code: 0, shzt: 1, missing: ['tyshxydm', 'lxr', 'lxdh', 'yyzzimage'], msg: '单位信息已保存。请补充：统一社会信用代码、联系人、联系电话、营业执照' });
    expect((await one<{ intro: string }>(db(), sql`select intro from companies where id = ${hr.companyId}`))!.intro).toBe('新的单位简介');

    // supplying what was missing keeps the approval
    const licence = await uploadedFile(srv, hr.userId!, 30);
    const complete = { ...form, lxr: '陈经理', lxdh: '0755-86001234', tyshxydm: creditCode(), yyzzimage: licence };
    const more = await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: complete });
    expect(more.body).toMatchObject({ code: 0, shzt: 1, missing: [], msg: '单位信息已保存' });
    // what it has cannot be emptied again
    expect((await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...complete, lxr: '' } })).body).toEqual({ code: 400, msg: '请填写联系人' });
    // registering a new enterprise still needs them all
    const fresh = await actor(srv, 'hrUnapproved');
    await db().execute(sql`update hr_profiles set company_id = null, join_state = 0 where user_id = ${fresh.userId}`);
    expect((await srv.call('/api/hr/bskhgl/registerDw', { token: fresh.token, body: companyBody('', { tyshxydm: '' }) })).body.code).toBe(400);
  });
});

describe('the operator’s review', () => {
  it('refuses to approve an enterprise that has not uploaded its licence, in words', async () => {
    const hr = await actor(srv, 'hrUnapproved');
    await db().execute(sql`update companies set licence_file_id = null where id = ${hr.companyId}`);
    const r = await srv.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid: hr.companyId, shzt: 1 } });
    expect(r.body).toEqual({ code: 400, msg: '该单位尚未上传营业执照，不能通过审核；请驳回并请企业上传营业执照' });
    expect((await one<{ status: number }>(db(), sql`select status::int as status from companies where id = ${hr.companyId}`))!.status).toBe(0);
    // a deleted licence file is no licence either
    const licence = await uploadedFile(srv, hr.userId!, 30);
    await db().execute(sql`update companies set licence_file_id = ${licence} where id = ${hr.companyId}`);
    await db().execute(sql`update files set deleted_at = now() where id = ${licence}`);
    expect((await srv.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid: hr.companyId, shzt: 1 } })).body.code).toBe(400);
    // rejecting it, asking for the licence, still works; with a licence approval goes through
    expect((await srv.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid: hr.companyId, shzt: 2, shsm: '请上传营业执照' } })).body.code).toBe(0);
    await db().execute(sql`update files set deleted_at = null where id = ${licence}`);
    expect((await srv.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid: hr.companyId, shzt: 1 } })).body.code).toBe(0);
  });
});
