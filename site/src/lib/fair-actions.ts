/**
 * Signing up for and favouriting a fair with the rules and messages of spec section 5: @zp/ui's
 * (the same as <zp-job-fairs> runs), leading to this site's pages. Each returns the change to
 * apply to the fair as shown, or null when nothing changed.
 */
import { signUpFair as signUp, toggleFavourite as favourite, type FairMarks } from '@zp/ui';
import { siteWays } from './actions';

export type { FairMarks };

export const signUpFair = (fair: FairMarks) => signUp(fair, siteWays);
export const toggleFavourite = (fair: FairMarks) => favourite(fair, siteWays);
