/**
 * The common widget attributes as values (api-base, theme-color, locale; see element.ts), apart
 * from the element so that a launcher without lit or React (the chat's) reads them the same way.
 */
export const DEFAULT_LOCALE = 'zh-CN';

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(?:rgba?|hsla?|hwb|oklch|oklab|lab|lch)\(\s*[-+0-9.%\s,/a-z]*\)$/i;
const KEYWORD = /^[a-z]{3,20}$/i;
const NOT_THEMES = new Set(['transparent', 'currentcolor', 'inherit', 'initial', 'unset', 'revert', 'none']);

/**
 * The theme colour when `value` is one: hex, a colour function of plain numbers, or a named
 * colour the browser knows. Anything else (var(), url(), several values) is refused.
 */
export function themeColorOf(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const supported = (c: string) => typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || CSS.supports('color', c);
  if (HEX.test(v) || FUNCTIONAL.test(v)) return supported(v) ? v : undefined;
  if (KEYWORD.test(v) && !NOT_THEMES.has(v.toLowerCase())) return supported(v) ? v.toLowerCase() : undefined;
  return undefined;
}

/** `value` as a canonical locale Intl formats dates in, else 'zh-CN'. */
export function localeOf(value: string | null | undefined): string {
  const v = value?.trim();
  if (!v) return DEFAULT_LOCALE;
  try {
    const [canonical] = Intl.getCanonicalLocales(v);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length ? canonical : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // not a BCP 47 tag
  }
}

/** The api-base attribute as an http(s) origin (path prefix kept, no trailing slash); '' when absent or unusable. */
export function apiBaseOf(value: string | null | undefined): string {
  const v = value?.trim();
  if (!v) return '';
  try {
    const url = new URL(v);
    return /^https?:$/.test(url.protocol) ? `${url.origin}${url.pathname}`.replace(/\/+$/, '') : '';
  } catch {
    return '';
  }
}

/** Custom properties a theme colour sets: the colour and the shades the ui styles derive from it. */
export function themeProperties(color: string): Record<string, string> {
  return {
    '--zp-theme-color': color,
    '--zp-color-primary': color,
    '--zp-color-primary-hover': `color-mix(in srgb, ${color} 82%, #000)`,
    '--zp-color-primary-soft': `color-mix(in srgb, ${color} 10%, #fff)`,
  };
}

/**
 * The platform's origin when a widget's script was loaded from it onto another site's page (a
 * partner page): the API and the site's pages are there, not on the page's own origin. '' on the
 * platform's own site. (Every chunk of a widget is served from the one origin.)
 */
export function partnerOrigin(): string {
  if (typeof location === 'undefined') return '';
  const script = new URL(import.meta.url);
  return /^https?:$/.test(script.protocol) && script.origin !== location.origin ? script.origin : '';
}
