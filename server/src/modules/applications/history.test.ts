import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { applicationHistoryApi, applicationsApi, resumeExportsApi } from '@zp/core/contract';
import type { TestServer, ApiReply } from '../../../test/helpers.js';
import { actor, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { sql } from '../../db/index.js';

let srv: TestServer;
let actors: Actors;
beforeAll(async () => ({ srv, actors } = await serverWithActors()));
afterAll(() => srv?.close());

const apply = async (seeker: Actor, gwid: string) => (await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid } })).body.bsid as string;
const timeline = async (seeker: Actor, bsid: string) => (await srv.call<ApiReply<typeof applicationHistoryApi.timeline>>(`/api/qz/qyhxrxx/timeline/${bsid}`, { token: seeker.token })).body;
const BEIJING_MINUTE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

describe('an application’s history and 撤回投递', () => {
  it('shows each step with its Beijing time: 投递, 被查看, 邀请面试, the answer, 已录用', async () => {
    const seeker = await actor(srv, 'seeker');
    const gwid = await postJob(srv, actors.hrApproved);
    const bsid = await apply(seeker, gwid);
    let t = await timeline(seeker, bsid);
    expect(t).toMatchObject({ code: 0, withdrawable: 1, events: [{ kind: '1', label: '投递简历' }] });
    expect(t.events[0].at).toMatch(BEIJING_MINUTE);
    const now = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(Math.abs(new Date(t.events[0].at).getTime() - new Date(now).getTime())).toBeLessThanOrEqual(60_000);

    await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${seeker.userId}`, { token: actors.hrApproved.token });
    const at = new Date(Date.now() + 3 * 86400_000 + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    const inv = await srv.call('/api/hr/qyhxrxx/addHrMy', {
      token: actors.hrApproved.token,
      body: { hxrbsid: bsid, mymc: '初试', mssj: at, msxxdz: '深圳市南山区科苑路 15 号', lxr: '陈经理', sjhm: '13912345678' },
    });
    expect(inv.body.code).toBe(0);
    await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid: inv.body.msid, type: 1 } });
    await srv.call('/api/hr/qyhxrxx/updateHxrYyzt', { method: 'POST', token: actors.hrApproved.token, query: { bsid, type: 6 } });

    t = await timeline(seeker, bsid);
    expect(t.events.map((e: { label: string }) => e.label)).toEqual(['投递简历', '简历被查看', '邀请面试', '接受面试邀请', '已录用']);
    expect(t.events.every((e: { at: string }) => BEIJING_MINUTE.test(e.at))).toBe(true);
    expect(t.withdrawable).toBe(0);
    // someone else's application is not found
    expect((await timeline(actors.seeker, bsid)).code).toBe(404);
  });

  it('withdraws an application the enterprise has not read; not once it was read or downloaded', async () => {
    const seeker = await actor(srv, 'seeker');
    const gwid = await postJob(srv, actors.hrApproved);
    const bsid = await apply(seeker, gwid);
    const received = async () =>
      ((await srv.call<ApiReply<typeof applicationsApi.received>>('/api/hr/qyhxrxx/findAllHxrList', { token: actors.hrApproved.token, query: { limit: 100 } })).body.page.list as { bsid: string }[]).map((a) => a.bsid);
    expect(await received()).toContain(bsid);
    expect((await srv.call(`/api/qz/qyhxrxx/withdraw/${bsid}`, { method: 'POST', token: actors.seeker.token })).body.code).toBe(404);

    const w = await srv.call(`/api/qz/qyhxrxx/withdraw/${bsid}`, { method: 'POST', token: seeker.token });
    expect(w.body).toEqual({ code: 0, msg: '已撤回投递，该单位将看不到这份简历' });
    expect(await received()).not.toContain(bsid);
    // the résumé is no longer shared with that enterprise
    expect((await srv.call('/api/hr/qydwjlgl/tdDownloadJl', { token: actors.hrApproved.token, query: { qzid: seeker.userId! } })).body.code).toBe(403);
    // and the seeker may apply again
    const again = await apply(seeker, gwid);
    expect(again).toMatch(/^\d+$/);

    // read by HR: too late
    await srv.call(`/api/hr/qyhxrxx/findQzxxInfo/${seeker.userId}`, { token: actors.hrApproved.token });
    expect((await srv.call(`/api/qz/qyhxrxx/withdraw/${again}`, { method: 'POST', token: seeker.token })).body).toEqual({ code: 409, msg: '该单位已查看您的简历，不能再撤回投递' });

    // downloaded (without opening): too late as well
    const gwid2 = await postJob(srv, actors.hrApproved);
    const third = await apply(seeker, gwid2);
    await srv.app.services.db.execute(sql`update applications set state = 1 where id = ${third}`);
    const link = await srv.call<ApiReply<typeof resumeExportsApi.link>>('/api/hr/jlxz/link', { token: actors.hrApproved.token, body: { qzbsid: seeker.userId!, format: 'docx' } });
    await (await fetch(link.body.url)).arrayBuffer();
    expect((await timeline(seeker, third)).withdrawable).toBe(0);
    expect((await srv.call(`/api/qz/qyhxrxx/withdraw/${third}`, { method: 'POST', token: seeker.token })).body.code).toBe(409);
  });
});
