/**
 * Realistic job posts in bulk, for the demo and for benchmark volume. Titles come from the job
 * category table (a third-level category named 会计助理 gives 会计助理, 高级Java开发工程师 comes
 * from Java), salaries from the category, city and seniority.
 */
import { sql, type Db } from '../../db/index.js';
import { codeSnapshot } from '../codes/public.js';
import { CITIES, type Random } from '../companies/public.js';
import type { JobRecord } from './repo.js';
import { jobSearchWords } from './search-words.js';

/** Industry code → the first-level categories (index in the category table) its enterprises hire for, with weights. */
const INDUSTRY_CATEGORIES: Record<string, [string, number][]> = {
  hy_01: [['gwlb_01', 10], ['gwlb_03', 2], ['gwlb_10', 2], ['gwlb_11', 1], ['gwlb_12', 2], ['gwlb_05', 1], ['gwlb_04', 1]],
  hy_02: [['gwlb_02', 8], ['gwlb_08', 3], ['gwlb_01', 2], ['gwlb_03', 1], ['gwlb_05', 1]],
  hy_03: [['gwlb_14', 8], ['gwlb_04', 3], ['gwlb_03', 2], ['gwlb_01', 1], ['gwlb_15', 1]],
  hy_04: [['gwlb_06', 10], ['gwlb_16', 2], ['gwlb_05', 1], ['gwlb_03', 1]],
  hy_05: [['gwlb_07', 10], ['gwlb_16', 2], ['gwlb_03', 1], ['gwlb_05', 1]],
  hy_06: [['gwlb_13', 8], ['gwlb_03', 3], ['gwlb_04', 1], ['gwlb_05', 1]],
  hy_07: [['gwlb_08', 10], ['gwlb_09', 2], ['gwlb_02', 1], ['gwlb_05', 1], ['gwlb_04', 1]],
  hy_08: [['gwlb_03', 6], ['gwlb_12', 3], ['gwlb_09', 2], ['gwlb_11', 1], ['gwlb_04', 1]],
  hy_09: [['gwlb_09', 10], ['gwlb_03', 1], ['gwlb_05', 1]],
  hy_10: [['gwlb_17', 6], ['gwlb_11', 3], ['gwlb_10', 3], ['gwlb_12', 2]],
  hy_11: [['gwlb_19', 8], ['gwlb_08', 3], ['gwlb_16', 1], ['gwlb_05', 1]],
  hy_12: [['gwlb_04', 5], ['gwlb_15', 4], ['gwlb_05', 3], ['gwlb_11', 1]],
  hy_13: [['gwlb_18', 10], ['gwlb_05', 1], ['gwlb_12', 1]],
  hy_14: [['gwlb_20', 8], ['gwlb_03', 1], ['gwlb_09', 1]],
  hy_15: [['gwlb_05', 4], ['gwlb_04', 2], ['gwlb_16', 1]],
  hy_16: [['gwlb_05', 3], ['gwlb_03', 3], ['gwlb_12', 2]],
};

/** Typical monthly salary (yuan) of a first-level category in a mid-sized city. */
const BASE_SALARY: Record<string, number> = {
  gwlb_01: 17000, gwlb_02: 15000, gwlb_03: 9000, gwlb_04: 8500, gwlb_05: 7000, gwlb_06: 8000, gwlb_07: 10000, gwlb_08: 7000, gwlb_09: 7000,
  gwlb_10: 10000, gwlb_11: 9500, gwlb_12: 8000, gwlb_13: 9500, gwlb_14: 12000, gwlb_15: 12000, gwlb_16: 12000, gwlb_17: 8500, gwlb_18: 5500,
  gwlb_19: 11000, gwlb_20: 6500,
};
const CITY_FACTOR: Record<string, number> = { '110100': 1.3, '310100': 1.3, '440300': 1.25, '330100': 1.15, '440100': 1.1 };

const SENIORITY = [
  ['', 1, 55],
  ['高级', 1.5, 14],
  ['资深', 1.8, 6],
  ['初级', 0.7, 10],
  ['储备', 0.8, 4],
  ['实习', 0.3, 6],
  ['主管级', 1.4, 5],
] as const;

const ROLE_ENDINGS = ['师', '员', '长', '工', '手', '生', '士', '理', '监', '表', '问', '人', '导', '台', '书', '安', '播', '辑', '者', '机', '任', 'HRBP', '主管', '经理', '总监', '专员', '助理', '代表', '顾问'];
const TECH_LEVEL1 = new Set(['gwlb_01', 'gwlb_02', 'gwlb_19']);

/** A job title from a third-level category name. */
function titleOf(categoryName: string, level1: string): string {
  let name = categoryName.replace(/[（(].*?[）)]/g, '').split('/')[0].trim();
  if (!name) name = categoryName;
  if (ROLE_ENDINGS.some((e) => name.endsWith(e))) return name;
  if (/^[A-Za-z]/.test(name)) return `${name}开发工程师`;
  if (name.endsWith('设计') || name.endsWith('分析')) return `${name}师`;
  if (TECH_LEVEL1.has(level1) || /开发|测试|算法|学习|视觉|处理|建模|工艺/.test(name)) return `${name}工程师`;
  return `${name}专员`;
}

const WELFARE = ['五险一金', '带薪年假', '年终奖', '餐补', '交通补贴', '弹性工作', '定期体检', '节日福利', '员工旅游', '股票期权', '住房补贴', '免费班车', '包吃住', '绩效奖金', '专业培训'];
const DUTIES = [
  '负责{t}相关的日常工作，按时保质完成各项任务；',
  '配合团队制定工作计划，跟进执行并及时反馈进展；',
  '参与流程优化与经验总结，持续提升工作效率；',
  '与上下游部门保持良好沟通，协调解决工作中的问题；',
  '完成上级交办的其他工作。',
];
const REQUIREMENTS = [
  '{e}及以上学历，相关专业优先；',
  '{x}；',
  '责任心强，具备良好的沟通能力和团队合作精神；',
  '学习能力强，能承受一定的工作压力。',
];
const EDUCATION_NAME: Record<string, string> = { xl_00: '学历不限', xl_02: '高中/中专', xl_03: '大专', xl_04: '本科', xl_05: '硕士', xl_06: '博士' };
const EXPERIENCE_NAME: Record<string, string> = {
  gzjy_00: '经验不限，欢迎优秀应届生', gzjy_01: '接受应届毕业生', gzjy_02: '有相关工作经验者优先', gzjy_03: '1-3年相关工作经验',
  gzjy_04: '3-5年相关工作经验', gzjy_05: '5-10年相关工作经验', gzjy_06: '10年以上相关工作经验',
};

export interface JobCompany {
  id: string;
  name: string;
  industry: string;
  province: string;
  city: string;
  hrId: string;
  /** first-level categories this enterprise hires for instead of its industry's (universities, hospitals) */
  categories?: [string, number][];
}

/** A generated job: the stored fields a form sends (JobRecord's), with its owner, state and search words. */
export interface NewJob
  extends Pick<
    JobRecord,
    'title' | 'category' | 'nature' | 'province' | 'city' | 'address' | 'salaryMin' | 'salaryMax' | 'education' | 'experience' | 'headcount' | 'description' | 'welfare'
  > {
  companyId: string;
  hrId: string;
  status: number;
  publishedAt: Date | null;
  refreshedAt: Date;
  searchTitle: string;
  searchCompany: string;
}

/** The category tree from the code tables, grouped by first level. */
export async function categoryPool(db: Db): Promise<Map<string, { code: string; name: string }[]>> {
  const all = (await codeSnapshot(db)).all.gwlb3;
  const pool = new Map<string, { code: string; name: string }[]>();
  for (const c of all) {
    const l1 = c.code.slice(0, 7);
    if (!pool.has(l1)) pool.set(l1, []);
    pool.get(l1)!.push({ code: c.code, name: c.name });
  }
  return pool;
}

const round500 = (n: number) => Math.max(1000, Math.round(n / 500) * 500);

export function makeJob(r: Random, c: JobCompany, pool: Map<string, { code: string; name: string }[]>, companyWords: string, now = Date.now()): NewJob {
  const level1 = r.weighted(c.categories ?? INDUSTRY_CATEGORIES[c.industry] ?? INDUSTRY_CATEGORIES.hy_16);
  const cat = r.pick(pool.get(level1) ?? [...pool.values()][0]);
  const [prefix, factor] = r.weighted(SENIORITY.map((s) => [s, s[2]] as const));
  const title = `${prefix}${titleOf(cat.name, level1)}`;
  // Most jobs are where the enterprise is; some at a branch in another city.
  const place = r.next() < 0.8 ? CITIES.find((x) => x[1] === c.city) : undefined;
  const [province, city, short, districts] = place ?? r.weighted(CITIES.map((x) => [x, x[4]] as const));
  const base = (BASE_SALARY[level1] ?? 8000) * (CITY_FACTOR[city] ?? 0.9) * factor * (0.85 + r.next() * 0.3);
  const negotiable = r.next() < 0.08;
  const salaryMin = negotiable ? 0 : round500(base * 0.8);
  const salaryMax = negotiable ? 0 : Math.max(salaryMin, round500(base * 1.35));
  const education =
    level1 === 'gwlb_16' ? r.pick(['xl_05', 'xl_06', 'xl_06']) :
    level1 === 'gwlb_18' || level1 === 'gwlb_09' ? r.pick(['xl_00', 'xl_02', 'xl_03']) :
    TECH_LEVEL1.has(level1) ? r.pick(['xl_04', 'xl_04', 'xl_05', 'xl_03']) : r.pick(['xl_03', 'xl_04', 'xl_04', 'xl_00']);
  const experience =
    prefix === '实习' || prefix === '储备' ? 'gzjy_01' :
    prefix === '初级' ? r.pick(['gzjy_01', 'gzjy_02']) :
    prefix === '高级' || prefix === '主管级' ? r.pick(['gzjy_04', 'gzjy_05']) :
    prefix === '资深' ? r.pick(['gzjy_05', 'gzjy_06']) : r.pick(['gzjy_00', 'gzjy_02', 'gzjy_03', 'gzjy_03']);
  const nature = prefix === '实习' ? 'gx_003' : r.next() < 0.05 ? 'gx_002' : 'gx_001';
  const welfare = new Set<string>();
  for (let i = 0, n = 3 + r.int(3); i < n; i++) welfare.add(r.pick(WELFARE));
  const description =
    `岗位职责：\n${DUTIES.map((d, i) => `${i + 1}. ${d.replace('{t}', cat.name)}`).join('\n')}\n任职要求：\n` +
    REQUIREMENTS.map((q, i) => `${i + 1}. ${q.replace('{e}', EDUCATION_NAME[education] ?? '本科').replace('{x}', EXPERIENCE_NAME[experience])}`).join('\n');
  const roll = r.next();
  const status = roll < 0.93 ? 1 : roll < 0.97 ? 2 : 0;
  const refreshedAt = new Date(now - Math.floor(r.next() * 60 * 86400_000));
  const publishedAt = status === 0 ? null : new Date(refreshedAt.getTime() - Math.floor(r.next() * 30 * 86400_000));
  return {
    companyId: c.id,
    hrId: c.hrId,
    title,
    category: cat.code,
    nature,
    province,
    city,
    address: `${short}市${r.pick(districts)}`,
    salaryMin,
    salaryMax,
    education,
    experience,
    headcount: 1 + r.int(r.next() < 0.8 ? 3 : 20),
    description,
    welfare: [...welfare].join(','),
    status,
    publishedAt,
    refreshedAt,
    searchTitle: jobSearchWords(title, '').title,
    searchCompany: companyWords,
  };
}

/** Inserts jobs by the thousand through unnest(): one statement per batch, every column an array. */
export async function insertJobs(db: Db, jobs: NewJob[]): Promise<void> {
  const BATCH = 5000;
  for (let i = 0; i < jobs.length; i += BATCH) {
    const p = jobs.slice(i, i + BATCH);
    const col = <T>(f: (j: NewJob) => T) => p.map(f);
    await db.execute(
      sql`insert into jobs (company_id, hr_id, title, category, nature, province, city, address, salary_min, salary_max, education, experience,
                            headcount, description, welfare, status, published_at, refreshed_at, created_at, search_title, search_company)
          select company_id, hr_id, title, category, nature, province, city, address, salary_min, salary_max, education, experience,
                 headcount, description, welfare, status, published_at, refreshed_at, coalesce(published_at, refreshed_at), search_title, search_company
          from unnest(${sql.param(col((j) => j.companyId))}::bigint[], ${sql.param(col((j) => j.hrId))}::bigint[], ${sql.param(col((j) => j.title))}::text[],
                      ${sql.param(col((j) => j.category))}::text[], ${sql.param(col((j) => j.nature))}::text[], ${sql.param(col((j) => j.province))}::text[],
                      ${sql.param(col((j) => j.city))}::text[], ${sql.param(col((j) => j.address))}::text[], ${sql.param(col((j) => j.salaryMin))}::int[],
                      ${sql.param(col((j) => j.salaryMax))}::int[], ${sql.param(col((j) => j.education))}::text[], ${sql.param(col((j) => j.experience))}::text[],
                      ${sql.param(col((j) => j.headcount))}::int[], ${sql.param(col((j) => j.description))}::text[], ${sql.param(col((j) => j.welfare))}::text[],
                      ${sql.param(col((j) => j.status))}::smallint[], ${sql.param(col((j) => j.publishedAt?.toISOString() ?? null))}::timestamptz[],
                      ${sql.param(col((j) => j.refreshedAt.toISOString()))}::timestamptz[], ${sql.param(col((j) => j.searchTitle))}::text[],
                      ${sql.param(col((j) => j.searchCompany))}::text[])
            as t(company_id, hr_id, title, category, nature, province, city, address, salary_min, salary_max, education, experience,
                 headcount, description, welfare, status, published_at, refreshed_at, search_title, search_company)`,
    );
  }
}

/** Generates `count` jobs spread over the enterprises (bigger ones get more) and inserts them. */
export async function generateJobs(
  db: Db,
  r: Random,
  companies: JobCompany[],
  count: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  const pool = await categoryPool(db);
  const words = new Map(companies.map((c) => [c.id, jobSearchWords('', c.name).company]));
  const CHUNK = 20000;
  let done = 0;
  while (done < count) {
    const n = Math.min(CHUNK, count - done);
    const list: NewJob[] = [];
    for (let i = 0; i < n; i++) {
      // A skewed pick: a few enterprises post many jobs, most post a few.
      const c = companies[Math.floor(companies.length * r.next() ** 2)];
      list.push(makeJob(r, c, pool, words.get(c.id)!));
    }
    await insertJobs(db, list);
    done += n;
    onProgress?.(done);
  }
  return done;
}
