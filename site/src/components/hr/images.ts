/**
 * Default pictures (spec section 5: used when an avatar url is not http(s) or protocol-relative):
 * a gender-specific avatar for job seekers, a neutral building for an enterprise without a logo.
 */
const svg = (body: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`)}`;

const person = (bg: string, fg: string, hair: string) =>
  svg(`<rect width="64" height="64" rx="32" fill="${bg}"/><circle cx="32" cy="26" r="11" fill="${fg}"/>${hair}<path d="M12 54c4-10 11-15 20-15s16 5 20 15" fill="${fg}"/>`);

/** xb_001 male, xb_002 female, anything else neutral. */
export const defaultAvatar = (xbm: string): string =>
  xbm === 'xb_001'
    ? person('#e6f0ff', '#4f86e8', '<path d="M21 24c0-8 6-13 11-13s11 5 11 13c-3-4-7-6-11-6s-8 2-11 6z" fill="#2f5fb8"/>')
    : xbm === 'xb_002'
      ? person('#ffeef3', '#e26d92', '<path d="M19 30c-1-12 5-19 13-19s14 7 13 19c-2-7-7-11-13-11s-11 4-13 11z" fill="#b84a70"/>')
      : person('#eef1f5', '#9aa5b4', '');

export const defaultLogo = svg(
  '<rect width="64" height="64" rx="10" fill="#ecf3fe"/><path d="M18 50V20l16-6v36M34 26l12 4v20" fill="none" stroke="#1f6fe5" stroke-width="3" stroke-linejoin="round"/><path d="M23 26h6M23 33h6M23 40h6M39 35h3M39 42h3M14 50h36" stroke="#1f6fe5" stroke-width="3" stroke-linecap="round"/>',
);
