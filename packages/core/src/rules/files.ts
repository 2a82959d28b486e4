/**
 * What may be uploaded, per kind of file (wjlx): formats and size. The server checks them by
 * content when the bytes arrive and when the file is registered; pages and widgets check the
 * same numbers before sending, and say them in the same words.
 */
const MB = 1024 * 1024;

/** wjlx: what a file is for. */
export const FILE_KINDS = {
  resume: 10, // 附件简历
  logo: 20, // 单位 logo
  licence: 30, // 营业执照
  avatar: 40, // 头像
  feedback: 50, // 反馈图片
  chat: 60, // 聊天文件
  recording: 70, // 视频面试录像
} as const;
export type FileKindValue = (typeof FILE_KINDS)[keyof typeof FILE_KINDS];

const IMAGES = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
// The spec's picker accepts any file; attachment résumés are kept to document and image formats
// an HR can open, and the refusal says so.
const RESUME = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'];

export interface UploadRule {
  kinds: FileKindValue[];
  /** extensions allowed, per kind */
  exts: Partial<Record<FileKindValue, string[]>>;
  maxBytes: number;
  /** how the limit reads in messages */
  label: string;
}

/** Upload scopes: the first segment of every storage key, naming what may be uploaded under it. */
export const UPLOAD_RULES: Record<'resume' | 'avatar' | 'company' | 'feedback', UploadRule> = {
  resume: { kinds: [10], exts: { 10: RESUME }, maxBytes: 10 * MB, label: '10MB' },
  avatar: { kinds: [40], exts: { 40: IMAGES }, maxBytes: 2 * MB, label: '2MB' },
  // HR uploads the logo and the licence through one credential (the older client asks once)
  company: { kinds: [20, 30], exts: { 20: IMAGES, 30: ['jpg', 'jpeg', 'png', 'pdf'] }, maxBytes: 5 * MB, label: '5MB' },
  feedback: { kinds: [50], exts: { 50: ['jpg', 'jpeg', 'png'] }, maxBytes: 2 * MB, label: '2MB' },
};

/** Chat files (wjlx 60) by the kind of message that carries them: the largest each may be. */
export const CHAT_FILE_MAX_BYTES = { image: 20 * MB, video: 100 * MB, sound: 20 * MB, file: 100 * MB } as const;
