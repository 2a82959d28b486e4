/**
 * A fair's start state ifks (spec sections 2 and 4): 1 before the start, 2 while it is on, 3 after
 * the end, computed from the fair's Beijing times so that every page, widget and the server (its
 * SQL form: fairStateSql in the server's fairs module) agree; and the words each state shows.
 */
import { chinaTime } from '../dates.js';

export type FairState = 1 | 2 | 3;

/**
 * The fair button of spec section 2, by ifks. While a fair is on the button is a link into its
 * hall, so it says where it leads (进入会场) rather than the spec's state word 已开始, which the
 * state tag beside it already gives as 进行中.
 */
export const FAIR_BUTTON: Record<FairState, string> = { 1: '立即报名', 2: '进入会场', 3: '已结束' };
/** The state tag beside it. */
// Indexed by number too: lists carry ifks as the API's number.
export const FAIR_STATE_TEXT: Readonly<Record<number, string>> = { 1: '未开始', 2: '进行中', 3: '已结束' };

/**
 * ifks of spec section 4, computed in the browser from the fair's times: 1 before the start,
 * 2 between start and end, 3 after the end. Falls back to the server's value when a time is unreadable.
 */
export function fairState(fair: { hykssj: string; hyjssj: string; ifks?: number }, now = Date.now()): FairState {
  const start = chinaTime(fair.hykssj);
  const end = chinaTime(fair.hyjssj);
  if (Number.isNaN(start) || Number.isNaN(end)) return (fair.ifks as FairState) ?? 1;
  return now < start ? 1 : now <= end ? 2 : 3;
}
