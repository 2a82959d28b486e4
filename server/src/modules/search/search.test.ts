import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Static } from '@sinclair/typebox';
import { md5, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { rows, sql } from '../../db/index.js';
import { reindexCompanyJobs } from '../jobs/public.js';
import { keywordQuery } from '../../text/segment.js';
import { SALARY_RANGES, type JobCard, type searchApi } from '@zp/core/contract';
import { searchJobs, type JobSearch } from './jobs.js';
import { insertCompanies, makeCompany, random } from '../companies/public.js';
import { generateJobs } from '../jobs/public.js';

let srv: TestServer;
let actors: Actors;
let a: Actor; // 深圳前端科技 (民营, 150-500人, IT)
let b: Actor; // 北京会计师事务所 (国企, 1000-5000人, 专业服务)
const ids: Record<string, string> = {};

async function rename(hr: Actor, name: string, extra = sql``) {
  await srv.app.services.db.execute(sql`update companies set name = ${name} ${extra} where id = ${hr.companyId}`);
  await reindexCompanyJobs(srv.app.services.db, hr.companyId!, name);
}

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  a = await actor(srv, 'hrApproved');
  b = await actor(srv, 'hrApproved');
  const posts: [Actor, string, Record<string, unknown>][] = [
    [a, '高级前端开发工程师', { zdyx: 25000, zgyx: 40000 }],
    [a, '前端工程师(Vue)', { zdyx: 12000, zgyx: 18000, jyyq: 'gzjy_02' }],
    [a, 'Java后端开发', { gwlb: 'gwlb_010101' }],
    [a, '公司机关行政专员', { gwlb: 'gwlb_050101', zdyx: 0, zgyx: 0 }],
    [a, '大会计划专员', {}],
    [a, '货车司机', { sbsf: '110000', sbcs: '110100', xlyq: 'xl_02', gwgzxz: 'gx_002', zdyx: 7000, zgyx: 9000 }],
    [b, '会计', { sbsf: '110000', sbcs: '110100', zdyx: 6000, zgyx: 8000 }],
    [b, '财务会计主管', { sbsf: '110000', sbcs: '110100', zdyx: 15000, zgyx: 20000 }],
    [b, '行政助理', { sbsf: '110000', sbcs: '110100', zdyx: 5000, zgyx: 6000 }],
  ];
  for (const [hr, title, over] of posts) ids[title] = await postJob(srv, hr, { gwmc: title, ...over });
  await postJob(srv, b, { gwmc: '会计助理（草稿）', fb: 0 });
  await rename(a, '深圳前端科技有限公司');
  await rename(b, '北京会计师事务所', sql`, nature = 'dwxz_01', size = 'gm_05', industry = 'hy_12'`);
});
afterAll(() => srv?.close());

const search = async (query: Record<string, string | number | boolean>) => {
  const r = await srv.call('/api/xs/app/search/gwpc', { query });
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  return r.body.page as { list: Static<typeof JobCard>[]; totalCount: number; totalCapped: boolean };
};
const titles = async (query: Record<string, string | number | boolean>) => (await search(query)).list.map((j) => j.gwmc);

describe('job search', () => {
  it('is open to everyone', async () => {
    const codes = await codesByRole(actors, (x) => srv.call('/api/xs/app/search/gwpc', { token: x.token, query: { key: '会计' } }));
    expect(codes).toEqual(expectedCodes(['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']));
  });

  it('matches two-character words as words, not as any two characters in a row', async () => {
    // 公司机关 holds 司机 and 大会计划 holds 会计 as characters, but not as words
    expect(await titles({ key: '司机' })).toEqual(['货车司机']);
    const acc = await titles({ key: '会计' });
    expect(acc.slice(0, 2).sort()).toEqual(['会计', '财务会计主管']);
    expect(acc).not.toContain('大会计划专员');
    expect(acc).not.toContain('会计助理（草稿）');
    // titles first; the rest of 深圳前端科技's jobs follow by its name
    expect((await titles({ key: '前端' })).slice(0, 2).sort()).toEqual(['前端工程师(Vue)', '高级前端开发工程师']);
    expect(await titles({ key: '后端' })).toEqual(['Java后端开发']);
  });

  it('finds longer words through the words they are made of, and needs every word of the query', async () => {
    // 前端开发 as one word, or 前端 and 开发 anywhere in the title and enterprise name
    expect(await titles({ key: '前端开发' })).toEqual(['高级前端开发工程师', 'Java后端开发']);
    expect((await titles({ key: '工程师' })).sort()).toEqual(['前端工程师(Vue)', '高级前端开发工程师']);
    expect(await titles({ key: '前端 Vue' })).toEqual(['前端工程师(Vue)']);
    expect(await titles({ key: 'java' })).toEqual(['Java后端开发']);
    expect(await titles({ key: '。，' })).toEqual([]);
  });

  it('ranks title matches above enterprise-name matches, then the freshest first', async () => {
    // 北京会计师事务所 matches 会计 by its name, so its 行政助理 comes after the 会计 titles
    const acc = await titles({ key: '会计' });
    expect(acc.indexOf('行政助理')).toBeGreaterThan(acc.indexOf('财务会计主管'));
    expect(acc).toContain('行政助理');
    const db = srv.app.services.db;
    await db.execute(sql`update jobs set refreshed_at = now() - interval '3 days' where id = ${ids.会计}`);
    await db.execute(sql`update jobs set refreshed_at = now() - interval '1 days' where id = ${ids.财务会计主管}`);
    expect((await titles({ key: '会计' })).slice(0, 2)).toEqual(['财务会计主管', '会计']);
    // a refresh puts an equally relevant job back in front
    await db.execute(sql`update jobs set refreshed_at = now() where id = ${ids.会计}`);
    expect((await titles({ key: '会计' }))[0]).toBe('会计');
  });

  it('filters by every field of the inventory', async () => {
    expect(await titles({ key: '会计', sbcs: '440300' })).toEqual([]);
    expect((await titles({ sbsf: '110000', gzxz: 'gx_002' }))).toEqual(['货车司机']);
    expect(await titles({ xlyq: 'xl_02' })).toEqual(['货车司机']);
    expect(await titles({ jyyq: 'gzjy_02' })).toEqual(['前端工程师(Vue)']);
    expect(await titles({ gwlb: 'gwlb_05' })).toEqual(['公司机关行政专员']);
    expect(await titles({ gwlb: 'gwlb_0501' })).toEqual(['公司机关行政专员']);
    expect((await titles({ dwxz: 'dwxz_01', gwyx: 'xzfw_05' })).sort()).toEqual(['财务会计主管']);
    expect((await search({ dwgm: 'gm_05' })).totalCount).toBe(3);
    expect((await search({ sshy: 'hy_12', key: '行政' })).list.map((j) => j.gwmc)).toEqual(['行政助理']);
    expect(await titles({ gwyx: 'xzfw_09' })).toEqual(['公司机关行政专员']);
    expect((await titles({ gwyx: 'xzfw_08' }))).toEqual([]);
    expect((await titles({ gwyx: 'xzfw_07', key: '前端' }))).toEqual(['高级前端开发工程师']);
  });

  it('answers rows in the fields of the contract (GwpcRow)', async () => {
    const [j] = (await search({ key: '货车司机' })).list;
    expect(j).toMatchObject({
      bsid: j.gwid, gwmc: '货车司机', sbsf: '110000', sbcs: '110100', gwyx: 'xzfw_04', zdyx: 7000, zgyx: 9000, xlyq: 'xl_02',
      gwgzxz: 'gx_002', gwlbo: j.gwlb.slice(0, 7), gwlbt: j.gwlb.slice(0, 9), gwfl: [], sbxxdz: expect.any(String),
      dwsshy: expect.any(String), dwgm: expect.any(String),
    });
    expect(j.gwfbsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('orders by salary or freshness when asked, and pages', async () => {
    const bySalary = await titles({ sbcs: '110100', orderField: '2' });
    expect(bySalary[0]).toBe('财务会计主管');
    const asc = await titles({ sbcs: '110100', orderField: '2', asc: true });
    expect(asc[0]).toBe('行政助理');
    const p1 = await search({ limit: 3, page: 1 });
    const p2 = await search({ limit: 3, page: 2 });
    expect(p1.totalCount).toBe(9);
    expect(p1.list).toHaveLength(3);
    expect(p2.list.map((j) => j.gwid)).not.toContain(p1.list[0].gwid);
    const post = await srv.call<ApiReply<typeof searchApi.jobs>>('/api/xs/app/search/gwpc', { method: 'POST', body: { key: '司机', page: 1, limit: 10 } });
    expect(post.body.page.list.map((j: { gwmc: string }) => j.gwmc)).toEqual(['货车司机']);
  });

  it('leaves out closed, taken-down and unapproved enterprises’ jobs', async () => {
    const hr = await actor(srv, 'hrApproved');
    const gwid = await postJob(srv, hr, { gwmc: '仓库叉车司机' });
    expect(await titles({ key: '叉车' })).toEqual(['仓库叉车司机']);
    await srv.call('/api/hr/qydwgwfbxx/auditGW', { token: hr.token, query: { gwid, type: 4 } });
    expect(await titles({ key: '叉车' })).toEqual([]);
    await srv.call('/api/hr/qydwgwfbxx/auditGW', { token: hr.token, query: { gwid, type: 2 } });
    await srv.app.services.db.execute(sql`update companies set status = 0 where id = ${hr.companyId}`);
    expect(await titles({ key: '叉车' })).toEqual([]);
  });

  it('takes an enterprise’s jobs out while it is not approved, and back when it is again', async () => {
    const hr = await actor(srv, 'hrApproved');
    await postJob(srv, hr, { gwmc: '冷库理货员' });
    expect(await titles({ key: '冷库' })).toEqual(['冷库理货员']);
    const db = srv.app.services.db;
    await db.execute(sql`update companies set status = 2 where id = ${hr.companyId}`);
    expect(await titles({ key: '冷库' })).toEqual([]);
    await db.execute(sql`update companies set status = 1 where id = ${hr.companyId}`);
    expect(await titles({ key: '冷库' })).toEqual(['冷库理货员']);
  });

  it('says whether the total is every match or only as many as were counted', async () => {
    const all = await search({ key: '会计' });
    expect(all).toMatchObject({ totalCount: 3, totalCapped: false });
    // counting stops at the cap: the total is then a lower bound, and the order is the same
    const db = srv.app.services.db;
    for (const key of ['会计', '前端', '前端开发', '开发']) {
      // relevance, and salary high to low
      for (const orderField of ['', '2'] as const) {
        const full = await searchJobs(db, { key, orderField, page: 1, limit: 10 } as JobSearch);
        const capped = await searchJobs(db, { key, orderField, page: 1, limit: 10 } as JobSearch, { totalCap: 1 });
        expect(capped.totalCapped, key).toBe(full.total > 1);
        if (capped.totalCapped) expect(capped.total).toBeLessThanOrEqual(full.total);
        expect(capped.list.map((j) => j.gwmc), `${key} ${orderField}`).toEqual(full.list.map((j) => j.gwmc));
      }
    }
    const capped = await searchJobs(db, { key: '会计', page: 1, limit: 10 } as JobSearch, { totalCap: 2 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect(capped.list.slice(0, 2).map((j) => j.gwmc)).toEqual(['会计', '财务会计主管']);
  });

  it('answers bad paging with a message', async () => {
    for (const query of [{ limit: 1000 }, { page: 0 }, { orderField: 'dwmc' }, { key: 'x'.repeat(51) }]) {
      const r = await srv.call('/api/xs/app/search/gwpc', { query });
      expect(r.body.code, JSON.stringify(query)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('at volume', () => {
  it('answers two-character keywords from the GIN index', async () => {
    const db = srv.app.services.db;
    const r = random(7);
    const companies = await insertCompanies(db, Array.from({ length: 20 }, (_, i) => makeCompany(r, 5000 + i)), { phoneBase: 13700000000, md5Password: md5('x') });
    await generateJobs(db, r, companies, 4000);
    await db.execute(sql`analyze job_search`);
    await db.execute(sql`analyze companies`);
    const plan = await rows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain select s.job_id from job_search s where s.doc @@ (${keywordQuery('会计')!})`,
    );
    expect(plan.map((x) => x['QUERY PLAN']).join('\n')).toContain('job_search_doc');
    // and the generated titles are found by their words
    const found = await search({ key: '会计' });
    expect(found.totalCount).toBeGreaterThan(0);
    expect(found.list.every((j) => j.gwmc.includes('会计') || j.dwmc.includes('会计'))).toBe(true);
  });

  it('pages the same past the counting cap, title matches first, then the freshest', async () => {
    const db = srv.app.services.db;
    const ids = async (q: Partial<JobSearch>, totalCap?: number) => {
      const out: string[] = [];
      for (let page = 1; ; page++) {
        const r = await searchJobs(db, { page, limit: 7, ...q } as JobSearch, { totalCap });
        out.push(...r.list.map((j) => j.gwid));
        if (r.list.length < 7) return { ids: out, total: r.total, capped: r.totalCapped };
      }
    };
    for (const q of [{ key: '会计' }, { key: '工程师' }, { key: '销售 经理' }, { key: '会计', xlyq: 'xl_04' }, { key: '会计', orderField: '1' as const }]) {
      const full = await ids(q, 100000);
      expect(full.capped, `${JSON.stringify(q)} ${full.total} ${full.ids.length}`).toBe(false);
      expect(full.ids.length, JSON.stringify(q)).toBe(full.total);
      const capped = await ids(q, 10);
      expect(capped.capped, JSON.stringify(q)).toBe(full.total > 10);
      expect(capped.ids, JSON.stringify(q)).toEqual(full.ids);
      if (q.orderField) continue;
      // the order: jobs whose title holds the query, then the rest, each the freshest first
      const order = await rows<{ id: string }>(
        db,
        sql`select job_id::text as id from job_search s where s.doc @@ (${keywordQuery(q.key)!})
              and (${q.xlyq ?? null}::text is null or s.education = ${q.xlyq ?? null})
            order by ts_filter(s.doc, '{a}') @@ (${keywordQuery(q.key)!}) desc, s.refreshed_at desc, s.job_id desc`,
      );
      expect(full.ids).toEqual(order.map((x) => x.id));
    }
  });

  it('filters with keywords as without (the facets indexed beside the words)', async () => {
    const db = srv.app.services.db;
    const codes = await rows<{ province: string; city: string; nature: string; education: string; experience: string }>(
      db,
      sql`select province, city, nature, education, experience from job_search where doc @@ plainto_tsquery('simple', '销售') limit 3`,
    );
    const filters: Partial<JobSearch>[] = Object.keys(SALARY_RANGES).map((gwyx) => ({ gwyx }));
    for (const c of codes) filters.push({ sbsf: c.province }, { sbcs: c.city, xlyq: c.education }, { gzxz: c.nature, jyyq: c.experience });
    const column = (f: Partial<JobSearch>) => {
      const r = f.gwyx ? SALARY_RANGES[f.gwyx] : undefined;
      return sql.join(
        [
          f.sbsf ? sql`province = ${f.sbsf}` : sql`true`,
          f.sbcs ? sql`city = ${f.sbcs}` : sql`true`,
          f.gzxz ? sql`nature = ${f.gzxz}` : sql`true`,
          f.xlyq ? sql`education = ${f.xlyq}` : sql`true`,
          f.jyyq ? sql`experience = ${f.jyyq}` : sql`true`,
          r === 'negotiable' ? sql`salary_max = 0` : r ? sql`salary_max > 0 and salary_max >= ${r[0]} and salary_min <= ${r[1] ?? 2147483647}` : sql`true`,
        ],
        sql` and `,
      );
    };
    for (const f of filters) {
      const expected = await rows<{ id: string }>(
        db,
        sql`select job_id::text as id from job_search where doc @@ (${keywordQuery('销售')!}) and ${column(f)} order by job_id`,
      );
      const found = await searchJobs(db, { key: '销售', page: 1, limit: 100, ...f } as JobSearch, { totalCap: 100000 });
      expect(found.total, JSON.stringify(f)).toBe(expected.length);
      const ids = new Set(expected.map((x) => x.id));
      expect(found.list.length).toBe(Math.min(100, expected.length));
      expect(found.list.filter((j) => !ids.has(j.gwid)), JSON.stringify(f)).toEqual([]);
    }
  });
});

describe('search suggestions (the home page search box)', () => {
  const suggest = async (key: string, extra: Record<string, string | number> = {}) => {
    const r = await srv.call('/api/xs/app/search/suggest', { query: { key, ...extra } });
    expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    return r.body.list as string[];
  };
  // Titles of a trade no other test posts, so the suggestions are these alone.
  beforeAll(async () => {
    for (const title of ['钟表修复师', '钟表修复学徒', '钟表修复学徒', '古钟表收藏顾问']) await postJob(srv, a, { gwmc: title });
    await postJob(srv, b, { gwmc: '钟表修复（草稿）', fb: 0 });
  });

  it('offers the titles of published jobs while a word is still being typed: starting with it, then the commonest', async () => {
    // 钟 is not a word of any title: the titles with words beginning with it.
    expect(await suggest('钟')).toEqual(['钟表修复学徒', '钟表修复师', '古钟表收藏顾问']);
    expect(await suggest('钟表修')).toEqual(['钟表修复学徒', '钟表修复师']);
    expect(await suggest('钟', { limit: 1 })).toEqual(['钟表修复学徒']);
    // drafts and enterprise names are not suggested; punctuation is no word
    expect(await suggest('草稿')).toEqual([]);
    expect(await suggest('事务所')).toEqual([]);
    expect(await suggest('。，')).toEqual([]);
  });

  it('is open to everyone and refuses bad input in words', async () => {
    const codes = await codesByRole(actors, (x) => srv.call('/api/xs/app/search/suggest', { token: x.token, query: { key: '会计' } }));
    expect(codes).toEqual(expectedCodes(['anonymous', 'seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']));
    for (const query of [{}, { key: '' }, { key: 'x'.repeat(51) }, { key: '会计', limit: 0 }, { key: '会\u0000计' }]) {
      const r = await srv.call('/api/xs/app/search/suggest', { query });
      expect(r.body.code, JSON.stringify(query)).not.toBe(0);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
