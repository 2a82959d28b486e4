/**
 * The upload flow of spec section 7 for enterprise files: ask for a signed credential
 * (getOssKey), post the form to the credential's host with progress (XMLHttpRequest: fetch has
 * no upload progress), then register the file (saveFile). The credential names the size limit
 * and the accepted extensions, checked here first so the person learns at once.
 */
import { api } from '@zp/core/session';
import { filesApi } from '@zp/core/contract';
import { ApiError, REQUEST_FAILED_CODE, REQUEST_FAILED_MSG } from '@zp/core/client';

/** wjlx of enterprise files: 20 logo, 30 business licence. */
export type CompanyFileType = 20 | 30;

export interface Uploaded {
  wjid: string;
  fileUrl: string;
  name: string;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.round(bytes / 1024)}KB`);

/** Posts the credential's fields, then key, then the file (the order the storage host expects). */
function postForm(host: string, fields: Record<string, string>, key: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('key', key);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', host);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError(REQUEST_FAILED_CODE, REQUEST_FAILED_MSG));
    xhr.ontimeout = xhr.onerror;
    xhr.onload = () => {
      // Our own host answers {code, msg}; an S3 bucket answers 204 or an XML error.
      let reply: { code?: number; msg?: string } | null = null;
      try {
        reply = JSON.parse(xhr.responseText) as { code?: number; msg?: string };
      } catch {
        reply = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && (!reply || reply.code === undefined || reply.code === 0)) resolve();
      else reject(new ApiError(reply?.code || xhr.status, reply?.msg || '上传失败，请重试', xhr.status));
    };
    xhr.send(form);
  });
}

/**
 * Uploads an enterprise logo (20) or licence (30) and registers it; rejects with an ApiError
 * whose msg is Chinese. `onProgress` gets 0–100.
 */
export async function uploadCompanyFile(file: File, fileType: CompanyFileType, onProgress: (percent: number) => void = () => {}): Promise<Uploaded> {
  const ext = (file.name.split('.').pop() ?? '').toLowerCase();
  const { info } = await api.call(filesApi.hrOssKey, { query: { fileType } });
  if (!info.accept.includes(ext)) throw new ApiError(400, `只能上传 ${info.accept.join('、')} 格式的文件`);
  if (file.size > info.maxSize) throw new ApiError(400, `文件大小不能超过 ${sizeText(info.maxSize)}`);
  if (file.size === 0) throw new ApiError(400, '文件是空的，请重新选择');
  // The key's file name must be plain (the host refuses / \ and the like): a random one with the real extension.
  const key = `${info.dir}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.${ext}`;
  onProgress(0);
  await postForm(info.host, info.fields, key, file, onProgress);
  const saved = await api.call(filesApi.hrSave, {
    body: { keyName: key, wjmc: file.name.slice(0, 200), wjbm: file.name.slice(0, 200), wjgs: ext, wjdx: file.size, upid: info.upid, host: info.host, fileType },
  });
  onProgress(100);
  return { wjid: saved.wjid, fileUrl: saved.fileUrl, name: file.name };
}
