import { message, type MessageType } from '@zp/ui';

const KEY = 'zp:flash';

/**
 * A toast that must survive a page change: the guard sends a seeker to the résumé page with
 * RESUME_INCOMPLETE_MSG (rules/resume); a toast shown before `location.replace` would vanish with the
 * old page, so it is kept in sessionStorage and shown by the next page (TopNav calls showFlash).
 */
export function flash(type: MessageType, text: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ type, text }));
  } catch {
    message[type](text); // storage blocked: show it here at least
  }
}

/** Shows (once) the toast a previous page left. */
export function showFlash(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const { type, text } = JSON.parse(raw) as { type: MessageType; text: string };
    if (typeof text === 'string' && text && type in message) message[type](text);
  } catch {
    // a foreign value: ignore
  }
}
