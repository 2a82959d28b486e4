/** wjlx: what a file is for. */
export const FileKind = {
  resume: 10, // 附件简历
  logo: 20, // 单位 logo
  licence: 30, // 营业执照
  avatar: 40, // 头像
  feedback: 50, // 反馈图片
  chat: 60, // 聊天文件
} as const;
export type FileKindValue = (typeof FileKind)[keyof typeof FileKind];

/**
 * What an extension promises about the content. `detected` is what file-type reports from the
 * magic bytes (null: plain text, which has none); a file whose content is not what its extension
 * says is refused.
 */
interface TypeRule {
  detected: string[] | null;
  mime: string;
}
export const TYPES: Record<string, TypeRule> = {
  jpg: { detected: ['jpg'], mime: 'image/jpeg' },
  jpeg: { detected: ['jpg'], mime: 'image/jpeg' },
  png: { detected: ['png'], mime: 'image/png' },
  gif: { detected: ['gif'], mime: 'image/gif' },
  webp: { detected: ['webp'], mime: 'image/webp' },
  pdf: { detected: ['pdf'], mime: 'application/pdf' },
  // Word 97–2003, Excel and PowerPoint files are OLE compound files
  doc: { detected: ['cfb'], mime: 'application/msword' },
  docx: { detected: ['docx'], mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { detected: ['cfb'], mime: 'application/vnd.ms-excel' },
  xlsx: { detected: ['xlsx'], mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ppt: { detected: ['cfb'], mime: 'application/vnd.ms-powerpoint' },
  pptx: { detected: ['pptx'], mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  mp4: { detected: ['mp4', 'm4v'], mime: 'video/mp4' },
  zip: { detected: ['zip'], mime: 'application/zip' },
  txt: { detected: null, mime: 'text/plain; charset=utf-8' },
};

/** Shown inline by the browser; everything else is sent as a download. */
export const INLINE_MIME = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'video/mp4']);

const MB = 1024 * 1024;

/**
 * An upload scope: the first segment of every storage key, naming what may be uploaded under it.
 * The same rules are checked when the bytes arrive (own host) and when the file is registered.
 */
export interface Scope {
  name: string;
  kinds: FileKindValue[];
  /** extensions allowed, per kind */
  exts: Partial<Record<FileKindValue, string[]>>;
  maxBytes: number;
  /** readable only by the owner and those a private-file rule admits */
  private: boolean;
  /** how the limit reads in messages */
  label: string;
}

const IMAGES = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
// The spec's picker accepts any file; the server keeps attachment résumés to document and image
// formats an HR can open, and says so in its message.
const RESUME = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'];

export const SCOPES: Record<string, Scope> = {
  resume: { name: 'resume', kinds: [10], exts: { 10: RESUME }, maxBytes: 10 * MB, private: true, label: '10MB' },
  avatar: { name: 'avatar', kinds: [40], exts: { 40: IMAGES }, maxBytes: 2 * MB, private: false, label: '2MB' },
  // HR uploads the logo and the licence through one credential (the older client asks once)
  company: { name: 'company', kinds: [20, 30], exts: { 20: IMAGES, 30: ['jpg', 'jpeg', 'png', 'pdf'] }, maxBytes: 5 * MB, private: false, label: '5MB' },
  feedback: { name: 'feedback', kinds: [50], exts: { 50: ['jpg', 'jpeg', 'png'] }, maxBytes: 2 * MB, private: false, label: '2MB' },
  chat: {
    name: 'chat',
    kinds: [60],
    exts: { 60: [...IMAGES, 'mp4', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'txt'] },
    maxBytes: 20 * MB,
    private: false,
    label: '20MB',
  },
};

export const scopeExts = (scope: Scope) => [...new Set(Object.values(scope.exts).flat())];

/** Largest file any scope accepts: the multipart parser's hard limit. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(SCOPES).map((s) => s.maxBytes));

export function scopeForKind(kind: FileKindValue): Scope {
  return Object.values(SCOPES).find((s) => s.kinds.includes(kind))!;
}

export const KIND_NAMES: Record<number, string> = { 10: '附件简历', 20: '单位logo', 30: '营业执照', 40: '头像', 50: '反馈图片', 60: '聊天文件' };
