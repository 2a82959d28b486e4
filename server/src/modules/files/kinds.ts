import { CHAT_FILE_MAX_BYTES, FILE_KINDS, UPLOAD_RULES, type FileKindValue, type UploadRule } from '@zp/core/rules/files';

export type { FileKindValue };
/** wjlx: what a file is for. */
export const FileKind = FILE_KINDS;

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

/**
 * An upload scope: the first segment of every storage key, naming what may be uploaded under it.
 * The same rules are checked when the bytes arrive (own host) and when the file is registered.
 */
export interface Scope extends UploadRule {
  name: string;
  /** readable only by the owner and those a private-file rule admits */
  private: boolean;
}

export const SCOPES: Record<string, Scope> = {
  resume: { name: 'resume', ...UPLOAD_RULES.resume, private: true },
  avatar: { name: 'avatar', ...UPLOAD_RULES.avatar, private: false },
  company: { name: 'company', ...UPLOAD_RULES.company, private: false },
  feedback: { name: 'feedback', ...UPLOAD_RULES.feedback, private: false },
};

/**
 * Chat files (wjlx 60) by the kind of message that carries them. The server receives them
 * itself (chat/files.ts) and keeps them private to the conversation. `detected`: the formats the
 * content (magic bytes) may be, null for a file message, which may carry anything. Images and
 * video keep their type (and open inline), audio its type; everything else is stored as
 * application/octet-stream, and nothing but images and video is ever sent other than as a download.
 */
export interface ChatKindRule {
  maxBytes: number;
  detected: string[] | null;
  /** what the refusal of another format says */
  formats: string;
  label: string;
}
export const CHAT_KINDS = {
  image: { maxBytes: CHAT_FILE_MAX_BYTES.image, detected: ['jpg', 'png', 'gif', 'webp'], formats: '仅支持 JPG、PNG、GIF、WEBP 图片', label: '图片' },
  video: { maxBytes: CHAT_FILE_MAX_BYTES.video, detected: ['mp4', 'm4v'], formats: '仅支持 MP4 视频', label: '视频' },
  sound: { maxBytes: CHAT_FILE_MAX_BYTES.sound, detected: ['mp3', 'm4a', 'aac', 'wav', 'ogg', 'opus', 'amr'], formats: '仅支持 MP3、M4A、AAC、WAV、OGG、AMR 语音', label: '语音' },
  file: { maxBytes: CHAT_FILE_MAX_BYTES.file, detected: null, formats: '', label: '文件' },
} as const satisfies Record<string, ChatKindRule>;
export type ChatKind = keyof typeof CHAT_KINDS;

/** The type a chat file is served with: images and video as what they are, the rest as bytes to download. */
export function chatFileMime(kind: ChatKind, detected: { ext: string; mime: string } | undefined): string {
  if (kind === 'image' && detected) return TYPES[detected.ext]?.mime ?? 'application/octet-stream';
  if (kind === 'video') return 'video/mp4';
  // audio is no active content; it is still sent as a download when opened as a page
  if (kind === 'sound' && detected?.mime.startsWith('audio/')) return detected.mime;
  return 'application/octet-stream';
}

export const scopeExts = (scope: Scope) => [...new Set(Object.values(scope.exts).flat())];

/** Largest file any scope accepts: the multipart parser's hard limit. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(SCOPES).map((s) => s.maxBytes));

export const KIND_NAMES: Record<number, string> = { 10: '附件简历', 20: '单位logo', 30: '营业执照', 40: '头像', 50: '反馈图片', 60: '聊天文件' };
