/** The bytes of a refused registration are not kept. */
import type { Services } from '../../services.js';
import { fileByKey, parseKey } from './public.js';
import { storageOf } from './storage.js';

export async function discardUpload(s: Services, key: string, ownerId: string) {
  const p = parseKey(key);
  if (p && p.owner === ownerId && !(await fileByKey(s.db, key))) await storageOf(s.config, s.secret).remove(key);
}
