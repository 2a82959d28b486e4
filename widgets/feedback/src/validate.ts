/** The feedback rules of spec section 5, kept apart from the UI so they can be tested alone. */
import { isPhone } from '@zp/core/rules/phone';
import { UPLOAD_RULES } from '@zp/core/rules/files';

const IMAGE = UPLOAD_RULES.feedback;

/** wtlx: the three categories (spec section 3). */
export const CATEGORIES = [
  { value: 10, label: '功能建议' },
  { value: 20, label: '性能建议' },
  { value: 30, label: '其他' },
] as const;
export type Category = (typeof CATEGORIES)[number]['value'];

export const MAX_TEXT = 500;
export const MAX_IMAGE_BYTES = IMAGE.maxBytes;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg'];
export const HISTORY_PAGE_SIZE = 10;

export const MSG = {
  category: '请选择问题类型',
  content: '请输入问题内容',
  contentTooLong: `问题内容不能超过 ${MAX_TEXT} 字`,
  phone: '请输入联系方式',
  phoneFormat: '请输入正确的手机号',
  imageType: '上传图片只能是图片格式!',
  imageSize: `上传图片大小不能超过 ${IMAGE.label}!`,
  done: '提交成功',
} as const;

export interface FeedbackInput {
  wtlx: Category | null;
  wtms: string;
  phone: string;
}
export type FeedbackErrors = Partial<Record<keyof FeedbackInput, string>>;

/** Errors of the form: category and content always, the phone only from someone not logged in. */
export function validateFeedback(input: FeedbackInput, loggedIn: boolean): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (input.wtlx === null) errors.wtlx = MSG.category;
  if (!input.wtms.trim()) errors.wtms = MSG.content;
  else if (input.wtms.length > MAX_TEXT) errors.wtms = MSG.contentTooLong;
  if (!loggedIn) {
    if (!input.phone.trim()) errors.phone = MSG.phone;
    else if (!isPhone(input.phone.trim())) errors.phone = MSG.phoneFormat;
  }
  return errors;
}

/** Why an image may not be attached (UPLOAD_RULES.feedback: jpeg/png/jpg, its size), or null when it may. */
export function checkImage(file: { type: string; size: number; name?: string }): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name ?? '')?.[1]?.toLowerCase();
  const typeOk = IMAGE_TYPES.includes(file.type.toLowerCase()) || (!file.type && (ext === 'jpg' || ext === 'jpeg' || ext === 'png'));
  if (!typeOk) return MSG.imageType;
  if (file.size >= MAX_IMAGE_BYTES) return MSG.imageSize;
  return null;
}

export const categoryName = (wtlx: number) => CATEGORIES.find((c) => c.value === wtlx)?.label ?? '其他';
