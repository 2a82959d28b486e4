import { useState, type FormEvent } from 'react';
import { Button, toastError, useHydrated, withLoading } from '@zp/ui';
import { api, passwordDigest, startSession } from '@zp/core/session';
import { authApi, POLICY_OUTDATED_MSG } from '@zp/core/routes';
import { isApiError } from '@zp/core/client';
import { Field, invalid } from './Field';
import { useClickGuard } from '../common/ClickGuard';
import { CREDENTIAL_KEYS, CredentialFields, useCredentials, type CredentialKey, passwordRefused } from '../common/Credentials';
import { RoleSwitch } from './RoleSwitch';
import { PolicyDialog, useCurrentPolicies, type PolicyKind } from '../common/Policy';
import { flash } from '../../lib/flash';

type Who = 'qz' | 'hr';
type Key = CredentialKey | 'xm' | 'zw' | 'agree';
type Errors = Partial<Record<Key, string>>;
const AGREE_MSG = '请阅读并同意《用户服务协议》和《隐私政策》';

/** Register as a job seeker or an enterprise HR (spec section 2 /public/registered). */
export default function RegisterForm({ initialRole = 'qz', loginHref, centreHr, resumeHref }: { initialRole?: Who; loginHref: Record<Who, string>; centreHr: string; resumeHref: string }) {
  const [who, setWho] = useState<Who>(initialRole);
  const credentials = useCredentials((phone) => api.call(authApi.registerCode, { query: { phone, role: who }, method: 'POST' }));
  const [xm, setXm] = useState('');
  const [zw, setZw] = useState('');
  const [agree, setAgree] = useState(false);
  /** the document open for reading */
  const [reading, setReading] = useState<PolicyKind | null>(null);
  const { policies, reload } = useCurrentPolicies();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [blocked, guard] = useClickGuard();
  const ready = useHydrated();

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const found: Errors = credentials.check();
    if (who === 'hr' && !xm.trim()) found.xm = '请输入姓名';
    if (!agree) found.agree = AGREE_MSG;
    const first = ([...CREDENTIAL_KEYS, 'xm', 'zw', 'agree'] as const).find((k) => found[k]);
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
      const { phone, password, code } = credentials.values;
      const pwd = passwordDigest(password);
      if (!policies) throw new Error('policies not loaded');
      // The versions the person was shown: the server refuses the registration if they are outdated.
      const consent = { terms: policies.terms.version, privacy: policies.privacy.version };
      const grant = await withLoading(
        who === 'qz'
          ? api.call(authApi.registerSeeker, { body: { phone, pwd, validateCode: code, consent } })
          : api.call(authApi.registerHr, { body: { phone, pwd, validateCode: code, xm: xm.trim(), zw: zw.trim(), consent } }),
      );
      startSession(grant);
      // Shown by the next page (logged in, so its top bar picks it up).
      flash('success', '注册成功');
      // A new seeker has no résumé yet: the editor is where the guard would send them anyway.
      window.location.assign(who === 'qz' ? resumeHref : centreHr);
    } catch (err) {
      setBusy(false);
      if (isApiError(err) && err.msg === POLICY_OUTDATED_MSG) {
        // Published while the form was open: show the new texts and ask again.
        setAgree(false);
        setErrors({ agree: err.msg });
        void reload();
        return;
      }
      const refused = passwordRefused(err);
      if (refused) {
        setErrors({ password: refused });
        document.getElementById('reg-password')?.focus();
        return;
      }
      toastError(err);
    }
  };

  return (
    <div className="login-card sk-register">
      <h2 className="login-card__heading">注册账号</h2>
      <fieldset className="login-card__body" disabled={!ready}>
        <RoleSwitch value={who} onChange={setWho} label="注册身份" />
        <form className="login-form" onSubmit={submit} noValidate method="post">
          <CredentialFields
            prefix="reg"
            credentials={credentials}
            errors={errors}
            onPhoneChecked={(phone) => setErrors((e) => ({ ...e, phone }))}
            words={{ phonePlaceholder: '请输入手机号', password: '设置密码', passwordPlaceholder: '请设置登录密码', password2: '确认密码', password2Placeholder: '请再次输入密码' }}
          />
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
            <button type="button" className="sk-link" onClick={() => setReading('terms')}>
              《用户服务协议》
            </button>
            <span>和</span>
            <button type="button" className="sk-link" onClick={() => setReading('privacy')}>
              《隐私政策》
            </button>
            {errors.agree ? (
              <p className="sk-field__error" id="reg-agree-error" role="alert">
                {errors.agree}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="primary" size="lg" block loading={busy} disabled={blocked || !policies}>
            注册
          </Button>
        </form>
      </fieldset>
      <p className="login-card__links">
        <span>已有账号？</span>
        <a href={loginHref[who]}>{who === 'qz' ? '人才登录' : '企业登录'}</a>
      </p>
      <PolicyDialog
        policy={reading && policies ? policies[reading] : null}
        onClose={() => setReading(null)}
        onAgree={() => {
          setAgree(true);
          setReading(null);
        }}
      />
    </div>
  );
}
