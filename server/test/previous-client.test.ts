/**
 * Calls of the previous web client that had no route or were refused, as a user would notice
 * them: the generated résumé, the fair talent pool, talents for a job, the weekly recommendation,
 * an interview invitation without a time, the résumé preview's job list, the trailing and the
 * doubled slash.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one, sql } from '../src/db/index.js';
import type { Static } from '@sinclair/typebox';
import type { applicationsApi, codesApi, Envelope, filesApi, notifyApi, PreviewJob, resumesApi, searchApi } from '@zp/core/contract';
import { newPhone, startServer, type ApiReply, type TestServer } from './helpers.js';
import { sendWeeklyRecommendations } from '../src/modules/resumes/weekly.js';
import { isUserOnline } from '../src/modules/notify/public.js';

/** The text of one entry of a zip (a .docx), read from its local header. */
function zipEntry(buf: Buffer, name: string): string | null {
  for (let i = 0; i + 30 < buf.length; i++) {
    if (buf.readUInt32LE(i) !== 0x04034b50) continue;
    const method = buf.readUInt16LE(i + 8);
    const size = buf.readUInt32LE(i + 18);
    const nameLen = buf.readUInt16LE(i + 26);
    const extra = buf.readUInt16LE(i + 28);
    const entry = buf.subarray(i + 30, i + 30 + nameLen).toString();
    const start = i + 30 + nameLen + extra;
    if (entry === name) {
      const data = buf.subarray(start, start + size);
      return (method === 8 ? zlib.inflateRawSync(data) : data).toString('utf8');
    }
  }
  return null;
}

describe('previous client calls', () => {
  let srv: TestServer;
  let seeker: { token: string; userId: string };
  let hr: { token: string; userId: string };

  beforeAll(async () => {
    srv = await startServer({ demo: true });
    seeker = await srv.login('qz', '13800000001');
    hr = await srv.login('hr', '13800000002');
  });
  afterAll(() => srv.close());

  it('generates the seeker\'s résumé as a Word document, lists it as fileType 30 and downloads it as an attachment', async () => {
    const before = await srv.call('/api/qz/qzFile/list', { token: seeker.token, query: { fileType: 30 } });
    expect(before.body.code).toBe(0);

    const made = await srv.call('/api/qz/qzjldz/save', { token: seeker.token });
    expect(made.body).toMatchObject({ code: 0, wjid: expect.any(String), wjmc: expect.stringMatching(/的简历_\d{8}\.docx$/) });
    const again = await srv.call('/api/qz/qzjldz/save', { token: seeker.token, method: 'POST' });
    const list = await srv.call<ApiReply<typeof filesApi.seekerList>>('/api/qz/qzFile/list', { token: seeker.token, query: { fileType: 30 } });
    expect(list.body.fileList[0]).toMatchObject({ wjid: again.body.wjid, showPhone: 1, wjgs: 'docx' });
    expect(list.body.fileList.slice(1).every((f) => f.showPhone === 0)).toBe(true);
    expect(list.body.fileList.map((f) => f.wjid)).toContain(made.body.wjid);

    // preview: the newest one, as bytes to download (never shown inline)
    const res = await fetch(`${srv.url}/api/qz/qzjldz/preViewDocx`, { headers: { token: seeker.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('wordprocessingml');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const xml = zipEntry(Buffer.from(await res.arrayBuffer()), 'word/document.xml');
    const p = await one<{ name: string; company: string }>(
      srv.app.services.db,
      sql`select p.name, (select company from resume_work w where w.user_id = p.user_id limit 1) as company from seeker_profiles p where p.user_id = ${seeker.userId}`,
    );
    expect(xml).toContain(p!.name);
    if (p!.company) expect(xml).toContain(p!.company);
    expect(xml).toContain('工作经历');

    // only five copies are kept
    for (let i = 0; i < 5; i++) await srv.call('/api/qz/qzjldz/save', { token: seeker.token });
    expect((await srv.call('/api/qz/qzFile/list', { token: seeker.token, query: { fileType: 30 } })).body.fileList).toHaveLength(5);

    // an HR may not generate or download a seeker's; a seeker without base information is told what to do
    expect((await srv.call('/api/qz/qzjldz/save', { token: hr.token })).body.code).toBe(403);
    expect((await srv.call('/api/qz/qzjldz/preViewDocx', { token: hr.token })).body.code).toBe(403);
    expect((await srv.call('/api/qz/qzjldz/preViewDocx')).body.code).toBe(401);
    const fresh = await srv.registerSeeker(newPhone());
    const none = await srv.call('/api/qz/qzjldz/save', { token: fresh.token });
    expect(none.body).toMatchObject({ code: 404, msg: '请先填写个人基本信息' });
  });

  it('the résumé preview lists the seeker\'s applications (gwList), never null', async () => {
    const r = await srv.call<Envelope & { gwList: Static<typeof PreviewJob>[] }>('/api/qz/jlyl/findQzxxGzjl', { token: seeker.token });
    expect(r.body.code).toBe(0);
    expect(r.body.gwList.length).toBeGreaterThan(0);
    expect(r.body.gwList[0]).toMatchObject({ gwid: expect.any(String), gwmc: expect.any(String), dwmc: expect.any(String) });
    const fresh = await srv.registerSeeker(newPhone());
    expect((await srv.call('/api/qz/jlyl/findQzxxJyjl', { token: fresh.token })).body.gwList).toEqual([]);
  });

  it('a section save answers the refreshed base info (qzGrjbxxBase)', async () => {
    const fresh = await srv.registerSeeker(newPhone());
    await srv.call('/api/qz/qzgrjbxx/save', { token: fresh.token, body: { xm: '王小红', xbm: 'xb_002' } });
    const r = await srv.call('/api/qz/qzgzjl/save', { token: fresh.token, body: { dwmc: '深圳云帆科技', zwmc: '前端工程师', rzsj: '2021-08' } });
    expect(r.body).toMatchObject({ code: 0, qzGrjbxxBase: { xm: '王小红', wsd: r.body.wsd } });
  });

  it('switches the weekly job recommendation over, or sets it', async () => {
    const fresh = await srv.registerSeeker(newPhone());
    expect((await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: fresh.token, method: 'POST' })).body).toMatchObject({ code: 0, sfdy: 1 });
    expect((await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: fresh.token, method: 'POST' })).body).toMatchObject({ code: 0, sfdy: 0 });
    expect((await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: fresh.token, method: 'POST', query: { sfdy: 1 } })).body.sfdy).toBe(1);
    expect((await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: fresh.token, method: 'POST', query: { sfdy: 1 } })).body.sfdy).toBe(1);
    expect((await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: fresh.token, method: 'POST', query: { sfdy: 3 } })).body.code).toBe(400);
    expect((await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: hr.token, method: 'POST' })).body.code).toBe(403);
  });

  it('a subscribed seeker gets one recommendation a week, of open jobs fitting the intention', async () => {
    const db = srv.app.services.db;
    // the demo seeker's first intention, and an open job of that category and city not applied to
    const fit = await one<{ id: string; title: string }>(
      db,
      sql`select j.id::text as id, j.title from jobs j join companies c on c.id = j.company_id
          join lateral (select category3, city from resume_intentions where user_id = ${seeker.userId} order by id limit 1) i on true
          where j.status = 1 and j.deleted_at is null and c.status = 1 and j.category = i.category3 and (i.city = '' or j.city = i.city)
            and not exists (select 1 from applications a where a.seeker_id = ${seeker.userId} and a.job_id = j.id)
          order by j.refreshed_at desc, j.id desc limit 1`,
    );
    expect(fit, 'the demo data has a job fitting the demo seeker').toBeTruthy();
    await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: seeker.token, method: 'POST', query: { sfdy: 1 } });
    const weekly = () =>
      srv.call<ApiReply<typeof notifyApi.seekerList>>('/api/qz/qzxxtx/list/xx_002/1/50', { token: seeker.token }).then((r) => r.body.page.list.filter((x) => x.bt === '每周职位推荐'));
    const before = (await weekly()).length;
    await sendWeeklyRecommendations(srv.app.services);
    await sendWeeklyRecommendations(srv.app.services);
    const after = await weekly();
    expect(after.length - before).toBe(1);
    expect(after[0].nr).toContain(fit!.title);
    // the reminder leads to the first job's page
    expect(after[0].tzlj).toBe(`/zppc/public/postdetail?gwid=${fit!.id}`);
    // a week later, the next one
    await db.execute(sql`update seeker_profiles set weekly_sent_at = now() - interval '8 days' where user_id = ${seeker.userId}`);
    await sendWeeklyRecommendations(srv.app.services);
    expect((await weekly()).length - before).toBe(2);
    // switched off: nothing more
    await srv.call('/api/qz/qzgrjbxx/recEveryWeek', { token: seeker.token, method: 'POST', query: { sfdy: 0 } });
    await db.execute(sql`update seeker_profiles set weekly_sent_at = now() - interval '8 days' where user_id = ${seeker.userId}`);
    await sendWeeklyRecommendations(srv.app.services);
    expect((await weekly()).length - before).toBe(2);
  });

  it('talents for a job: seekers whose intention has the job\'s category, for the job\'s own HR only', async () => {
    const db = srv.app.services.db;
    const job = await one<{ id: string; company: string; category: string }>(
      db,
      sql`select j.id::text as id, j.company_id::text as company, j.category from jobs j
          where j.status = 1 and j.deleted_at is null and j.company_id = (select company_id from hr_profiles where user_id = ${hr.userId})
            and exists (select 1 from resume_intentions i join seeker_profiles p on p.user_id = i.user_id where i.category3 = j.category and not p.hidden and p.completeness >= 60)
          limit 1`,
    ).catch(() => undefined);
    expect(job, 'the demo HR has a job some public résumé intends').toBeTruthy();
    const anyJob = job ?? (await one<{ id: string; company: string; category: string }>(db, sql`select id::text as id, company_id::text as company, category from jobs where status = 1 limit 1`))!;
    const r = await srv.call<ApiReply<typeof searchApi.jobTalents>>('/api/xs/app/search/gwrc', { token: hr.token, query: { gwid: anyJob.id, dwid: anyJob.company, page: 1, limit: 10, orderField: '' } });
    if (job) {
      expect(r.body.code).toBe(0);
      expect(r.body.page.totalCount).toBeGreaterThan(0);
      for (const t of r.body.page.list) {
        const i = await one(db, sql`select 1 as ok from resume_intentions where user_id = ${t.qzbsid} and category3 = ${job.category}`);
        expect(i).toBeTruthy();
      }
    }
    expect((await srv.call('/api/xs/app/search/gwrc', { token: seeker.token, query: { gwid: anyJob.id } })).body.code).toBe(403);
    const other = await one<{ id: string }>(db, sql`select id::text as id from jobs where company_id <> ${anyJob.company} and status = 1 limit 1`);
    if (other && !job) return;
    if (other) expect((await srv.call('/api/xs/app/search/gwrc', { token: hr.token, query: { gwid: other.id } })).body.code).toBe(404);
  });

  it('a seeker joins a fair\'s talent pool (signs up) only as themself', async () => {
    const db = srv.app.services.db;
    const fair = await one<{ id: string }>(db, sql`select id::text as id from fairs where published and ends_at > now() order by starts_at limit 1`);
    const other = await one<{ id: string }>(db, sql`select id::text as id from users where role = 'qz' and id <> ${seeker.userId} limit 1`);
    const notMe = await srv.call('/api/xs/app/rc/save', { token: seeker.token, method: 'POST', query: { hxid: fair!.id, qzzid: other!.id } });
    expect(notMe.body.code).toBe(403);
    const r = await srv.call('/api/xs/app/rc/save', { token: seeker.token, method: 'POST', query: { hxid: fair!.id, qzzid: seeker.userId } });
    expect(r.body.code).toBe(0);
    const signed = await one(db, sql`select 1 as ok from fair_signups where fair_id = ${fair!.id} and user_id = ${seeker.userId} and company_id is null`);
    expect(signed).toBeTruthy();
    const incomplete = await srv.registerSeeker(newPhone());
    expect((await srv.call('/api/xs/app/rc/save', { token: incomplete.token, method: 'POST', query: { hxid: fair!.id } })).body.code).toBe(403);
  });

  it('an interview invitation without a time: 待定, shown as \'\' to both sides', async () => {
    const db = srv.app.services.db;
    const a = await one<{ id: string }>(
      db,
      sql`select a.id::text as id from applications a where a.company_id = (select company_id from hr_profiles where user_id = ${hr.userId})
            and a.state not in (5, 6) and not exists (select 1 from interviews i where i.seeker_id = a.seeker_id and i.job_id = a.job_id and i.answer = 0)
          order by a.id limit 1`,
    ).catch(() => undefined);
    expect(a, 'the demo HR has an application to invite').toBeTruthy();
    if (!a) return;
    const r = await srv.call('/api/hr/qyhxrxx/addHrMy', {
      token: hr.token,
      method: 'POST',
      query: { hxrbsid: a.id, mymc: '初试', lxr: '王芳', sjhm: '13800000002', msxxdz: '深圳市南山区科技园', smxx: '请携带简历' },
    });
    expect(r.body).toMatchObject({ code: 0, msid: expect.any(String) });
    const sent = await srv.call<ApiReply<typeof applicationsApi.sentInvitations>>('/api/hr/qyhxrxx/findMsjgList', { token: hr.token, query: { page: 1, limit: 100 } });
    expect(sent.body.page.list.find((x) => x.msid === r.body.msid)).toMatchObject({ mssj: '' });
  });

  it('the hall\'s sign-up check with a double slash (bsdwbmxx//findDwBmzt, as the client sends it) answers like the single one', async () => {
    const fair = await one<{ id: string }>(
      srv.app.services.db,
      sql`select s.fair_id::text as id from fair_signups s join hr_profiles h on h.company_id = s.company_id where h.user_id = ${hr.userId} limit 1`,
    );
    const single = await srv.call('/api/hr/bsdwbmxx/findDwBmzt', { token: hr.token, method: 'POST', query: { hxid: fair!.id } });
    const double = await srv.call('/api/hr/bsdwbmxx//findDwBmzt', { token: hr.token, method: 'POST', query: { hxid: fair!.id } });
    expect(single.body.code).toBe(0);
    expect(double.body).toEqual(single.body);
    // any route: a doubled slash anywhere in the path is one slash
    expect((await srv.call<ApiReply<typeof codesApi.provinceList>>('/api//hr/dm//findSfList')).body.sfList.length).toBeGreaterThan(30);
  });

  it('refusals on the previous back end\'s paths arrive as HTTP 200 with code and msg, as that back end sent them', async () => {
    // its pages read msg from a 2xx reply only (their error handler reads error.data.msg and throws on a 4xx)
    const invalid = await srv.call('/api/hr/qydwgwfbxx/addGw', { token: hr.token, query: { type: 1 }, body: { gwmc: '测' } });
    expect(invalid.status).toBe(200);
    expect(invalid.body).toMatchObject({ code: 400, msg: expect.stringMatching(/\S/) });
    const anonymous = await srv.call('/api/hr/qydwgwfbxx/findGwListHr', { method: 'POST' });
    expect(anonymous).toEqual({ status: 200, body: { code: 401, msg: '请先登录' } });
    const wrongRole = await srv.call('/api/hr/qydwgwfbxx/findGwListHr', { method: 'POST', token: seeker.token });
    expect(wrongRole).toEqual({ status: 200, body: { code: 403, msg: '该操作仅限企业 HR' } });
    const badJson = await srv.call('/api/qz/qzgzjl/save', { token: seeker.token, raw: '{"dwmc":' });
    expect(badJson).toEqual({ status: 200, body: { code: 400, msg: '请求体不是合法的 JSON' } });
    const missing = await srv.call('/api/qz/qzgrjbxx/getGwInfo', { query: { gwid: '999999999' } });
    expect(missing.status).toBe(200);
    expect(missing.body.code).toBe(404);
    // our own additions keep the HTTP status: the operator console, and a path no route serves
    expect((await srv.call('/api/xs/admin/jobs')).status).toBe(401);
    expect((await srv.call('/api/hr/qydwgwfbxx/noSuchCall', { method: 'POST' })).status).toBe(404);
  });

  it('presence calls without a token are served; presence is recorded only for a verified caller', async () => {
    const db = srv.app.services.db;
    const fair = await one<{ id: string }>(db, sql`select id::text as id from fairs where starts_at <= now() and ends_at > now() order by id limit 1`);
    const visits = async (userId: string) =>
      (await one<{ n: number }>(db, sql`select count(*)::int as n from fair_visits where fair_id = ${fair!.id} and user_id = ${userId}`))!.n;
    const fresh = await srv.registerSeeker(newPhone());

    // the hall's calls as the client sends them: no token header
    const anonHall = await srv.call('/imapi/api/meet/online', { method: 'POST', query: { hxid: fair!.id, type: 2 } });
    expect(anonHall).toEqual({ status: 200, body: { code: 0, msg: 'success' } });
    const anonUser = await srv.call('/imapi/api/user/online', { method: 'POST', query: { userid: fresh.userId } });
    expect(anonUser.body).toEqual({ code: 0, msg: 'success', data: false });
    const similar = await srv.call<ApiReply<typeof applicationsApi.recommended>>('/api/qz/qyhxrxx/tjList', { query: { sbcs: '440300' } });
    expect(similar.body.code).toBe(0);
    expect(similar.body.page.list.every((j: { sbcs: string }) => j.sbcs === '440300')).toBe(true);
    expect(await isUserOnline(srv.app.services, fresh.userId)).toBe(false);

    // with the token: the seeker is in the hall and counts as online
    expect((await srv.call('/imapi/api/meet/online', { method: 'POST', token: fresh.token, query: { hxid: fair!.id, type: 2 } })).body.code).toBe(0);
    expect(await visits(fresh.userId)).toBe(1);
    expect(await isUserOnline(srv.app.services, fresh.userId)).toBe(true);

    // a seeker's presence is theirs: strangers learn nothing, logged-in users (an HR in the hall) do
    expect((await srv.call('/imapi/api/user/online', { method: 'POST', query: { userid: fresh.userId } })).body.data).toBe(false);
    expect((await srv.call('/imapi/api/user/online', { method: 'POST', token: hr.token, query: { userid: fresh.userId } })).body.data).toBe(true);
    const listed = await srv.call('/imapi/api/users/online', { token: hr.token, body: [fresh.userId, seeker.userId] });
    expect(listed.body.data).toContain(fresh.userId);
    expect((await srv.call('/imapi/api/users/online', { body: [fresh.userId] })).body.data).toEqual([]);
    // an HR's presence is public (the booths show it): user/online with the HR's id answers anyone
    expect((await srv.call('/imapi/api/user/online', { method: 'POST', token: hr.token, query: { userid: hr.userId } })).body.data).toBe(true);
    expect((await srv.call('/imapi/api/user/online', { method: 'POST', query: { userid: hr.userId } })).body.data).toBe(true);
    // a token that is not valid records nothing and is not refused either
    const other = await srv.registerSeeker(newPhone());
    expect((await srv.call('/imapi/api/meet/online', { method: 'POST', token: 'x'.repeat(43), query: { hxid: fair!.id, type: 2 } })).body.code).toBe(0);
    expect(await isUserOnline(srv.app.services, other.userId)).toBe(false);
  });

  it('the trailing-slash save of target companies answers like /save', async () => {
    const fresh = await srv.registerSeeker(newPhone());
    const company = await one<{ id: string }>(srv.app.services.db, sql`select id::text as id from companies where status = 1 limit 1`);
    const r = await srv.call('/api/qz/qzyxdw/save/', { token: fresh.token, body: [company!.id] });
    expect(r.body).toMatchObject({ code: 0, added: 1 });
    expect((await srv.call<ApiReply<typeof resumesApi.targets>>('/api/qz/qzyxdw/list', { token: fresh.token })).body.yxdwList.map((x) => x.dwid)).toEqual([company!.id]);
    expect((await srv.call('/api/qz/qzyxdw/save/', { token: fresh.token, body: ['x'] })).body.code).toBe(400);
  });
});
