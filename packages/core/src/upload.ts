/**
 * The signed-policy upload of spec section 7 ("Upload flow: choose file, obtain credentials,
 * upload to object storage, register the file record"), step 2: posting the form to the host the
 * credential names, with upload progress. Steps 1 and 3 are ordinary API calls (getOssKey, save).
 *
 *   const { info } = await api.call(filesApi.seekerOssKey, { query: { fileType: 10 } });
 *   const keyName = await postToStorage(info, file, (pct) => setProgress(pct));
 *   await api.call(filesApi.seekerSave, { body: { keyName, wjmc: file.name, ... } });
 *
 * XMLHttpRequest, not fetch: only XHR reports upload progress in browsers.
 */
import { ApiError, REQUEST_FAILED_MSG } from './client.js';

/** What postToStorage needs from the credential (contract files.ts UploadInfo). */
export interface UploadCredential {
  host: string;
  dir: string;
  fields: Record<string, string>;
  maxSize?: number;
}

/** A file name the storage accepts as the last key segment: no path separators or control characters, not hidden, with its extension. */
export function storageName(name: string): string {
  // eslint-disable-next-line no-control-regex
  let clean = name.replace(/[\\/\x00-\x1f\x7f]/g, '_').trim();
  if (clean.startsWith('.')) clean = `file${clean}`;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(clean)?.[0] ?? '';
  const stem = clean.slice(0, clean.length - ext.length).slice(0, 100) || 'file';
  return stem + ext;
}

/** Lower-case extension of a file name, '' when none. */
export const extensionOf = (name: string) => (/\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1] ?? '').toLowerCase();

/**
 * Posts `file` with the credential's fields and `key` = dir + file name (fields first, file last,
 * as storage hosts require). Resolves with the key to register; rejects with an ApiError carrying
 * the host's msg when it answered in the reply convention, else '请求错误，请重试'.
 */
export function postToStorage(
  info: UploadCredential,
  file: Blob & { name?: string },
  onProgress?: (percent: number) => void,
  options: { signal?: AbortSignal; name?: string } = {},
): Promise<string> {
  const key = info.dir + storageName(options.name ?? file.name ?? 'file');
  const form = new FormData();
  for (const [k, v] of Object.entries(info.fields)) form.append(k, v);
  form.append('key', key);
  // No extra fields: an S3 POST policy refuses any field it does not name (S3 answers 204, ours 200).
  form.append('file', file, options.name ?? file.name ?? 'file');

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', info.host);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(key);
        return;
      }
      let msg = REQUEST_FAILED_MSG;
      let code = -1;
      try {
        const data = JSON.parse(xhr.responseText) as { code?: unknown; msg?: unknown };
        if (typeof data.msg === 'string' && data.msg) msg = data.msg;
        if (typeof data.code === 'number') code = data.code;
      } catch {
        // not our reply format (e.g. an S3 XML error): the generic message
      }
      reject(new ApiError(code, msg, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(-1, REQUEST_FAILED_MSG, 0));
    xhr.onabort = () => reject(new ApiError(-1, '上传已取消', 0));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
