/**
 * HR's résumé downloads as real files: the online résumé as a PDF or Word document, an
 * attachment résumé, or several seekers' in one zip. Who may download what follows who may see
 * it (candidateAccess for the online résumé, resumeFileAccess for attachments); a seeker found
 * only in talent search comes with the contact details masked, as the résumé view shows them.
 *
 * An authorised call gets a short-lived link (the browser fetches it without the token). The
 * download is counted when the link is first fetched — one per seeker, not per link made nor per
 * repeated fetch — and talent-search downloads are held to TALENT_DOWNLOADS_PER_DAY then.
 */
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import {
  RESUME_DOWNLOAD_FORMATS, RESUME_LINK_EXPIRED_MSG, RESUME_LINK_SECONDS, RESUME_PDF_FONT_MISSING_MSG, resumeExportsApi, type ResumeDownloadFormat,
} from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import { one, rows, sql, type Db } from '../../db/index.js';
import { handle } from '../../http/route.js';
import { AppError, forbidden, notFound, tooMany } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyOfHr } from '../companies/public.js';
import { contentDisposition, fileOf, FileKind, openStoredFile, type FileRecord } from '../files/public.js';
import { bumpResumeCounter } from '../resumes/public.js';
import { resumeDocument, type ContactView } from '../resumes/public.js';
import { buildResumeDocx } from '../resumes/public.js';
import { pdfFont, renderResumePdf } from '../resumes/public.js';
import { candidateAccess, resumeFileAccess } from './public.js';
import { hrCompany } from './store.js';
import { BROWSER_LINK } from '../../http/errors.js';

/**
 * Seekers an enterprise may download from talent search per day (Beijing days; a seeker
 * downloaded again the same day counts once). The spec sets no figure; this bounds harvesting.
 */
export const TALENT_DOWNLOADS_PER_DAY = 50;

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const today = () => beijingToday().replaceAll('-', '');

type Source = 'application' | 'talent';

/** What an enterprise may take of one seeker's résumé now; null: nothing. */
interface Reach {
  seekerId: string;
  /** 'talent' when found only in talent search (the daily limit applies) */
  source: Source;
  contact: ContactView;
  /** may have the attachment résumés */
  files: boolean;
}

async function reach(db: Db, companyId: string, seekerId: string): Promise<Reach | null> {
  const seen = await candidateAccess(db, companyId, seekerId);
  if (!seen) return null;
  const files = (await resumeFileAccess(db, companyId, seekerId)) === 'private';
  return { seekerId, source: seen === 'applied' || files ? 'application' : 'talent', contact: seen === 'applied' ? 'full' : 'masked', files };
}

/** Seekers of `talent` not yet downloaded today who would pass the enterprise's daily limit. */
async function overTalentLimit(db: Db, companyId: string, talent: string[]): Promise<boolean> {
  if (!talent.length) return false;
  const r = await rows<{ id: string }>(
    db,
    sql`select distinct seeker_id::text as id from resume_downloads
        where company_id = ${companyId} and source = 'talent'
          and created_at >= (date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`,
  );
  const done = new Set(r.map((x) => x.id));
  return done.size + talent.filter((id) => !done.has(id)).length > TALENT_DOWNLOADS_PER_DAY;
}
const TALENT_LIMIT_MSG = `今日从人才搜索下载的简历已达 ${TALENT_DOWNLOADS_PER_DAY} 份上限，请明天再试`;

/** The attachment sent with the seeker's latest application to the enterprise that had one. */
async function sentAttachment(db: Db, companyId: string, seekerId: string): Promise<string | null> {
  const r = await one<{ id: string }>(
    db,
    sql`select a.resume_file_id::text as id from applications a join files f on f.id = a.resume_file_id and f.deleted_at is null
        where a.seeker_id = ${seekerId} and a.company_id = ${companyId} order by a.created_at desc limit 1`,
  );
  return r?.id ?? null;
}

async function seekerName(db: Db, seekerId: string): Promise<string> {
  const r = await one<{ name: string }>(db, sql`select name from seeker_profiles where user_id = ${seekerId}`);
  return (r?.name ?? '').trim() || '求职者';
}

/** A file name without path separators or control characters. */
const safeName = (n: string) => n.replace(/[\\/\x00-\x1f\x7f:*?"<>|]/g, '_').trim().slice(0, 120) || '简历';
const resumeName = (name: string, format: 'pdf' | 'docx') => safeName(`${name}的简历.${format}`);

export interface LinkRequest {
  seekerIds: string[];
  format: ResumeDownloadFormat;
  /** format 'file': the attachment; null = the one sent with the latest application */
  fileId?: string | null;
  zip?: boolean;
  attachments?: boolean;
}

/** Checks what the HR asks for and makes the link; refusals are the caller's error replies. */
export async function downloadLink(s: Services, hrId: string, req: LinkRequest): Promise<{ url: string; name: string; count: number }> {
  const company = await hrCompany(s.db, hrId);
  if (req.format === 'pdf' && !pdfFont()) throw new AppError(503, RESUME_PDF_FONT_MISSING_MSG);
  const allowed: Reach[] = [];
  for (const id of req.seekerIds) {
    const r = await reach(s.db, company.id, id);
    if (r) allowed.push(r);
  }
  let fileId: string | null = null;
  let name: string;
  if (req.zip) {
    if (!allowed.length) throw notFound('所选求职者的简历均不可下载（已隐藏简历或屏蔽了本单位）');
    name = `简历导出_${today()}_${allowed.length}份.zip`;
  } else {
    const one = allowed[0];
    if (!one) throw notFound('该求职者不存在或已隐藏简历');
    const person = await seekerName(s.db, one.seekerId);
    if (req.format === 'file') {
      if (!one.files) throw forbidden('只能下载投递到本单位或已接受本单位面试邀请的求职者的附件简历');
      fileId = req.fileId ?? (await sentAttachment(s.db, company.id, one.seekerId));
      const f = fileId ? await fileOf(s.db, fileId) : null;
      if (!f || f.ownerId !== one.seekerId || f.kind !== FileKind.resume) throw notFound('该求职者没有附件简历，请下载在线简历');
      name = safeName(f.name);
    } else {
      name = resumeName(person, req.format);
    }
  }
  if (await overTalentLimit(s.db, company.id, allowed.filter((r) => r.source === 'talent').map((r) => r.seekerId))) throw tooMany(TALENT_LIMIT_MSG);

  const token = crypto.randomBytes(32).toString('base64url');
  await s.db.execute(
    sql`insert into resume_download_links (token_hash, hr_id, company_id, format, seeker_ids, file_id, attachments, zip, expires_at)
        values (${sha256(token)}, ${hrId}, ${company.id}, ${req.format},
                ${`{${allowed.map((r) => r.seekerId).join(',')}}`}::bigint[], ${fileId}, ${!!req.attachments}, ${!!req.zip},
                now() + make_interval(secs => ${RESUME_LINK_SECONDS}))`,
  );
  // Old links are of no use to anyone: dropped as new ones are made.
  await s.db.execute(sql`delete from resume_download_links where expires_at < now() - interval '1 day'`);
  return { url: `${s.config.publicUrl}/api/hr/jlxz/file/${token}`, name, count: allowed.length };
}

interface LinkRow {
  id: string;
  hr_id: string;
  company_id: string;
  format: ResumeDownloadFormat;
  seeker_ids: string[];
  file_id: string | null;
  attachments: boolean;
  zip: boolean;
  used: boolean;
}

interface Part {
  seekerId: string;
  name: string;
  mime: string;
  bytes?: Buffer;
  file?: FileRecord;
}

/** One seeker's online résumé in the link's format. */
async function renderResume(s: Services, r: Reach, format: 'pdf' | 'docx'): Promise<Part | null> {
  if (format === 'docx') {
    const d = await buildResumeDocx(s, r.seekerId, r.contact);
    return d ? { seekerId: r.seekerId, name: `${d.title}.docx`, mime: DOCX_MIME, bytes: d.bytes } : null;
  }
  const font = pdfFont();
  if (!font) throw new AppError(503, RESUME_PDF_FONT_MISSING_MSG);
  const doc = await resumeDocument(s, r.seekerId, r.contact);
  if (!doc) return null;
  return { seekerId: r.seekerId, name: `${doc.name}的简历.pdf`, mime: 'application/pdf', bytes: await renderResumePdf(doc, font, '招聘平台') };
}

/** Records the downloads of a link's first fetch and moves the seekers' counters; false over the daily limit. */
async function count(s: Services, link: LinkRow, parts: { seekerId: string; source: Source; fileId: string | null }[]): Promise<boolean> {
  const counted = await s.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // one enterprise's count at a time, so two tabs cannot both take the last one
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`talent-downloads:${link.company_id}`}))`);
    const first = await one(db, sql`update resume_download_links set used_at = now() where id = ${link.id} and used_at is null returning id`);
    if (!first) return [];
    if (await overTalentLimit(db, link.company_id, parts.filter((p) => p.source === 'talent').map((p) => p.seekerId))) return null;
    for (const p of parts) {
      await tx.execute(
        sql`insert into resume_downloads (hr_id, company_id, seeker_id, file_id, source, link_id, format)
            values (${link.hr_id}, ${link.company_id}, ${p.seekerId}, ${p.fileId}, ${p.source}, ${link.id}, ${link.format})`,
      );
    }
    return [...new Set(parts.map((p) => p.seekerId))];
  });
  if (counted === null) return false;
  for (const id of counted) await bumpResumeCounter(s.db, id, 'downloaded');
  return true;
}

/** Serves a link: checks again who may have what, counts the first fetch, sends the file or the zip. */
async function serve(s: Services, token: string): Promise<{ name: string; mime: string; body: Buffer | Readable }> {
  const link = TOKEN.test(token)
    ? await one<LinkRow>(
        s.db,
        sql`select id::text as id, hr_id::text as hr_id, company_id::text as company_id, format, seeker_ids::text[] as seeker_ids,
                   file_id::text as file_id, attachments, zip, used_at is not null as used
            from resume_download_links where token_hash = ${sha256(token)} and expires_at > now()`,
      )
    : undefined;
  if (!link) throw notFound(RESUME_LINK_EXPIRED_MSG);
  // The HR may have left the enterprise, or the seeker hidden the résumé, since the link was made.
  const company = await companyOfHr(s.db, link.hr_id);
  if (!company || company.id !== link.company_id || company.status !== 1) throw forbidden('您已不在该单位，不能下载其收到的简历');
  const reaches = (await Promise.all(link.seeker_ids.map((id) => reach(s.db, link.company_id, id)))).filter((r): r is Reach => !!r);
  if (!reaches.length) throw notFound('该求职者不存在或已隐藏简历');

  const parts: Part[] = [];
  if (link.format === 'file') {
    const f = link.file_id ? await fileOf(s.db, link.file_id) : null;
    if (!f || !reaches[0].files) throw notFound('附件简历已被求职者删除');
    parts.push({ seekerId: reaches[0].seekerId, name: f.name, mime: f.mime, file: f });
  } else {
    for (const r of reaches) {
      const part = await renderResume(s, r, link.format);
      if (part) parts.push(part);
      if (link.zip && link.attachments && r.files) {
        const sent = await sentAttachment(s.db, link.company_id, r.seekerId);
        const f = sent ? await fileOf(s.db, sent) : null;
        if (f) parts.push({ seekerId: r.seekerId, name: `${part ? part.name.replace(/\.\w+$/, '') : '附件'}_附件_${f.name}`, mime: f.mime, file: f });
      }
    }
  }
  if (!parts.length) throw notFound('该求职者还没有填写在线简历');

  const bySeeker = new Map(reaches.map((r) => [r.seekerId, r]));
  const ok = await count(
    s,
    link,
    parts.filter((p, i) => parts.findIndex((q) => q.seekerId === p.seekerId) === i).map((p) => ({
      seekerId: p.seekerId, source: bySeeker.get(p.seekerId)!.source, fileId: p.file?.id ?? null,
    })),
  );
  if (!ok) throw tooMany(TALENT_LIMIT_MSG);

  if (!link.zip) {
    const p = parts[0];
    return { name: safeName(p.name), mime: p.mime, body: p.bytes ?? (await openStoredFile(s, p.file!)) };
  }
  // Two seekers of the same name get their own file names in the zip.
  const zip = new yazl.ZipFile();
  const used = new Set<string>();
  for (const p of parts) {
    let entry = safeName(p.name);
    if (used.has(entry)) entry = entry.replace(/(\.\w+)?$/, (ext) => `_${p.seekerId}${ext}`);
    used.add(entry);
    if (p.bytes) zip.addBuffer(p.bytes, entry);
    else zip.addReadStream(await openStoredFile(s, p.file!), entry);
  }
  zip.end();
  const count_ = new Set(parts.map((p) => p.seekerId)).size;
  return { name: `简历导出_${today()}_${count_}份.zip`, mime: 'application/zip', body: zip.outputStream as unknown as Readable };
}

/** The two calls that make links, and the link itself (a download, outside the JSON contract). */
export function registerDownloads(app: FastifyInstance, s: Services): void {
  if (!pdfFont()) s.log.warn('no CJK font for PDF résumés (apt-get install fonts-wqy-microhei): HR can download Word résumés only');
  handle(app, s, resumeExportsApi.link, async ({ body, user }) => {
    const r = await downloadLink(s, user.id, { seekerIds: [body.qzbsid], format: body.format, fileId: body.jlid ?? null });
    return { url: r.url, name: r.name, msg: `正在下载${RESUME_DOWNLOAD_FORMATS[body.format]}简历` };
  });
  handle(app, s, resumeExportsApi.zip, async ({ body, user }) => {
    const r = await downloadLink(s, user.id, { seekerIds: body.qzbsids, format: body.format, zip: true, attachments: body.fj === 1 });
    return { ...r, msg: `正在导出 ${r.count} 份简历` };
  });
  app.get(
    '/api/hr/jlxz/file/:token',
    { schema: { summary: '下载简历文件（由 jlxz/link 或 jlxz/zip 给出的短时链接）', tags: ['applications'] }, config: BROWSER_LINK },
    async (req, reply) => {
      const { token } = req.params as { token: string };
      const file = await serve(s, String(token));
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition('application/octet-stream', file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
}

