import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Services } from '../../services.js';
import type { FileRecord } from './repo.js';
import { localPath, storageOf } from './storage.js';

/**
 * The bytes of a stored file as a stream, for the server to pass on (a download it counts, a zip
 * it builds): from the disk, or fetched from the bucket through a short presigned link.
 */
export async function openStoredFile(s: Pick<Services, 'config' | 'secret'>, file: FileRecord): Promise<Readable> {
  if (!s.config.s3) return fs.createReadStream(localPath(s.config, file.storageKey));
  const res = await fetch(await storageOf(s.config, s.secret).privateUrl(file.storageKey, 60));
  if (!res.ok || !res.body) throw new Error(`stored file ${file.id} answered ${res.status}`);
  return Readable.fromWeb(res.body as import('node:stream/web').ReadableStream);
}
