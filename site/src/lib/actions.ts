/**
 * The rules of spec section 5 before a person acts on a fair or a job, with the spec's messages:
 * logged out → a confirm leading to the login page; a job seeker whose résumé is under 60 % →
 * '请完善简历' and the résumé page 0.5 s later; an HR whose enterprise is not approved → a confirm
 * leading to the enterprise information page. The server enforces the same rules; these checks
 * give the person the right way forward instead of a bare error.
 */
import { $session, api, type Role, type UserSession } from '@zp/core/session';
import { isApiError } from '@zp/core/client';
import { confirm, message, withLoading } from '@zp/ui';
import { identityApi } from '@zp/core/routes';
import { paths } from './paths';
import { WSD_THRESHOLD } from './guard';

export const NOT_LOGGED_IN_SIGN_UP = '未登录，请您登录后，进行报名。';
export const NOT_LOGGED_IN_FAVOURITE = '未登录，请您登录后，进行收藏。';
export const NOT_LOGGED_IN_APPLY = '未登录，请您登录后，进行投递。';
export const RESUME_INCOMPLETE = '请完善简历';
export const COMPANY_NOT_APPROVED = '单位信息未审核或审核不通过,请修改单位信息!';
/** Spec: the redirect to the résumé follows the warning after 0.5 s. */
export const RESUME_REDIRECT_MS = 500;

const here = () => window.location.pathname + window.location.search;

/** Error toast for a failed call (the server's msg, or '请求错误，请重试'). */
export function showError(err: unknown): void {
  message.error(isApiError(err) ? err.msg : '请求错误，请重试');
}

/** The session, or null after offering the login page (the confirm's text names the action). */
export async function requireLogin(text: string, role: Role = 'qz'): Promise<UserSession | null> {
  const session = $session.get();
  if (session) return session;
  if (await confirm({ message: text, title: '提示', confirmText: '去登录' })) window.location.assign(paths.loginFor(role, here()));
  return null;
}

/** A job seeker may go on when the résumé is at least 60 % complete; otherwise off to the résumé. */
export async function seekerResumeReady(): Promise<boolean> {
  try {
    const { qzGrjbxxBase } = await api.call(identityApi.seekerBase);
    if (qzGrjbxxBase && qzGrjbxxBase.wsd >= WSD_THRESHOLD) return true;
  } catch (err) {
    showError(err);
    return false;
  }
  message.warning(RESUME_INCOMPLETE);
  setTimeout(() => window.location.assign(paths.resume), RESUME_REDIRECT_MS);
  return false;
}

/** An HR may go on when the enterprise is approved (shzt 1); otherwise offered the enterprise page. */
export async function hrCompanyApproved(): Promise<boolean> {
  try {
    const { shzt } = await api.call(identityApi.companyState);
    if (shzt === 1) return true;
  } catch (err) {
    showError(err);
    return false;
  }
  if (await confirm({ message: COMPANY_NOT_APPROVED, confirmText: '去修改' })) window.location.assign(paths.companyInfo);
  return false;
}

/** Runs a write under the full-screen loading overlay; true on success, the error shown otherwise. */
export async function write(task: () => Promise<unknown>, success?: string): Promise<boolean> {
  try {
    await withLoading(task);
    if (success) message.success(success);
    return true;
  } catch (err) {
    showError(err);
    return false;
  }
}
