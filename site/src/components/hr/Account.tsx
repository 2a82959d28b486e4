/**
 * /enter_home/enter_card: the HR's own account (name and title, phone, e-mail, password) and the
 * colleagues of the enterprise (qyhrjrqysh): who has joined, the requests to join with
 * accept/refuse, and sub-accounts opened for colleagues.
 */
import { useState } from 'react';
import { Button, Dialog } from '@zp/ui';
import { authApi, companiesApi } from '@zp/core/routes';
import { api, logout, passwordDigest, updateSession } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { PASSWORD_HINT, checkPassword } from '../common/Credentials';
import { useCountdown } from '../seeker/common';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit } from '../console/lib';
import { HrGate, useHr } from './hr';
import { CloseAccount } from '../common/CloseAccount';
import { Facts, Field, ListState, Tabs, Tag, ListPager } from '../console/ui';
import { flash } from '../../lib/flash';
import { paths } from '../../lib/paths';
import { phoneError } from '@zp/core/rules/phone';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const mask = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p);

function Profile() {
  const { hr, reload } = useHr();
  const [xm, setXm] = useState(hr.xm);
  const [zw, setZw] = useState(hr.zw);
  const [error, setError] = useState('');
  const save = async () => {
    if (!xm.trim()) {
      setError('请输入姓名');
      return;
    }
    setError('');
    if (await act(api.call(companiesApi.updateProfile, { body: { xm: xm.trim(), zw: zw.trim() } }), true)) {
      updateSession({ userName: xm.trim() });
      reload();
    }
  };
  const { onSubmit, blocked } = useGuardedSubmit(save);
  return (
    <form className="hr-form" onSubmit={onSubmit} noValidate aria-label="个人信息">
      <Field label="姓名" required error={error} htmlFor="acc-xm">
        <input id="acc-xm" className="hr-input" maxLength={30} value={xm} aria-invalid={error ? true : undefined} onChange={(e) => setXm(e.target.value)} />
      </Field>
      <Field label="职务" htmlFor="acc-zw" hint="显示在导航栏姓名之后，如“招聘经理”">
        <input id="acc-zw" className="hr-input" maxLength={30} value={zw} onChange={(e) => setZw(e.target.value)} />
      </Field>
      <div className="hr-form__actions">
        <Button type="submit" variant="primary" disabled={blocked}>
          保存个人信息
        </Button>
      </div>
    </form>
  );
}

function PhoneDialog({ phone, onClose, onDone }: { phone: string; onClose: () => void; onDone: () => void }) {
  const [oldCode, setOldCode] = useState('');
  const [next, setNext] = useState('');
  const [newCode, setNewCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [oldLeft, startOld] = useCountdown();
  const [newLeft, startNew] = useCountdown();
  const sendOld = async () => {
    if (await act(api.call(authApi.sendOldPhoneCode, { method: 'POST' }), `验证码已发送至 ${mask(phone)}`)) startOld();
  };
  const sendNew = async () => {
    const phoneWrong = phoneError(next, '请输入新手机号');
    if (phoneWrong) {
      setErrors({ phone: phoneWrong });
      return;
    }
    if (await act(api.call(authApi.sendNewPhoneCode, { query: { phone: next }, method: 'POST' }), `验证码已发送至 ${mask(next)}`)) startNew();
  };
  const submit = async () => {
    const e: Record<string, string> = {};
    if (!/^\d{6}$/.test(oldCode)) e.oldCode = '请输入原手机号收到的 6 位验证码';
    const phoneWrong = phoneError(next, '请输入新手机号');
    if (phoneWrong) e.phone = phoneWrong;
    if (!/^\d{6}$/.test(newCode)) e.newCode = '请输入新手机号收到的 6 位验证码';
    setErrors(e);
    if (Object.keys(e).length) return;
    if (await act(api.call(authApi.changePhone, { query: { newPhone: next, newValidateCode: newCode, oldValidateCode: oldCode }, method: 'POST' }), '手机号已更换')) {
      updateSession({ phone: next });
      onDone();
    }
  };
  const { onSubmit, blocked } = useGuardedSubmit(submit);
  return (
    <Dialog open title="更换手机号" width={480} onClose={onClose}>
      <form className="hr-form hr-form--single" onSubmit={onSubmit} noValidate>
        <Field label={`原手机号 ${mask(phone)} 的验证码`} required error={errors.oldCode} htmlFor="acc-old-code">
          <input id="acc-old-code" className="hr-input" inputMode="numeric" maxLength={6} value={oldCode} onChange={(e) => setOldCode(e.target.value.replace(/\D/g, ''))} />
          <Button onClick={() => void sendOld()} disabled={oldLeft > 0}>
            {oldLeft > 0 ? `${oldLeft} 秒后重新获取` : '获取验证码'}
          </Button>
        </Field>
        <Field label="新手机号" required error={errors.phone} htmlFor="acc-new-phone">
          <input id="acc-new-phone" className="hr-input" type="tel" inputMode="numeric" maxLength={11} value={next} onChange={(e) => setNext(e.target.value.replace(/\D/g, ''))} />
        </Field>
        <Field label="新手机号的验证码" required error={errors.newCode} htmlFor="acc-new-code">
          <input id="acc-new-code" className="hr-input" inputMode="numeric" maxLength={6} value={newCode} onChange={(e) => setNewCode(e.target.value.replace(/\D/g, ''))} />
          <Button onClick={() => void sendNew()} disabled={newLeft > 0}>
            {newLeft > 0 ? `${newLeft} 秒后重新获取` : '获取验证码'}
          </Button>
        </Field>
        <div className="hr-form__actions" style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="primary" disabled={blocked}>
            确认更换
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Login() {
  const me = useLoad(() => api.call(authApi.currentUser), []);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [email, setEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState('');
  const [pwd, setPwd] = useState({ old: '', next: '', again: '' });
  const [pwdErrors, setPwdErrors] = useState<Record<string, string | undefined>>({});
  const emailForm = useGuardedSubmit(async () => {
    const v = (email ?? me.data?.email ?? '').trim();
    if (!EMAIL.test(v)) {
      setEmailError(v ? '邮箱格式不正确' : '请输入邮箱');
      return;
    }
    setEmailError('');
    if (await act(api.call(authApi.changeEmail, { body: { email: v } }), '邮箱已修改')) void me.reload();
  });
  const pwdForm = useGuardedSubmit(async () => {
    const e = { old: pwd.old ? undefined : '请输入原密码', ...checkPassword(pwd.next, pwd.again) };
    setPwdErrors(e);
    if (Object.values(e).some(Boolean)) return;
    if (await act(api.call(authApi.changePassword, { query: { oldPwd: passwordDigest(pwd.old), newPwd: passwordDigest(pwd.next) }, method: 'POST' }))) {
      // The server ended every session of the account: log in again with the new password.
      flash('success', '密码已修改，请使用新密码重新登录');
      await logout();
      window.location.assign(paths.loginFor('hr'));
    }
  });
  if (!me.data) return <ListState loading={me.loading} error={me.error} empty onRetry={me.reload}>{null}</ListState>;
  return (
    <>
      <Facts
        items={[
          ['账号类型', '企业 HR'],
          [
            '手机号',
            <>
              {me.data.phone}{' '}
              <Button variant="text" onClick={() => setPhoneOpen(true)}>
                更换手机号
              </Button>
            </>,
          ],
        ]}
      />
      <form className="hr-toolbar" style={{ marginTop: 16 }} onSubmit={emailForm.onSubmit} noValidate aria-label="邮箱">
        <label htmlFor="acc-email" className="hr-muted">邮箱</label>
        <input id="acc-email" className="hr-input" type="email" maxLength={100} placeholder="用于接收通知" value={email ?? me.data.email} aria-invalid={emailError ? true : undefined} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" disabled={emailForm.blocked}>保存邮箱</Button>
        {emailError ? <span className="hr-field__error" role="alert">{emailError}</span> : null}
      </form>
      <h3 className="hr-section__title" style={{ marginTop: 24 }}>修改密码</h3>
      <form className="hr-form" onSubmit={pwdForm.onSubmit} noValidate aria-label="修改密码">
        <Field label="原密码" required error={pwdErrors.old} htmlFor="acc-pwd-old">
          <input id="acc-pwd-old" className="hr-input" type="password" autoComplete="current-password" maxLength={64} value={pwd.old} onChange={(e) => setPwd((p) => ({ ...p, old: e.target.value }))} />
        </Field>
        <span aria-hidden="true" />
        <Field label="新密码" required error={pwdErrors.password} hint={PASSWORD_HINT} htmlFor="acc-pwd-new">
          <input id="acc-pwd-new" className="hr-input" type="password" autoComplete="new-password" maxLength={20} value={pwd.next} onChange={(e) => setPwd((p) => ({ ...p, next: e.target.value }))} />
        </Field>
        <Field label="确认新密码" required error={pwdErrors.password2} htmlFor="acc-pwd-again">
          <input id="acc-pwd-again" className="hr-input" type="password" autoComplete="new-password" maxLength={20} value={pwd.again} onChange={(e) => setPwd((p) => ({ ...p, again: e.target.value }))} />
        </Field>
        <div className="hr-form__actions">
          <Button type="submit" variant="primary" disabled={pwdForm.blocked}>
            修改密码
          </Button>
        </div>
      </form>
      {phoneOpen ? (
        <PhoneDialog
          phone={me.data.phone}
          onClose={() => setPhoneOpen(false)}
          onDone={() => {
            setPhoneOpen(false);
            void me.reload();
          }}
        />
      ) : null}
    </>
  );
}

function SubAccountDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [f, setF] = useState({ phone: '', xm: '', zw: '', pwd: '', pwd2: '' });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const e: Record<string, string | undefined> = {
      phone: phoneError(f.phone, '请输入同事的手机号'),
      xm: f.xm.trim() ? undefined : '请输入同事的姓名',
      ...checkPassword(f.pwd, f.pwd2),
    };
    setErrors(e);
    if (Object.values(e).some(Boolean)) return;
    if (await act(api.call(companiesApi.addSubAccount, { body: { phone: f.phone, pwd: passwordDigest(f.pwd), xm: f.xm.trim(), ...(f.zw.trim() ? { zw: f.zw.trim() } : {}) } }), true)) onDone();
  });
  const input = (k: keyof typeof f, label: string, required: boolean, error: string | undefined, props: Record<string, unknown> = {}) => (
    <Field label={label} required={required} error={error} htmlFor={`sub-${k}`}>
      <input id={`sub-${k}`} className="hr-input" value={f[k]} onChange={(e) => setF((p) => ({ ...p, [k]: e.target.value }))} aria-invalid={error ? true : undefined} {...props} />
    </Field>
  );
  return (
    <Dialog open title="为同事开通子账号" width={520} onClose={onClose}>
      <form className="hr-form hr-form--single" onSubmit={onSubmit} noValidate>
        <p className="hr-muted hr-small" style={{ margin: 0 }}>开通后同事可用该手机号和密码登录，直接加入本单位。</p>
        {input('phone', '手机号', true, errors.phone, { type: 'tel', maxLength: 11, inputMode: 'numeric' })}
        {input('xm', '姓名', true, errors.xm, { maxLength: 30 })}
        {input('zw', '职务', false, undefined, { maxLength: 30 })}
        {input('pwd', '初始密码', true, errors.password, { type: 'password', maxLength: 20, autoComplete: 'new-password' })}
        {input('pwd2', '确认密码', true, errors.password2, { type: 'password', maxLength: 20, autoComplete: 'new-password' })}
        <div className="hr-form__actions" style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="primary" disabled={blocked}>
            开通
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Colleagues() {
  const { hr } = useHr();
  const approved = hr.shzt === 1;
  const [tab, setTab] = useState<1 | 2 | 3>(1);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const colleagues = useLoad(() => api.call(companiesApi.colleagues), []);
  const requests = useLoad(() => api.call(companiesApi.joinRequests, { query: { sqzt: tab, page, limit: 10 } }), [tab, page]);
  const review = async (hrid: string, shzt: 1 | 2) => {
    if (await act(api.call(companiesApi.joinReview, { query: { dwid: hr.dwid, hrid, shzt }, method: 'POST' }), true)) {
      void requests.reload();
      void colleagues.reload();
    }
  };
  const data = requests.data?.page;
  return (
    <>
      <div className="hr-toolbar">
        <span className="hr-muted">已加入本单位的同事 {colleagues.data?.list.length ?? 0} 人</span>
        <div className="hr-toolbar__right">
          {approved ? (
            <Button variant="primary" onClick={() => setAdding(true)}>
              开通子账号
            </Button>
          ) : null}
        </div>
      </div>
      <ListState loading={colleagues.loading} error={colleagues.error} empty={!colleagues.data?.list.length} emptyText="还没有同事加入本单位" onRetry={colleagues.reload}>
        <div className="hr-toolbar">
          {colleagues.data?.list.map((c) => (
            <Tag key={c.hrid} tone="primary">
              {c.xm}
              {c.zw ? ` / ${c.zw}` : ''}
            </Tag>
          ))}
        </div>
      </ListState>
      <h3 className="hr-section__title" style={{ marginTop: 16 }}>加入申请</h3>
      <Tabs
        label="申请状态"
        active={String(tab) as '1' | '2' | '3'}
        onChange={(k) => {
          setTab(Number(k) as 1 | 2 | 3);
          setPage(1);
        }}
        items={[
          { key: '1', label: '待审核' },
          { key: '2', label: '已同意' },
          { key: '3', label: '已拒绝' },
        ]}
      />
      <ListState loading={requests.loading} error={requests.error} empty={!data?.list.length} emptyText="暂无申请" onRetry={requests.reload}>
        {data?.list.map((r) => (
          <div className="hr-card" key={r.hrid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                {r.xm || '未填写姓名'} {r.zw ? <span className="hr-muted">{r.zw}</span> : null}
              </p>
              <p className="hr-card__meta">
                <span>{r.phone}</span>
                <span>申请于 {minutes(r.sqsj)}</span>
              </p>
            </div>
            {r.sqzt === 1 && approved ? (
              <div className="hr-card__side">
                <div className="hr-actions">
                  <GuardedButton variant="primary" onClick={() => void review(r.hrid, 1)}>
                    同意
                  </GuardedButton>
                  <GuardedButton onClick={() => void review(r.hrid, 2)}>拒绝</GuardedButton>
                </div>
              </div>
            ) : null}
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={requests.loading} />
      {adding ? (
        <SubAccountDialog
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            void colleagues.reload();
          }}
        />
      ) : null}
    </>
  );
}

function Page() {
  const { hr } = useHr();
  return (
    <>
      <section className="hr-section">
        <h2 className="hr-section__title">个人信息</h2>
        <Profile />
      </section>
      <section className="hr-section">
        <h2 className="hr-section__title">登录账号</h2>
        <Login />
      </section>
      {hr.dwid && hr.shzt !== -1 ? (
        <section className="hr-section">
          <h2 className="hr-section__title">同事管理 · {hr.dwmc}</h2>
          <Colleagues />
        </section>
      ) : null}
      <CloseAccount roleId="hr" phone={hr.phone} className="hr-section" titleClassName="hr-section__title" />
    </>
  );
}

export default function Account() {
  return (
    <HrGate>
      <Page />
    </HrGate>
  );
}
