/** Reading a résumé section's rows: titles of fields, names of codes, an entry's summary. */
import { resumesApi } from '@zp/core/routes';
import type { RouteRef } from '@zp/core/client';
import type * as C from '@zp/core/contract';
import { SECTION_META, type SectionMeta } from './resume.gen';
import type { Codes } from './codes';
import { nameOf } from './codes';
import { PERIODS, SECTION_UI } from './sectionsUi';

export type Row = Record<string, string | number>;

export const defOf = (key: C.SectionKey): SectionMeta => SECTION_META[key];

type SectionOp = 'List' | 'Save' | 'Update' | 'Remove' | 'Preview';
/** A section's route from the flat résumé routes (gzjlList, gzjlSave, ...); calls through it are untyped. */
export const sectionRoute = (key: C.SectionKey, op: SectionOp): RouteRef =>
  (resumesApi as unknown as Record<string, RouteRef>)[`${key}${op}`];

export function fieldTitle(key: C.SectionKey, field: string): string {
  return defOf(key).fields[field]?.title ?? field;
}

/** Longest text the field takes (TypeBox maxLength), for inputs and counters. */
export function fieldMax(key: C.SectionKey, field: string): number | undefined {
  return defOf(key).fields[field]?.maxLength;
}

/** The value as a person reads it: code names, flags as 是/否, months as 'N 个月'. */
function display(key: C.SectionKey, field: string, value: string | number | undefined, codes: Codes | null): string {
  if (value === undefined || value === null || value === '') return '';
  const ui = SECTION_UI[key][field];
  const v = String(value);
  if (!ui) return v;
  switch (ui.kind) {
    case 'code':
      return nameOf(codes, v, ui.table);
    case 'province':
    case 'city':
    case 'category':
      return nameOf(codes, v);
    case 'flag':
      return v === '1' ? ui.yes : '';
    case 'months':
      return v === '0' ? '' : `${v} 薪`;
    case 'rank':
      return v === '0' ? '' : `第 ${v} 位`;
    case 'month':
      return v.slice(0, 7).replace('-', '.');
    default:
      return v;
  }
}

export function period(key: C.SectionKey, row: Row): string {
  const p = PERIODS[key];
  if (!p) return '';
  const from = display(key, p[0], row[p[0]], null);
  const to = display(key, p[1], row[p[1]], null) || p[2];
  return from ? `${from} - ${to}` : '';
}

/** An entry as a title, a line of short facts, and its longer texts. */
export function summarize(key: C.SectionKey, row: Row, codes: Codes | null): { title: string; facts: string[]; texts: { label: string; text: string }[] } {
  const def = defOf(key);
  const ui = SECTION_UI[key];
  const titleField = def.required[0];
  const p = PERIODS[key];
  const facts: string[] = [];
  const texts: { label: string; text: string }[] = [];
  const per = period(key, row);
  if (per) facts.push(per);
  for (const f of Object.keys(def.fields)) {
    if (f === titleField || (p && (f === p[0] || f === p[1]))) continue;
    // Intention: the three category levels read as the most precise one; the province as part of the city.
    if (key === 'qzyx' && (f === 'zwmo' || f === 'zwmt' || f === 'zwm' || f === 'sjm')) continue;
    const shown = display(key, f, row[f], codes);
    if (!shown) continue;
    if (ui[f]?.kind === 'textarea') texts.push({ label: fieldTitle(key, f), text: shown });
    else if (ui[f]?.kind === 'month') facts.push(`${fieldTitle(key, f)} ${shown}`);
    else facts.push(shown);
  }
  let title = display(key, titleField, row[titleField], codes);
  if (key === 'qzyx') title = `${display(key, 'zwm', row.zwm, codes)} · ${display(key, 'cjm', row.cjm, codes)}`;
  return { title, facts, texts };
}
