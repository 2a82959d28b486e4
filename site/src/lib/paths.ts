import type { Role } from '@zp/core/session';

/** '/zppc/' — every page and asset lives under this base path. */
export const BASE = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** A site path: to('public/login?id=1') → '/zppc/public/login?id=1'. */
export const to = (path = '') => BASE + path.replace(/^\//, '');

export const SITE_NAME = '人才招聘平台';

export const paths = {
  home: to(),
  fairs: to('public/meetingList'),
  universities: to('public/schoolList'),
  jobSearch: to('public/jobretrieve?val=1'),
  seekerLogin: to('public/login?id=1'),
  hrLogin: to('public/login?id=2'),
  register: to('public/registered'),
  forgotPassword: to('public/forgotPassword'),
  resume: to('private/resume'),
} as const;

/** Where each role lands after logging in. */
export const centreOf: Record<Role, string> = {
  qz: to('job_hunter/hunter_home'),
  hr: to('enter_home/enter_center'),
  xs: to('admin'),
};

/** A `redirect` query value is followed only when it stays on this site. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith(BASE) || value.startsWith('//')) return null;
  return value;
}

export interface ExternalLink {
  label: string;
  href: string;
}

/**
 * The three external entries of the top bar (spec section 2), opened in a new tab. Defaults are
 * the national public sites; a deployment points them elsewhere with ZP_LINK_PARTY,
 * ZP_LINK_HR_SERVICE and ZP_LINK_SOCIAL_SECURITY (read when the page renders).
 */
export function externalLinks(env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env): ExternalLink[] {
  return [
    { label: '党员之窗', href: env.ZP_LINK_PARTY || 'https://www.12371.cn/' },
    { label: '人力资源服务', href: env.ZP_LINK_HR_SERVICE || 'https://www.mohrss.gov.cn/' },
    { label: '人事社保专栏', href: env.ZP_LINK_SOCIAL_SECURITY || 'https://si.12333.gov.cn/' },
  ];
}
