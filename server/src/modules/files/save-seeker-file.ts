/** A job seeker uploads an attachment résumé (10) or an avatar (40): at most MAX_RESUMES attachments. */
import { MAX_RESUME_ATTACHMENTS, RESUME_ATTACHMENTS_FULL_MSG } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { conflict } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { discardUpload } from './discard-upload.js';
import { SCOPES } from './kinds.js';
import { issueUploadPolicy, registerUpload, type FileKindValue, type FileRecord, type UploadInput } from './public.js';
import { lockResumeAttachments, resumeAttachmentCount } from './repo.js';

/** At most this many attachment résumés per job seeker (spec: picker max 3). */
const MAX_RESUMES = MAX_RESUME_ATTACHMENTS;

/** The upload credential; at the limit the upload is refused here, before a byte is sent (save checks again, under a lock). */
export async function seekerUploadPolicy(s: Services, userId: string, fileType: number) {
  if (fileType === 10) {
    if ((await resumeAttachmentCount(s.db, userId)) >= MAX_RESUMES) throw conflict(RESUME_ATTACHMENTS_FULL_MSG);
  }
  return issueUploadPolicy(s, userId, fileType === 40 ? SCOPES.avatar : SCOPES.resume);
}

export async function saveSeekerFile(s: Services, userId: string, body: UploadInput & { wjlx: number | string }): Promise<FileRecord> {
  const kind = Number(body.wjlx) as FileKindValue;
  if (kind !== 10) return registerUpload(s, userId, body, 40);
  // The count and the insert hold one lock per person, so two tabs cannot both add a fourth.
  // (Inside the transaction only tx may be used: PGlite has a single connection.)
  const r = await s.db.transaction(async (tx) => {
    await lockResumeAttachments(tx, userId);
    if ((await resumeAttachmentCount(tx, userId)) >= MAX_RESUMES) return null;
    return registerUpload({ ...s, db: tx as unknown as Db }, userId, body, 10);
  });
  if (!r) {
    await discardUpload(s, body.keyName, userId);
    throw conflict(RESUME_ATTACHMENTS_FULL_MSG);
  }
  return r;
}
