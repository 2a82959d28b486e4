/**
 * The generated (电子) résumé: a Word document built from the seeker's stored online résumé,
 * kept as the seeker's file of fileType 30 (the previous client's value for it, which is what
 * `qzFile/list?fileType=30` lists) — private, like attachment résumés, and served only as a
 * download (a .docx is never shown inline; see files/kinds.ts INLINE_MIME).
 */
import { Readable } from 'node:stream';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { rows, sql } from '../../db/index.js';
import type { Services } from '../../services.js';
import { deleteFile, fileOf, receiveFile, toRecord, fileColumns, type FileRecord } from '../files/public.js';
import { resumeDocument, type ContactView } from './document.js';

/** fileType / wjlx of a seeker's generated résumé (the previous client's value). */
const GENERATED_RESUME_KIND = 30 as const;
/** Older generated copies beyond this many are deleted: each one is a snapshot nobody needs long. */
const KEEP = 5;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const line = (label: string, value: string) =>
  new Paragraph({ children: [new TextRun({ text: `${label}：`, bold: true }), new TextRun(value || '—')], spacing: { after: 60 } });

/** The document's bytes: header with base information, then every section that has entries. */
export async function buildResumeDocx(s: Services, userId: string, contact: ContactView = 'full'): Promise<{ bytes: Buffer; title: string } | null> {
  const d = await resumeDocument(s, userId, contact);
  if (!d) return null;
  const children: Paragraph[] = [
    new Paragraph({ text: `${d.name}的简历`, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
    new Paragraph({ text: d.facts.join(' · '), alignment: AlignmentType.CENTER, spacing: { after: 120 } }),
    ...d.details.map(([label, value]) => line(label, value)),
  ];
  if (d.intro) children.push(new Paragraph({ text: '自我评价', heading: HeadingLevel.HEADING_1 }), new Paragraph(d.intro));
  for (const section of d.sections) {
    children.push(new Paragraph({ text: section.title, heading: HeadingLevel.HEADING_1 }));
    for (const e of section.entries) {
      children.push(
        new Paragraph({
          children: [new TextRun({ text: e.title, bold: true }), ...(e.period ? [new TextRun({ text: `    ${e.period}`, color: '5C6370' })] : [])],
          spacing: { before: 120, after: 40 },
        }),
      );
      if (e.facts.length) children.push(new Paragraph({ children: [new TextRun({ text: e.facts.join(' | '), color: '5C6370' })], spacing: { after: 40 } }));
      for (const t of e.texts) children.push(line(t.label, t.text));
    }
  }

  const doc = new Document({
    creator: '招聘平台',
    title: `${d.name}的简历`,
    styles: { default: { document: { run: { font: 'Microsoft YaHei', size: 21 } } } },
    sections: [{ children }],
  });
  return { bytes: await Packer.toBuffer(doc), title: `${d.name}的简历` };
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
