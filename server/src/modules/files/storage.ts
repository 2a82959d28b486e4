import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config.js';
import { s3PostFields } from './sigv4.js';
import { encodeKey, serverFileUrl } from './urls.js';

/** The first bytes of a stored object (enough for file-type) and its whole size. */
export interface StoredHead {
  size: number;
  head: Buffer;
  /** on the server's own disk: the whole file, so detection may read past the head */
  localFile?: string;
}

interface PostCredential {
  /** where the browser posts the multipart form */
  host: string;
  /** access key id ('zp' on the server's own host) */
  accessid: string;
  policy: string;
  signature: string;
  /** every form field to post besides `key` and `file` */
  fields: Record<string, string>;
}

/** Where uploaded bytes live: the server's own disk by default, an S3-compatible bucket by config. */
export interface Storage {
  kind: 'local' | 's3';
  credential(keyPrefix: string, minBytes: number, maxBytes: number, expiresAt: Date): PostCredential;
  inspect(key: string): Promise<StoredHead | null>;
  /**
   * Stores a file the server itself received and checked (chat files arrive at the server), with
   * the type and disposition it is to be served with. The local file is moved or read, then gone.
   */
  put(key: string, localFile: string, mime: string, disposition: string): Promise<void>;
  /** After the content was checked: give the object its real type (S3 keeps what the form said). */
  finalize(key: string, mime: string, disposition: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** A URL that opens a private file for a short while. */
  privateUrl(key: string, ttlSeconds: number): Promise<string>;
}

// zip-based formats (docx, xlsx) are told apart by their first entries, which can run past 4 KB
export const HEAD_BYTES = 64 * 1024;

export async function readHead(file: string): Promise<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}


/** Keys on the server's own host sign with a key derived from the server secret, never the secret itself. */
const deriveKey = (secret: string, purpose: string) => crypto.createHmac('sha256', secret).update(`zp-files:${purpose}`).digest();

export function localSignature(secret: string, base64Policy: string): string {
  return crypto.createHmac('sha256', deriveKey(secret, 'upload-policy')).update(base64Policy).digest('hex');
}

export function localUrlSignature(secret: string, key: string, expires: number): string {
  return crypto.createHmac('sha256', deriveKey(secret, 'private-url')).update(`${key}\n${expires}`).digest('hex');
}

/**
 * A link to a private file through the server's own route, valid until `expires` (unix seconds)
 * for whoever holds it. The route checks the signature, then serves the file from disk or sends
 * the asker on to a presigned bucket link.
 */
export function signedServerUrl(config: Config, secret: string, key: string, expires: number): string {
  return `${serverFileUrl(config, key)}?e=${expires}&s=${localUrlSignature(secret, key, expires)}`;
}

export function localRoot(config: Config) {
  return path.join(config.dataDir, 'files');
}

/** Absolute path of a key under the files root; keys are validated before, this is the last guard. */
export function localPath(config: Config, key: string): string {
  const root = localRoot(config);
  const p = path.join(root, ...key.split('/'));
  if (!p.startsWith(root + path.sep)) throw new Error(`key escapes the files root: ${key}`);
  return p;
}

function localStorage(config: Config, secret: string): Storage {
  return {
    kind: 'local',
    credential(keyPrefix, minBytes, maxBytes, expiresAt) {
      const doc = {
        expiration: expiresAt.toISOString(),
        conditions: [['starts-with', '$key', keyPrefix], ['content-length-range', minBytes, maxBytes], { success_action_status: '200' }],
      };
      const policy = Buffer.from(JSON.stringify(doc), 'utf8').toString('base64');
      const signature = localSignature(secret, policy);
      return {
        host: `${config.publicUrl}/api/files/upload`,
        accessid: 'zp',
        policy,
        signature,
        fields: { success_action_status: '200', policy, signature },
      };
    },
    async inspect(key) {
      const file = localPath(config, key);
      let fh: fs.promises.FileHandle;
      try {
        fh = await fs.promises.open(file, 'r');
      } catch {
        return null;
      }
      try {
        const { size } = await fh.stat();
        const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
        await fh.read(head, 0, head.length, 0);
        return { size, head, localFile: file };
      } finally {
        await fh.close();
      }
    },
    async put(key, localFile) {
      const target = localPath(config, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(localFile, target);
      } catch {
        // another file system: copy, then drop the original
        await fs.promises.copyFile(localFile, target);
        await fs.promises.rm(localFile, { force: true });
      }
    },
    async finalize() {
      // the upload endpoint already checked the bytes and the file is served with its stored type
    },
    async remove(key) {
      await fs.promises.rm(localPath(config, key), { force: true });
    },
    async privateUrl(key, ttlSeconds) {
      return signedServerUrl(config, secret, key, Math.floor(Date.now() / 1000) + ttlSeconds);
    },
  };
}

function s3Storage(s3: NonNullable<Config['s3']>): Storage {
  const aws = new AwsClient({ accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey, service: 's3', region: s3.region });
  const bucketUrl = `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`;
  const objectUrl = (key: string) => `${bucketUrl}/${encodeKey(key)}`;

  return {
    kind: 's3',
    credential(keyPrefix, minBytes, maxBytes, expiresAt) {
      const r = s3PostFields({
        bucket: s3.bucket,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        region: s3.region,
        keyPrefix,
        minBytes,
        maxBytes,
        expiresAt,
        now: new Date(),
      });
      return { host: bucketUrl, accessid: s3.accessKey, ...r };
    },
    async inspect(key) {
      const res = await aws.fetch(objectUrl(key), { method: 'GET', headers: { Range: `bytes=0-${HEAD_BYTES - 1}` } });
      if (res.status === 404 || res.status === 403) {
        await res.body?.cancel();
        return null;
      }
      if (res.status === 416) return { size: 0, head: Buffer.alloc(0) };
      if (res.status !== 200 && res.status !== 206) {
        const text = await res.text();
        throw new Error(`S3 GET ${key}: ${res.status} ${text.slice(0, 200)}`);
      }
      const head = Buffer.from(await res.arrayBuffer()).subarray(0, HEAD_BYTES);
      const range = res.headers.get('content-range'); // bytes 0-65535/123456
      const size = range ? Number(range.split('/')[1]) : Number(res.headers.get('content-length') ?? head.length);
      return { size, head };
    },
    async put(key, localFile, mime, disposition) {
      // A file-backed Blob: streamed from disk, and readable again should the client retry.
      const body = await fs.openAsBlob(localFile);
      const res = await aws.fetch(objectUrl(key), { method: 'PUT', body, headers: { 'content-type': mime, 'content-disposition': disposition } });
      const text = await res.text();
      if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status} ${text.slice(0, 200)}`);
      await fs.promises.rm(localFile, { force: true });
    },
    async finalize(key, mime, disposition) {
      const res = await aws.fetch(objectUrl(key), {
        method: 'PUT',
        headers: {
          'x-amz-copy-source': `/${s3.bucket}/${encodeKey(key)}`,
          'x-amz-metadata-directive': 'REPLACE',
          'content-type': mime,
          'content-disposition': disposition,
        },
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`S3 copy ${key}: ${res.status} ${text.slice(0, 200)}`);
    },
    async remove(key) {
      const res = await aws.fetch(objectUrl(key), { method: 'DELETE' });
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
    },
    async privateUrl(key, ttlSeconds) {
      const u = new URL(objectUrl(key));
      u.searchParams.set('X-Amz-Expires', String(ttlSeconds));
      const signed = await aws.sign(u.toString(), { method: 'GET', aws: { signQuery: true } });
      return signed.url;
    },
  };
}

const cache = new WeakMap<Config, Storage>();
/** One storage per server (config object); tests run several servers in one process. */
export function storageOf(config: Config, secret: string): Storage {
  let s = cache.get(config);
  if (!s) {
    s = config.s3 ? s3Storage(config.s3) : localStorage(config, secret);
    cache.set(config, s);
  }
  return s;
}

/**
 * Removes from the server's own disk what was uploaded but never registered (a closed tab, a
 * refused save) once it is older than `olderThanMs`: every file under the root whose key names
 * no live file. Returns how many were removed.
 */
export async function sweepLocalOrphans(config: Config, isRegistered: (key: string) => Promise<boolean>, olderThanMs = 24 * 3600_000): Promise<number> {
  const root = localRoot(config);
  if (!fs.existsSync(root)) return 0;
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const entry of await fs.promises.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    const stat = await fs.promises.stat(full).catch(() => null);
    if (!stat || stat.mtimeMs > cutoff) continue;
    if (!key.startsWith('.tmp/') && (await isRegistered(key))) continue;
    await fs.promises.rm(full, { force: true });
    removed++;
  }
  return removed;
}
