import { useEffect, useId, useRef, useState } from 'react';
import { notify, useSession } from '@zp/ui';
import { api, logout, updateSession, type Role, type UserSession } from '@zp/core/session';
import { isApiError } from '@zp/core/client';
import { identityApi } from '@zp/core/routes';
import { onReminder, startNotifications } from '@zp/core/socket';
import { centreOf, paths, to, SITE_NAME, type ExternalLink } from '../lib/paths';
import { refreshOnce, storeHrMarker } from '../lib/guard';
import { showFlash } from '../lib/flash';
import { isUsableImage } from '../lib/format';
import { badgeText } from '@zp/core/rules/badge';
import { SLOT_REMINDER_TITLE } from '@zp/core/rules/slots';
import { avatarOf } from '../lib/avatar';

export type NavKey = 'home' | 'fairs' | 'universities' | 'jobs' | 'login' | 'other';

interface Props {
  current: NavKey;
  external: ExternalLink[];
}

interface MenuEntry {
  label: string;
  href: string;
  /** The messages entry carries the unread badge. */
  messages?: boolean;
}

/** The personal dropdown of spec section 2, per role. */
const accountMenus: Record<Role, MenuEntry[]> = {
  qz: [
    { label: '个人中心', href: centreOf.qz },
    { label: '编辑在线简历', href: paths.resume },
    { label: '职位查看', href: to('public/jobretrieve') },
    { label: '消息', href: to('job_hunter/hunter_message'), messages: true },
    { label: '已投递职位', href: to('job_hunter/hunter_invest') },
    { label: '账号信息', href: to('job_hunter/hunter_card') },
  ],
  hr: [
    { label: '企业中心', href: centreOf.hr },
    { label: '职位发布', href: to('enter_home/enter_post') },
    { label: '招聘会管理', href: to('enter_home/enter_delivery') },
    { label: '消息', href: to('enter_home/enter_news'), messages: true },
    { label: '简历管理', href: to('enter_home/enter_resume') },
    { label: '账号信息', href: to('enter_home/enter_card') },
  ],
  xs: [{ label: '运营后台', href: centreOf.xs }],
};

/** What the bar shows about the person beyond the session: title, gender, avatar, unread count. */
interface Profile {
  /** HR's job title, shown after a slash. */
  title: string;
  /** xb_001 male, xb_002 female, '' unknown (seekers). */
  gender: string;
  unread: number;
}

function Avatar({ session, gender }: { session: UserSession; gender: string }) {
  // Spec: anything but an http(s) or protocol-relative url falls back to the default avatar.
  if (isUsableImage(session.avatar)) return <img className="nav-avatar" src={session.avatar} alt="" width={28} height={28} />;
  if (session.roleId === 'hr') {
    // An enterprise without a logo: a building.
    return (
      <svg className="nav-avatar" viewBox="0 0 28 28" aria-hidden="true">
        <rect width="28" height="28" rx="6" fill="var(--zp-color-primary-soft)" />
        <path d="M8 21V8.5L15 6v15M15 11l5 1.8V21M6.5 21h15M10.5 10.5h2M10.5 13.5h2M10.5 16.5h2M17.3 15h1.4M17.3 18h1.4" fill="none" stroke="var(--zp-color-primary)" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    );
  }
  // The seeker's default face: the one the centre and résumé pages show.
  return <img className="nav-avatar" src={avatarOf(null, gender)} alt="" width={28} height={28} data-gender={gender || 'unknown'} />;
}

/** Unread badge: hidden at zero, capped at 99+ (spec section 9). */
function Badge({ count, label }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <span className="nav-badge" role="img" aria-label={label ? `${label}${count}条` : undefined}>
      {badgeText(count)}
    </span>
  );
}

/**
 * Loads the bar's details for the logged-in person and keeps the unread count current: at once,
 * on every type-1 message of the notification socket, and when a page says counters changed.
 * A refused call (401) has already cleared the session, which turns the bar to logged out.
 */
function useProfile(session: UserSession | null): Profile {
  const [profile, setProfile] = useState<Profile>({ title: '', gender: '', unread: 0 });
  const role = session?.roleId;
  const userId = session?.userId;

  useEffect(() => {
    if (!role || role === 'xs') return;
    let live = true;
    const counters = async () => {
      try {
        const x = role === 'qz' ? (await api.call(identityApi.seekerReminders)).qzXxtx : (await api.call(identityApi.hrReminders)).hrXxtx;
        if (live) setProfile((p) => ({ ...p, unread: x.wjxx.count + x.hxxx.count + x.xtxx.count }));
      } catch {
        // the badge is a hint; a 401 logs out through the session core
      }
    };
    const details = async () => {
      try {
        if (role === 'qz') {
          const { qzGrjbxxBase: base } = await api.call(identityApi.seekerBase);
          if (!base || !live) return;
          setProfile((p) => ({ ...p, gender: base.xbm }));
          let avatar = '';
          if (base.txid) avatar = (await api.call(identityApi.seekerFile, { params: { id: base.txid } })).fileUrl;
          updateSession({ userName: base.xm || base.phone, avatar });
        } else {
          const { qyDwhrxxEntity: hr } = await api.call(identityApi.hrInfo);
          if (!live) return;
          setProfile((p) => ({ ...p, title: hr.zw }));
          let avatar = '';
          if (hr.dwid) avatar = (await api.call(identityApi.companyLogos, { body: [hr.dwid] })).urls[hr.dwid] ?? '';
          updateSession({ userName: hr.xm || hr.phone, avatar });
        }
      } catch (err) {
        if (isApiError(err) && err.requestFailed) return;
      }
    };
    void details();
    void counters();
    const off = onReminder((r) => {
      void counters();
      // an interview about to start is told on whatever page is open, until closed
      if (r.bt.startsWith(SLOT_REMINDER_TITLE)) notify({ title: r.bt, message: r.nr, type: 'warning', duration: 0 });
    });
    window.addEventListener('zp:counters-changed', counters);
    return () => {
      live = false;
      off();
      window.removeEventListener('zp:counters-changed', counters);
    };
  }, [role, userId]);

  return profile;
}

function ResumeTools() {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async () => {
    if (progress !== null) return;
    const { uploadAttachment } = await import('./NavUpload');
    await uploadAttachment(setProgress);
  };
  return (
    <div className="nav-resume">
      <a href={paths.resume}>我的简历</a>
      <button type="button" className="nav-resume__upload" onClick={() => void upload()} disabled={progress !== null} aria-label="上传附件简历">
        {progress === null ? '上传简历' : `上传中 ${Math.round(progress)}%`}
      </button>
    </div>
  );
}

function Account({ session, profile }: { session: UserSession; profile: Profile }) {
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
    // biome-ignore lint/a11y/noStaticElementInteractions: leaving the box closes a menu the mouse opened; the button toggles it for the keyboard
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
        <Avatar session={session} gender={profile.gender} />
        <span className="nav-account__who" title={profile.title ? `${name}/${profile.title}` : name}>
          {/* Spec: name or phone truncated at 70 px; the HR's title after a slash. */}
          <span className="nav-account__name">{name}</span>
          {session.roleId === 'hr' && profile.title ? <span className="nav-account__title">/{profile.title}</span> : null}
        </span>
        <Badge count={profile.unread} label="未读消息" />
        <svg className="nav-account__caret" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul id={menuId} className="nav-account__menu" hidden={!open}>
        {accountMenus[session.roleId].map((entry) => (
          <li key={entry.href}>
            <a href={entry.href}>
              {entry.label}
              {entry.messages ? <Badge count={profile.unread} /> : null}
            </a>
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
    // The socket opens with the fresh token (a refresh retires the old one).
    void refreshOnce().then(() => startNotifications());
    showFlash();
  }, []);
  const profile = useProfile(session);
  const main: { key: NavKey; label: string; href: string }[] = [
    { key: 'home', label: '首页', href: paths.home },
    { key: 'fairs', label: '招聘会', href: paths.fairs },
    { key: 'universities', label: '高校联盟', href: paths.universities },
  ];
  // Job viewing: hidden from HR only (spec section 2); visitors are the ones looking for it most.
  if (session?.roleId !== 'hr') main.push({ key: 'jobs', label: '职位查看', href: paths.jobSearch });

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
            {session?.roleId === 'qz' ? (
              // Phones: the bar has room only for the upload control; the résumé link lives in the menu.
              <li className="topnav__mobile-only">
                <a href={paths.resume}>我的简历</a>
              </li>
            ) : null}
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

        {session?.roleId === 'qz' ? <ResumeTools /> : null}
        {session ? (
          <Account session={session} profile={profile} />
        ) : (
          <a className="topnav__quick-login" href={paths.seekerLogin} data-guest>
            登录
          </a>
        )}
      </div>
    </header>
  );
}
