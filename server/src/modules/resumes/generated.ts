/**
 * The generated (电子) résumé: a Word document built from the seeker's stored online résumé,
 * kept as the seeker's file of fileType 30 (the previous client's value for it, which is what
 * `qzFile/list?fileType=30` lists) — private, like attachment résumés, and served only as a
 * download (a .docx is never shown inline; see files/kinds.ts INLINE_MIME).
 */
import { Readable } from 'node:stream';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { SECTIONS, SECTION_KEYS, type SectionDef } from '@zp/core/contract';
import { one, rows, sql } from '../../db/index.js';
import type { Services } from '../../services.js';
import { codeName, isCodeTable, type CodeTable } from '../codes/store.js';
import { deleteFile, fileOf, receiveFile, toRecord, fileColumns, type FileRecord } from '../files/api.js';
import { resumeSections, seekerCard, yearsSince } from './api.js';
import { STORES } from './sections.js';

/** fileType / wjlx of a seeker's generated résumé (the previous client's value). */
export const GENERATED_RESUME_KIND = 30 as const;
/** Older generated copies beyond this many are deleted: each one is a snapshot nobody needs long. */
const KEEP = 5;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Base {
  xm: string;
  xbm: string;
  phone: string;
  csrq: string;
  dqszs: string;
  dqszcs: string;
  cjgzny: string;
  yx: string;
  zwpj: string;
  zzmm: string;
  qzzt: string;
}

const line = (label: string, value: string) =>
  new Paragraph({ children: [new TextRun({ text: `${label}：`, bold: true }), new TextRun(value || '—')], spacing: { after: 60 } });

async function name(s: Services, table: string | undefined, code: string): Promise<string> {
  if (!table || !code || !isCodeTable(table)) return code;
  return (await codeName(s.db, table as CodeTable, code)) || code;
}

/** The document's bytes: header with base information, then every section that has entries. */
export async function buildResumeDocx(s: Services, userId: string): Promise<{ bytes: Buffer; title: string } | null> {
  const b = await one<Base>(
    s.db,
    sql`select p.name as xm, p.gender as xbm, u.phone, p.birth_date as csrq, p.province as dqszs, p.city as dqszcs,
               p.work_start as cjgzny, p.email as yx, p.self_intro as zwpj, p.political_status as zzmm, p.seeking_state as qzzt
        from seeker_profiles p join users u on u.id = p.user_id where p.user_id = ${userId}`,
  );
  if (!b || !b.xm) return null;
  const card = await seekerCard(s.db, s.config, userId);
  const age = yearsSince(b.csrq);
  const place = [await name(s, 'sf', b.dqszs), await name(s, 'ss', b.dqszcs)].filter(Boolean).join(' ');

  const children: Paragraph[] = [
    new Paragraph({ text: `${b.xm}的简历`, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
    line('性别', await name(s, 'm_xbdm', b.xbm)),
    line('年龄', age === null ? '' : `${age}岁`),
    line('最高学历', await name(s, 'm_xldm', card?.zgxl ?? '')),
    line('工作年限', card && card.gznx > 0 ? `${card.gznx}年` : '无工作经验'),
    line('现居住地', place),
    line('政治面貌', await name(s, 'm_zzmmdm', b.zzmm)),
    line('求职状态', await name(s, 'm_qzztdm', b.qzzt)),
    line('手机号码', b.phone),
    line('电子邮箱', b.yx),
  ];
  if (b.zwpj.trim()) {
    children.push(new Paragraph({ text: '自我评价', heading: HeadingLevel.HEADING_1 }), new Paragraph(b.zwpj.trim()));
  }

  const sections = await resumeSections(s.db, userId);
  for (const key of SECTION_KEYS) {
    const list = sections[key];
    if (!list.length) continue;
    const def = SECTIONS[key] as unknown as SectionDef;
    children.push(new Paragraph({ text: def.title, heading: HeadingLevel.HEADING_1 }));
    for (const row of list) {
      for (const [field, col] of Object.entries(STORES[key].columns)) {
        const raw = String(row[field] ?? '');
        if (!raw || (col.type === 'int' && raw === '0')) continue;
        const label = (def.fields[field] as { title?: string }).title ?? field;
        const value = col.type === 'flag' ? (raw === '1' ? '是' : '否') : await name(s, col.code, raw);
        children.push(line(label, value));
      }
      children.push(new Paragraph({ text: '' }));
    }
  }

  const doc = new Document({
    creator: '招聘平台',
    title: `${b.xm}的简历`,
    styles: { default: { document: { run: { font: 'Microsoft YaHei', size: 21 } } } },
    sections: [{ children }],
  });
  return { bytes: await Packer.toBuffer(doc), title: `${b.xm}的简历` };
}

/** The seeker's generated résumés, newest first. */
export async function generatedResumes(s: Services, userId: string): Promise<FileRecord[]> {
  const list = await rows<Parameters<typeof toRecord>[0]>(
    s.db,
    sql`select ${fileColumns} from files where owner_id = ${userId} and kind = ${GENERATED_RESUME_KIND} and deleted_at is null
        order by created_at desc, id desc`,
  );
  return list.map(toRecord);
}

/** Builds the document now and stores it as a new file of the seeker; null without base information. */
export async function generateResume(s: Services, userId: string): Promise<FileRecord | null> {
  const built = await buildResumeDocx(s, userId);
  if (!built) return null;
  const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  const file = await receiveFile(s, {
    ownerId: userId,
    kind: GENERATED_RESUME_KIND,
    scope: 'resume',
    name: `${built.title}_${stamp}.docx`,
    body: Readable.from([built.bytes]),
    maxBytes: 10 * 1024 * 1024,
    tooBig: '简历内容过多，无法生成',
    private: true,
    check: () => ({ mime: DOCX_MIME, ext: 'docx' }),
  });
  for (const old of (await generatedResumes(s, userId)).slice(KEEP)) await deleteFile(s, old);
  return (await fileOf(s.db, file.id)) ?? file;
}
