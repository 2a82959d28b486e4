/** A person deletes one of their own files: a job seeker's résumés and avatar, an HR's logos and licences not in use. */
import { conflict, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { deleteFile, fileOf } from './public.js';
import { usedByCompany } from './repo.js';

export async function deleteSeekerFile(s: Services, userId: string, id: string) {
  const f = await fileOf(s.db, id);
  if (!f || f.ownerId !== userId || ![10, 30, 40].includes(f.kind)) throw notFound('文件不存在');
  await deleteFile(s, f);
}

export async function deleteHrFile(s: Services, userId: string, id: string) {
  const f = await fileOf(s.db, id);
  if (!f || f.ownerId !== userId || (f.kind !== 20 && f.kind !== 30)) throw notFound('文件不存在');
  if (await usedByCompany(s.db, f.id)) throw conflict('该文件正在作为单位 logo 或营业执照使用，不能删除');
  await deleteFile(s, f);
}
