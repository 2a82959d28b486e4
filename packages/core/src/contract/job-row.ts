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
