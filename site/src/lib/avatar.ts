/** The default avatars of people without a picture: one drawing for the header, the centres and the résumé. */
import { isUsableImage } from './format';

/** Gender default avatars (spec section 2): data URIs so they need no request. */
const face = (bg: string, fg: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="${bg}"/><circle cx="32" cy="25" r="11" fill="${fg}"/><path d="M12 54c3-11 11-16 20-16s17 5 20 16" fill="${fg}"/></svg>`,
  )}`;
const DEFAULT_AVATAR = { male: face('#dbe8fd', '#1f6fe5'), female: face('#fde3ec', '#e0577f'), none: face('#e5e6eb', '#86909c') };
export function avatarOf(url: string | null | undefined, xbm: string | null | undefined): string {
  if (isUsableImage(url)) return url;
  return xbm === 'xb_002' ? DEFAULT_AVATAR.female : xbm === 'xb_001' ? DEFAULT_AVATAR.male : DEFAULT_AVATAR.none;
}
