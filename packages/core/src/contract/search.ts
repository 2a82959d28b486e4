import { Type } from '@sinclair/typebox';
import { route, replyOf, Page, PageQuery, Enum, Id } from './define.js';
import { CodeField } from './companies.js';
import { JobRowFields } from './job-row.js';

/**
 * Job search (gwpc) for everyone and talent search (rc) for HR of approved enterprises.
 * Keywords are segmented on the server (Chinese word segmentation), so 会计, 司机 or 前端 match
 * the words of a title, not any string that happens to contain those characters.
 */

/** How many titles the search box suggests at most. */
export const SUGGEST_LIMIT = 8;

export const JobSearchQuery = Type.Object({
  /** key: keywords (title, enterprise name); several words must all match */
  key: Type.Optional(Type.String({ maxLength: 50, title: '关键词' })),
  /** sbsf: province code of the workplace */
  sbsf: Type.Optional(CodeField('工作省份')),
  /** sbcs: city code of the workplace */
  sbcs: Type.Optional(CodeField('工作城市')),
  /** sshy: the enterprise's industry code */
  sshy: Type.Optional(CodeField('行业')),
  /** gwlb: job category code of any level */
  gwlb: Type.Optional(CodeField('岗位类别')),
  /** gwyx: salary range code (m_xzdydm); jobs whose range overlaps it */
  gwyx: Type.Optional(CodeField('月薪范围')),
  /** gzxz: work nature code (full-time, part-time, internship) */
  gzxz: Type.Optional(CodeField('工作性质')),
  /** dwxz: the enterprise's ownership code */
  dwxz: Type.Optional(CodeField('单位性质')),
  /** dwgm: the enterprise's size code */
  dwgm: Type.Optional(CodeField('单位规模')),
  /** xlyq: education requirement code */
  xlyq: Type.Optional(CodeField('学历要求')),
  /** jyyq: experience requirement code */
  jyyq: Type.Optional(CodeField('经验要求')),
  /** orderField: '' relevance then freshness (default), '1' freshness (最新发布), '2' salary (薪资最高), the previous client's values */
  orderField: Type.Optional(Enum(['', '1', '2'], { title: '排序字段' })),
  /** asc: ascending instead of descending ('1' and '2' only) */
  asc: Type.Optional(Type.Boolean({ title: '升序' })),
  ...PageQuery,
});

/** A row of job search (§2.1 GwpcRow). */
export const JobCard = Type.Object({
  ...JobRowFields,
  /** bsid: the row's identity (the job id) */
  bsid: Type.String(),
  /** gwfl: perk codes (m_gwfldm) */
  gwfl: Type.Array(Type.String()),
  /** fldy: welfare in the HR's words */
  fldy: Type.String(),
  logoUrl: Type.String(),
});

/**
 * A page of job search. totalCapped: more jobs match than were counted (above 1,000, or 5,000
 * with place, education, experience, nature or salary filters, the server stops counting), so
 * totalCount is a lower bound and the page says "1,000+" (or "5,000+").
 */
export const JobSearchPage = Type.Object({
  ...Page(JobCard).properties,
  totalCapped: Type.Boolean({ title: '总数只计到上限（显示为“1,000+”或“5,000+”）' }),
});

export const TalentSearchQuery = Type.Object({
  /** key: words in the latest positions and employers, schools, majors or self-evaluation */
  key: Type.Optional(Type.String({ maxLength: 50, title: '关键词' })),
  /** sf: province code where the seeker lives or wants to work */
  sf: Type.Optional(CodeField('省份')),
  /** hy: industry code of the job intention */
  hy: Type.Optional(CodeField('期望行业')),
  /** xlyq: lowest degree (m_xldm); xl_00 any */
  xlyq: Type.Optional(CodeField('学历要求')),
  /** jyyq: experience code (m_jyyqdm) */
  jyyq: Type.Optional(CodeField('工作经验')),
  /** zy: major */
  zy: Type.Optional(Type.String({ maxLength: 30, title: '专业' })),
  /** xxmc: school */
  xxmc: Type.Optional(Type.String({ maxLength: 30, title: '学校名称' })),
  /** bysj: graduation year */
  bysj: Type.Optional(Type.String({ pattern: '^(19|20)\\d{2}$', title: '毕业年份' })),
  /** qwxz: expected salary code (m_xzdydm) */
  qwxz: Type.Optional(CodeField('期望薪资')),
  /** orderField: '' latest refreshed first (default), wsd most complete first */
  orderField: Type.Optional(Enum(['', 'gxsj', 'wsd'], { title: '排序字段' })),
  ...PageQuery,
});

/** A job seeker as talent search shows them: surname only, no contact details. */
export const TalentCard = Type.Object({
  qzbsid: Type.String(),
  /** x: surname (the full name and phone show once the seeker applies or is invited) */
  x: Type.String(),
  /** xm: the surname as the hall shows it, 李先生 / 王女士 (maskedName) */
  xm: Type.String(),
  xbm: Type.String(),
  /** nl: age, null when unknown */
  nl: Type.Union([Type.Integer(), Type.Null()]),
  /** zgxl: highest degree code; xl the same under the previous client's name */
  zgxl: Type.String(),
  xl: Type.String(),
  xxmc: Type.String(),
  zy: Type.String(),
  /** dqszcs: city code */
  dqszcs: Type.String(),
  /** gznx: years of work */
  gznx: Type.Integer(),
  /** qzzt: job-seeking state code */
  qzzt: Type.String(),
  wsd: Type.Integer(),
  txUrl: Type.String(),
  /** yxcs / yxzw / yxxz: intended city, job category and salary codes */
  yxcs: Type.String(),
  yxzw: Type.String(),
  yxxz: Type.String(),
  /** zwmc / dwmc: latest position and employer */
  zwmc: Type.String(),
  dwmc: Type.String(),
  /** gxsj: résumé last refreshed */
  gxsj: Type.String(),
});

export const searchApi = {
  jobs: route({
    method: ['GET', 'POST'], url: '/api/xs/app/search/gwpc', summary: '岗位搜索（分词检索，按相关度再按刷新时间）', access: 'public', tags: ['search'],
    query: JobSearchQuery,
    reply: replyOf({ page: JobSearchPage }),
  }),
  /**
   * Job titles for the search box while a person types: titles of published jobs whose words
   * begin with the typed words (the last one may be unfinished), those starting with the text
   * first, then the commonest.
   */
  suggest: route({
    method: 'GET', url: '/api/xs/app/search/suggest', summary: '搜索联想（在招岗位的名称）', access: 'public', tags: ['search'],
    query: Type.Object({
      key: Type.String({ minLength: 1, maxLength: 50, title: '关键词' }),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: SUGGEST_LIMIT, title: '条数' })),
    }),
    reply: replyOf({ list: Type.Array(Type.String()) }),
  }),
  talents: route({
    method: ['GET', 'POST'], url: '/api/xs/app/search/rc', summary: '人才搜索（不含隐藏简历和屏蔽本单位的求职者）', access: 'hrApproved', tags: ['search'],
    query: TalentSearchQuery,
    reply: replyOf({ page: Page(TalentCard) }),
  }),
  /**
   * Talents for one job of the HR's enterprise: seekers with an intention of the job's category
   * (level 3), intention city first; the rules of talent search hold (hidden résumés, shielding,
   * completeness).
   */
  jobTalents: route({
    method: ['GET', 'POST'], url: '/api/xs/app/search/gwrc', summary: '岗位匹配人才（求职意向与岗位类别相符）', access: 'hrApproved', tags: ['search'],
    query: Type.Object({
      gwid: Id('岗位ID'),
      /** dwid: the job's enterprise (the previous client sends it; checked against the job) */
      dwid: Type.Optional(Type.String({ pattern: '^([1-9]\\d{0,17})?$', title: '单位ID' })),
      orderField: Type.Optional(Enum(['', 'gxsj', 'wsd'], { title: '排序字段' })),
      ...PageQuery,
    }),
    reply: replyOf({ page: Page(TalentCard) }),
  }),
};
