import { useState, type FormEvent } from 'react';
import { Button, confirm, toastError, useHydrated, withLoading } from '@zp/ui';
import { api, passwordDigest } from '@zp/core/session';
import { authApi } from '@zp/core/routes';
import { useClickGuard } from '../common/ClickGuard';
import { CREDENTIAL_KEYS, CredentialFields, useCredentials, type CredentialErrors, passwordRefused } from '../common/Credentials';
import { RoleSwitch } from './RoleSwitch';

type Who = 'qz' | 'hr';

/** Set a new password with an SMS code, for either role (spec section 2 /public/forgotPassword). */
export default function ForgotPasswordForm({ initialRole = 'qz', loginHref }: { initialRole?: Who; loginHref: Record<Who, string> }) {
  const [who, setWho] = useState<Who>(initialRole);
  const credentials = useCredentials((phone) => api.call(authApi.resetCode, { query: { phone, role: who }, method: 'POST' }));
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [busy, setBusy] = useState(false);
  const [blocked, guard] = useClickGuard();
  const ready = useHydrated();

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const found = credentials.check();
    setErrors(found);
    const first = CREDENTIAL_KEYS.find((k) => found[k]);
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
      const { phone, password, code } = credentials.values;
      const query = { phone, pwd: passwordDigest(password), validateCode: code };
      await withLoading(api.call(who === 'qz' ? authApi.resetSeeker : authApi.resetHr, { query, method: 'POST' }));
      // Said here: the login page has no session and shows no toast left for it.
      await confirm({ title: '密码已重置', message: '密码已重置，请使用新密码登录', confirmText: '去登录', cancelText: '知道了', type: 'success' });
      window.location.assign(loginHref[who]);
    } catch (err) {
      setBusy(false);
      const refused = passwordRefused(err);
      if (refused) {
        setErrors({ password: refused });
        document.getElementById('fp-password')?.focus();
        return;
      }
      toastError(err);
    }
  };

  return (
    <div className="login-card">
      <h2 className="login-card__heading">找回密码</h2>
      <fieldset className="login-card__body" disabled={!ready}>
        <RoleSwitch value={who} onChange={setWho} label="账号类型" />
        <form className="login-form" onSubmit={submit} noValidate method="post">
          <CredentialFields
            prefix="fp"
            credentials={credentials}
            errors={errors}
            onPhoneChecked={(phone) => setErrors((e) => ({ ...e, phone }))}
            words={{ phonePlaceholder: '请输入注册时的手机号', password: '新密码', passwordPlaceholder: '请输入新密码', password2: '确认新密码', password2Placeholder: '请再次输入新密码' }}
          />
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
