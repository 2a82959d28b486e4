/**
 * The upload flow of spec section 7 for enterprise files: a signed credential (getOssKey), the
 * form posted to its host with progress (postToStorage of @zp/core), then the file registered
 * (saveFile). The credential names the size limit and extensions, checked here first so the
 * person learns at once; the server checks them again with the real content.
 */
import { api } from '@zp/core/session';
import { filesApi } from '@zp/core/routes';
import { ApiError } from '@zp/core/client';
import { extensionOf, postToStorage } from '@zp/core/upload';

/** wjlx of enterprise files: 20 logo, 30 business licence. */
export type CompanyFileType = 20 | 30;

export interface Uploaded {
  wjid: string;
  fileUrl: string;
  name: string;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.round(bytes / 1024)}KB`);

/** Uploads an enterprise logo (20) or licence (30) and registers it; rejects with an ApiError whose msg is Chinese. */
export async function uploadCompanyFile(file: File, fileType: CompanyFileType, onProgress: (percent: number) => void = () => {}): Promise<Uploaded> {
  const ext = extensionOf(file.name);
  const { info } = await api.call(filesApi.hrOssKey, { query: { fileType } });
  if (!info.accept.includes(ext)) throw new ApiError(400, `只能上传 ${info.accept.join('、')} 格式的文件`);
  if (file.size > info.maxSize) throw new ApiError(400, `文件大小不能超过 ${sizeText(info.maxSize)}`);
  if (file.size === 0) throw new ApiError(400, '文件是空的，请重新选择');
  onProgress(0);
  // A plain random key name: the original (often Chinese) name is kept as wjmc.
  const keyName = await postToStorage(info, file, (p) => onProgress(Math.min(99, p)), { name: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.${ext}` });
  const saved = await api.call(filesApi.hrSave, {
    body: { keyName, wjmc: file.name.slice(0, 200), wjbm: file.name.slice(0, 200), wjgs: ext, wjdx: file.size, upid: info.upid, host: info.host, fileType },
  });
  onProgress(100);
  return { wjid: saved.wjid, fileUrl: saved.fileUrl, name: file.name };
}
