import { CodeButton, useCodeSender } from '../common/SmsCode';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, message, useHydrated, withLoading } from '@zp/ui';
import { api, passwordDigest, startSession } from '@zp/core/session';
import { authApi } from '@zp/core/routes';
import { PHONE, failure } from './common';
import { Field, invalid } from './Field';
import { useClickGuard } from '../common/ClickGuard';
import { RoleSwitch } from './RoleSwitch';
import { TERMS } from './terms';
import { flash } from '../../lib/flash';

type Who = 'qz' | 'hr';
type Key = 'phone' | 'code' | 'password' | 'password2' | 'xm' | 'zw' | 'agree';
type Errors = Partial<Record<Key, string>>;

export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{6,20}$/;
export const PASSWORD_HINT = '6-20 位，须同时包含字母和数字';

export function checkPassword(password: string, again: string): Pick<Errors, 'password' | 'password2'> {
  const e: Pick<Errors, 'password' | 'password2'> = {};
  if (!password) e.password = '请输入密码';
  else if (!PASSWORD_RULE.test(password)) e.password = '密码须为 6-20 位并同时包含字母和数字';
  if (!again) e.password2 = '请再次输入密码';
  else if (password && again !== password) e.password2 = '两次输入的密码不一致';
  return e;
}

/** Register as a job seeker or an enterprise HR (spec section 2 /public/registered). */
export default function RegisterForm({ initialRole = 'qz', loginHref, centreHr, resumeHref }: { initialRole?: Who; loginHref: Record<Who, string>; centreHr: string; resumeHref: string }) {
  const [who, setWho] = useState<Who>(initialRole);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [xm, setXm] = useState('');
  const [zw, setZw] = useState('');
  const [agree, setAgree] = useState(false);
  const [terms, setTerms] = useState(false);
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
      document.getElementById('reg-phone')?.focus();
      return;
    }
    await codes.send(() => api.call(authApi.registerCode, { query: { phone }, method: 'POST' }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const found: Errors = { phone: phoneError(), ...checkPassword(password, password2) };
    if (!code) found.code = '请输入验证码';
    else if (!/^\d{6}$/.test(code)) found.code = '验证码为 6 位数字';
    if (who === 'hr' && !xm.trim()) found.xm = '请输入姓名';
    if (!agree) found.agree = '请阅读并同意用户服务协议';
    const first = (['phone', 'code', 'password', 'password2', 'xm', 'zw', 'agree'] as Key[]).find((k) => found[k]);
    setErrors(found);
    if (first) {
      document.getElementById(`reg-${first}`)?.focus();
      return;
    }
    // The 1.5 s duplicate-click guard (spec section 5) on the write, not on a refused form.
    guard(save)();
  };

  const save = async () => {
    setBusy(true);
    try {
      const pwd = passwordDigest(password);
      const grant = await withLoading(
        who === 'qz'
          ? api.call(authApi.registerSeeker, { body: { phone, pwd, validateCode: code } })
          : api.call(authApi.registerHr, { body: { phone, pwd, validateCode: code, xm: xm.trim(), zw: zw.trim() } }),
      );
      startSession(grant);
      // Shown by the next page (logged in, so its top bar picks it up).
      flash('success', '注册成功');
      // A new seeker has no résumé yet: the editor is where the guard would send them anyway.
      window.location.assign(who === 'qz' ? resumeHref : centreHr);
    } catch (err) {
      message.error(failure(err));
      setBusy(false);
    }
  };

  return (
    <div className="login-card sk-register">
      <h2 className="login-card__heading">注册账号</h2>
      <fieldset className="login-card__body" disabled={!ready}>
        <RoleSwitch value={who} onChange={setWho} label="注册身份" />
        <form className="login-form" onSubmit={submit} noValidate method="post">
          <Field id="reg-phone" label="手机号" error={errors.phone} required>
            <input id="reg-phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} placeholder="请输入手机号" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} {...invalid('reg-phone', errors.phone)} />
          </Field>
          <Field id="reg-code" label="验证码" error={errors.code} required>
            <div className="form-field__row">
              <input id="reg-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="请输入 6 位验证码" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} {...invalid('reg-code', errors.code)} />
              <CodeButton left={codes.left} sending={codes.sending} onClick={sendCode} />
            </div>
          </Field>
          <Field id="reg-password" label="设置密码" error={errors.password} required hint={errors.password ? undefined : PASSWORD_HINT}>
            <input id="reg-password" type="password" autoComplete="new-password" maxLength={20} placeholder="请设置登录密码" value={password} onChange={(e) => setPassword(e.target.value)} {...invalid('reg-password', errors.password)} />
          </Field>
          <Field id="reg-password2" label="确认密码" error={errors.password2} required>
            <input id="reg-password2" type="password" autoComplete="new-password" maxLength={20} placeholder="请再次输入密码" value={password2} onChange={(e) => setPassword2(e.target.value)} {...invalid('reg-password2', errors.password2)} />
          </Field>
          {who === 'hr' ? (
            <>
              <Field id="reg-xm" label="姓名" error={errors.xm} required>
                <input id="reg-xm" autoComplete="name" maxLength={30} placeholder="请输入您的姓名" value={xm} onChange={(e) => setXm(e.target.value)} {...invalid('reg-xm', errors.xm)} />
              </Field>
              <Field id="reg-zw" label="职务" error={errors.zw}>
                <input id="reg-zw" autoComplete="organization-title" maxLength={30} placeholder="如：人事专员" value={zw} onChange={(e) => setZw(e.target.value)} />
              </Field>
            </>
          ) : null}
          <div className="sk-agree">
            <label>
              <input id="reg-agree" type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} {...invalid('reg-agree', errors.agree)} />
              <span>我已阅读并同意</span>
            </label>
            <button type="button" className="sk-link" onClick={() => setTerms(true)}>
              《用户服务协议》
            </button>
            {errors.agree ? (
              <p className="sk-field__error" id="reg-agree-error" role="alert">
                {errors.agree}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={blocked}>
            注册
          </Button>
        </form>
      </fieldset>
      <p className="login-card__links">
        <span>已有账号？</span>
        <a href={loginHref[who]}>{who === 'qz' ? '人才登录' : '企业登录'}</a>
      </p>
      <Dialog
        open={terms}
        title="用户服务协议"
        width={640}
        onClose={() => setTerms(false)}
        footer={
          <Button
            variant="primary"
            onClick={() => {
              setAgree(true);
              setTerms(false);
            }}
          >
            同意并继续
          </Button>
        }
      >
        <div className="sk-terms">
          {TERMS.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
      </Dialog>
    </div>
  );
}
