import type { SectionKey } from '@zp/core/contract';

/** How a contract field is stored: its column, and how the value is read and written. */
interface Column {
  column: string;
  /** flag: '0'/'1' stored as smallint; int: a small number; text otherwise */
  type?: 'flag' | 'int';
  /** code table the value must come from ('' allowed unless the field is required) */
  code?: string;
}

export interface SectionStore {
  table: string;
  columns: Record<string, Column>;
  /** newest first, by the section's own dates where it has them */
  order: string;
}

/** The tables behind the contract's SECTIONS (names and codes per 0401_resume_sections.sql). */
export const STORES: Record<SectionKey, SectionStore> = {
  gzjl: {
    table: 'resume_work',
    columns: {
      dwmc: { column: 'company' },
      hy: { column: 'industry', code: 'm_dwsshydm' },
      zwmc: { column: 'position' },
      rzsj: { column: 'start_date' },
      lzsj: { column: 'end_date' },
      yx: { column: 'salary', code: 'm_xzdydm' },
      ys: { column: 'salary_months', type: 'int' },
      sfyc: { column: 'hide_salary', type: 'flag' },
      gzms: { column: 'description' },
    },
    order: `(end_date = '') desc, start_date desc, id desc`,
  },
  jyjl: {
    table: 'resume_education',
    columns: {
      xxmc: { column: 'school' },
      xl: { column: 'degree', code: 'm_xldm' },
      zy: { column: 'major' },
      sftz: { column: 'full_time', type: 'flag' },
      rxsj: { column: 'start_date' },
      bysj: { column: 'end_date' },
    },
    order: 'start_date desc, id desc',
  },
  kyjl: {
    table: 'resume_research',
    columns: {
      kyxmmc: { column: 'name' },
      xmlb: { column: 'category' },
      ksrq: { column: 'start_date' },
      jsrq: { column: 'end_date' },
      cypm: { column: 'rank', type: 'int' },
      sfjx: { column: 'finished', type: 'flag' },
      xmms: { column: 'description' },
    },
    order: 'start_date desc, id desc',
  },
  lwxx: {
    table: 'resume_papers',
    columns: {
      lwmc: { column: 'title' },
      kwmc: { column: 'journal' },
      fbrq: { column: 'published' },
      slqk: { column: 'indexed_in' },
      kwyxyz: { column: 'impact_factor' },
      cypm: { column: 'author_rank', type: 'int' },
      lwms: { column: 'description' },
    },
    order: 'published desc, id desc',
  },
  pxjl: {
    table: 'resume_training',
    columns: {
      pxmc: { column: 'course' },
      pxdw: { column: 'institution' },
      pxnr: { column: 'content' },
      kssj: { column: 'start_date' },
      jssj: { column: 'end_date' },
    },
    order: 'start_date desc, id desc',
  },
  qzyx: {
    table: 'resume_intentions',
    columns: {
      gzxzm: { column: 'nature', code: 'm_gwgzxzdm' },
      sjm: { column: 'province', code: 'sf' },
      cjm: { column: 'city', code: 'ss' },
      hym: { column: 'industry', code: 'm_dwsshydm' },
      zwmo: { column: 'category1', code: 'gwlb1' },
      zwmt: { column: 'category2', code: 'gwlb2' },
      zwm: { column: 'category3', code: 'gwlb3' },
      yx: { column: 'salary', code: 'm_xzdydm' },
      ys: { column: 'salary_months', type: 'int' },
      dgsj: { column: 'start_when', code: 'm_dgsjdm' },
    },
    order: 'id',
  },
  ryjl: {
    table: 'resume_honours',
    columns: {
      jlmc: { column: 'name' },
      jldw: { column: 'issuer' },
      jljb: { column: 'level' },
      jljs: { column: 'description' },
      jlrq: { column: 'awarded' },
      rych: { column: 'title' },
    },
    order: 'awarded desc, id desc',
  },
  shhd: {
    table: 'resume_activities',
    columns: {
      hdmc: { column: 'name' },
      hdsj: { column: 'held' },
      hdnr: { column: 'content' },
      hdcg: { column: 'outcome' },
    },
    order: 'held desc, id desc',
  },
  xmjy: {
    table: 'resume_projects',
    columns: {
      xmmc: { column: 'name' },
      kssj: { column: 'start_date' },
      jssj: { column: 'end_date' },
      gsmc: { column: 'company' },
      zw: { column: 'role' },
      xmms: { column: 'description' },
      zrms: { column: 'responsibility' },
    },
    order: 'start_date desc, id desc',
  },
  yjfx: {
    table: 'resume_research_areas',
    columns: {
      yjfx: { column: 'area' },
      bskt: { column: 'thesis' },
      zxkc: { column: 'courses' },
      kcms: { column: 'course_description' },
    },
    order: 'id',
  },
  yynl: {
    table: 'resume_languages',
    columns: {
      yymc: { column: 'language' },
      djzs: { column: 'certificate' },
      tsnl: { column: 'speaking', code: 'm_slnldm' },
      dxnl: { column: 'writing', code: 'm_slnldm' },
    },
    order: 'id',
  },
  zlxx: {
    table: 'resume_patents',
    columns: {
      zlmc: { column: 'name' },
      zlbh: { column: 'number' },
      pzrq: { column: 'granted' },
      zllx: { column: 'kind' },
      zlwczt: { column: 'completed', type: 'flag' },
      brpm: { column: 'rank' },
      zlms: { column: 'description' },
    },
    order: 'granted desc, id desc',
  },
  zsxx: {
    table: 'resume_certificates',
    columns: {
      zsmc: { column: 'name' },
      zslb: { column: 'category' },
      hdrq: { column: 'obtained' },
    },
    order: 'obtained desc, id desc',
  },
  zyjn: {
    table: 'resume_skills',
    columns: {
      jnmc: { column: 'name' },
      sysc: { column: 'duration' },
      slcd: { column: 'level', code: 'm_slnldm' },
    },
    order: 'id',
  },
};
