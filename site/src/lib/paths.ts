import type { Role } from '@zp/core/session';
import { SITE_PATHS } from '@zp/core/fairs';

/** '/zppc/' — every page and asset lives under this base path. */
export const BASE = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;

/** A site path: to('public/login?id=1') → '/zppc/public/login?id=1'. */
export const to = (path = '') => BASE + path.replace(/^\//, '');

export const SITE_NAME = '人才招聘平台';

/**
 * The site's page addresses; those the server also links to (in notifications) are SITE_PATHS'.
 * Page files are lower case (pages/public/meetinglist.astro); the server redirects any path under
 * /zppc with upper-case letters to its lower-case form, so the spec's links (/public/meetingList,
 * /Job_hunter/Hunter_home) keep working. Links built here are already lower case (no redirect).
 */
export const paths = {
  home: to(),
  fairs: to('public/meetinglist'),
  universities: to('public/schoollist'),
  jobSearch: to('public/jobretrieve?val=1'),
  seekerLogin: to('public/login?id=1'),
  hrLogin: to('public/login?id=2'),
  operatorLogin: to('public/login?id=3'),
  register: SITE_PATHS.register,
  forgotPassword: to('public/forgotpassword'),
  /** the 用户服务协议 and the 隐私政策, their current versions */
  agreement: to('public/agreement'),
  privacy: to('public/privacy'),
  resume: SITE_PATHS.resume,
  resumePreview: to('private/resumepreview'),
  companyInfo: SITE_PATHS.companyInfo,
  fairList: SITE_PATHS.fairList,
  hall: SITE_PATHS.hall,
  notice: (bsid: string) => to(`public/noticedetail?noticeid=${encodeURIComponent(bsid)}`),
  company: (dwid: string) => to(`public/enterdetail?dwid=${encodeURIComponent(dwid)}`),
  job: SITE_PATHS.job,
  jobSearchFor: (keyword: string) => to(`public/jobretrieve?val=${encodeURIComponent(keyword || '1')}`),
  /** Job search filtered by a job category of any level (lb: a gwlb code). */
  jobsInCategory: (code: string) => to(`public/jobretrieve?lb=${encodeURIComponent(code)}`),
  /** The login page of a role, coming back to `back` (a site path) afterwards. */
  loginFor: (role: Role, back?: string) => to(`public/login?id=${role === 'hr' ? 2 : role === 'xs' ? 3 : 1}${back ? `&redirect=${encodeURIComponent(back)}` : ''}`),
};

/** Where each role lands after logging in. */
export const centreOf: Record<Role, string> = {
  qz: to('job_hunter/hunter_home'),
  hr: to('enter_home/enter_center'),
  xs: to('admin'),
};

/** A `redirect` query value is followed only when it stays on this site. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith(BASE) || value.startsWith('//')) return null;
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

/**
 * Where a stored link goes (banner tzlj, reminder tzlj): another site as given ('www.x.cn' gets
 * http://), a spec path ('/public/meetingList?venue=1') as this site's lower-case page.
 */
export function linkHref(link: string): string {
  if (/^https?:\/\//i.test(link)) return link;
  if (/^www\./i.test(link)) return `http://${link}`;
  const q = link.indexOf('?');
  const path = (q < 0 ? link : link.slice(0, q)).toLowerCase();
  return to(path) + (q < 0 ? '' : link.slice(q));
}
