/**
 * The phone, SMS code and password (typed twice) that registering and setting a forgotten
 * password both ask for: their values, their checks and their fields, with the password rule the
 * account pages use as well.
 */
import { useState } from 'react';
import { isApiError } from '@zp/core/client';
import { COMMON_PASSWORDS } from '@zp/core/routes';
import { Field, invalid } from '../seeker/Field';
import { CodeButton, useCodeSender } from './SmsCode';
import { phoneError as phoneRule } from '@zp/core/rules/phone';

const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{6,20}$/;
export const PASSWORD_HINT = '6-20 位，须同时包含字母和数字';

export function checkPassword(password: string, again: string): { password?: string; password2?: string } {
  const e: { password?: string; password2?: string } = {};
  if (!password) e.password = '请输入密码';
  else if (!PASSWORD_RULE.test(password)) e.password = '密码须为 6-20 位并同时包含字母和数字';
  if (!again) e.password2 = '请再次输入密码';
  else if (password && again !== password) e.password2 = '两次输入的密码不一致';
  return e;
}

/** The server's refusal of the new password itself (one of the most common ones), to show at the password field; undefined for any other failure. */
export function passwordRefused(err: unknown): string | undefined {
  return isApiError(err) && err.msg === COMMON_PASSWORDS.msg ? err.msg : undefined;
}

/** The fields in the order a form goes through them (the first with an error takes the focus). */
export const CREDENTIAL_KEYS = ['phone', 'code', 'password', 'password2'] as const;
export type CredentialKey = (typeof CREDENTIAL_KEYS)[number];
export type CredentialErrors = Partial<Record<CredentialKey, string>>;

/** The four values and what checks them; `requestCode` asks the server to text a code to the phone. */
export function useCredentials(requestCode: (phone: string) => Promise<unknown>) {
  const [values, setValues] = useState<Record<CredentialKey, string>>({ phone: '', code: '', password: '', password2: '' });
  const codes = useCodeSender();
  const phoneError = () => phoneRule(values.phone);
  return {
    values,
    set: (key: CredentialKey, value: string) => setValues((v) => ({ ...v, [key]: value })),
    codes,
    phoneError,
    /** The four fields' errors; no key is set when all are fine. */
    check(): CredentialErrors {
      const found: CredentialErrors = { phone: phoneError(), ...checkPassword(values.password, values.password2) };
      if (!values.code) found.code = '请输入验证码';
      else if (!/^\d{6}$/.test(values.code)) found.code = '验证码为 6 位数字';
      return found;
    },
    sendCode: () => codes.send(() => requestCode(values.phone)),
  };
}

/** The words that differ between the forms. */
export interface CredentialWords {
  phonePlaceholder: string;
  password: string;
  passwordPlaceholder: string;
  password2: string;
  password2Placeholder: string;
}

/** The four fields, their ids `<prefix>-phone`, `<prefix>-code`, `<prefix>-password`, `<prefix>-password2`. */
export function CredentialFields({
  prefix,
  credentials: c,
  errors,
  onPhoneChecked,
  words,
}: {
  prefix: string;
  credentials: ReturnType<typeof useCredentials>;
  errors: CredentialErrors;
  /** the phone was checked to ask for a code: its error, or undefined when it is fine */
  onPhoneChecked: (error: string | undefined) => void;
  words: CredentialWords;
}) {
  const id = (key: CredentialKey) => `${prefix}-${key}`;
  const digits = (key: CredentialKey) => (e: { target: { value: string } }) => c.set(key, e.target.value.replace(/\D/g, ''));
  const sendCode = async () => {
    const e = c.phoneError();
    onPhoneChecked(e);
    if (e) {
      document.getElementById(id('phone'))?.focus();
      return;
    }
    await c.sendCode();
  };
  return (
    <>
      <Field id={id('phone')} label="手机号" error={errors.phone} required>
        <input id={id('phone')} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} placeholder={words.phonePlaceholder} value={c.values.phone} onChange={digits('phone')} {...invalid(id('phone'), errors.phone)} />
      </Field>
      <Field id={id('code')} label="验证码" error={errors.code} required>
        <div className="form-field__row">
          <input id={id('code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="请输入 6 位验证码" value={c.values.code} onChange={digits('code')} {...invalid(id('code'), errors.code)} />
          <CodeButton left={c.codes.left} sending={c.codes.sending} onClick={sendCode} />
        </div>
      </Field>
      <Field id={id('password')} label={words.password} error={errors.password} required hint={errors.password ? undefined : PASSWORD_HINT}>
        <input id={id('password')} type="password" autoComplete="new-password" maxLength={20} placeholder={words.passwordPlaceholder} value={c.values.password} onChange={(e) => c.set('password', e.target.value)} {...invalid(id('password'), errors.password)} />
      </Field>
      <Field id={id('password2')} label={words.password2} error={errors.password2} required>
        <input id={id('password2')} type="password" autoComplete="new-password" maxLength={20} placeholder={words.password2Placeholder} value={c.values.password2} onChange={(e) => c.set('password2', e.target.value)} {...invalid(id('password2'), errors.password2)} />
      </Field>
    </>
  );
}
