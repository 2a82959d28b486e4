/**
 * The rules of spec section 5 before a person acts on a fair (or a job), with the spec's
 * messages, for the site and <zp-job-fairs> alike: logged out → a confirm naming the action, then
 * the login; a job seeker whose résumé is under 60 % → '请完善简历' and the résumé page 0.5 s
 * later; an HR whose enterprise is not approved → a confirm leading to the enterprise page. The
 * server enforces the same rules; these checks give the person the right way forward instead of
 * a bare error. What differs between the site and a partner page comes in `ways`.
 */
import { $session, api, type Role, type UserSession } from '@zp/core/session';
import { fairsApi, identityApi } from '@zp/core/routes';
import {
  NOT_LOGGED_IN_FAVOURITE,
  NOT_LOGGED_IN_SIGN_UP,
  RESUME_REDIRECT_MS,
  SITE_PATHS,
} from '@zp/core/fairs';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';
import { RESUME_INCOMPLETE, resumeComplete } from '@zp/core/rules/resume';
import { confirm } from './confirm.js';
import { message, toastError } from './message.js';
import { withLoading } from './loading.js';

export interface ActionWays {
  /**
   * After the not-logged-in confirm was accepted: the site goes to its login page (resolves
   * null, the page is leaving); a widget opens its own login and resolves with the session, or
   * null when the person closed it.
   */
  login(role: Role): Promise<UserSession | null>;
  /** Opens a site page (a SITE_PATHS path): as is on the site, on the platform's origin from a partner page. */
  go(path: string): void;
}

export interface FairMarks {
  hxid: string;
  /** sfbm: signed up */
  sfbm: number;
  /** sfsc: favourited */
  sfsc: number;
}

/** The session, or after the confirm (its text names the action) the one the login gives; null otherwise. */
export async function requireLogin(text: string, ways: ActionWays, role: Role = 'qz'): Promise<UserSession | null> {
  const session = $session.get();
  if (session) return session;
  if (!(await confirm({ message: text, title: '提示', confirmText: '去登录' }))) return null;
  return ways.login(role);
}

/** A job seeker may go on when the résumé is at least 60 % complete; otherwise off to the résumé. */
export async function seekerResumeReady(ways: ActionWays): Promise<boolean> {
  try {
    const { qzGrjbxxBase } = await api.call(identityApi.seekerBase);
    if (qzGrjbxxBase && resumeComplete(qzGrjbxxBase.wsd)) return true;
  } catch (err) {
    toastError(err);
    return false;
  }
  message.warning(RESUME_INCOMPLETE);
  setTimeout(() => ways.go(SITE_PATHS.resume), RESUME_REDIRECT_MS);
  return false;
}

/** An HR may go on when the enterprise is approved (shzt 1); otherwise offered the enterprise page. */
export async function hrCompanyApproved(ways: ActionWays): Promise<boolean> {
  try {
    const { shzt } = await api.call(identityApi.companyState);
    if (shzt === 1) return true;
  } catch (err) {
    toastError(err);
    return false;
  }
  if (await confirm({ message: COMPANY_NOT_APPROVED, confirmText: '去修改' })) ways.go(SITE_PATHS.companyInfo);
  return false;
}

/**
 * Runs a write under the full-screen loading overlay; true on success, the error shown otherwise.
 * A quick one that changes a mark on its own button (收藏, 关注) passes `{ overlay: false }` and
 * shows the button busy instead: the page stays usable.
 */
export async function write(task: () => Promise<unknown>, success?: string, { overlay = true }: { overlay?: boolean } = {}): Promise<boolean> {
  try {
    await (overlay ? withLoading(task) : task());
    if (success) message.success(success);
    return true;
  } catch (err) {
    toastError(err);
    return false;
  }
}

/** Signs the person (seeker) or their enterprise (HR) up; the change to show, or null when nothing changed. */
export async function signUpFair(fair: FairMarks, ways: ActionWays): Promise<Partial<FairMarks> | null> {
  const s = await requireLogin(NOT_LOGGED_IN_SIGN_UP, ways);
  if (!s) return null;
  if (s.roleId === 'qz') {
    if (!(await seekerResumeReady(ways))) return null;
    return (await write(() => api.call(fairsApi.seekerSignUp, { body: [fair.hxid] }), '报名成功')) ? { sfbm: 1 } : null;
  }
  if (s.roleId === 'hr') {
    if (!(await hrCompanyApproved(ways))) return null;
    return (await write(() => api.call(fairsApi.hrSignUp, { body: [fair.hxid] }), '报名成功')) ? { sfbm: 1 } : null;
  }
  return null; // the operator does not sign up
}

/** Favourites or un-favourites the fair with the role's calls; the change to show, or null. */
export async function toggleFavourite(fair: FairMarks, ways: ActionWays): Promise<Partial<FairMarks> | null> {
  const s = await requireLogin(NOT_LOGGED_IN_FAVOURITE, ways);
  if (!s || s.roleId === 'xs') return null;
  const hr = s.roleId === 'hr';
  if (fair.sfsc) {
    const ok = await write(() => api.call(hr ? fairsApi.hrUnfavorite : fairsApi.seekerUnfavorite, { query: { hxid: fair.hxid }, method: 'POST' }), '已取消收藏');
    return ok ? { sfsc: 0 } : null;
  }
  const ok = await write(() => api.call(hr ? fairsApi.hrFavorite : fairsApi.seekerFavorite, { body: [fair.hxid] }), '收藏成功');
  return ok ? { sfsc: 1 } : null;
}
