import { useId, useRef, useState, type FormEvent } from 'react';
import { loginWith, type UserSession } from '@zp/core/session';
import { reasonOf } from '@zp/core/client';
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

const ROLES = [
  ['qz', '求职者'],
  ['hr', '企业HR'],
] as const;

/**
 * The one login form of the widgets (a partner page's visitor logs in with a platform account):
 * <zp-chat>'s launcher and <zp-job-fairs>' sign-up both open it. It renders where it is placed,
 * inside the widget's shadow root, so the partner page's CSS does not reach it; its styles are
 * in uiCss. Logging in goes through the session core, so every widget on the page knows at once.
 */
export function LoginDialog({ open, title, siteOrigin, onClose, onLoggedIn }: LoginDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const maskDown = useRef(false);
  const titleId = useId();
  const trapTab = useModal(formRef, open, onClose, () => formRef.current?.querySelector('input') ?? null);
  const [role, setRole] = useState<'qz' | 'hr'>('qz');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  if (!open) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!/^1\d{10}$/.test(phone.trim())) return void message.warning('请输入正确的手机号');
    if (!password) return void message.warning('请输入密码');
    setBusy(true);
    try {
      const session = await loginWith(role, { phone: phone.trim(), password });
      message.success('登录成功');
      setPassword('');
      onLoggedIn(session);
    } catch (err) {
      message.error(reasonOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="zp-login-mask"
      onMouseDown={(e) => (maskDown.current = e.target === e.currentTarget)}
      onClick={(e) => maskDown.current && e.target === e.currentTarget && onClose()}
    >
      <form className="zp-login" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} ref={formRef} onKeyDown={trapTab} onSubmit={(e) => void submit(e)} noValidate>
        <button type="button" className="zp-close zp-login__close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        <h2 id={titleId}>{title}</h2>
        <p className="zp-login__hint">使用平台账号登录</p>
        <div className="zp-login__roles" role="radiogroup" aria-label="身份">
          {ROLES.map(([key, label]) => (
            <button key={key} type="button" role="radio" aria-checked={role === key} onClick={() => setRole(key)}>
              {label}
            </button>
          ))}
        </div>
        <label>
          手机号
          <input value={phone} onChange={(e) => setPhone(e.target.value)} inputMode="tel" autoComplete="username" maxLength={11} placeholder="请输入手机号" />
        </label>
        <label>
          密码
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" placeholder="请输入密码" />
        </label>
        <button type="submit" className="zp-btn zp-btn--primary zp-btn--block zp-login__submit" disabled={busy}>
          {busy ? '登录中…' : '登录'}
        </button>
        <a className="zp-login__register" href={`${siteOrigin}${SITE_PATHS.register}`} target="_blank" rel="noreferrer">
          没有账号？去注册
        </a>
      </form>
    </div>
  );
}
