import { ChatError, ERR } from './errors.js';

export interface Uploaded {
  url: string;
  size: number;
  name: string;
  uuid: string;
}

interface UploadRequest {
  url: string;
  file: Blob;
  kind: 'image' | 'file' | 'video' | 'sound';
  name: string;
  userID: string;
  userSig: string;
  /** 0–1 */
  onProgress: (percent: number) => void;
}

/** The part of XMLHttpRequest used here, declared here: the SDK also compiles without the DOM's types (Node). */
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  readonly upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  readonly responseText: string;
  send(body: Blob): void;
}

function parse(text: string): Uploaded {
  let r: { code?: number; msg?: string } & Partial<Uploaded>;
  try {
    r = JSON.parse(text);
  } catch {
    throw new ChatError(ERR.upload, '文件上传失败，请重试');
  }
  if (r.code !== 0 || !r.url) throw new ChatError(r.code || ERR.upload, r.msg || '文件上传失败，请重试');
  return { url: r.url, size: Number(r.size ?? 0), name: String(r.name ?? ''), uuid: String(r.uuid ?? '') };
}

/**
 * Uploads one file to the chat upload endpoint. Browsers report progress as the bytes go out
 * (XMLHttpRequest upload events); where there is no XMLHttpRequest (Node) it is 0 at the start
 * and 1 at the end.
 */
export function uploadFile(req: UploadRequest): Promise<Uploaded> {
  const target = `${req.url}?kind=${req.kind}&name=${encodeURIComponent(req.name)}`;
  const headers = { 'content-type': 'application/octet-stream', 'x-chat-user': req.userID, 'x-chat-sig': req.userSig };
  const XHR = (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;
  req.onProgress(0);
  if (XHR) {
    return new Promise((resolve, reject) => {
      const xhr = new XHR();
      xhr.open('POST', target);
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e: { lengthComputable: boolean; loaded: number; total: number }) => {
        if (e.lengthComputable && e.total > 0) req.onProgress(Math.min(0.99, e.loaded / e.total));
      };
      xhr.onload = () => {
        try {
          const r = parse(String(xhr.responseText));
          req.onProgress(1);
          resolve(r);
        } catch (err) {
          reject(err);
        }
      };
      xhr.onerror = () => reject(new ChatError(ERR.upload, '文件上传失败，请检查网络后重试'));
      xhr.send(req.file);
    });
  }
  return fetch(target, { method: 'POST', headers, body: req.file })
    .then((res) => res.text(), () => Promise.reject(new ChatError(ERR.upload, '文件上传失败，请检查网络后重试')))
    .then((text) => {
      const r = parse(text);
      req.onProgress(1);
      return r;
    });
}
