/**
 * Files the server receives itself, the request body being the file (chat uploads, which come
 * with a chat credential rather than an upload policy). Same storage, same table and same serving
 * rules as browser uploads: the bytes go to the server's disk or the bucket, the content's real
 * type is found from its magic bytes, and the file is served only as what the check decided.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { AppError, badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { cleanName, contentDisposition } from './names.js';
import type { FileKindValue } from './kinds.js';
import { insertReceived, toRecord, type FileRecord } from './repo.js';
import { localRoot, storageOf } from './storage.js';

interface Sniffed {
  /** what file-type found from the content; undefined for plain text and unknown formats */
  detected: { ext: string; mime: string } | undefined;
  size: number;
}

export interface ReceiveOptions {
  ownerId: string;
  kind: FileKindValue;
  /** first segment of the storage key (the upload scope's name) */
  scope: string;
  /** the name people see (wjmc) */
  name: string;
  body: Readable;
  maxBytes: number;
  /** the refusal of a larger file */
  tooBig: string;
  private: boolean;
  /** Decides from the content what the file is, or throws a refusal: the type it is served with, and the extension of its key. */
  check(sniffed: Sniffed): { mime: string; ext: string };
}

export async function receiveFile(s: Pick<Services, 'config' | 'secret' | 'db'>, o: ReceiveOptions): Promise<FileRecord> {
  const tmpDir = path.join(localRoot(s.config), '.tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, crypto.randomBytes(12).toString('hex'));
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      cb(size > o.maxBytes ? new AppError(413, o.tooBig) : null, chunk);
    },
  });
  try {
    try {
      await pipeline(o.body, counter, fs.createWriteStream(tmp));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw badRequest('文件上传中断，请重试');
    }
    if (size === 0) throw badRequest('文件内容为空');
    const found = await fileTypeFromFile(tmp);
    const { mime, ext } = o.check({ detected: found ? { ext: found.ext, mime: found.mime } : undefined, size });
    const name = cleanName(o.name) || `file.${ext}`;
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    // A fresh key that says nothing of the name: the name travels in the disposition only.
    const key = `${o.scope}/${o.ownerId}/${month}/${crypto.randomBytes(16).toString('hex')}/file.${ext}`;
    await storageOf(s.config, s.secret).put(key, tmp, mime, contentDisposition(mime, name));
    const nameExt = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';
    const r = await insertReceived(s.db, { ownerId: o.ownerId, kind: o.kind, name, ext: nameExt, size, mime, storageKey: key, private: o.private });
    return toRecord(r!);
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}
