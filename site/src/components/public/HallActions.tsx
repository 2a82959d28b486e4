import { useEffect, useState } from 'react';
import { useSession, toastError } from '@zp/ui';
import { api } from '@zp/core/session';
import { fairsApi } from '@zp/core/routes';
import { GuardedButton } from '../common/ClickGuard';
import { FAIR_BUTTON, FAIR_STATE_TEXT, fairState } from '../../lib/format';
import { signUpFair, toggleFavourite, type FairMarks } from '../../lib/fair-actions';
import { useLoad } from '../../lib/load';

interface Props {
  hxid: string;
  hykssj: string;
  hyjssj: string;
  /** ifks from the url, shown until the browser computed its own */
  ifks: number;
}

/**
 * The hall's sign-up and favourite buttons, and the hall visit: entering the hall is recorded for
 * job seekers and visitors (joinHxDt) or HR, which feeds the hall's figures and presence.
 */
export default function HallActions({ hxid, hykssj, hyjssj, ifks: initial }: Props) {
  const session = useSession();
  const [ifks, setIfks] = useState(initial);
  const role = session?.roleId;

  useEffect(() => setIfks(fairState({ hykssj, hyjssj, ifks: initial })), []);

  // The visit counts once per page load; the operator's own browsing does not.
  useEffect(() => {
    const visit = role === 'hr' ? api.call(fairsApi.hrJoinHall, { query: { hxid } }) : role === 'xs' ? null : api.call(fairsApi.seekerJoinHall, { query: { hxid } });
    visit?.catch(() => {});
  }, [session?.token]);

  // The person's own marks and (HR) the fee; a failed look-up leaves the buttons unmarked.
  const detail = useLoad(
    () =>
      api.call(fairsApi.detail, { query: { hxid } }).then(({ bsHxxx: f }) => ({
        marks: { hxid, sfbm: f.sfbm, sfsc: f.sfsc },
        fee: f.sfgy !== undefined ? { sfgy: f.sfgy, zwf: f.zwf ?? 0 } : null,
      })),
    [session?.token],
    { enabled: !!session && role !== 'xs' },
  );
  const marks: FairMarks = detail.data?.marks ?? { hxid, sfbm: 0, sfsc: 0 };
  const fee = detail.data?.fee ?? null;
  const mark = (change: Partial<FairMarks>) => detail.setData((d) => ({ fee: d?.fee ?? null, marks: { ...(d?.marks ?? marks), ...change } }));

  if (role === 'xs') return null;
  const signUp = async () => {
    const change = await signUpFair(marks);
    if (change) mark(change);
  };
  const favourite = async () => {
    const change = await toggleFavourite(marks);
    if (change) mark(change);
  };
  return (
    <div className="detail-hero__actions">
      {fee && (
        <span className="tag">
          {fee.sfgy === 1 ? '公益' : `收费 · 展位费 ${fee.zwf} 元/场`}
        </span>
      )}
      {ifks === 1 && !marks.sfbm ? (
        <GuardedButton variant="primary" onClick={() => signUp().catch(toastError)}>
          {FAIR_BUTTON[1]}
        </GuardedButton>
      ) : (
        <span className="zp-btn" aria-disabled="true">
          {/* In the hall itself: the state, not the way in. */}
          {marks.sfbm && ifks === 1 ? '已报名' : FAIR_STATE_TEXT[ifks as 1 | 2 | 3]}
        </span>
      )}
      <GuardedButton aria-pressed={!!marks.sfsc} onClick={() => favourite().catch(toastError)}>
        {marks.sfsc ? '★ 已收藏' : '☆ 收藏'}
      </GuardedButton>
    </div>
  );
}
