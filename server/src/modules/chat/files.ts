import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { one, sql } from '../../db/index.js';
import type { Services } from '../../services.js';
import { AppError, badRequest } from '../../http/reply.js';

export const CHAT_FILE_LIMITS = { image: 20 * 1024 * 1024, file: 100 * 1024 * 1024, video: 100 * 1024 * 1024, sound: 20 * 1024 * 1024 } as const;
export type ChatFileKind = keyof typeof CHAT_FILE_LIMITS;
const LIMIT_TEXT: Record<ChatFileKind, string> = { image: '图片不能超过 20 MB', file: '文件不能超过 100 MB', video: '视频不能超过 100 MB', sound: '语音不能超过 20 MB' };

/** Where chat files live on disk, and the URL prefix that serves them. */
export const chatFilesDir = (s: Services) => path.join(s.config.dataDir, 'files', 'chat');
export const CHAT_FILES_PREFIX = '/api/chat/files/';

/**
 * Stores one chat file (image, file, video) on local disk under DATA_DIR/files/chat, records it
 * in the files table (wjlx 60) and returns its URL. The one seam a signed-upload flow of the
 * files module would replace.
 */
export async function storeChatFile(
  s: Services,
  f: { ownerId: string; kind: ChatFileKind; name: string; body: Readable },
): Promise<{ url: string; size: number; uuid: string; name: string }> {
  const uuid = crypto.randomBytes(16).toString('hex');
  const ext = path.extname(f.name).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const rel = `${month}/${uuid}${ext}`;
  const target = path.join(chatFilesDir(s), rel);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const limit = CHAT_FILE_LIMITS[f.kind];
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      cb(size > limit ? new AppError(413, LIMIT_TEXT[f.kind]) : null, chunk);
    },
  });
  try {
    await pipeline(f.body, counter, fs.createWriteStream(target));
  } catch (err) {
    fs.rmSync(target, { force: true });
    if (err instanceof AppError) throw err;
    throw badRequest('文件上传中断，请重试');
  }
  if (size === 0) {
    fs.rmSync(target, { force: true });
    throw badRequest('文件内容为空');
  }
  await one(
    s.db,
    sql`insert into files (owner_id, kind, name, ext, size, mime, storage_key)
        values (${f.ownerId}, 60, ${f.name}, ${ext.slice(1)}, ${size}, ${'application/octet-stream'}, ${`chat/${rel}`}) returning id`,
  );
  return { url: `${s.config.publicUrl}${CHAT_FILES_PREFIX}${rel}`, size, uuid, name: f.name };
}
