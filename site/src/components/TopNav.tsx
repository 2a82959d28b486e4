import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '@zp/ui';
import { logout, type Role, type UserSession } from '@zp/core/session';
import { centreOf, paths, to, SITE_NAME, type ExternalLink } from '../lib/paths';
import { refreshOnce, storeHrMarker } from '../lib/guard';
import { showFlash } from '../lib/flash';

export type NavKey = 'home' | 'fairs' | 'universities' | 'jobs' | 'login' | 'other';

interface Props {
  current: NavKey;
  external: ExternalLink[];
}

interface MenuEntry {
  label: string;
  href: string;
}

/** The personal dropdown of spec section 2, per role. */
const accountMenus: Record<Role, MenuEntry[]> = {
  qz: [
    { label: '个人中心', href: centreOf.qz },
    { label: '编辑在线简历', href: paths.resume },
    { label: '职位查看', href: to('public/jobretrieve') },
    { label: '消息', href: to('job_hunter/hunter_message') },
    { label: '已投递职位', href: to('job_hunter/hunter_invest') },
    { label: '账号信息', href: to('job_hunter/hunter_card') },
  ],
  hr: [
    { label: '企业中心', href: centreOf.hr },
    { label: '职位发布', href: to('enter_home/enter_post') },
    { label: '招聘会管理', href: to('enter_home/enter_delivery') },
    { label: '消息', href: to('enter_home/enter_news') },
    { label: '简历管理', href: to('enter_home/enter_resume') },
    { label: '账号信息', href: to('enter_home/enter_card') },
  ],
  xs: [{ label: '运营后台', href: centreOf.xs }],
};

function Avatar({ session }: { session: UserSession }) {
  const url = session.avatar;
  // Spec: anything but an http(s) or protocol-relative url falls back to the default avatar.
  if (/^(https?:)?\/\//.test(url)) return <img className="nav-avatar" src={url} alt="" width={28} height={28} />;
  return (
    <svg className="nav-avatar" viewBox="0 0 28 28" aria-hidden="true">
      <circle cx="14" cy="14" r="14" fill="var(--zp-color-primary-soft)" />
      <circle cx="14" cy="11" r="5" fill="var(--zp-color-primary)" />
      <path d="M5 23.5c1.8-4 5.2-6 9-6s7.2 2 9 6" fill="var(--zp-color-primary)" />
    </svg>
  );
}

function Account({ session }: { session: UserSession }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A mouse opens the menu on hover; the click that usually follows must not close it again.
  const openedByHover = useRef(false);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = session.userName || session.phone;
  const signOut = async () => {
    await logout();
    // Spec: logout clears the session, goes to the home page and reloads it.
    window.location.assign(paths.home);
  };

  return (
    <div
      className="nav-account"
      ref={boxRef}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-account__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((v) => !v);
        }}
        onMouseEnter={() => {
          if (!open) openedByHover.current = true;
          setOpen(true);
        }}
      >
        <Avatar session={session} />
        <span className="nav-account__name" title={name}>
          {name}
        </span>
        <svg className="nav-account__caret" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul id={menuId} className="nav-account__menu" hidden={!open}>
        {accountMenus[session.roleId].map((entry) => (
          <li key={entry.href}>
            <a href={entry.href}>{entry.label}</a>
          </li>
        ))}
        <li className="nav-account__sep">
          <button type="button" onClick={signOut}>
            退出登录
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * The top navigation bar. Rendered on the server logged out (the server has no session); in the
 * browser it switches to the person's name and menu from the shared session store.
 */
export default function TopNav({ current, external }: Props) {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  // The head script guessed the state from localStorage to avoid a flash of the login links; settle it.
  useEffect(() => {
    document.documentElement.dataset.auth = session ? 'in' : 'out';
  }, [session]);
  // Spec section 2: on every page a stored token is refreshed (a refused one is cleared) and an
  // `id` query is kept as the HR marker; a toast left by the previous page shows here.
  useEffect(() => {
    storeHrMarker();
    void refreshOnce();
    showFlash();
  }, []);
  const main: { key: NavKey; label: string; href: string }[] = [
    { key: 'home', label: '首页', href: paths.home },
    { key: 'fairs', label: '招聘会', href: paths.fairs },
    { key: 'universities', label: '高校联盟', href: paths.universities },
  ];
  // Job viewing shows for job seekers only (spec section 2).
  if (session?.roleId === 'qz') main.push({ key: 'jobs', label: '职位查看', href: paths.jobSearch });

  return (
    <header className="topnav">
      <div className="topnav__inner">
        <a className="topnav__brand" href={paths.home}>
          <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="var(--zp-color-primary)" />
            <path d="M9 11h14l-9.5 11H23" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{SITE_NAME}</span>
        </a>

        <button
          type="button"
          className="topnav__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? '收起菜单' : '展开菜单'}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>

        <nav id={menuId} className={`topnav__menu${menuOpen ? ' is-open' : ''}`} aria-label="主导航">
          <ul className="topnav__links">
            {main.map((item) => (
              <li key={item.key}>
                <a href={item.href} aria-current={item.key === current ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
            {external.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="zp-visually-hidden">（在新标签页打开）</span>
                </a>
              </li>
            ))}
          </ul>
          {session ? null : (
            <ul className="topnav__guest" data-guest>
              <li>
                <a href={paths.seekerLogin}>人才登录</a>
              </li>
              <li>
                <a href={paths.hrLogin}>企业登录</a>
              </li>
              <li>
                <a className="topnav__register" href={paths.register}>
                  注册
                </a>
              </li>
            </ul>
          )}
        </nav>

        {session ? (
          <Account session={session} />
        ) : (
          <a className="topnav__quick-login" href={paths.seekerLogin} data-guest>
            登录
          </a>
        )}
      </div>
    </header>
  );
}
