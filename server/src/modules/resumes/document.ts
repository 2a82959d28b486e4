/**
 * The online résumé as a document to print or download: what the Word file and the PDF both
 * show, read once from the stored résumé with every code turned into its name. An HR who found
 * the seeker only in talent search gets the contact details masked, as the résumé view shows them.
 */
import { SECTIONS, SECTION_KEYS, type SectionDef, type SectionKey } from '@zp/core/contract';
import { one, sql } from '../../db/index.js';
import type { Services } from '../../services.js';
import { codeName, isCodeTable, type CodeTable } from '../codes/public.js';
import { resumeSections, seekerCard, yearsSince } from './repo.js';
import { STORES } from './sections.js';

interface DocumentEntry {
  /** the entry's headline: employer, school, project … */
  title: string;
  /** '2019.07 - 至今', '' without dates */
  period: string;
  /** short facts: position, degree, major … */
  facts: string[];
  /** longer texts with their labels: 工作内容, 项目描述 … */
  texts: { label: string; text: string }[];
}

export interface ResumeDocument {
  name: string;
  /** 男 · 28岁 · 本科 · 5年工作经验 */
  facts: string[];
  /** [label, value] pairs: 现居住地, 求职状态, 手机号码, 电子邮箱 … */
  details: [string, string][];
  intro: string;
  sections: { key: SectionKey; title: string; entries: DocumentEntry[] }[];
  /** Beijing date of the last change, 'YYYY-MM-DD' */
  updated: string;
}

/** 'full': the seeker shared the résumé with the enterprise; 'masked': found in talent search only. */
export type ContactView = 'full' | 'masked';

/** A field whose schema allows this much text is shown as a paragraph, not as a short fact. */
const PARAGRAPH_LENGTH = 500;

const month = (v: string) => v.slice(0, 7).replace('-', '.');

const maskPhone = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : '');

export async function resumeDocument(s: Pick<Services, 'db' | 'config'>, userId: string, contact: ContactView = 'full'): Promise<ResumeDocument | null> {
  const b = await one<{
    xm: string; xbm: string; phone: string; csrq: string; dqszs: string; dqszcs: string; yx: string; zwpj: string; zzmm: string; qzzt: string;
    updated: string;
  }>(
    s.db,
    sql`select p.name as xm, p.gender as xbm, u.phone, p.birth_date as csrq, p.province as dqszs, p.city as dqszcs,
               p.email as yx, p.self_intro as zwpj, p.political_status as zzmm, p.seeking_state as qzzt,
               to_char(p.updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as updated
        from seeker_profiles p join users u on u.id = p.user_id where p.user_id = ${userId}`,
  );
  if (!b?.xm) return null;
  const names = new Map<string, string>();
  const name = async (table: string | undefined, code: string): Promise<string> => {
    if (!table || !code || !isCodeTable(table)) return code;
    const k = `${table}:${code}`;
    if (!names.has(k)) names.set(k, (await codeName(s.db, table as CodeTable, code)) || code);
    return names.get(k)!;
  };

  const card = await seekerCard(s.db, s.config, userId);
  const age = yearsSince(b.csrq);
  const facts = [
    await name('m_xbdm', b.xbm),
    age === null ? '' : `${age}岁`,
    await name('m_xldm', card?.zgxl ?? ''),
    card && card.gznx > 0 ? `${card.gznx}年工作经验` : '暂无工作经验',
  ].filter(Boolean);
  const place = [await name('sf', b.dqszs), await name('ss', b.dqszcs)].filter(Boolean);
  const details: [string, string][] = [
    ['现居住地', [...new Set(place)].join(' ')],
    ['求职状态', await name('m_qzzt', b.qzzt)],
    ['政治面貌', await name('m_zzmm', b.zzmm)],
    ['手机号码', contact === 'full' ? b.phone : `${maskPhone(b.phone)}（投递后可见）`],
    ['电子邮箱', contact === 'full' ? b.yx : ''],
  ];

  const stored = await resumeSections(s.db, userId);
  const sections: ResumeDocument['sections'] = [];
  for (const key of SECTION_KEYS) {
    const list = stored[key];
    if (!list.length) continue;
    const def = SECTIONS[key] as unknown as SectionDef;
    const columns = STORES[key].columns;
    const start = Object.keys(columns).find((f) => columns[f].column === 'start_date');
    const end = Object.keys(columns).find((f) => columns[f].column === 'end_date');
    const titleField = def.required[0];
    const entries: DocumentEntry[] = [];
    for (const row of list) {
      const value = (f: string) => String(row[f] ?? '').trim();
      const hideSalary = value('sfyc') === '1';
      const entry: DocumentEntry = { title: '', period: '', facts: [], texts: [] };
      if (start && value(start)) entry.period = `${month(value(start))} - ${end && value(end) ? month(value(end)) : '至今'}`;
      for (const [field, col] of Object.entries(columns)) {
        const raw = value(field);
        if (!raw || field === start || field === end || field === 'sfyc') continue;
        if (hideSalary && (field === 'yx' || field === 'ys')) continue;
        const schema = def.fields[field] as { title?: string; maxLength?: number };
        const label = schema.title ?? field;
        if (col.type === 'flag') {
          if (raw === '1') entry.facts.push(label.replace(/^是否/, ''));
          continue;
        }
        if (col.type === 'int') {
          if (raw !== '0') entry.facts.push(field === 'ys' ? `${raw} 薪` : `${label} ${raw}`);
          continue;
        }
        const shown = await name(col.code, raw);
        if (field === titleField) entry.title = shown;
        else if ((schema.maxLength ?? 0) >= PARAGRAPH_LENGTH) entry.texts.push({ label, text: shown });
        else if (/^\d{4}-\d{2}/.test(shown)) entry.facts.push(`${label} ${month(shown)}`);
        else entry.facts.push(shown);
      }
      if (!entry.title) entry.title = entry.facts.shift() ?? def.title;
      entries.push(entry);
    }
    sections.push({ key, title: def.title, entries });
  }
  return { name: b.xm, facts, details: details.filter(([, v]) => v), intro: b.zwpj.trim(), sections, updated: b.updated };
}
