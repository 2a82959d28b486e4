/** An HR uploads a logo (20) or a licence (30): only for their own enterprise. */
import { forbidden } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { discardUpload } from './discard-upload.js';
import { registerUpload, type FileRecord, type UploadInput } from './public.js';

/** `companyId`: the HR's enterprise, null before they have one. */
export async function saveHrFile(
  s: Services,
  userId: string,
  companyId: string | null,
  body: UploadInput & { fileType: number | string; dwid?: string },
): Promise<FileRecord> {
  const kind = Number(body.fileType) as 20 | 30;
  if (body.dwid && body.dwid !== companyId) {
    await discardUpload(s, body.keyName, userId);
    throw forbidden('只能上传本单位的文件');
  }
  // Before an enterprise exists the file is the HR's; registering the enterprise names it.
  return registerUpload(s, userId, body, kind, { companyId });
}
