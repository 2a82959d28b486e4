import { Type } from '@sinclair/typebox';

/**
 * The job row of the previous client's contract (legacy-response-shapes.md §2), shared by every
 * list that shows jobs: search, the company page, fair booths, the seeker's and HR's lists.
 */

/** gwzt: the job's state, a STRING compared with ===: '0' draft, '1' submitted for review (never
 * used here: an approved enterprise's jobs go live at once), '2' approved and live, '3' rejected
 * (taken down by the operator, with a reason), '4' closed by its enterprise. */
export const GWZT = ['0', '1', '2', '3', '4'] as const;
export type Gwzt = (typeof GWZT)[number];
export const Gwzt = Type.Unsafe<Gwzt>({ type: 'string', enum: [...GWZT] });

/**
 * The monthly salary ranges of m_xzdydm, yuan (null: no upper bound), and 面议. A job keeps exact
 * bounds; its gwyx is the range that holds their middle (SQL job_salary_code), and a job form
 * that sends only a range code (the previous client's 薪资范围) gets that range's bounds.
 */
export const SALARY_RANGES: Readonly<Record<string, readonly [number, number | null] | 'negotiable'>> = {
  xzfw_01: [0, 3000],
  xzfw_02: [3000, 5000],
  xzfw_03: [5000, 8000],
  xzfw_04: [8000, 12000],
  xzfw_05: [12000, 20000],
  xzfw_06: [20000, 30000],
  xzfw_07: [30000, 50000],
  xzfw_08: [50000, null],
  xzfw_09: 'negotiable',
};

/** zdyx / zgyx for a range code (an open range: its lower bound as both), or null for an unknown code. */
export function salaryBoundsOf(gwyx: string): { zdyx: number; zgyx: number } | null {
  const r = Object.hasOwn(SALARY_RANGES, gwyx) ? SALARY_RANGES[gwyx] : undefined;
  if (!r) return null;
  if (r === 'negotiable') return { zdyx: 0, zgyx: 0 };
  return { zdyx: r[0], zgyx: r[1] ?? r[0] };
}

/** fllist: the job's perks as the contract sends them on details, one {dm} per m_gwfldm code. */
export const PerkList = Type.Array(Type.Object({ dm: Type.String() }));

export const JobRowFields = {
  gwid: Type.String(),
  dwid: Type.String(),
  /** gwmc / dwmc: job title and enterprise name */
  gwmc: Type.String(),
  dwmc: Type.String(),
  /** sbsf / sbcs / sbxxdz: province code, city code and street address of the workplace */
  sbsf: Type.String(),
  sbcs: Type.String(),
  sbxxdz: Type.String(),
  /** gwyx: salary-range code (m_xzdydm) computed from the exact monthly bounds zdyx / zgyx (yuan; both 0 = 面议) */
  gwyx: Type.String(),
  zdyx: Type.Integer(),
  zgyx: Type.Integer(),
  /** xlyq / jyyq: education and experience requirement codes */
  xlyq: Type.String(),
  jyyq: Type.String(),
  /** gwlbo / gwlbt / gwlb: job category codes of level 1 / 2 / 3 */
  gwlbo: Type.String(),
  gwlbt: Type.String(),
  gwlb: Type.String(),
  /** gwgzxz: work nature code (full-time, part-time, internship) */
  gwgzxz: Type.String(),
  /** zprs: headcount */
  zprs: Type.Integer(),
  /** gwfbsj: last published or refreshed, 'YYYY-MM-DD HH:mm:ss' China time */
  gwfbsj: Type.String(),
  /** dwxz / dwgm / dwsshy: the enterprise's ownership, size and industry codes */
  dwxz: Type.String(),
  dwgm: Type.String(),
  dwsshy: Type.String(),
};

/** A published job in a list. */
export const JobRow = Type.Object(JobRowFields);
