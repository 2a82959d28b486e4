/**
 * The top bar's attachment-résumé upload for job seekers (spec section 2), loaded on first use so
 * the bar itself stays light: pick a file, the signed-policy upload with its progress, register
 * it. Limits and messages are the résumé page's (components/seeker/Attachments).
 */
import { api } from '@zp/core/session';
import { filesApi } from '@zp/core/routes';
import { postToStorage, extensionOf } from '@zp/core/upload';
import { message, withLoading } from '@zp/ui';
import { FULL_MSG, MAX_ATTACHMENTS, MAX_ATTACHMENT_BYTES, SIZE_MSG } from './seeker/Attachments';
import { showError } from '../lib/actions';
import { failureText } from '@zp/core/client';

function pickFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

/** Runs the whole upload; `onProgress` gets 0–100 while the file travels, null when done. */
export async function uploadAttachment(onProgress: (pct: number | null) => void): Promise<void> {
  try {
    const { fileList } = await api.call(filesApi.seekerList, { query: { fileType: 10 } });
    if (fileList.length >= MAX_ATTACHMENTS) {
      message.warning(FULL_MSG);
      return;
    }
  } catch (err) {
    showError(err);
    return;
  }
  const file = await pickFile();
  if (!file) return;
  if (file.size > MAX_ATTACHMENT_BYTES) {
    message.warning(SIZE_MSG);
    return;
  }
  let info;
  try {
    info = (await api.call(filesApi.seekerOssKey, { query: { fileType: 10 } })).info;
  } catch (err) {
    // Spec section 8: an upload-credential failure shows as a warning.
    message.warning(failureText(err));
    return;
  }
  if (info.accept.length && !info.accept.includes(extensionOf(file.name))) {
    message.warning(`附件简历仅支持 ${info.accept.join('、')} 格式`);
    return;
  }
  onProgress(0);
  try {
    const keyName = await postToStorage(info, file, onProgress);
    await withLoading(
      api.call(filesApi.seekerSave, {
        body: { keyName, wjmc: file.name, wjbm: file.name, wjgs: extensionOf(file.name), wjdx: file.size, upid: info.upid, host: info.host, wjlx: 10 },
      }),
    );
    message.success('上传成功');
  } catch (err) {
    showError(err);
  } finally {
    onProgress(null);
  }
}
