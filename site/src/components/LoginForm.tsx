import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, toastError, useHydrated, withLoading } from '@zp/ui';
import { api, loginWith, type Role, type UserSession } from '@zp/core/session';
import { authApi, LOGIN_CODE_REQUIRED } from '@zp/core/routes';
import { isApiError } from '@zp/core/client';
import { centreOf, paths, safeRedirect } from '../lib/paths';
import { CodeButton, useCodeSender } from './common/SmsCode';
import { phoneError } from '@zp/core/rules/phone';

type Mode = 'password' | 'code';

export const loginTitles: Record<Role, string> = { qz: '人才登录', hr: '企业登录', xs: '运营登录' };

interface Errors {
  phone?: string;
  password?: string;
  code?: string;
}

/** `withCode`: the password login needs the SMS code as well (the server asked for it). */
function check(mode: Mode, phone: string, password: string, code: string, withCode = false): Errors {
  const errors: Errors = {};
  const phoneWrong = phoneError(phone);
  if (phoneWrong) errors.phone = phoneWrong;
  if (mode === 'password' && !password) errors.password = '请输入密码';
  if (mode === 'code' || withCode) {
    if (!code) errors.code = '请输入验证码';
    else if (!/^\d{6}$/.test(code)) errors.code = '验证码为 6 位数字';
  }
  return errors;
}

interface Props {
  role: Role;
  /** Instead of going on to the person's centre (the platform's login window hands the session on). */
  onLoggedIn?: (session: UserSession) => void;
  /** Where the 人才登录 / 企业登录 switch leads; the login pages by default. */
  roleLinks?: Record<'qz' | 'hr', string>;
}

export default function LoginForm({ role, onLoggedIn, roleLinks = { qz: paths.seekerLogin, hr: paths.hrLogin } }: Props) {
  const [mode, setMode] = useState<Mode>('password');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  /** Why the server wants the SMS code with the password (the account or this network saw many wrong passwords); '' when it does not. */
  const [codeReason, setCodeReason] = useState('');
  const [busy, setBusy] = useState(false);
  const codes = useCodeSender();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const ready = useHydrated();

  const chooseMode = (next: Mode) => {
    setMode(next);
    setErrors({});
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next: Mode = mode === 'password' ? 'code' : 'password';
    chooseMode(next);
    tabs.current[next === 'password' ? 0 : 1]?.focus();
  };

  const sendCode = async () => {
    const phoneError = check('password', phone, 'x', '').phone;
    if (phoneError) {
      setErrors({ phone: phoneError });
      document.getElementById('login-phone')?.focus();
      return;
    }
    await codes.send(() => api.call(authApi.loginCode, { query: { phone, role } }));
  };

  const withCode = mode === 'password' && codeReason !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(mode, phone, password, code, withCode);
    setErrors(found);
    const firstInvalid = (['phone', 'password', 'code'] as const).find((k) => found[k]);
    if (firstInvalid) {
      document.getElementById(`login-${firstInvalid}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const session = await withLoading(loginWith(role, mode === 'password' ? { phone, password, ...(withCode ? { code } : {}) } : { phone, code }));
      if (onLoggedIn) {
        setBusy(false);
        return onLoggedIn(session);
      }
      const back = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));
      window.location.assign(back ?? centreOf[session.roleId]);
    } catch (err) {
      setBusy(false);
      if (mode === 'password' && isApiError(err) && err.code === LOGIN_CODE_REQUIRED.code) {
        // Not a refusal: the same password goes through once the code sent to the phone is typed beside it.
        setCodeReason(err.msg);
        setErrors({});
        setTimeout(() => document.getElementById('login-code')?.focus(), 0);
        return;
      }
      toastError(err);
    }
  };

  const field = (name: keyof Errors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
  });

  return (
    <div className="login-card">
      {role !== 'xs' ? (
        <nav className="login-card__roles" aria-label="登录身份">
          <a href={roleLinks.qz} aria-current={role === 'qz' ? 'page' : undefined}>
            人才登录
          </a>
          <a href={roleLinks.hr} aria-current={role === 'hr' ? 'page' : undefined}>
            企业登录
          </a>
        </nav>
      ) : (
        <h2 className="login-card__heading">{loginTitles.xs}</h2>
      )}

      {/* Disabled until hydrated: typed values and clicks before that would be lost. */}
      <fieldset className="login-card__body" disabled={!ready}>
        <div className="login-tabs" role="tablist" aria-label="登录方式">
          {(['password', 'code'] as const).map((m, i) => (
            <button
              key={m}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`login-tab-${m}`}
              aria-selected={mode === m}
              aria-controls="login-panel"
              tabIndex={mode === m ? 0 : -1}
              className="login-tabs__tab"
              onClick={() => chooseMode(m)}
              onKeyDown={onTabKey}
            >
              {m === 'password' ? '密码登录' : '验证码登录'}
            </button>
          ))}
        </div>

        {/* method=post: should a submit ever happen natively, the password stays out of the url. */}
        <form id="login-panel" method="post" role="tabpanel" aria-labelledby={`login-tab-${mode}`} className="login-form" onSubmit={submit} noValidate>
          <div className="form-field">
            <label htmlFor="login-phone">手机号</label>
            <input
              id="login-phone"
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="username"
              maxLength={11}
              placeholder="请输入手机号"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value.replace(/\D/g, ''));
                setCodeReason('');
              }}
              {...field('phone')}
            />
            {errors.phone ? (
              <p className="form-field__error" id="login-phone-error">
                {errors.phone}
              </p>
            ) : null}
          </div>

          {mode === 'password' ? (
            <div className="form-field">
              <label htmlFor="login-password">密码</label>
              <input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                maxLength={64}
                placeholder="请输入密码"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...field('password')}
              />
              {errors.password ? (
                <p className="form-field__error" id="login-password-error">
                  {errors.password}
                </p>
              ) : null}
            </div>
          ) : null}

          {withCode ? (
            <p className="login-form__notice" role="alert">
              {codeReason}
            </p>
          ) : null}

          {mode === 'code' || withCode ? (
            <div className="form-field">
              <label htmlFor="login-code">{withCode ? '短信验证码' : '验证码'}</label>
              <div className="form-field__row">
                <input
                  id="login-code"
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="请输入 6 位验证码"
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  {...field('code')}
                />
                <CodeButton left={codes.left} sending={codes.sending} onClick={sendCode} />
              </div>
              {errors.code ? (
                <p className="form-field__error" id="login-code-error">
                  {errors.code}
                </p>
              ) : null}
            </div>
          ) : null}

          <Button type="submit" variant="primary" size="lg" block loading={busy}>
            登录
          </Button>
        </form>
      </fieldset>

      {role !== 'xs' ? (
        <p className="login-card__links">
          <a href={paths.register}>注册账号</a>
          <a href={paths.forgotPassword}>忘记密码？</a>
        </p>
      ) : null}
    </div>
  );
}
