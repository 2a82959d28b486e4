/**
 * Job fairs as every front end shows them (the site's list and hall, <zp-job-fairs> on partner
 * pages): the texts of the sign-up rules of spec section 5 and the site pages those rules lead to
 * (the start state ifks and its words: rules/fairs.ts). No UI here: @zp/ui's fair actions run the
 * rules with these texts.
 */

/** Spec section 5: what a logged-out person is told before the login. */
export const NOT_LOGGED_IN_SIGN_UP = '未登录，请您登录后，进行报名。';
export const NOT_LOGGED_IN_FAVOURITE = '未登录，请您登录后，进行收藏。';
export const NOT_LOGGED_IN_APPLY = '未登录，请您登录后，进行投递。';
/** Spec: the redirect to the résumé follows the warning after 0.5 s. */
export const RESUME_REDIRECT_MS = 500;

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
