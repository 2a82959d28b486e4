/** A mainland mobile number: 11 digits from 13x to 19x (accounts, SMS codes, contact fields). */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';
export const PHONE = new RegExp(PHONE_PATTERN);
export const isPhone = (s: string): boolean => PHONE.test(s);
export const PHONE_FORMAT_MSG = '手机号格式不正确';
/** What a phone field says: nothing when valid, `empty` when blank, else the format message. */
export const phoneError = (value: string, empty = '请输入手机号'): string | undefined =>
  !value ? empty : isPhone(value) ? undefined : PHONE_FORMAT_MSG;
