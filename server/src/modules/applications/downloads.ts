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
import yazl from 'yazl';
import { RESUME_LINK_EXPIRED_MSG, RESUME_LINK_SECONDS, RESUME_PDF_FONT_MISSING_MSG, type ResumeDownloadFormat } from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import type { Db } from '../../db/index.js';
import { AppError, forbidden, notFound, tooMany } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyOfHr } from '../companies/public.js';
import { fileOf, FileKind, openStoredFile, type FileRecord } from '../files/public.js';
import { bumpResumeCounter } from '../resumes/public.js';
import { resumeDocument, type ContactView } from '../resumes/public.js';
import { buildResumeDocx } from '../resumes/public.js';
import { pdfFont, renderResumePdf } from '../resumes/public.js';
import { hrCompany } from '../companies/public.js';
import { candidateAccess, resumeFileAccess } from './candidate-access.js';
import {
  deleteOldDownloadLinks, downloadLink as linkOfToken, insertDownload, insertDownloadLink, latestResumeFile, lockCompanyDownloads, markLinkUsed,
  resumeOwnerName, sentAttachment, talentDownloadedToday, type DownloadLinkRow,
} from './repo.js';

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
  const done = new Set(await talentDownloadedToday(db, companyId));
  return done.size + talent.filter((id) => !done.has(id)).length > TALENT_DOWNLOADS_PER_DAY;
}
const TALENT_LIMIT_MSG = `今日从人才搜索下载的简历已达 ${TALENT_DOWNLOADS_PER_DAY} 份上限，请明天再试`;

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
    const person = await resumeOwnerName(s.db, one.seekerId);
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
  await insertDownloadLink(s.db, {
    tokenHash: sha256(token), hrId, companyId: company.id, format: req.format,
    seekerIds: allowed.map((r) => r.seekerId), fileId, attachments: !!req.attachments, zip: !!req.zip,
    seconds: RESUME_LINK_SECONDS,
  });
  // Old links are of no use to anyone: dropped as new ones are made.
  await deleteOldDownloadLinks(s.db);
  return { url: `${s.config.publicUrl}/api/hr/jlxz/file/${token}`, name, count: allowed.length };
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
async function count(s: Services, link: DownloadLinkRow, parts: { seekerId: string; source: Source; fileId: string | null }[]): Promise<boolean> {
  const counted = await s.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // one enterprise's count at a time, so two tabs cannot both take the last one
    await lockCompanyDownloads(db, link.company_id);
    if (!(await markLinkUsed(db, link.id))) return [];
    if (await overTalentLimit(db, link.company_id, parts.filter((p) => p.source === 'talent').map((p) => p.seekerId))) return null;
    for (const p of parts) {
      await insertDownload(db, { hrId: link.hr_id, companyId: link.company_id, seekerId: p.seekerId, fileId: p.fileId, source: p.source, linkId: link.id, format: link.format });
    }
    return [...new Set(parts.map((p) => p.seekerId))];
  });
  if (counted === null) return false;
  for (const id of counted) await bumpResumeCounter(s.db, id, 'downloaded');
  return true;
}

/** Serves a link: checks again who may have what, counts the first fetch, sends the file or the zip. */
export async function serve(s: Services, token: string): Promise<{ name: string; mime: string; body: Buffer | Readable }> {
  const link = TOKEN.test(token) ? await linkOfToken(s.db, sha256(token)) : undefined;
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

/**
 * The link HR downloads (the older client's two calls): the attachment the caller has checked the
 * enterprise may have, else the online résumé as a PDF — a real file, counted when fetched,
 * talent-search downloads held to TALENT_DOWNLOADS_PER_DAY.
 */
async function resumeLink(s: Services, d: { hrId: string; seekerId: string; fileId: string | null }) {
  const r = await downloadLink(s, d.hrId, { seekerIds: [d.seekerId], format: d.fileId ? 'file' : pdfFont() ? 'pdf' : 'docx', fileId: d.fileId });
  return { qzJldz: r.url, jlmc: r.name };
}

/** The older client's download of an applicant's résumé: the attachment asked for (jlid), else the one sent, else the online résumé. */
export async function appliedResumeLink(s: Services, hrId: string, q: { qzid: string; jlid?: string }) {
  const company = await hrCompany(s.db, hrId);
  if ((await resumeFileAccess(s.db, company.id, q.qzid)) !== 'private') throw forbidden('只能下载投递到本单位或已接受本单位面试邀请的求职者的简历');
  let fileId: string | null = null;
  if (q.jlid) {
    const f = await fileOf(s.db, q.jlid);
    if (!f || f.ownerId !== q.qzid || f.kind !== FileKind.resume) throw notFound('简历文件不存在');
    fileId = f.id;
  } else {
    // The attachment sent with the latest application that had one, else the online résumé.
    fileId = await sentAttachment(s.db, company.id, q.qzid);
  }
  return resumeLink(s, { hrId, seekerId: q.qzid, fileId });
}

/** The older client's download from talent search. */
export async function talentResumeLink(s: Services, hrId: string, seekerId: string) {
  const company = await hrCompany(s.db, hrId);
  const access = await resumeFileAccess(s.db, company.id, seekerId);
  if (!access) throw notFound('该求职者不存在或已隐藏简历');
  // Talent search shows what the seeker made public: the online résumé. The attachments only
  // to an enterprise the seeker shared them with.
  const fileId = access === 'private' ? await latestResumeFile(s.db, seekerId) : null;
  return resumeLink(s, { hrId, seekerId, fileId });
}
