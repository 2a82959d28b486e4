/**
 * What other modules use of files: look a file up, check that a caller owns it, hand out upload
 * credentials and register uploads, and decide who may read a private file.
 */
import crypto from 'node:crypto';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { ID_PATTERN } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { badRequest, conflict } from '../../http/reply.js';
import type { User } from '../../http/user.js';
import type { Services } from '../../services.js';
import { KIND_NAMES, SCOPES, TYPES, scopeExts, type FileKindValue, type Scope } from './kinds.js';
import { HEAD_BYTES, readHead, storageOf, type StoredHead } from './storage.js';
import { fileByKey, fileOf, insertUpload, markFileDeleted, toRecord, type FileRecord } from './repo.js';
import { fileUrl } from './urls.js';

export { fileUrl, keyFromUrl, serverFileUrl } from './urls.js';
export { signedServerUrl } from './storage.js';
export { CHAT_KINDS, FileKind, SCOPES, chatFileMime, type ChatKind, type FileKindValue, type Scope } from './kinds.js';
export { fileByKey, fileColumns, fileOf, toRecord, type FileRecord } from './repo.js';
export {  contentDisposition } from './names.js';
import { cleanName, contentDisposition } from './names.js';

/**
 * The file, if `userId` uploaded it and it is one of `kinds`; otherwise a 400 in Chinese. Used
 * wherever a request names a file id (avatar, logo, licence, attachment résumé on an application).
 */
export async function assertFileOwned(db: Db, fileId: string, userId: string, kinds: readonly number[]): Promise<FileRecord> {
  const f = await fileOf(db, fileId);
  if (!f || f.ownerId !== userId) throw badRequest('文件不存在或不属于当前用户');
  if (!kinds.includes(f.kind)) throw badRequest(`文件类型不符：需要${kinds.map((k) => KIND_NAMES[k] ?? k).join('或')}`);
  return f;
}

/**
 * A rule that lets someone other than the owner read a private file (for instance: HR of an
 * enterprise the owner applied to). The modules that own such relations give theirs to the files
 * module when the server is put together (modules/index.ts).
 */
export type PrivateFileRule = (db: Db, file: FileRecord, user: User) => Promise<boolean>;

/** Public files: anyone. Private files: the owner, then whoever one of the rules admits. */
export async function canReadFile(db: Db, file: FileRecord, user: User | null, rules: readonly PrivateFileRule[]): Promise<boolean> {
  if (!file.private) return true;
  if (!user) return false;
  if (file.ownerId === user.id) return true;
  for (const rule of rules) if (await rule(db, file, user)) return true;
  return false;
}

/** A URL the caller can open: the plain one for public files, a short-lived signed one for private files. */
export async function readableUrl(s: Pick<Services, 'config' | 'secret'>, file: FileRecord, ttlSeconds = 600): Promise<string> {
  if (!file.private) return fileUrl(s.config, file.storageKey);
  return storageOf(s.config, s.secret).privateUrl(file.storageKey, ttlSeconds);
}

// ---------------------------------------------------------------------------------------------
// Upload credentials (getOssKey) and registration (save)

/** The upload credential of spec section 7 (info: accessid, policy, signature, dir, host, upid). */
export interface UploadInfo {
  accessid: string;
  policy: string;
  signature: string;
  /** key prefix: the key posted must be dir + file name */
  dir: string;
  host: string;
  /** this upload's id, part of dir */
  upid: string;
  /** expiry, unix seconds */
  expire: number;
  /** form fields to post besides key and file (file last) */
  fields: Record<string, string>;
  /** largest file accepted, bytes */
  maxSize: number;
  /** extensions accepted */
  accept: string[];
}

const UPLOAD_TTL_SECONDS = 15 * 60;

/** Issues a signed policy for `scope`, valid for ttl seconds, for files under a fresh prefix of the caller. */
export function issueUploadPolicy(
  s: Pick<Services, 'config' | 'secret'>,
  ownerId: string | null,
  scope: Scope,
  opts: { ttlSeconds?: number; now?: Date } = {},
): UploadInfo {
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + (opts.ttlSeconds ?? UPLOAD_TTL_SECONDS) * 1000);
  const upid = crypto.randomBytes(16).toString('hex');
  const month = now.toISOString().slice(0, 7).replace('-', '');
  const dir = `${scope.name}/${ownerId ?? 'anon'}/${month}/${upid}/`;
  const c = storageOf(s.config, s.secret).credential(dir, 1, scope.maxBytes, expiresAt);
  return {
    accessid: c.accessid,
    policy: c.policy,
    signature: c.signature,
    dir,
    host: c.host,
    upid,
    expire: Math.floor(expiresAt.getTime() / 1000),
    fields: c.fields,
    maxSize: scope.maxBytes,
    accept: scopeExts(scope),
  };
}

export interface ParsedKey {
  scope: Scope;
  /** user id, or 'anon' */
  owner: string;
  upid: string;
  /** the file name the browser chose */
  name: string;
  /** lower-case extension */
  ext: string;
}

// The owner part is a user id as `Id` takes it (ID_PATTERN without its anchors).
const KEY_RE = new RegExp(`^([a-z]+)/(anon|${ID_PATTERN.slice(1, -1)})/(\\d{6})/([0-9a-f]{32})/([^/]+)$`);

/** The parts of a storage key we issued, or null for anything else (including path tricks). */
export function parseKey(key: string): ParsedKey | null {
  if (typeof key !== 'string' || key.length > 400) return null;
  const m = KEY_RE.exec(key);
  if (!m) return null;
  const scope = SCOPES[m[1]];
  const name = m[5];
  if (!scope || !validFileName(name)) return null;
  return { scope, owner: m[2], upid: m[4], name, ext: extOf(name) };
}

function validFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length >= 1 && name.length <= 120 && !/[\\\x00-\x1f\x7f]/.test(name) && !name.startsWith('.') && /\.[A-Za-z0-9]{1,8}$/.test(name);
}

const extOf = (name: string) => (/\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1] ?? '').toLowerCase();

const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10}MB`;

/**
 * Checks stored bytes against what the key promises: size within the scope's limit, extension
 * allowed for the kind, and content (magic bytes) matching the extension. Returns the real mime.
 */
export async function checkContent(stored: StoredHead, ext: string, scope: Scope, kind?: FileKindValue): Promise<string> {
  const allowed = kind ? (scope.exts[kind] ?? []) : scopeExts(scope);
  if (!allowed.includes(ext)) throw badRequest(`不支持的文件格式 .${ext}，仅支持：${allowed.join('、')}`);
  if (stored.size < 1) throw badRequest('文件为空');
  if (stored.size > scope.maxBytes) throw badRequest(`文件大小不能超过 ${scope.label}（当前 ${mb(stored.size)}）`);
  const rule = TYPES[ext];
  const detected = stored.localFile ? await fileTypeFromFile(stored.localFile) : await fileTypeFromBuffer(stored.head);
  if (rule.detected === null) {
    const head = stored.localFile && stored.head.length < Math.min(stored.size, HEAD_BYTES) ? await readHead(stored.localFile) : stored.head;
    if (detected || !isText({ ...stored, head })) throw badRequest(`文件内容与扩展名 .${ext} 不符`);
  } else if (!detected || !rule.detected.includes(detected.ext)) {
    throw badRequest(`文件内容与扩展名 .${ext} 不符${detected ? `（实际为 ${detected.ext}）` : ''}`);
  }
  return rule.mime;
}

function isText(stored: StoredHead): boolean {
  let head = stored.head;
  if (head.includes(0)) return false;
  // a head cut inside a multi-byte character is still text
  if (stored.size > head.length) head = head.subarray(0, Math.max(0, head.length - 3));
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head);
    return true;
  } catch {
    return false;
  }
}

export interface UploadInput {
  /** keyName: the key the browser posted to */
  keyName: string;
  /** upid from the credential; when sent it must match the key */
  upid?: string;
  /** wjmc: display name; defaults to the key's file name */
  wjmc?: string;
  /** wjbm */
  wjbm?: string;
}

/**
 * Registers an uploaded object as a file of `kind` owned by `ownerId` (null: an anonymous
 * visitor). The key must be one we issued to that owner for a scope that takes the kind; the
 * stored bytes are checked again (size, type by content), and a file that fails is deleted.
 */
export async function registerUpload(
  s: Pick<Services, 'config' | 'secret' | 'db'>,
  ownerId: string | null,
  input: UploadInput,
  kind: FileKindValue,
  opts: { companyId?: string | null } = {},
): Promise<FileRecord> {
  const key = parseKey(input.keyName);
  if (!key || key.owner !== (ownerId ?? 'anon')) throw badRequest('文件地址无效，请重新上传');
  if (input.upid && input.upid !== key.upid) throw badRequest('上传凭证与文件不符，请重新上传');
  if (!key.scope.kinds.includes(kind)) throw badRequest(`该上传凭证不能用于${KIND_NAMES[kind]}`);
  if (await fileByKey(s.db, input.keyName)) throw conflict('该文件已登记，请勿重复提交');

  const storage = storageOf(s.config, s.secret);
  const stored = await storage.inspect(input.keyName);
  if (!stored) throw badRequest('文件尚未上传成功，请重新上传');
  let mime: string;
  try {
    mime = await checkContent(stored, key.ext, key.scope, kind);
  } catch (err) {
    await storage.remove(input.keyName);
    throw err;
  }
  const name = cleanName(input.wjmc ?? '') || key.name;
  await storage.finalize(input.keyName, mime, contentDisposition(mime, name));

  const r = await insertUpload(s.db, {
    ownerId,
    companyId: opts.companyId ?? null,
    kind,
    name,
    alias: cleanName(input.wjbm ?? ''),
    ext: key.ext,
    size: stored.size,
    mime,
    storageKey: input.keyName,
    private: key.scope.private,
  });
  if (!r) throw conflict('该文件已登记，请勿重复提交');
  return toRecord(r);
}

/** Marks a file deleted and removes its bytes. */
export async function deleteFile(s: Pick<Services, 'config' | 'secret' | 'db'>, file: FileRecord): Promise<void> {
  await markFileDeleted(s.db, file.id);
  await storageOf(s.config, s.secret).remove(file.storageKey);
}

export { receiveFile } from './receive.js';
export { openStoredFile } from './read.js';
