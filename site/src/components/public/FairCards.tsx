import { useEffect, useState } from 'react';
import { useSession, toastError } from '@zp/ui';
import { api } from '@zp/core/session';
import { fairsApi } from '@zp/core/routes';
import { withBeijingLabel } from '@zp/core/dates';
import type { Query } from '@zp/core/contract';
import type * as C from '@zp/core/contract';
import { GuardedButton } from '../common/ClickGuard';
import EmptyState from '../common/EmptyState';
import { FAIR_BUTTON, FAIR_STATE_TEXT, fairSpan, fairState, placeLine } from '../../lib/format';
import { paths } from '../../lib/paths';
import type { Fair } from '../../lib/types';
import { signUpFair, toggleFavourite } from '../../lib/fair-actions';
import { useLoad } from '../../lib/load';

interface Props {
  /** The list as the server rendered it (anonymous). */
  fairs: Fair[];
  /** The query the list came from: refetched with the token once a person is logged in, for their sign-up and favourite marks (and the HR's fee fields). */
  query: Query<typeof C.fairsApi.list>;
  /** Names of the fair kinds (m_hyktdm) and cities, for the tags. */
  kinds: Record<string, string>;
  cities: Record<string, string>;
  /** Compact cards (home page). */
  compact?: boolean;
}

/** Fair cards with the sign-up and favourite buttons of spec sections 2 and 5. */
export default function FairCards({ fairs: initial, query, kinds, cities, compact = false }: Props) {
  const session = useSession();
  const [now, setNow] = useState<number | null>(null);

  // ifks is computed here, in the browser, from the fair's times (spec section 4).
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);

  // Logged in: the same list again with the token, for sfbm / sfsc (and sfgy / zwf for HR).
  // On a failure the anonymous list stays; the buttons still work.
  const personal = useLoad(() => api.call(fairsApi.list, { query }).then((r): Fair[] => r.page.list), [session?.token, session?.roleId], { enabled: !!session });
  const fairs = (session && personal.data) || initial;

  const patch = (hxid: string, change: Partial<Fair>) => personal.setData((list) => (list ?? initial).map((f) => (f.hxid === hxid ? { ...f, ...change } : f)));

  const signUp = async (fair: Fair) => {
    const change = await signUpFair(fair);
    if (change) patch(fair.hxid, session?.roleId === 'hr' ? { ...change, chqys: fair.chqys + 1 } : change);
  };
  const favourite = async (fair: Fair) => {
    const change = await toggleFavourite(fair);
    if (change) patch(fair.hxid, change);
  };

  if (fairs.length === 0) return <EmptyState text="暂无招聘会" />;
  const operator = session?.roleId === 'xs';

  return (
    <ul className={`fair-cards${compact ? ' fair-cards--compact' : ''}`}>
      {fairs.map((fair) => {
        const ifks = now === null ? ((fair.ifks as 1 | 2 | 3) || 1) : fairState(fair, now);
        const hall = paths.hall(fair.hxid, ifks);
        const place = fair.sfxs === 1 ? '线上' : placeLine([cities[fair.csdm], fair.hydd], ' · ') || '线下';
        return (
          <li key={fair.hxid} className="fair-card" data-fair-card data-start={fair.hykssj} data-end={fair.hyjssj} data-ifks={ifks} data-hxid={fair.hxid}>
            <div className="fair-card__head">
              <span className={`tag ${fair.sfxs === 1 ? 'tag--primary' : 'tag--accent'}`}>{fair.sfxs === 1 ? '线上' : '线下'}</span>
              {kinds[fair.hylx] && <span className="tag">{kinds[fair.hylx]}</span>}
              <span className={`fair-card__state fair-card__state--${ifks}`} data-fair-state>{FAIR_STATE_TEXT[ifks]}</span>
            </div>
            <a className="fair-card__title" href={hall} data-hall-link>
              {fair.hymc}
            </a>
            <p className="fair-card__meta">
              <span>{withBeijingLabel(fairSpan(fair.hykssj, fair.hyjssj))}</span>
              <span className="fair-card__place">{place}</span>
            </p>
            <p className="fair-card__figures">
              参会单位 <b>{fair.chqys}</b> · 岗位 <b>{fair.gwfbs}</b>
            </p>
            {session?.roleId === 'hr' && fair.sfgy !== undefined && (
              <p className="fair-card__fee">
                <span className={`tag ${fair.sfgy === 1 ? 'tag--success' : 'tag--accent'}`}>{fair.sfgy === 1 ? '公益' : '收费'}</span>
                {fair.sfgy === 2 && <span>展位费 {fair.zwf ?? 0} 元/场</span>}
              </p>
            )}
            <div className="fair-card__actions">
              <span className="fair-card__action" data-fair-action>
              {ifks === 1 ? (
                fair.sfbm ? (
                  <span className="zp-btn zp-btn--sm fair-card__done" aria-disabled="true">
                    已报名
                  </span>
                ) : operator ? null : (
                  <GuardedButton variant="primary" className="zp-btn--sm" onClick={() => signUp(fair).catch(toastError)}>
                    {FAIR_BUTTON[1]}
                  </GuardedButton>
                )
              ) : ifks === 2 ? (
                <a className="zp-btn zp-btn--primary zp-btn--sm" href={hall} data-hall-link>
                  {FAIR_BUTTON[2]}
                </a>
              ) : (
                <span className="zp-btn zp-btn--sm fair-card__done" aria-disabled="true">
                  {FAIR_BUTTON[3]}
                </span>
              )}
              </span>
              {!operator && (
                <GuardedButton variant="text" className="zp-btn--sm fair-card__fav" aria-pressed={!!fair.sfsc} onClick={() => favourite(fair).catch(toastError)}>
                  {fair.sfsc ? '★ 已收藏' : '☆ 收藏'}
                </GuardedButton>
              )}
              <a className="fair-card__enter" href={hall} data-hall-link>
                进入会场 ›
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
