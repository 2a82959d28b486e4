import { CodeButton, useCodeSender } from '../common/SmsCode';
import { useState, type FormEvent } from 'react';
import { Button, confirm, message, useHydrated, withLoading } from '@zp/ui';
import { api, passwordDigest } from '@zp/core/session';
import { authApi } from '@zp/core/routes';
import { PHONE, failure } from './common';
import { Field, invalid } from './Field';
import { useClickGuard } from '../common/ClickGuard';
import { RoleSwitch } from './RoleSwitch';
import { PASSWORD_HINT, checkPassword } from './RegisterForm';

type Who = 'qz' | 'hr';
type Key = 'phone' | 'code' | 'password' | 'password2';
type Errors = Partial<Record<Key, string>>;

/** Set a new password with an SMS code, for either role (spec section 2 /public/forgotPassword). */
export default function ForgotPasswordForm({ initialRole = 'qz', loginHref }: { initialRole?: Who; loginHref: Record<Who, string> }) {
  const [who, setWho] = useState<Who>(initialRole);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [blocked, guard] = useClickGuard();
  const codes = useCodeSender();
  const ready = useHydrated();

  const phoneError = () => (!phone ? '请输入手机号' : PHONE.test(phone) ? undefined : '手机号格式不正确');

  const sendCode = async () => {
    const e = phoneError();
    if (e) {
      setErrors({ phone: e });
      document.getElementById('fp-phone')?.focus();
      return;
    }
    await codes.send(() => api.call(authApi.resetCode, { query: { phone }, method: 'POST' }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const found: Errors = { phone: phoneError(), ...checkPassword(password, password2) };
    if (!code) found.code = '请输入验证码';
    else if (!/^\d{6}$/.test(code)) found.code = '验证码为 6 位数字';
    setErrors(found);
    const first = (['phone', 'code', 'password', 'password2'] as Key[]).find((k) => found[k]);
    if (first) {
      document.getElementById(`fp-${first}`)?.focus();
      return;
    }
    // The 1.5 s duplicate-click guard (spec section 5) on the write, not on a refused form.
    guard(save)();
  };

  const save = async () => {
    setBusy(true);
    try {
      const query = { phone, pwd: passwordDigest(password), validateCode: code };
      await withLoading(api.call(who === 'qz' ? authApi.resetSeeker : authApi.resetHr, { query, method: 'POST' }));
      // Said here: the login page has no session and shows no toast left for it.
      await confirm({ title: '密码已重置', message: '密码已重置，请使用新密码登录', confirmText: '去登录', cancelText: '知道了', type: 'success' });
      window.location.assign(loginHref[who]);
    } catch (err) {
      message.error(failure(err));
      setBusy(false);
    }
  };

  return (
    <div className="login-card">
      <h2 className="login-card__heading">找回密码</h2>
      <fieldset className="login-card__body" disabled={!ready}>
        <RoleSwitch value={who} onChange={setWho} label="账号类型" />
        <form className="login-form" onSubmit={submit} noValidate method="post">
          <Field id="fp-phone" label="手机号" error={errors.phone} required>
            <input id="fp-phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} placeholder="请输入注册时的手机号" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} {...invalid('fp-phone', errors.phone)} />
          </Field>
          <Field id="fp-code" label="验证码" error={errors.code} required>
            <div className="form-field__row">
              <input id="fp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="请输入 6 位验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} {...invalid('fp-code', errors.code)} />
              <CodeButton left={codes.left} sending={codes.sending} onClick={sendCode} />
            </div>
          </Field>
          <Field id="fp-password" label="新密码" error={errors.password} required hint={errors.password ? undefined : PASSWORD_HINT}>
            <input id="fp-password" type="password" autoComplete="new-password" maxLength={20} placeholder="请输入新密码" value={password} onChange={(e) => setPassword(e.target.value)} {...invalid('fp-password', errors.password)} />
          </Field>
          <Field id="fp-password2" label="确认新密码" error={errors.password2} required>
            <input id="fp-password2" type="password" autoComplete="new-password" maxLength={20} placeholder="请再次输入新密码" value={password2} onChange={(e) => setPassword2(e.target.value)} {...invalid('fp-password2', errors.password2)} />
          </Field>
          <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={blocked}>
            重置密码
          </Button>
        </form>
      </fieldset>
      <p className="login-card__links">
        <a href={loginHref.qz}>人才登录</a>
        <a href={loginHref.hr}>企业登录</a>
      </p>
    </div>
  );
}
