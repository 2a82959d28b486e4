/** A stored file's name: what may be kept of what a person typed, and how a download names it. */
import { INLINE_MIME } from './kinds.js';

/** Control characters and path separators dropped, at most 100 characters. */
export const cleanName = (s: string) => s.replace(/[\x00-\x1f\x7f/\\]/g, '').trim().slice(0, 100);

/** Inline for what a browser shows safely (images, PDF), else a download; the name in ASCII and in UTF-8. */
export function contentDisposition(mime: string, name: string): string {
  const kind = INLINE_MIME.has(mime) ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
