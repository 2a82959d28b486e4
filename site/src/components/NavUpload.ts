/**
 * The top bar's attachment-résumé upload for job seekers (spec section 2), loaded on first use so
 * the bar itself stays light: pick a file, the signed-policy upload with its progress, register
 * it. Limits and messages are the résumé page's (components/seeker/Attachments).
 */
import { api } from '@zp/core/session';
import { filesApi } from '@zp/core/routes';
import { message, toastError } from '@zp/ui';
import { FULL_MSG, MAX_ATTACHMENTS, sendAttachment } from './seeker/Attachments';

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
    toastError(err);
    return;
  }
  const file = await pickFile();
  if (file) await sendAttachment(file, onProgress);
}
