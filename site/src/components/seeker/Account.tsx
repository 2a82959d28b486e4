import { useState, type FormEvent } from 'react';
import { useLoad } from '../../lib/load';
import { api, logout, passwordDigest, updateSession } from '@zp/core/session';
import { authApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { Button, Dialog, confirm, message, withLoading, toastError } from '@zp/ui';
import { useClickGuard } from '../common/ClickGuard';
import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import { Field, invalid } from './Field';
import { PASSWORD_HINT, checkPassword } from '../common/Credentials';
import { useCountdown } from './common';
import LoginLog from './LoginLog';
import { CloseAccount } from '../common/CloseAccount';
import { phoneError } from '@zp/core/rules/phone';

type Me = C.Reply<typeof C.authApi.currentUser>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const mask = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p);

function PhoneDialog({ me, onClose, onDone }: { me: Me; onClose: () => void; onDone: () => void }) {
  const [oldCode, setOldCode] = useState('');
  const [phone, setPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [oldLeft, startOld] = useCountdown();
  const [newLeft, startNew] = useCountdown();
  const [blocked, guard] = useClickGuard();

  const sendOld = async () => {
    try {
      await api.call(authApi.sendOldPhoneCode, { method: 'POST' });
      startOld();
      message.success(`验证码已发送至 ${mask(me.phone)}`);
    } catch (err) {
      toastError(err);
    }
  };
  const sendNew = async () => {
    const phoneWrong = phoneError(phone, '请输入新手机号');
    if (phoneWrong) {
      setErrors({ phone: phoneWrong });
      return;
    }
    try {
      await api.call(authApi.sendNewPhoneCode, { query: { phone }, method: 'POST' });
      startNew();
      message.success(`验证码已发送至 ${mask(phone)}`);
    } catch (err) {
      toastError(err);
    }
  };
  const submit = async () => {
    const e: Record<string, string> = {};
    if (!/^\d{6}$/.test(oldCode)) e.oldCode = '请输入原手机号收到的 6 位验证码';
    const phoneWrong = phoneError(phone, '请输入新手机号');
    if (phoneWrong) e.phone = phoneWrong;
    if (!/^\d{6}$/.test(newCode)) e.newCode = '请输入新手机号收到的 6 位验证码';
    setErrors(e);
    if (Object.keys(e).length) return;
    try {
      await withLoading(api.call(authApi.changePhone, { query: { newPhone: phone, newValidateCode: newCode, oldValidateCode: oldCode }, method: 'POST' }));
      updateSession({ phone });
      message.success('手机号已更换');
      onDone();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Dialog
      open
      title="更换手机号"
      width={480}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" disabled={blocked} onClick={guard(submit)}>
            确认更换
          </Button>
        </>
      }
    >
      <div className="sk-stack">
        <Field id="sk-old-code" label={`原手机号 ${mask(me.phone)} 的验证码`} error={errors.oldCode} required>
          <div className="form-field__row">
            <input id="sk-old-code" inputMode="numeric" maxLength={6} value={oldCode} onChange={(e) => setOldCode(e.target.value.replace(/\D/g, ''))} {...invalid('sk-old-code', errors.oldCode)} />
            <Button onClick={sendOld} disabled={oldLeft > 0}>
              {oldLeft > 0 ? `${oldLeft} 秒后重新获取` : '获取验证码'}
            </Button>
          </div>
        </Field>
        <Field id="sk-new-phone" label="新手机号" error={errors.phone} required>
          <input id="sk-new-phone" type="tel" inputMode="numeric" maxLength={11} value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} {...invalid('sk-new-phone', errors.phone)} />
        </Field>
        <Field id="sk-new-code" label="新手机号的验证码" error={errors.newCode} required>
          <div className="form-field__row">
            <input id="sk-new-code" inputMode="numeric" maxLength={6} value={newCode} onChange={(e) => setNewCode(e.target.value.replace(/\D/g, ''))} {...invalid('sk-new-code', errors.newCode)} />
            <Button onClick={sendNew} disabled={newLeft > 0}>
              {newLeft > 0 ? `${newLeft} 秒后重新获取` : '获取验证码'}
            </Button>
          </div>
        </Field>
      </div>
    </Dialog>
  );
}

function PasswordForm() {
  const [oldPwd, setOldPwd] = useState('');
  const [pwd, setPwd] = useState('');
  const [pwd2, setPwd2] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [blocked, guard] = useClickGuard();
  const submit = async () => {
    const e: Record<string, string | undefined> = { old: oldPwd ? undefined : '请输入原密码', ...checkPassword(pwd, pwd2) };
    setErrors(e);
    if (Object.values(e).some(Boolean)) return;
    try {
      await withLoading(api.call(authApi.changePassword, { query: { oldPwd: passwordDigest(oldPwd), newPwd: passwordDigest(pwd) }, method: 'POST' }));
      // The server ended every session: say so here (the login page has no session to show a
      // toast left for it), then log in again with the new password.
      await confirm({ title: '密码已修改', message: '密码已修改，请使用新密码重新登录', confirmText: '去登录', cancelText: '知道了', type: 'success' });
      await logout();
      window.location.assign(paths.loginFor('qz'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <form
      className="sk-form-grid sk-account__form"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        guard(submit)();
      }}
      aria-label="修改密码"
    >
      <Field id="sk-pwd-old" label="原密码" error={errors.old} required>
        <input id="sk-pwd-old" type="password" autoComplete="current-password" maxLength={64} value={oldPwd} onChange={(e) => setOldPwd(e.target.value)} {...invalid('sk-pwd-old', errors.old)} />
      </Field>
      <span className="sk-spacer" aria-hidden="true" />
      <Field id="sk-pwd-new" label="新密码" error={errors.password} required hint={errors.password ? undefined : PASSWORD_HINT}>
        <input id="sk-pwd-new" type="password" autoComplete="new-password" maxLength={20} value={pwd} onChange={(e) => setPwd(e.target.value)} {...invalid('sk-pwd-new', errors.password)} />
      </Field>
      <Field id="sk-pwd-new2" label="确认新密码" error={errors.password2} required>
        <input id="sk-pwd-new2" type="password" autoComplete="new-password" maxLength={20} value={pwd2} onChange={(e) => setPwd2(e.target.value)} {...invalid('sk-pwd-new2', errors.password2)} />
      </Field>
      <div className="sk-field--wide">
        <Button type="submit" variant="primary" disabled={blocked}>
          修改密码
        </Button>
      </div>
    </form>
  );
}

function AccountInfo() {
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [blocked, guard] = useClickGuard();
  const loaded = useLoad(
    (): Promise<Me> =>
      api.call(authApi.currentUser).then((r) => {
        setEmail(r.email);
        return r;
      }),
    [],
    { toast: true },
  );
  const me = loaded.data ?? null;
  const load = loaded.reload;

  const saveEmail = async () => {
    const v = email.trim();
    if (!v || !EMAIL.test(v)) {
      setEmailError(v ? '邮箱格式不正确' : '请输入邮箱');
      return;
    }
    setEmailError(undefined);
    try {
      await withLoading(api.call(authApi.changeEmail, { body: { email: v } }));
      message.success('邮箱已修改');
      await load();
    } catch (err) {
      toastError(err);
    }
  };

  if (!me) return <p className="sk-muted sk-loading-line">加载中…</p>;
  return (
    <div>
      <section className="sk-block" aria-labelledby="sk-acc-base">
        <h2 className="sk-block__title" id="sk-acc-base">
          登录账号
        </h2>
        <dl className="sk-facts sk-account__facts">
          <div>
            <dt>账号类型</dt>
            <dd>求职者</dd>
          </div>
          <div>
            <dt>手机号</dt>
            <dd>
              <span data-testid="account-phone">{me.phone}</span>{' '}
              <Button variant="text" onClick={() => setPhoneOpen(true)}>
                更换手机号
              </Button>
            </dd>
          </div>
        </dl>
      </section>
      <section className="sk-block" aria-labelledby="sk-acc-email">
        <h2 className="sk-block__title" id="sk-acc-email">
          邮箱
        </h2>
        <form
          className="sk-toolbar"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            guard(saveEmail)();
          }}
        >
          <div className="sk-field sk-grow">
            <label htmlFor="sk-email" className="zp-visually-hidden">
              邮箱
            </label>
            <input id="sk-email" type="email" maxLength={100} autoComplete="email" placeholder="用于接收面试通知" value={email} onChange={(e) => setEmail(e.target.value)} {...invalid('sk-email', emailError)} />
            {emailError ? (
              <p className="sk-field__error" id="sk-email-error" role="alert">
                {emailError}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="primary" disabled={blocked}>
            保存邮箱
          </Button>
        </form>
      </section>
      <section className="sk-block" aria-labelledby="sk-acc-pwd">
        <h2 className="sk-block__title" id="sk-acc-pwd">
          修改密码
        </h2>
        <PasswordForm />
      </section>
      <CloseAccount roleId="qz" phone={me.phone} className="sk-block" titleClassName="sk-block__title" />
      {phoneOpen ? (
        <PhoneDialog
          me={me}
          onClose={() => setPhoneOpen(false)}
          onDone={() => {
            setPhoneOpen(false);
            void load();
          }}
        />
      ) : null}
    </div>
  );
}

/** hunter_card (account: phone, e-mail, password) and hunter_login (login log) as two tabs. */
function Account({ initial = 'info', loginHref, infoHref }: { initial?: 'info' | 'log'; loginHref: string; infoHref: string }) {
  return (
    <div>
      <nav className="sk-tabs" aria-label="账号">
        <a className="sk-tablink" href={infoHref} aria-current={initial === 'info' ? 'page' : undefined}>
          账号信息
        </a>
        <a className="sk-tablink" href={loginHref} aria-current={initial === 'log' ? 'page' : undefined}>
          登录日志
        </a>
      </nav>
      {initial === 'info' ? <AccountInfo /> : <LoginLog />}
    </div>
  );
}

export default afterGuard(Account);
