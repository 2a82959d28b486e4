/**
 * A call under way is kept in the tab's sessionStorage (call/controller.ts), so that a reload or
 * a move to another page of the site goes back into it. The launcher, which otherwise loads the
 * panel (and its call layer) only on first use, loads it at once when such a call is kept.
 */
export const keptCallKey = (userId: string) => `zp:call:${userId}`;

export function hasKeptCall(userId: string): boolean {
  try {
    return !!sessionStorage.getItem(keptCallKey(userId));
  } catch {
    return false;
  }
}
