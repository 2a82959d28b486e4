/** An HR uploads a logo (20) or a licence (30): only for their own enterprise. */
import { forbidden } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { companyOfHr } from '../companies/public.js';
import { discardUpload } from './discard-upload.js';
import { registerUpload, type FileRecord, type UploadInput } from './public.js';

export async function saveHrFile(s: Services, userId: string, body: UploadInput & { fileType: number | string; dwid?: string }): Promise<FileRecord> {
  const kind = Number(body.fileType) as 20 | 30;
  const company = await companyOfHr(s.db, userId);
  if (body.dwid && body.dwid !== company?.id) {
    await discardUpload(s, body.keyName, userId);
    throw forbidden('只能上传本单位的文件');
  }
  // Before an enterprise exists the file is the HR's; registering the enterprise names it.
  return registerUpload(s, userId, body, kind, { companyId: company?.id ?? null });
}
