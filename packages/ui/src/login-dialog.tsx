import { useEffect, useId, useRef, useState } from 'react';
import { cancelLoginWindow, loginInWindow, type LoginWindowResult, type UserSession } from '@zp/core/session';
import { SITE_PATHS } from '@zp/core/fairs';
import { message } from './message.js';
import { useModal } from './modal.js';

export interface LoginDialogProps {
  open: boolean;
  /** The heading, also the dialog's accessible name ('登录后在线沟通', '登录后报名'). */
  title: string;
  /** The platform's origin for the register link; '' on the platform's own site. */
  siteOrigin: string;
  /** Asked to close: ×, Escape, a click on the mask. */
  onClose: () => void;
  /** After a successful login (the session is already stored and shared with every widget). */
  onLoggedIn: (session: UserSession) => void;
}

/** Where the login stands: the window is open, the browser blocked it, or it was closed without a login. */
type Stage = 'waiting' | 'blocked' | 'closed';

const WORDS: Record<Stage, { text: string; action: string }> = {
  waiting: { text: '请在弹出的平台窗口中登录（密码或短信验证码），登录后自动返回本页。', action: '重新打开登录窗口' },
  blocked: { text: '登录窗口被浏览器拦截了。请允许本网站弹出窗口，或点击下面的按钮重试。', action: '重试' },
  closed: { text: '登录窗口已关闭，尚未登录。', action: '重新登录' },
};

/**
 * The one login of the widgets. A partner page never holds a login form: this dialog opens the
 * platform's login window (on the platform's own origin, as OAuth does) and waits for it; the
 * person types the password or SMS code there only, and this page gets back a token scoped to
 * its own origin. <zp-chat>'s launcher and <zp-job-fairs>' sign-up both open it; every widget on
 * the page waits for the same window and shares the login through the session core.
 */
export function LoginDialog({ open, title, siteOrigin, onClose, onLoggedIn }: LoginDialogProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const maskDown = useRef(false);
  const titleId = useId();
  const textId = useId();
  const [stage, setStage] = useState<Stage>('waiting');
  const latest = useRef({ onLoggedIn });
  latest.current = { onLoggedIn };
  const trapTab = useModal(boxRef, open, () => close(), () => boxRef.current?.querySelector<HTMLElement>('.zp-login__submit') ?? null);
  const alive = useRef(false);

  const start = () => {
    setStage('waiting');
    void loginInWindow().then((result: LoginWindowResult) => {
      // A widget that shows only to visitors may already have unmounted this dialog as the
      // session arrived: the login is still its parent's to act on.
      if ('session' in result) {
        message.success('登录成功');
        latest.current.onLoggedIn(result.session);
      } else if (result.failed !== 'cancelled' && alive.current) {
        setStage(result.failed);
      }
    });
  };

  function close() {
    cancelLoginWindow();
    onClose();
  }

  // Opened by a click: the window opens at once, while the browser still counts that click.
  useEffect(() => {
    if (!open) return;
    alive.current = true;
    start();
    return () => {
      alive.current = false;
      // Closed or removed before the login came back: the window goes too (a no-op after a login).
      cancelLoginWindow();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open]);

  if (!open) return null;
  const words = WORDS[stage];

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes, as Escape and the × button do for the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: the same backdrop click; Escape is useModal's
    <div
      className="zp-login-mask"
      onMouseDown={(e) => (maskDown.current = e.target === e.currentTarget)}
      onClick={(e) => maskDown.current && e.target === e.currentTarget && close()}
    >
      <div className="zp-login" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} tabIndex={-1} ref={boxRef} onKeyDown={trapTab} data-stage={stage}>
        <button type="button" className="zp-close zp-login__close" aria-label="关闭" onClick={close}>
          ×
        </button>
        <h2 id={titleId}>{title}</h2>
        <p className="zp-login__hint">使用平台账号登录</p>
        <p id={textId} className={`zp-login__text${stage === 'waiting' ? '' : ' zp-login__text--warn'}`} role={stage === 'waiting' ? undefined : 'alert'}>
          {words.text}
        </p>
        <p className="zp-login__safe">为保护账号安全，密码和验证码只在平台网站上输入，本网站不会获得。</p>
        <button type="button" className="zp-btn zp-btn--primary zp-btn--block zp-login__submit" onClick={start}>
          {words.action}
        </button>
        <a className="zp-login__register" href={`${siteOrigin}${SITE_PATHS.register}`} target="_blank" rel="noreferrer">
          没有账号？去注册
        </a>
      </div>
    </div>
  );
}
