/**
 * The rules of spec section 5 before a person acts on a fair or a job, as the site runs them: the
 * rules and messages are @zp/ui's (shared with <zp-job-fairs>); here only where they lead on this
 * site — the login page (coming back here afterwards), the résumé and enterprise pages.
 */
import type { Role } from '@zp/core/session';
import * as shared from '@zp/ui';
import { paths } from './paths';

export { write } from '@zp/ui';

const here = () => window.location.pathname + window.location.search;

/** On the site: the login page of the role, back here afterwards; pages by their path. */
export const siteWays: shared.ActionWays = {
  login: async (role) => {
    window.location.assign(paths.loginFor(role, here()));
    return null;
  },
  go: (path) => window.location.assign(path),
};

/** The session, or null after offering the login page (the confirm's text names the action). */
export const requireLogin = (text: string, role: Role = 'qz') => shared.requireLogin(text, siteWays, role);

/** A job seeker may go on when the résumé is at least 60 % complete; otherwise off to the résumé. */
export const seekerResumeReady = () => shared.seekerResumeReady(siteWays);
