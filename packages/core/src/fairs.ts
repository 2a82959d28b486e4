/**
 * Job fairs as every front end shows them (the site's list and hall, <zp-job-fairs> on partner
 * pages): the start state ifks, the button words, the texts of the sign-up rules of spec
 * section 5 and the site pages those rules lead to. No UI here: @zp/ui's fair actions run the
 * rules with these texts.
 */
import { chinaTime } from './dates.js';

/** Spec section 5: what a logged-out person is told before the login. */
export const NOT_LOGGED_IN_SIGN_UP = '未登录，请您登录后，进行报名。';
export const NOT_LOGGED_IN_FAVOURITE = '未登录，请您登录后，进行收藏。';
export const NOT_LOGGED_IN_APPLY = '未登录，请您登录后，进行投递。';
/** A job seeker whose résumé is under WSD_THRESHOLD. */
export const RESUME_INCOMPLETE = '请完善简历';
/** An HR whose enterprise is not approved (shzt != 1). */
export const COMPANY_NOT_APPROVED = '单位信息未审核或审核不通过,请修改单位信息!';
/** Résumé completeness (wsd) a job seeker needs (spec section 9). */
export const WSD_THRESHOLD = 60;
/** Spec: the redirect to the résumé follows the warning after 0.5 s. */
export const RESUME_REDIRECT_MS = 500;

/**
 * The fair button of spec section 2, by ifks. While a fair is on the button is a link into its
 * hall, so it says where it leads (进入会场) rather than the spec's state word 已开始, which the
 * state tag beside it already gives as 进行中.
 */
export const FAIR_BUTTON: Record<1 | 2 | 3, string> = { 1: '立即报名', 2: '进入会场', 3: '已结束' };
/** The state tag beside it. */
export const FAIR_STATE_TEXT: Record<1 | 2 | 3, string> = { 1: '未开始', 2: '进行中', 3: '已结束' };

/** Site pages the rules and cards lead to, under the site's base path; a partner page prefixes the platform's origin. */
export const SITE_PATHS = {
  resume: '/zppc/private/resume',
  companyInfo: '/zppc/enter_home/enter_info',
  /** the HR centre's jobs, received résumés and interviews */
  hrJobs: '/zppc/enter_home/enter_post',
  hrResumes: '/zppc/enter_home/enter_resume',
  hrInterviews: '/zppc/enter_home/enter_interview',
  /** the seeker centre's applications and interview invitations */
  seekerApplications: '/zppc/job_hunter/hunter_invest',
  seekerInvitations: '/zppc/job_hunter/hunter_invite',
  register: '/zppc/public/registered',
  /** the platform's login window that the widgets on a partner page open (site/src/pages/partner/login.astro) */
  loginWindow: '/zppc/partner/login',
  /** The fair list: 1 online, 2 on site. */
  fairList: (venue: 1 | 2) => `/zppc/public/meetinglist?venue=${venue}`,
  /** A fair's hall; ifks is the state computed in the browser (spec route /public/meetinghall/{hxid}/{ifksNo}). */
  hall: (hxid: string, ifks: number) => `/zppc/public/meetinghall/${encodeURIComponent(hxid)}/${ifks}`,
  /** A job's page (spec route /public/postdetail?gwid=). */
  job: (gwid: string) => `/zppc/public/postdetail?gwid=${encodeURIComponent(gwid)}`,
  /** A video interview room's page. */
  videoRoom: (roomId: string | number) => `/zppc/video?roomId=${encodeURIComponent(String(roomId))}`,
} as const;

/**
 * ifks of spec section 4, computed in the browser from the fair's times: 1 before the start,
 * 2 between start and end, 3 after the end. Falls back to the server's value when a time is unreadable.
 */
export function fairState(fair: { hykssj: string; hyjssj: string; ifks?: number }, now = Date.now()): 1 | 2 | 3 {
  const start = chinaTime(fair.hykssj);
  const end = chinaTime(fair.hyjssj);
  if (Number.isNaN(start) || Number.isNaN(end)) return (fair.ifks as 1 | 2 | 3) ?? 1;
  return now < start ? 1 : now <= end ? 2 : 3;
}
