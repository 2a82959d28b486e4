/** A job seeker adds, edits and removes rows of a résumé section (教育经历, 工作经历, …); each change recomputes completeness. */
import { SECTIONS, type SectionDef, type SectionKey } from '@zp/core/contract';
import { badRequest, conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { checkCodes } from './check-codes.js';
import { deleteSectionRow, insertSectionRow, recomputeCompleteness, sectionCount, sectionRowOf, updateSectionRow, type ColumnValues } from './repo.js';
import { STORES } from './sections.js';

type Values = Record<string, unknown>;

const defOf = (key: SectionKey) => SECTIONS[key] as unknown as SectionDef;
const titleOf = (def: SectionDef, field: string) => (def.fields[field] as { title?: string }).title ?? field;

/** Start/end pairs whose order is checked: an end before its start is a typing mistake. */
const PERIODS: Partial<Record<SectionKey, [string, string]>> = {
  gzjl: ['rzsj', 'lzsj'],
  jyjl: ['rxsj', 'bysj'],
  kyjl: ['ksrq', 'jsrq'],
  pxjl: ['kssj', 'jssj'],
  xmjy: ['kssj', 'jssj'],
};

function checkPeriod(key: SectionKey, v: Values) {
  const p = PERIODS[key];
  if (!p) return;
  const [a, b] = [v[p[0]], v[p[1]]];
  const def = defOf(key);
  if (typeof a === 'string' && typeof b === 'string' && a && b && b < a) throw badRequest(`${titleOf(def, p[1])}不能早于${titleOf(def, p[0])}`);
}

/** The section's code fields of these values, for checkCodes. */
function codeChecks(key: SectionKey, v: Values): [string, unknown, string][] {
  return Object.entries(STORES[key].columns)
    .filter(([, c]) => c.code)
    .map(([f, c]) => [c.code!, v[f], titleOf(defOf(key), f)]);
}

/** Contract values to column values: trimmed text, flags and counts as numbers. */
function columnValues(key: SectionKey, body: Values): ColumnValues {
  const out: ColumnValues = [];
  for (const [field, c] of Object.entries(STORES[key].columns)) {
    if (!(field in body) || body[field] === undefined) continue;
    const v = body[field];
    if (c.type === 'flag') out.push([c.column, Number(v)]);
    else if (c.type === 'int') out.push([c.column, v === '' ? 0 : Number(v)]);
    else out.push([c.column, String(v).trim()]);
  }
  return out;
}

/** Adds a row, up to the section's maximum: its id and the new completeness. */
export async function addSectionRow(s: Services, key: SectionKey, userId: string, v: Values): Promise<{ id: string; wsd: number }> {
  const def = defOf(key);
  checkPeriod(key, v);
  await checkCodes(s.db, codeChecks(key, v));
  if ((await sectionCount(s.db, key, userId)) >= def.max) throw conflict(`${def.title}最多填写 ${def.max} 条`);
  const id = await insertSectionRow(s.db, key, userId, columnValues(key, v));
  return { id, wsd: await recomputeCompleteness(s.db, userId) };
}

/** Edits the fields sent of one of the seeker's rows (the period checked with the rest as stored): the new completeness. */
export async function editSectionRow(s: Services, key: SectionKey, userId: string, id: string, v: Values): Promise<number> {
  const current = await sectionRowOf(s.db, key, userId, id);
  if (!current) throw notFound(`${defOf(key).title}不存在`);
  checkPeriod(key, { ...current, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) });
  await checkCodes(s.db, codeChecks(key, v));
  const cols = columnValues(key, v);
  if (cols.length) await updateSectionRow(s.db, key, userId, id, cols);
  return recomputeCompleteness(s.db, userId);
}

/** The new completeness. */
export async function removeSectionRow(s: Services, key: SectionKey, userId: string, id: string): Promise<number> {
  if (!(await deleteSectionRow(s.db, key, userId, id))) throw notFound(`${defOf(key).title}不存在`);
  return recomputeCompleteness(s.db, userId);
}
