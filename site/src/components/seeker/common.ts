/** Helpers every seeker island shares: SMS countdown, dates, avatars and logos, file sizes. */
import { useEffect, useState } from 'react';
import { isUsableImage } from '../../lib/format';

/** Seconds before another SMS code may be requested (the server enforces the same interval). */
const CODE_INTERVAL_SECONDS = 60;

/** A 60 s countdown after an SMS code was sent: `[left, start]`. */
export function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, () => setLeft(CODE_INTERVAL_SECONDS)];
}

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD' ('' stays ''). */
export const day = (t: string) => (t ? t.slice(0, 10) : '');
/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm'. */
export const minute = (t: string) => (t ? t.slice(0, 16).replace('T', ' ') : '');

export { avatarOf } from '../../lib/avatar';

/** A logo placeholder for an enterprise without one: its first character on a tint. */
export function logoOf(url: string | null | undefined, name: string): string {
  if (isUsableImage(url)) return url;
  const ch = (name || '企').slice(0, 1).replace(/[<&>"]/g, '');
  return `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="10" fill="#ecf3fe"/><text x="32" y="42" font-size="28" text-anchor="middle" fill="#1f6fe5" font-family="sans-serif">${ch}</text></svg>`,
  )}`;
}

/** File size as the upload lists show it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
