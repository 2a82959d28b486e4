/**
 * The routing guard of spec section 2, run in the browser (the token lives in localStorage).
 *
 * Every page (TopNav): a stored session's token is refreshed once per page load (a refused
 * refresh clears it), and an `id` query is stored as the HR marker.
 * Protected pages (layouts/Protected.astro) additionally: no token → the login page with
 * ?redirect= back; refused refresh → login; the wrong role → that person's own centre; a job
 * seeker whose résumé is not complete enough (rules/resume) or who has no base info → /private/resume
 * with RESUME_INCOMPLETE_MSG (the résumé pages themselves are always allowed).
 * Islands on a protected page wait for `useGuardPassed()` before loading personal data.
 */
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { $session, api, clearSession, refreshSession, type Role, type UserSession } from '@zp/core/session';
import { identityApi } from '@zp/core/routes';
import { RESUME_INCOMPLETE_MSG, resumeComplete } from '@zp/core/rules/resume';
import { flash } from './flash';
import { centreOf, paths } from './paths';

const HR_MARKER_KEY = 'zp:hr-marker';

export interface GuardOptions {
  /** Roles allowed on the page. */
  roles: Role[];
  /** The résumé pages: a seeker with an incomplete résumé may stay. */
  allowIncomplete?: boolean;
}

/** True once the protected page's checks passed; islands load personal data after that. */
export const $guardPassed = atom(false);
export const useGuardPassed = (): boolean => useStore($guardPassed);

let refreshed: Promise<UserSession | null> | null = null;

/** Refreshes the stored token once per page load; shared by TopNav and the protected-page guard. */
export function refreshOnce(): Promise<UserSession | null> {
  if (!$session.get()) return Promise.resolve(null);
  return (refreshed ??= refreshSession());
}

/** The `id` query of the current url, kept for the page session (spec: "stored as the HR marker"). */
export function storeHrMarker(): void {
  const id = new URLSearchParams(window.location.search).get('id');
  if (id === null) return;
  try {
    sessionStorage.setItem(HR_MARKER_KEY, id);
  } catch {
    // storage blocked: nothing reads it on this page
  }
}

const here = () => window.location.pathname + window.location.search;

/** The login page for the first allowed role, coming back here afterwards. */
function goLogin(roles: Role[]): void {
  window.location.replace(paths.loginFor(roles[0] ?? 'qz', here()));
}

/**
 * Runs the checks of a protected page. Resolves true when the page may show; otherwise it has
 * already started navigating away.
 */
export async function guardProtectedPage(options: GuardOptions): Promise<boolean> {
  storeHrMarker();
  if (!$session.get()) {
    goLogin(options.roles);
    return false;
  }
  const session = await refreshOnce();
  if (!session) {
    clearSession();
    goLogin(options.roles);
    return false;
  }
  if (!options.roles.includes(session.roleId)) {
    flash('warning', '当前账号无权访问该页面');
    window.location.replace(centreOf[session.roleId]);
    return false;
  }
  if (session.roleId === 'qz' && !options.allowIncomplete) {
    try {
      const { qzGrjbxxBase } = await api.call(identityApi.seekerBase);
      if (!qzGrjbxxBase || !resumeComplete(qzGrjbxxBase.wsd)) {
        flash('warning', RESUME_INCOMPLETE_MSG);
        window.location.replace(paths.resume);
        return false;
      }
    } catch {
      // A 401 cleared the session (→ login); any other failure leaves the page to its own errors.
      if (!$session.get()) {
        goLogin(options.roles);
        return false;
      }
    }
  }
  $guardPassed.set(true);
  return true;
}
