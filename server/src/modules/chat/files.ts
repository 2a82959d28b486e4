/**
 * Chat files (images, files, video, voice): kept by the files module (its storage: disk, or the
 * bucket when S3_* is set; its table, wjlx 60) as private files of the conversations they are
 * sent in.
 *
 * - Upload: the content decides what a file is (magic bytes, CHAT_KINDS); images and mp4 video
 *   keep their type, everything else is stored as bytes to download, never as a page.
 * - A message stores a stable reference, the server's own address of the file without a
 *   signature; every message that leaves the server (pushes, history, sync, conversation list)
 *   carries it signed, valid for a week, so only members, who may read the messages, get a
 *   working link. A link that expired in an open page is renewed by reading the message again.
 * - A member with a session may also open the plain reference (chatFileRule).
 */
import type { Readable } from 'node:stream';
import type { WireMessage } from '@zp/core/contract';
import { one, sql, type Db } from '../../db/index.js';
import { badRequest } from '../../http/reply.js';
import type { Services } from '../../services.js';
import {
  CHAT_KINDS, FileKind, chatFileMime, fileByKey, keyFromUrl, receiveFile, serverFileUrl, signedServerUrl, type ChatKind, type PrivateFileRule,
} from '../files/public.js';
import { refuse } from './common.js';

const MB = 1024 * 1024;

/** Where chat files were served before they moved to the files module; such links in old messages still resolve. */
const LEGACY_PREFIX = '/api/chat/files/';

/** Stores one uploaded chat file and returns a link the uploader can use at once. */
export async function storeChatFile(
  s: Services,
  f: { ownerId: string; kind: ChatKind; name: string; body: Readable },
): Promise<{ url: string; size: number; uuid: string; name: string }> {
  const rule = CHAT_KINDS[f.kind];
  const file = await receiveFile(s, {
    ownerId: f.ownerId,
    kind: FileKind.chat,
    scope: 'chat',
    name: f.name,
    body: f.body,
    maxBytes: rule.maxBytes,
    tooBig: `${rule.label}不能超过 ${rule.maxBytes / MB} MB`,
    private: true,
    check({ detected }) {
      const allowed: readonly string[] | null = rule.detected;
      if (allowed && (!detected || !allowed.includes(detected.ext))) {
        throw badRequest(`不支持的${rule.label}格式${detected ? `（实际为 ${detected.ext}）` : ''}：${rule.formats}`);
      }
      const ext = f.kind === 'video' ? 'mp4' : allowed && detected ? detected.ext : 'bin';
      return { mime: chatFileMime(f.kind, detected), ext };
    },
  });
  return { url: signedServerUrl(s.config, s.secret, file.storageKey, chatLinkExpiry()), size: file.size, uuid: file.id, name: file.name };
}

// ---------------------------------------------------------------------------------------------
// Links in messages

/** A chat file link lasts at least this long after the message was read. */
export const CHAT_LINK_TTL_SECONDS = 7 * 86400;
const DAY = 86400;

/** Rounded up to whole days, so that one day's links to a file are the same URL (the browser keeps what it loaded). */
function chatLinkExpiry(nowSeconds = Date.now() / 1000): number {
  return Math.ceil((nowSeconds + CHAT_LINK_TTL_SECONDS) / DAY) * DAY;
}

const FILE_MESSAGES = new Set(['TIMImageElem', 'TIMFileElem', 'TIMVideoFileElem', 'TIMSoundElem']);

/** The payload with each file link replaced by `fn(link)` (a copy; the same payload for other messages). */
function mapLinks(type: string, payload: Record<string, unknown>, fn: (url: string) => string): Record<string, unknown> {
  const p = payload;
  switch (type) {
    case 'TIMImageElem':
      return {
        ...p,
        imageInfoArray: Array.isArray(p.imageInfoArray)
          ? (p.imageInfoArray as Record<string, unknown>[]).map((i) => ({ ...i, url: fn(String(i.url ?? '')) }))
          : p.imageInfoArray,
      };
    case 'TIMFileElem':
      return { ...p, fileUrl: fn(String(p.fileUrl ?? '')) };
    case 'TIMVideoFileElem':
      return { ...p, videoUrl: fn(String(p.videoUrl ?? '')), ...(p.thumbUrl ? { thumbUrl: fn(String(p.thumbUrl)) } : {}) };
    case 'TIMSoundElem':
      return { ...p, url: fn(String(p.url ?? '')) };
    default:
      return payload;
  }
}

/** The storage key of a chat file a link points to (signed or not, this server's or the bucket's, or an old /api/chat/files/ link); null for anything else. */
function chatFileKey(s: Pick<Services, 'config'>, url: string): string | null {
  const clean = url.split(/[?#]/)[0];
  let key: string | null;
  const legacy = clean.indexOf(LEGACY_PREFIX);
  if (legacy >= 0) {
    try {
      key = `chat/${clean.slice(legacy + LEGACY_PREFIX.length).split('/').map(decodeURIComponent).join('/')}`;
    } catch {
      key = null;
    }
  } else {
    key = keyFromUrl(s.config, clean);
  }
  return key?.startsWith('chat/') && !key.split('/').some((x) => x === '..' || x === '.' || x === '') ? key : null;
}

/**
 * Checks the files a message to be sent refers to, and stores stable references in place of the
 * links: each must be a chat file the sender uploaded, or one of a conversation the sender is in
 * (forwarding). Any other link (another site, a file of someone else's conversation) is refused.
 * Returns the payload to store and the files it refers to.
 */
export async function checkMessageFiles(
  s: Pick<Services, 'config' | 'db'>,
  senderId: string,
  type: string,
  payload: Record<string, unknown>,
): Promise<{ payload: Record<string, unknown>; fileIds: string[] }> {
  if (!FILE_MESSAGES.has(type)) return { payload, fileIds: [] };
  const keys = new Map<string, string>();
  mapLinks(type, payload, (url) => {
    keys.set(url, '');
    return url;
  });
  const fileIds: string[] = [];
  for (const url of keys.keys()) {
    const key = chatFileKey(s, url);
    const file = key ? await fileByKey(s.db, key) : null;
    if (!key || !file || file.kind !== FileKind.chat) throw refuse('badRequest', '文件地址无效，请重新上传后发送');
    if (file.ownerId !== senderId && !(await memberOfFile(s.db, file.id, senderId))) throw refuse('badRequest', '无权发送该文件，请重新上传后发送');
    keys.set(url, serverFileUrl(s.config, key));
    fileIds.push(file.id);
  }
  return { payload: mapLinks(type, payload, (url) => keys.get(url)!), fileIds: [...new Set(fileIds)] };
}

/** Records that these files were sent in `conv`, whose members may then read them. */
export async function linkMessageFiles(db: Db, fileIds: string[], conv: string): Promise<void> {
  for (const id of fileIds) await db.execute(sql`insert into chat_file_refs (file_id, conv) values (${id}, ${conv}) on conflict do nothing`);
}

/** The message (or a conversation's lastMessage) with its file links signed for whoever reads it. */
export function signMessageFiles<T extends Pick<WireMessage, 'type' | 'payload'> | null>(s: Pick<Services, 'config' | 'secret'>, m: T): T {
  if (!m || !FILE_MESSAGES.has(m.type)) return m;
  const expires = chatLinkExpiry();
  return {
    ...m,
    payload: mapLinks(m.type, m.payload as Record<string, unknown>, (url) => {
      const key = chatFileKey(s, url);
      return key ? signedServerUrl(s.config, s.secret, key, expires) : url;
    }),
  };
}

/** True when the user is in a conversation (the two of a C2C, the members of a group) the file was sent in. */
async function memberOfFile(db: Db, fileId: string, userId: string): Promise<boolean> {
  const r = await one(
    db,
    sql`select 1 as ok from chat_file_refs r
        where r.file_id = ${fileId} and (
          (r.conv like 'c:%' and ${userId}::text in (split_part(r.conv, ':', 2), split_part(r.conv, ':', 3)))
          or (r.conv like 'g:%' and exists (select 1 from chat_group_members m where m.group_id = substr(r.conv, 3) and m.user_id = ${userId}::bigint)))
        limit 1`,
  );
  return !!r;
}

/** A member of a conversation a chat file was sent in may read it with a session, like its sender. */
export const chatFileRule: PrivateFileRule = async (db, file, user) => file.kind === FileKind.chat && (await memberOfFile(db, file.id, user.id));
