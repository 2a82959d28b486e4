/**
 * Signing up for and favouriting a fair, with the rules and messages of spec section 5. Each
 * returns the change to apply to the fair as shown, or null when nothing changed.
 */
import { api } from '@zp/core/session';
import { fairsApi } from '@zp/core/routes';
import { NOT_LOGGED_IN_FAVOURITE, NOT_LOGGED_IN_SIGN_UP, hrCompanyApproved, requireLogin, seekerResumeReady, write } from './actions';

export interface FairMarks {
  hxid: string;
  /** sfbm: signed up */
  sfbm: number;
  /** sfsc: favourited */
  sfsc: number;
}

export async function signUpFair(fair: FairMarks): Promise<Partial<FairMarks> | null> {
  const s = await requireLogin(NOT_LOGGED_IN_SIGN_UP);
  if (!s) return null;
  if (s.roleId === 'qz') {
    if (!(await seekerResumeReady())) return null;
    return (await write(() => api.call(fairsApi.seekerSignUp, { body: [fair.hxid] }), '报名成功')) ? { sfbm: 1 } : null;
  }
  if (s.roleId === 'hr') {
    if (!(await hrCompanyApproved())) return null;
    return (await write(() => api.call(fairsApi.hrSignUp, { body: [fair.hxid] }), '报名成功')) ? { sfbm: 1 } : null;
  }
  return null;
}

export async function toggleFavourite(fair: FairMarks): Promise<Partial<FairMarks> | null> {
  const s = await requireLogin(NOT_LOGGED_IN_FAVOURITE);
  if (!s || s.roleId === 'xs') return null;
  const hr = s.roleId === 'hr';
  if (fair.sfsc) {
    const ok = await write(() => api.call(hr ? fairsApi.hrUnfavorite : fairsApi.seekerUnfavorite, { query: { hxid: fair.hxid }, method: 'POST' }), '已取消收藏');
    return ok ? { sfsc: 0 } : null;
  }
  const ok = await write(() => api.call(hr ? fairsApi.hrFavorite : fairsApi.seekerFavorite, { body: [fair.hxid] }), '收藏成功');
  return ok ? { sfsc: 1 } : null;
}
