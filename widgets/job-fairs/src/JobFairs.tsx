import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '@zp/core/element';
import { fairsApi } from '@zp/core/routes';
import { readGeneralMaps } from '@zp/core/codes';
import { $session, api, logout, type UserSession } from '@zp/core/session';
import { failureText } from '@zp/core/client';
import { SITE_PATHS } from '@zp/core/fairs';
import { FAIR_BUTTON, FAIR_STATE_TEXT, fairState } from '@zp/core/rules/fairs';
import { BEIJING_TIME } from '@zp/core/dates';
import { LoginDialog, message, toastError, signUpFair, toggleFavourite, type ActionWays, type FairMarks } from '@zp/ui';
import {
  VENUE_TEXT,
  codeOf,
  fairQuery,
  fairTimeText,
  isoTime,
  monthOf,
  numberText,
  pageSizeOf,
  placeText,
  venueOf,
  type Fair,
  type Filter,
  type Venue,
} from './logic.js';

export type JobFairsProps = WidgetProps<'city' | 'type' | 'month' | 'mode' | 'tab' | 'compact' | 'page-size'>;

type Load =
  | { status: 'loading' }
  | { status: 'error'; reason: string }
  | { status: 'ready'; list: Fair[]; totalPage: number; totalCount: number };

// The names of the fair kinds (m_hyktdm) for the cards' tags: asked once per page, and a
// failure only leaves the tags out.
let kindNames: Promise<Record<string, string>> | null = null;
const loadKindNames = () =>
  (kindNames ??= readGeneralMaps(api).then(
    (maps) => maps.m_hyktdm ?? {},
    () => {
      kindNames = null;
      return {};
    },
  ));

/** Spec section 5: a button ignores a second click within 1.5 s. */
const CLICK_GUARD_MS = 1500;
const VENUES: Venue[] = [1, 2];

/**
 * The fair list of spec section 2 for partner pages: 线上/线下 tabs, cards with the start-state
 * button, sign-up and favourite under the rules of spec section 5 (shared with the site through
 * @zp/ui), paging; each card leads to the fair's hall on the platform's site, in a new tab.
 */
export function JobFairs(props: JobFairsProps) {
  const { apiBase, locale } = props;
  const compact = props.compact !== undefined && props.compact !== null && props.compact !== 'false';
  const filter: Filter = useMemo(
    () => ({ venue: venueOf(props.tab ?? props.mode), city: codeOf(props.city), kind: codeOf(props.type), month: monthOf(props.month), pageSize: pageSizeOf(props.pageSize) }),
    [props.tab, props.mode, props.city, props.type, props.month, props.pageSize],
  );
  const session = useStore($session);
  // The tab and page belong to the attributes they were chosen under: changed attributes start
  // over (their tab, page 1) in the same render, so the list is asked for once, not twice.
  const [chosen, setChosen] = useState({ filter, venue: filter.venue, page: 1 });
  const { venue, page } = chosen.filter === filter ? chosen : { venue: filter.venue, page: 1 };
  const setPage = (to: (p: number) => number) => setChosen({ filter, venue, page: to(page) });
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  // What this person's own sign-ups and favourites changed, over the list as fetched.
  const [marks, setMarks] = useState<{ userId: string; byFair: Record<string, Partial<Fair>> }>({ userId: '', byFair: {} });
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const lastClick = useRef<Record<string, number>>({});
  // The open login's answer: the session, or null when the person closed it.
  const [loginAnswer, setLoginAnswer] = useState<((s: UserSession | null) => void) | null>(null);
  const [loginTitle, setLoginTitle] = useState('');
  const tabsId = useId();
  const [kinds, setKinds] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void loadKindNames().then((names) => live && setKinds(names));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);

  // The list, again whenever the person changes: logged in, it carries their sfbm / sfsc marks.
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    api.call(fairsApi.search, { query: fairQuery({ ...filter, venue }, page), method: 'GET' }).then(
      ({ page: p }) => live && setLoad({ status: 'ready', list: p.list, totalPage: Math.max(1, p.totalPage), totalCount: p.totalCount }),
      (err) => live && setLoad({ status: 'error', reason: failureText(err) }),
    );
    return () => {
      live = false;
    };
  }, [filter, venue, page, attempt, session?.userId]);

  const ways: ActionWays = {
    login: () => new Promise((resolve) => setLoginAnswer(() => resolve)),
    // The platform's page (résumé, enterprise information), where the person can act on the rule
    // (a partner login may not edit them, so the platform asks for its own login there). From a
    // partner page in a new tab, so the partner's page stays; where a blocker refuses it, in this one.
    go: (path) => {
      const tab = apiBase ? window.open(`${apiBase}${path}`, '_blank') : null;
      if (tab) tab.opener = null; // the platform's page gets no handle on the partner's
      else window.location.assign(`${apiBase}${path}`);
    },
  };
  const answerLogin = (s: UserSession | null) => {
    loginAnswer?.(s);
    setLoginAnswer(null);
  };

  const act = async (fair: Fair, kind: 'signUp' | 'favourite') => {
    const key = `${kind}:${fair.hxid}`;
    const at = Date.now();
    if (busy[key] || at - (lastClick.current[key] ?? 0) < CLICK_GUARD_MS) return;
    lastClick.current[key] = at;
    setBusy((b) => ({ ...b, [key]: true }));
    setLoginTitle(kind === 'signUp' ? '登录后报名' : '登录后收藏');
    try {
      const shown = { ...fair, ...(marks.userId === session?.userId ? marks.byFair[fair.hxid] : {}) };
      const current: FairMarks = { hxid: fair.hxid, sfbm: shown.sfbm, sfsc: shown.sfsc };
      const change = kind === 'signUp' ? await signUpFair(current, ways) : await toggleFavourite(current, ways);
      const who = $session.get();
      if (change && who) {
        // An HR's sign-up is one more enterprise at the fair, as on the site.
        const extra = kind === 'signUp' && who.roleId === 'hr' ? { chqys: shown.chqys + 1 } : {};
        setMarks((m) => {
          const byFair = m.userId === who.userId ? m.byFair : {};
          return { userId: who.userId, byFair: { ...byFair, [fair.hxid]: { ...byFair[fair.hxid], ...change, ...extra } } };
        });
      }
    } catch (err) {
      toastError(err);
    } finally {
      setBusy((b) => ({ ...b, [key]: false }));
    }
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next: Venue = venue === 1 ? 2 : 1;
    choose(next);
    (e.currentTarget.parentElement?.querySelector(`[data-venue="${next}"]`) as HTMLElement | null)?.focus();
  };
  const choose = (v: Venue) => {
    if (v === venue) return;
    setChosen({ filter, venue: v, page: 1 });
  };

  const operator = session?.roleId === 'xs';
  const ready = load.status === 'ready' ? load : null;

  return (
    <section className={`jf${compact ? ' jf--compact' : ''}`} aria-label="招聘会">
      <header className="jf-head">
        <h2 className="jf-title">招聘会</h2>
        <div className="jf-tabs" role="tablist" aria-label="会场类型">
          {VENUES.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              id={`${tabsId}-tab-${v}`}
              data-venue={v}
              aria-selected={venue === v}
              aria-controls={`${tabsId}-panel`}
              tabIndex={venue === v ? 0 : -1}
              onClick={() => choose(v)}
              onKeyDown={onTabKey}
            >
              {VENUE_TEXT[v]}招聘会
            </button>
          ))}
        </div>
        {session ? (
          <span className="jf-user">
            <span className="jf-user__name" title={session.userName}>
              {session.userName}
            </span>
            {/* One session for every widget on the page: logging out here logs out <zp-chat> too. */}
            <button type="button" className="jf-link" onClick={() => void logout().then(() => message.success('已退出登录'))}>
              退出
            </button>
          </span>
        ) : apiBase ? (
          // On a partner page the visitor may log in before acting (on the site, its header does that).
          <button
            type="button"
            className="jf-link jf-user"
            onClick={() => {
              setLoginTitle('登录平台账号');
              void ways.login('qz');
            }}
          >
            登录
          </button>
        ) : null}
        <a className="jf-more" href={`${apiBase}${SITE_PATHS.fairList(venue)}`} target="_blank" rel="noopener">
          更多 <span aria-hidden="true">›</span>
        </a>
      </header>

      <div className="jf-panel" role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${venue}`} aria-busy={load.status === 'loading'}>
        {load.status === 'loading' ? (
          <ul className="jf-list jf-list--loading" role="status" aria-label="正在加载招聘会">
            {[0, 1, 2].map((i) => (
              <li key={i} className="jf-card jf-skeleton" aria-hidden="true">
                <i />
                <i />
                <i />
              </li>
            ))}
          </ul>
        ) : load.status === 'error' ? (
          <div className="jf-state jf-state--error" role="alert">
            <p>招聘会加载失败：{load.reason}</p>
            <button type="button" className="zp-btn" onClick={() => setAttempt((n) => n + 1)}>
              重试
            </button>
          </div>
        ) : load.list.length === 0 ? (
          <div className="jf-state jf-empty">
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
              <rect x="8" y="10" width="32" height="30" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <path d="M8 18h32M16 6v8M32 6v8" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
            <p>暂无招聘会</p>
          </div>
        ) : (
          <ul className="jf-list">
            {load.list.map((row) => {
              const fair = { ...row, ...(marks.userId === session?.userId ? marks.byFair[row.hxid] : {}) };
              const ifks = fairState(fair, now);
              const hall = `${apiBase}${SITE_PATHS.hall(fair.hxid, ifks)}`;
              return (
                <li key={fair.hxid} className="jf-card" data-hxid={fair.hxid} data-ifks={ifks}>
                  <div className="jf-card__top">
                    <span className={`jf-tag jf-tag--venue${fair.sfxs === 1 ? '' : ' jf-tag--offline'}`}>{VENUE_TEXT[fair.sfxs === 2 ? 2 : 1]}</span>
                    {kinds[fair.hylx] && <span className="jf-tag jf-tag--kind">{kinds[fair.hylx]}</span>}
                    <span className={`jf-tag jf-state-tag jf-state-tag--${ifks}`}>{FAIR_STATE_TEXT[ifks]}</span>
                  </div>
                  <a className="jf-name" href={hall} target="_blank" rel="noopener" title={fair.hymc}>
                    {fair.hymc}
                  </a>
                  <p className="jf-meta jf-time">
                    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
                      <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
                    </svg>
                    <span className="zp-visually-hidden">时间</span>
                    <time dateTime={isoTime(fair.hykssj)}>{fairTimeText(fair.hykssj, fair.hyjssj, locale, now)}</time>
                    <span className="jf-zone">（{BEIJING_TIME}）</span>
                  </p>
                  <p className="jf-meta jf-place">
                    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                      {fair.sfxs === 1 ? (
                        <path d="M2.5 3.5h11v7h-11zM6 13.5h4M8 10.5v3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
                      ) : (
                        <path d="M8 14.5s4.75-4.2 4.75-7.75a4.75 4.75 0 0 0-9.5 0C3.25 10.3 8 14.5 8 14.5zM8 8.5a1.75 1.75 0 1 0 0-3.5 1.75 1.75 0 0 0 0 3.5z" fill="none" stroke="currentColor" strokeWidth="1.5" />
                      )}
                    </svg>
                    <span className="zp-visually-hidden">地点</span>
                    <span title={placeText(fair)}>{placeText(fair)}</span>
                  </p>
                  {!compact && (
                    <p className="jf-figures">
                      参会单位 <b>{numberText(fair.chqys, locale)}</b>
                      <span aria-hidden="true"> · </span>
                      岗位 <b>{numberText(fair.gwfbs, locale)}</b>
                    </p>
                  )}
                  <div className="jf-actions">
                    {ifks === 1 ? (
                      fair.sfbm ? (
                        <span className="jf-btn jf-btn--done" aria-disabled="true">
                          已报名
                        </span>
                      ) : operator ? null : (
                        <button type="button" className="jf-btn jf-btn--primary" disabled={busy[`signUp:${fair.hxid}`]} aria-label={`${FAIR_BUTTON[1]}：${fair.hymc}`} onClick={() => void act(row, 'signUp')}>
                          {FAIR_BUTTON[1]}
                        </button>
                      )
                    ) : ifks === 2 ? (
                      <a className="jf-btn jf-btn--primary" href={hall} target="_blank" rel="noopener" aria-label={`${FAIR_BUTTON[2]}：${fair.hymc}`}>
                        {FAIR_BUTTON[2]}
                      </a>
                    ) : (
                      <span className="jf-btn jf-btn--done" aria-disabled="true">
                        {FAIR_BUTTON[3]}
                      </span>
                    )}
                    {!operator && (
                      <button
                        type="button"
                        className={`jf-fav${fair.sfsc ? ' jf-fav--on' : ''}`}
                        aria-pressed={!!fair.sfsc}
                        aria-label={`${fair.sfsc ? '取消收藏' : '收藏'}：${fair.hymc}`}
                        disabled={busy[`favourite:${fair.hxid}`]}
                        onClick={() => void act(row, 'favourite')}
                      >
                        <span aria-hidden="true">{fair.sfsc ? '★' : '☆'}</span>
                        {fair.sfsc ? '已收藏' : '收藏'}
                      </button>
                    )}
                    {/* While a fair is on, its main button is the way in: no second link. */}
                    {ifks !== 2 && (
                      <a className="jf-enter" href={hall} target="_blank" rel="noopener">
                        进入会场 <span aria-hidden="true">›</span>
                      </a>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}

        {/* The compact list has no room beside each time: it says once that they are Beijing's. */}
        {compact && ready && ready.list.length > 0 && <p className="jf-zone-note">以上时间均为{BEIJING_TIME}</p>}

        {ready && ready.totalPage > 1 && (
          <nav className="jf-pager" aria-label="分页">
            <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} aria-label="上一页">
              ‹
            </button>
            <span className="jf-pager__at" aria-live="polite">
              第 {numberText(page, locale)} / {numberText(ready.totalPage, locale)} 页
            </span>
            <button type="button" disabled={page >= ready.totalPage} onClick={() => setPage((p) => p + 1)} aria-label="下一页">
              ›
            </button>
          </nav>
        )}
      </div>

      <LoginDialog open={loginAnswer !== null} title={loginTitle} siteOrigin={apiBase} onClose={() => answerLogin(null)} onLoggedIn={(s) => answerLogin(s)} />
    </section>
  );
}
