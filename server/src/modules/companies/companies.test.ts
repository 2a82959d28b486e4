import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { companiesApi, identityApi, jobsApi, notifyApi } from '@zp/core/contract';
import { md5, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, uniquePhone, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { companyBody, jobBody, postJob, uploadedFile } from '../../../test/recruit.js';
import { rows, sql } from '../../db/index.js';

let srv: TestServer;
let actors: Actors;

beforeAll(async () => ({ srv, actors } = await serverWithActors()));
afterAll(() => srv?.close());

/** A new HR with no enterprise yet. */
async function newHr(xm = '赵新') {
  const phone = uniquePhone();
  const s = await srv.registerHr(phone, 'secret123', { xm, zw: '人事经理' });
  return { role: 'hrUnapproved', token: s.token, userId: s.userId, phone, companyId: null } as Actor;
}

const messages = async (a: Actor) =>
  (await srv.call<ApiReply<typeof notifyApi.hrList>>('/api/hr/qyxxtx/list/xx_001/1/20', { token: a.token })).body.page.list as { bt: string; nr: string }[];

describe('who may call the enterprise routes', () => {
  it('registering and editing an enterprise is for HR only', async () => {
    const body = companyBody('300001');
    const reg = await codesByRole(actors, (a) => srv.call('/api/hr/bskhgl/registerDw', { token: a.token, body }));
    // both HR already belong to an enterprise, so the server refuses a second one
    expect(reg).toEqual({ ...expectedCodes(['hrUnapproved', 'hrApproved']), hrUnapproved: 409, hrApproved: 409 });
    const info = await codesByRole(actors, (a) => srv.call('/api/hr/bskhgl/findDwInfoHr', { token: a.token, method: 'POST' }));
    expect(info).toEqual(expectedCodes(['hrUnapproved', 'hrApproved']));
  });

  it('reviewing colleagues and opening sub-accounts needs an approved enterprise', async () => {
    const review = await codesByRole(actors, (a) =>
      srv.call('/api/hr/qyhrjrqysh/joinReview', { token: a.token, query: { dwid: a.companyId ?? '1', hrid: '100001', shzt: 1 } }),
    );
    // the approved HR gets past the gate and is told there is no such request
    expect(review).toEqual({ ...expectedCodes(['hrApproved']), hrApproved: 404 });
    const list = await codesByRole(actors, (a) => srv.call('/api/hr/qyhrjrqysh/list', { token: a.token }));
    expect(list).toEqual(expectedCodes(['hrUnapproved', 'hrApproved']));
  });

  it('the review queue and decisions are the operator’s', async () => {
    const list = await codesByRole(actors, (a) => srv.call('/api/xs/admin/companies', { token: a.token }));
    expect(list).toEqual(expectedCodes(['operator']));
    const decide = await codesByRole(actors, (a) =>
      srv.call('/api/xs/admin/companies/review', { token: a.token, body: { dwid: actors.hrUnapproved.companyId, shzt: 2, shsm: '营业执照不清晰' } }),
    );
    expect(decide).toEqual(expectedCodes(['operator']));
  });

  it('visitors see approved enterprises only', async () => {
    const seen = await codesByRole(actors, (a) => srv.call('/api/qz/qzgrjbxx/getDwInfo', { token: a.token, query: { dwid: actors.hrApproved.companyId! } }));
    expect(seen).toEqual(expectedCodes(['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']));
    const pending = await srv.call('/api/qz/qzgrjbxx/getDwInfo', { query: { dwid: actors.hrUnapproved.companyId! } });
    expect(pending.body.code).toBe(404);
    // the enterprise's own HR may preview it while it waits for review
    const own = await srv.call('/api/qz/qzgrjbxx/getDwInfo', { token: actors.hrUnapproved.token, query: { dwid: actors.hrUnapproved.companyId! } });
    expect(own.body.code).toBe(0);
  });

  it('covers the rest of the enterprise routes', async () => {
    const hrOnly = expectedCodes(['hrUnapproved', 'hrApproved']);
    // HR of a joined enterprise: a second join request is refused (409), profile edits go through
    expect(
      await codesByRole(actors, (a) => srv.call('/api/hr/qydwhrxx/registerHr', { token: a.token, body: { dwid: actors.hrApproved.companyId } })),
    ).toEqual({ ...hrOnly, hrUnapproved: 409, hrApproved: 409 });
    expect(
      await codesByRole(actors, (a) => srv.call('/api/hr/qydwhrxx/updateHrById', { token: a.token, body: { xm: a.role === 'hrApproved' ? '张审核' : '李待审', zw: '招聘专员' } })),
    ).toEqual(hrOnly);
    expect(await codesByRole(actors, (a) => srv.call('/api/hr/bskhgl/findDwListByName', { token: a.token, query: { dwmc: '测试企业' } }))).toEqual(hrOnly);
    expect(await codesByRole(actors, (a) => srv.call('/api/hr/qyhrjrqysh/allList', { token: a.token }))).toEqual(hrOnly);
    // updateDw: HR pass the gate and are stopped by the licence check (a file that is not theirs)
    expect(await codesByRole(actors, (a) => srv.call('/api/hr/bskhgl/updateDw', { token: a.token, body: companyBody('999999') }))).toEqual({
      ...hrOnly, hrUnapproved: 400, hrApproved: 400,
    });
    // a sub-account needs an approved enterprise; the phone below is already an HR's (409 past the gate)
    expect(
      await codesByRole(actors, (a) =>
        srv.call('/api/hr/qyhrjrqysh/addSubAccount', { token: a.token, body: { phone: actors.hrApproved.phone, pwd: md5('x'), xm: '某某' } }),
      ),
    ).toEqual({ ...expectedCodes(['hrApproved']), hrApproved: 409 });
    const everyone = expectedCodes(['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']);
    const dwid = actors.hrApproved.companyId!;
    expect(await codesByRole(actors, (a) => srv.call('/api/hr/bskhgl/getGwListByDwId', { token: a.token, query: { dwid } }))).toEqual(everyone);
    expect(await codesByRole(actors, (a) => srv.call('/api/hr/bskhgl/getGwYyCount', { token: a.token, query: { dwid } }))).toEqual(everyone);
  });
});

describe('registration and review', () => {
  it('goes pending → rejected with reason → resubmitted → approved, telling the HR each time', async () => {
    const hr = await newHr();
    const licence = await uploadedFile(srv, hr.userId!, 30);
    const logo = await uploadedFile(srv, hr.userId!, 20);
    const body = companyBody(licence, { qydwimage: logo });
    const reg = await srv.call<ApiReply<typeof companiesApi.register>>('/api/hr/bskhgl/registerDw', { token: hr.token, body });
    expect(reg.body.code).toBe(0);
    const dwid = reg.body.dwid;

    let info = await srv.call<ApiReply<typeof companiesApi.infoForHr>>('/api/hr/bskhgl/findDwInfoHr', { token: hr.token });
    expect(info.body).toMatchObject({ shzt: 0, sqzt: '2', shsm: '', BsKhglEntity: { dwid, dwmc: body.dwmc, tyshxydm: body.tyshxydm, lxyx: '' } });
    expect(info.body.yyzzimageUrl).toContain('licence.jpg');
    expect(info.body.qydwimageUrl).toContain('logo.png');
    expect(info.body.page.list.map((f: { wjlx: number }) => f.wjlx)).toEqual([20, 30]);
    // the public logo list now has it
    const logos = await srv.call<ApiReply<typeof identityApi.companyLogos>>('/api/hr/qydwhrxx/getDwLogos', { body: [dwid] });
    expect(logos.body.urls[dwid]).toContain('logo.png');
    expect((await srv.call('/api/hr/qydwhrxx/getDwLogo', { query: { dwid } })).body.fileUrl).toBe(logos.body.urls[dwid]);

    // not approved yet: no job posts
    const early = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, body: { fb: 1, ...jobBody() } });
    expect(early.body.code).toBe(403);

    const op = actors.operator;
    const queue = await srv.call<ApiReply<typeof companiesApi.adminList>>('/api/xs/admin/companies', { token: op.token, query: { shzt: 0, dwmc: body.dwmc } });
    expect(queue.body.page.list).toHaveLength(1);
    expect(queue.body.page.list[0]).toMatchObject({ dwid, hrid: hr.userId, hrxm: '赵新', lxdh: body.lxdh });
    expect(queue.body.page.list[0].yyzzimageUrl).toContain('licence.jpg');

    const noReason = await srv.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid, shzt: 2 } });
    expect(noReason.body.code).toBe(400);
    expect(noReason.body.msg).toContain('审核说明');

    await srv.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid, shzt: 2, shsm: '营业执照照片模糊，请重新上传' } });
    info = await srv.call('/api/hr/bskhgl/findDwInfoHr', { token: hr.token });
    expect(info.body).toMatchObject({ shzt: 2, shsm: '营业执照照片模糊，请重新上传' });
    expect((await messages(hr))[0]).toMatchObject({ bt: '单位审核未通过' });
    expect((await messages(hr))[0].nr).toContain('营业执照照片模糊');

    // fixing it sends it back for review
    const licence2 = await uploadedFile(srv, hr.userId!, 30);
    const upd = await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...body, yyzzimage: licence2, lxyx: 'hr@example.com' } });
    expect(upd.body).toMatchObject({ code: 0, shzt: 0 });
    // 单位邮箱 as the previous client's form sends and shows it
    expect((await srv.call<ApiReply<typeof companiesApi.infoForHr>>('/api/hr/bskhgl/findDwInfoHr', { token: hr.token })).body.BsKhglEntity!.lxyx).toBe('hr@example.com');
    expect((await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...body, yyzzimage: licence2, lxyx: 'hr@' } })).body).toEqual({ code: 400, msg: '单位邮箱(lxyx) 格式不正确' });

    await srv.call('/api/xs/admin/companies/review', { token: op.token, body: { dwid, shzt: 1 } });
    const shzt = await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: hr.token });
    expect(shzt.body.shzt).toBe(1);
    expect((await messages(hr))[0]).toMatchObject({ bt: '单位审核已通过' });

    // an approved enterprise keeps its approval for a new address, not for a new name
    const addr = await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...body, yyzzimage: licence2, dwszxxdz: '深圳市福田区' } });
    expect(addr.body.shzt).toBe(1);
    const renamed = await srv.call('/api/hr/bskhgl/updateDw', { token: hr.token, body: { ...body, yyzzimage: licence2, dwmc: `${body.dwmc}集团` } });
    expect(renamed.body.shzt).toBe(0);

    const log = await rows<{ action: string; target: string }>(
      srv.app.services.db,
      sql`select action, target::text as target from operator_log where target = ${dwid} order by id`,
    );
    expect(log.map((l) => l.action)).toEqual(['company.reject', 'company.approve']);
  });

  it('refuses bad codes, a city outside the province, someone else’s licence and a taken name, changing nothing', async () => {
    const hr = await newHr();
    const licence = await uploadedFile(srv, hr.userId!, 30);
    const bad = async (over: Record<string, unknown>, status: number, text: string) => {
      const r = await srv.call('/api/hr/bskhgl/registerDw', { token: hr.token, body: companyBody(licence, over) });
      expect(r.body.code, JSON.stringify(r.body)).toBe(status);
      expect(r.body.msg).toContain(text);
    };
    await bad({ sshy: 'hy_99' }, 400, '所属行业');
    await bad({ dwszcs: '110100' }, 400, '不属于所选省份');
    await bad({ yyzzimage: await uploadedFile(srv, actors.hrApproved.userId!, 30) }, 400, '不属于当前用户');
    await bad({ yyzzimage: await uploadedFile(srv, hr.userId!, 20) }, 400, '营业执照');
    await bad({ tyshxydm: '123' }, 400, '统一社会信用代码');
    await bad({ dwmc: 123 }, 400, '单位名称');
    const taken = (await srv.call<ApiReply<typeof companiesApi.detail>>('/api/qz/qzgrjbxx/getDwInfo', { query: { dwid: actors.hrApproved.companyId! } })).body.dwInfo.dwmc;
    await bad({ dwmc: taken }, 409, '申请加入');
    const info = await srv.call('/api/hr/bskhgl/findDwInfoHr', { token: hr.token });
    expect(info.body).toMatchObject({ shzt: null, sqzt: '0', BsKhglEntity: null });
  });
});

describe('colleagues', () => {
  it('an HR finds an enterprise by name, asks to join, and a colleague accepts', async () => {
    const owner = actors.hrApproved;
    const name = (await srv.call<ApiReply<typeof companiesApi.detail>>('/api/qz/qzgrjbxx/getDwInfo', { query: { dwid: owner.companyId! } })).body.dwInfo.dwmc as string;
    const newcomer = await newHr('孙同事');
    const found = await srv.call<ApiReply<typeof companiesApi.findByName>>('/api/hr/bskhgl/findDwListByName', { token: newcomer.token, query: { dwmc: name.slice(0, 6) } });
    expect(found.body.list.map((c: { dwid: string }) => c.dwid)).toContain(owner.companyId);

    // a pending enterprise cannot take members yet
    const pending = await srv.call('/api/hr/qydwhrxx/registerHr', { token: newcomer.token, body: { dwid: actors.hrUnapproved.companyId } });
    expect(pending.body.code).toBe(400);

    const ask = await srv.call('/api/hr/qydwhrxx/registerHr', { token: newcomer.token, body: { dwid: owner.companyId, zw: '招聘专员' } });
    expect(ask.body.code).toBe(0);
    expect((await srv.call('/api/hr/bskhgl/findDwInfoHr', { token: newcomer.token })).body).toMatchObject({ sqzt: '1', shzt: null });
    expect((await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: newcomer.token })).body.shzt).toBe(-1);
    expect((await messages(owner))[0]).toMatchObject({ bt: '同事申请加入单位' });

    const reqs = await srv.call<ApiReply<typeof companiesApi.joinRequests>>('/api/hr/qyhrjrqysh/list', { token: owner.token });
    expect(reqs.body.page.list).toEqual([expect.objectContaining({ hrid: newcomer.userId, xm: '孙同事', zw: '招聘专员', sqzt: 1 })]);

    // HR of another enterprise cannot decide it
    const other = await actor(srv, 'hrApproved');
    const foreign = await srv.call('/api/hr/qyhrjrqysh/joinReview', { token: other.token, query: { dwid: owner.companyId!, hrid: newcomer.userId!, shzt: 1 } });
    expect(foreign.body.code).toBe(403);

    const ok = await srv.call('/api/hr/qyhrjrqysh/joinReview', { token: owner.token, method: 'POST', body: { dwid: owner.companyId, hrid: newcomer.userId, shzt: 1 } });
    expect(ok.body.code).toBe(0);
    expect((await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: newcomer.token })).body.shzt).toBe(1);
    expect((await messages(newcomer))[0]).toMatchObject({ bt: '加入单位申请已通过' });
    const again = await srv.call('/api/hr/qyhrjrqysh/joinReview', { token: owner.token, query: { dwid: owner.companyId!, hrid: newcomer.userId!, shzt: 2 } });
    expect(again.body.code).toBe(404);

    const mates = await srv.call('/api/hr/qyhrjrqysh/allList', { token: owner.token });
    expect(mates.body.list).toContainEqual({ hrid: newcomer.userId, xm: '孙同事', zw: '招聘专员' });
    // colleagues share the enterprise's jobs
    const gwid = await postJob(srv, newcomer, { gwmc: '同事发布的岗位' });
    const jobs = await srv.call<ApiReply<typeof jobsApi.listHr>>('/api/hr/qydwgwfbxx/findGwListHr', { token: owner.token, query: { gwmc: '同事发布' } });
    expect(jobs.body.page.list.map((j: { gwid: string }) => j.gwid)).toEqual([gwid]);
  });

  it('a refused HR stays outside; a sub-account joins at once and can log in', async () => {
    const owner = actors.hrApproved;
    const hr = await newHr('周拒绝');
    await srv.call('/api/hr/qydwhrxx/registerHr', { token: hr.token, body: { dwid: owner.companyId } });
    await srv.call('/api/hr/qyhrjrqysh/joinReview', { token: owner.token, query: { dwid: owner.companyId!, hrid: hr.userId!, shzt: 2 } });
    expect((await srv.call('/api/hr/bskhgl/findDwInfoHr', { token: hr.token })).body).toMatchObject({ sqzt: '3', shzt: null });
    expect((await messages(hr))[0]).toMatchObject({ bt: '加入单位申请未通过' });
    const refused = await srv.call<ApiReply<typeof companiesApi.joinRequests>>('/api/hr/qyhrjrqysh/list', { token: owner.token, query: { sqzt: 3 } });
    expect(refused.body.page.list.map((r: { hrid: string }) => r.hrid)).toContain(hr.userId);

    const phone = uniquePhone();
    const sub = await srv.call('/api/hr/qyhrjrqysh/addSubAccount', { token: owner.token, body: { phone, pwd: md5('sub-pass-1'), xm: '吴子号', zw: '助理' } });
    expect(sub.body.code).toBe(0);
    const login = await srv.login('hr', phone, 'sub-pass-1');
    expect((await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: login.token })).body.shzt).toBe(1);
    const dup = await srv.call('/api/hr/qyhrjrqysh/addSubAccount', { token: owner.token, body: { phone, pwd: md5('x'), xm: '重复' } });
    expect(dup.body.code).toBe(409);
  });

  it('HR edit their own name and title', async () => {
    const hr = await newHr('钱旧名');
    const r = await srv.call('/api/hr/qydwhrxx/updateHrById', { token: hr.token, body: { xm: '钱新名', zw: '招聘总监' } });
    expect(r.body.code).toBe(0);
    const info = await srv.call<ApiReply<typeof identityApi.hrInfo>>('/api/hr/qydwhrxx/getHrInfo', { token: hr.token });
    // the centre's entity (§4.1): dwqc the full name, sflx s_002 for the HR who registered the enterprise, wx '' unbound
    expect(info.body.qyDwhrxxEntity).toMatchObject({ hrid: hr.userId, xm: '钱新名', zw: '招聘总监', wx: '' });
    expect(['s_001', 's_002']).toContain(info.body.qyDwhrxxEntity.sflx);
    expect(info.body.qyDwhrxxEntity.dwqc).toBe(info.body.qyDwhrxxEntity.dwmc);
    const blank = await srv.call('/api/hr/qydwhrxx/updateHrById', { token: hr.token, body: { xm: '', zw: '' } });
    expect(blank.body.code).toBe(400);
  });

  it('keep the 手机, 电子邮箱 and 性别 the previous client’s HR form shows and sends back', async () => {
    const hr = await newHr('孙HR');
    const entity = async () => (await srv.call('/api/hr/qydwhrxx/getHrInfo', { token: hr.token })).body.qyDwhrxxEntity;
    expect(await entity()).toMatchObject({ sjhm: hr.phone, yx: '', xb: '' });
    // the form sends its whole entity back (sjhm, gh, sfzhm… beside the fields kept)
    const saved = await srv.call('/api/hr/qydwhrxx/updateHrById', {
      token: hr.token, query: { save: true },
      body: { hrid: hr.userId, xm: '孙HR', zw: 's_001', sjhm: hr.phone, yx: 'sun@example.com', xb: 'xb_002', gh: '', sfzhm: '' },
    });
    expect(saved.body.code).toBe(0);
    expect(await entity()).toMatchObject({ sjhm: hr.phone, yx: 'sun@example.com', xb: 'xb_002' });
    // our own profile form sends name and title only: the rest stays
    await srv.call('/api/hr/qydwhrxx/updateHrById', { token: hr.token, body: { xm: '孙HR', zw: '招聘经理' } });
    expect(await entity()).toMatchObject({ zw: '招聘经理', yx: 'sun@example.com', xb: 'xb_002' });
    for (const [bad, msg] of [[{ yx: 'not-mail' }, '电子邮箱(yx) 格式不正确'], [{ xb: 'xb_009' }, '性别无效，请重新选择']] as const) {
      expect((await srv.call('/api/hr/qydwhrxx/updateHrById', { token: hr.token, body: { xm: '孙HR', zw: '招聘经理', ...bad } })).body).toEqual({ code: 400, msg });
    }
    expect(await entity()).toMatchObject({ yx: 'sun@example.com', xb: 'xb_002' });
  });
});

describe('enterprise pages for visitors', () => {
  it('show the enterprise, its published jobs and their count', async () => {
    const hr = await actor(srv, 'hrApproved');
    const a = await postJob(srv, hr, { gwmc: '销售代表' });
    await postJob(srv, hr, { gwmc: '草稿岗位', fb: 0 });
    const detail = await srv.call<ApiReply<typeof companiesApi.detail>>('/api/qz/qzgrjbxx/getDwInfo', { query: { dwid: hr.companyId! } });
    expect(detail.body.dwInfo).toMatchObject({ dwid: hr.companyId, rzgws: 1, dwxz: 'dwxz_03' });
    expect(detail.body.dwInfo).not.toHaveProperty('tyshxydm');
    expect(detail.body.page.list.map((j: { gwid: string }) => j.gwid)).toEqual([a]);
    // the job page asks with sfxstd=2 and reads dwInfo only (§2.4)
    const forJob = await srv.call<ApiReply<typeof companiesApi.detail>>('/api/qz/qzgrjbxx/getDwInfo', { method: 'POST', query: { dwid: hr.companyId!, sfxstd: 2 } });
    expect(forJob.body).toMatchObject({ code: 0, dwInfo: { dwid: hr.companyId, dwjs: expect.any(String), sshy: expect.any(String) } });
    expect(forJob.body.page.list).toEqual([]);
    const list = await srv.call<ApiReply<typeof companiesApi.jobs>>('/api/hr/bskhgl/getGwListByDwId', { method: 'POST', body: { dwid: hr.companyId } });
    expect(list.body.gwList).toEqual([
      expect.objectContaining({ gwid: a, gwmc: '销售代表', gwyx: 'xzfw_06', sbsf: '440000', sbcs: '440300', zprs: 2, fllist: [], dwid: hr.companyId, dwxz: 'dwxz_03' }),
    ]);
    expect(list.body.gwList[0]).toHaveProperty('dwsshy');
    const counts = await srv.call('/api/hr/bskhgl/getGwYyCount', { query: { dwid: hr.companyId! } });
    expect(counts.body).toMatchObject({ gwCount: 1, msCount: 0 });
    const bad = await srv.call('/api/hr/bskhgl/getGwYyCount', { query: { dwid: 'abc' } });
    expect(bad.body.code).toBe(400);
  });
});

describe('public enterprise files', () => {
  it('getFile serves logos only: a business licence (even of a rejected enterprise) is not handed out by id', async () => {
    const hr = await newHr('钱执照');
    const licence = await uploadedFile(srv, hr.userId!, 30);
    const logo = await uploadedFile(srv, hr.userId!, 20);
    const reg = await srv.call<ApiReply<typeof companiesApi.register>>('/api/hr/bskhgl/registerDw', { token: hr.token, body: companyBody(licence, { qydwimage: logo }) });
    expect(reg.body.code).toBe(0);
    await srv.call('/api/xs/admin/companies/review', { token: actors.operator.token, body: { dwid: reg.body.dwid, shzt: 2, shsm: '营业执照不清晰' } });

    // getDwFileList: a bare array of {wjid, wjlx}, oldest first (the client takes the last logo); logos only
    const second = await uploadedFile(srv, hr.userId!, 20);
    await srv.app.services.db.execute(sql`update files set company_id = ${reg.body.dwid} where id = ${second}`);
    const files = await srv.call<ApiReply<typeof identityApi.companyFiles>>('/api/hr/qydwhrxx/getDwFileList', { method: 'POST', query: { dwid: reg.body.dwid } });
    expect(files.body.page.map((f: { wjid: string; wjlx: number }) => [f.wjid, f.wjlx])).toEqual([[logo, 20], [second, 20]]);

    const gotLogo = await srv.call(`/api/hr/qydwhrxx/getFile/${logo}`);
    expect(gotLogo.body.code).toBe(0);
    expect(gotLogo.body.fileUrl).toContain('logo.png');
    for (const who of [null, hr.token, actors.hrApproved.token, actors.seeker.token]) {
      const r = await srv.call(`/api/hr/qydwhrxx/getFile/${licence}`, { token: who });
      expect(r.body.code).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain('licence.jpg');
    }
  });
});
