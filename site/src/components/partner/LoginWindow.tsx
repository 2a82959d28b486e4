import { useEffect, useState } from 'react';
import { Button, toastError, useSession } from '@zp/ui';
import { answerOpener, api, LOGIN_WINDOW_STATE, type Role, type UserSession } from '@zp/core/session';
import { partnersApi } from '@zp/core/routes';
import { failureText } from '@zp/core/client';
import LoginForm from '../LoginForm';

/**
 * The platform's login window (/zppc/partner/login?origin=…&state=…), opened by a widget on a
 * partner site's page (@zp/core loginInWindow). The person logs in here, on the platform's own
 * origin, or authorises the site with the platform login they already have; the partner page
 * gets only a token scoped to its origin, posted to that exact origin with the opener's state.
 * Opened from the platform's own site (origin is this page's), the login is simply the site's
 * own, which the opener shares through storage.
 */

const ROLE_NAMES: Record<Role, string> = { qz: '求职者', hr: '企业HR', xs: '运营人员' };
/** What the site's name reads as when the list has none (an origin from CORS_ORIGINS). */
const unnamed = (origin: string) => new URL(origin).host;

type Ask =
  | { kind: 'checking' }
  | { kind: 'refused'; text: string }
  | { kind: 'ready'; own: boolean; name: string }
  | { kind: 'done'; name: string };

/** The request the window was opened with, or why it cannot serve it. */
function readRequest(): { origin: string; state: string } | { error: string } {
  const q = new URLSearchParams(window.location.search);
  const origin = q.get('origin') ?? '';
  const state = q.get('state') ?? '';
  let normal = '';
  try {
    normal = new URL(origin).origin;
  } catch {
    // not an origin at all
  }
  if (!origin || normal !== origin || !LOGIN_WINDOW_STATE.test(state)) return { error: '登录请求无效，请回到原网站重新点击登录。' };
  if (!window.opener) return { error: '此窗口需从合作网站的登录按钮打开，请回到原网站重新点击登录。' };
  return { origin, state };
}

export default function LoginWindow() {
  const session = useSession();
  const [request] = useState(() => (typeof window === 'undefined' ? null : readRequest()));
  const [ask, setAsk] = useState<Ask>({ kind: 'checking' });
  const [role, setRole] = useState<'qz' | 'hr'>('qz');
  const [switching, setSwitching] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!request) return;
    if ('error' in request) return setAsk({ kind: 'refused', text: request.error });
    if (request.origin === window.location.origin) return setAsk({ kind: 'ready', own: true, name: '本平台' });
    api.call(partnersApi.site, { query: { origin: request.origin } }).then(
      (site) => setAsk({ kind: 'ready', own: false, name: site.mc || unnamed(site.origin) }),
      (err: unknown) => setAsk({ kind: 'refused', text: failureText(err) }),
    );
  }, [request]);

  if (!request || ask.kind === 'checking') return <p className="lw-status" role="status">正在确认网站…</p>;
  if (ask.kind === 'refused') {
    return (
      <div className="lw-card">
        <h1>无法登录</h1>
        <p role="alert">{ask.text}</p>
        <Button block onClick={() => window.close()}>
          关闭窗口
        </Button>
      </div>
    );
  }
  if (ask.kind === 'done') {
    return (
      <div className="lw-card" role="status">
        <h1>登录成功</h1>
        <p>正在返回{ask.name}…如果窗口没有自动关闭，可以直接关闭它。</p>
      </div>
    );
  }
  const { origin, state } = request as { origin: string; state: string };
  const { own, name } = ask;

  /** Hands the login to the opener: a partner token for its origin, or (the platform's own site) just the word. */
  const finish = async (person: UserSession) => {
    setBusy(true);
    try {
      const grant = own ? undefined : await api.call(partnersApi.authorize, { body: { origin } });
      if (!answerOpener(origin, state, grant)) throw new Error('原网站的页面已关闭，请回到原网站重新登录。');
      setAsk({ kind: 'done', name: own ? '原页面' : name });
      // A moment for the message to arrive before the window goes.
      setTimeout(() => window.close(), 300);
    } catch (err) {
      toastError(err);
      setBusy(false);
    }
    return person;
  };

  const usable = session && (session.roleId === 'qz' || session.roleId === 'hr');
  const heading = own ? '登录平台账号' : `登录${name}`;
  const lead = own ? (
    <p className="lw-lead">登录后自动返回原页面。</p>
  ) : (
    <p className="lw-lead">
      <strong>{name}</strong>（{origin}）请求使用你的平台账号登录。密码和验证码只在本平台输入，{name}不会获得；它得到的登录仅限该网站使用，2 小时未使用即失效，不能修改密码、手机号或简历。
    </p>
  );

  if (session && !switching) {
    return (
      <div className="lw-card">
        <h1>{heading}</h1>
        {lead}
        <div className="lw-account">
          <span className="lw-account__name">{session.userName}</span>
          <span className="lw-account__role">{ROLE_NAMES[session.roleId]} · {session.phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')}</span>
        </div>
        {usable ? (
          <Button variant="primary" size="lg" block loading={busy} onClick={() => void finish(session)}>
            授权登录
          </Button>
        ) : (
          <p className="lw-warn" role="alert">运营账号不能登录合作网站，请使用求职者或企业 HR 账号。</p>
        )}
        <p className="lw-links">
          <button type="button" className="lw-link" onClick={() => setSwitching(true)}>
            使用其他账号登录
          </button>
          <button type="button" className="lw-link" onClick={() => window.close()}>
            取消
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="lw-form">
      <div className="lw-card lw-card--intro">
        <h1>{heading}</h1>
        {lead}
      </div>
      <div
        onClickCapture={(e) => {
          // The 人才登录 / 企业登录 switch stays in this window.
          const link = (e.target as Element).closest('a[href^="#role-"]');
          if (!link) return;
          e.preventDefault();
          setRole(link.getAttribute('href') === '#role-hr' ? 'hr' : 'qz');
        }}
      >
        <LoginForm
          key={role}
          role={role}
          roleLinks={{ qz: '#role-qz', hr: '#role-hr' }}
          onLoggedIn={(person) => {
            setSwitching(false);
            void finish(person);
          }}
        />
      </div>
      {switching && session ? (
        <p className="lw-links">
          <button type="button" className="lw-link" onClick={() => setSwitching(false)}>
            返回，继续使用 {session.userName}
          </button>
        </p>
      ) : null}
    </div>
  );
}
