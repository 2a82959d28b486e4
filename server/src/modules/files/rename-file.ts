/** A job seeker renames one of their files; the extension stays. */
import { badRequest, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { fileOf } from './public.js';
import { renameFile as saveName } from './repo.js';

/** The name kept. */
export async function renameFile(s: Services, userId: string, id: string, wanted: string): Promise<string> {
  const f = await fileOf(s.db, id);
  if (!f || f.ownerId !== userId) throw notFound('文件不存在');
  let name = wanted.replace(/[\x00-\x1f\x7f/\\]/g, '').trim();
  if (!name) throw badRequest('文件名称不能为空');
  // keep the extension, so that a download still opens with the right program
  if (f.ext && !name.toLowerCase().endsWith(`.${f.ext}`)) name = `${name}.${f.ext}`;
  await saveName(s.db, f.id, name);
  return name;
}
