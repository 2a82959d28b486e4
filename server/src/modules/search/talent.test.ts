import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { searchApi } from '@zp/core/contract';
import type { TestServer, ApiReply } from '../../../test/helpers.js';
import { actor, codesByRole, completeResume, expectedCodes, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { shieldCompany, unshieldCompany } from '../relations/public.js';
import { sql } from '../../db/index.js';

let srv: TestServer;
let actors: Actors;
const seekers: Record<'shown' | 'hidden' | 'shielding' | 'incomplete', Actor> = {} as never;

/** Four years ago this month, as YYYY-MM. */
const yearsAgo = (n: number) => {
  const d = new Date();
  return `${d.getFullYear() - n}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** A résumé with education and work (arranged in the résumé tables, as the résumé screens would leave it). */
async function resume(s: Actor, name: string, wsd = 100) {
  const db = srv.app.services.db;
  await completeResume(srv, s.userId!, wsd);
  await db.execute(sql`update seeker_profiles set name = ${name}, work_start = ${yearsAgo(4)} where user_id = ${s.userId}`);
  await db.execute(sql`insert into resume_education (user_id, school, degree, major, start_date, end_date)
                       values (${s.userId}, '江城大学', 'xl_04', '计算机科学与技术', '2018-09', '2022-06')`);
  await db.execute(sql`insert into resume_work (user_id, company, position, start_date, description)
                       values (${s.userId}, '深圳某互联网公司', '前端开发工程师', ${yearsAgo(4)}, '负责 Web 前端开发')`);
}

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  for (const k of ['shown', 'hidden', 'shielding', 'incomplete'] as const) seekers[k] = await actor(srv, 'seeker');
  await resume(seekers.shown, '欧阳明');
  await resume(seekers.hidden, '隐藏者');
  await resume(seekers.shielding, '屏蔽者');
  await resume(seekers.incomplete, '未完善', 40);
  await srv.app.services.db.execute(sql`update seeker_profiles set hidden = true where user_id = ${seekers.hidden.userId}`);
  await shieldCompany(srv.app.services.db, seekers.shielding.userId!, actors.hrApproved.companyId!);
});
afterAll(() => srv?.close());

const find = async (hr: Actor, query: Record<string, string | number> = {}) => {
  const r = await srv.call<ApiReply<typeof searchApi.talents>>('/api/xs/app/search/rc', { token: hr.token, query });
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  return r.body.page.list as { qzbsid: string; x: string; xxmc: string; zwmc: string; gznx: number }[];
};
const ids = (list: { qzbsid: string }[]) => list.map((c) => c.qzbsid);

describe('talent search', () => {
  it('is for HR of approved enterprises only', async () => {
    expect(await codesByRole(actors, (a) => srv.call('/api/xs/app/search/rc', { token: a.token }))).toEqual(expectedCodes(['hrApproved']));
  });

  it('never shows a hidden résumé, a seeker who shields the enterprise, or an incomplete résumé', async () => {
    const found = ids(await find(actors.hrApproved, { key: '前端' }));
    expect(found).toContain(seekers.shown.userId);
    expect(found).not.toContain(seekers.hidden.userId);
    expect(found).not.toContain(seekers.shielding.userId);
    expect(found).not.toContain(seekers.incomplete.userId);
    // the shield is against one enterprise: another one's HR finds the seeker
    const other = await actor(srv, 'hrApproved');
    const theirs = ids(await find(other, { key: '前端' }));
    expect(theirs).toContain(seekers.shielding.userId);
    expect(theirs).not.toContain(seekers.hidden.userId);
    // lifting the shield brings the seeker back
    await unshieldCompany(srv.app.services.db, seekers.shielding.userId!, actors.hrApproved.companyId!);
    expect(ids(await find(actors.hrApproved, { key: '前端' }))).toContain(seekers.shielding.userId);
    await shieldCompany(srv.app.services.db, seekers.shielding.userId!, actors.hrApproved.companyId!);
  });

  it('shows the surname, school, latest position and experience, not the full name', async () => {
    const card = (await find(actors.hrApproved, { key: '前端' })).find((c) => c.qzbsid === seekers.shown.userId)!;
    expect(card).toMatchObject({ x: '欧', xxmc: '江城大学', zwmc: '前端开发工程师', gznx: 4 });
    // as the previous client's 人才搜索 prints them: the name masked as the hall does, xl the degree code
    expect(card).toMatchObject({ xm: expect.stringMatching(/^欧(先生|女士)$/), xl: (card as unknown as { zgxl: string }).zgxl });
    expect(JSON.stringify(card)).not.toContain('欧阳明');
  });

  it('filters by degree, major, school, graduation year and experience', async () => {
    const hr = actors.hrApproved;
    const me = seekers.shown.userId;
    expect(ids(await find(hr, { xlyq: 'xl_04', zy: '计算机', xxmc: '江城', bysj: '2022', jyyq: 'gzjy_04' }))).toContain(me);
    expect(ids(await find(hr, { xlyq: 'xl_05' }))).not.toContain(me);
    expect(ids(await find(hr, { bysj: '2023' }))).not.toContain(me);
    expect(ids(await find(hr, { jyyq: 'gzjy_03' }))).not.toContain(me);
    expect(ids(await find(hr, { key: '会计' }))).not.toContain(me);
    const bad = await srv.call('/api/xs/app/search/rc', { token: hr.token, query: { bysj: '22' } });
    expect(bad.body.code).toBe(400);
  });
});
