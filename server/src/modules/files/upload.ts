import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { type AppError, badRequest, conflict, forbidden } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { checkContent, fileByKey, parseKey } from './public.js';
import { scopeExts } from './kinds.js';
import { localPath, localRoot, localSignature } from './storage.js';

interface LocalPolicy {
  expiresAt: Date;
  prefix: string;
  minBytes: number;
  maxBytes: number;
}

/** Reads the policy we signed; null for anything malformed. */
function readPolicy(base64: string): LocalPolicy | null {
  try {
    const doc = JSON.parse(Buffer.from(base64, 'base64').toString('utf8')) as { expiration?: unknown; conditions?: unknown };
    if (typeof doc.expiration !== 'string' || !Array.isArray(doc.conditions)) return null;
    const expiresAt = new Date(doc.expiration);
    let prefix: string | null = null;
    let range: [number, number] | null = null;
    for (const c of doc.conditions) {
      if (Array.isArray(c) && c[0] === 'starts-with' && c[1] === '$key' && typeof c[2] === 'string') prefix = c[2];
      if (Array.isArray(c) && c[0] === 'content-length-range' && Number.isInteger(c[1]) && Number.isInteger(c[2])) range = [c[1], c[2]];
    }
    if (Number.isNaN(expiresAt.getTime()) || !prefix || !range) return null;
    return { expiresAt, prefix, minBytes: range[0], maxBytes: range[1] };
  } catch {
    return null;
  }
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function fieldOf(part: MultipartFile, ...names: string[]): string | undefined {
  for (const n of names) {
    const f = part.fields[n];
    const v = Array.isArray(f) ? f[0] : f;
    if (v && v.type === 'field') return String(v.value);
  }
  return undefined;
}

async function drain(part: MultipartFile) {
  for await (const _ of part.file) void _;
}

/**
 * The server's own upload host: the browser posts the credential's fields, `key` and the file
 * (fields first). Checked before anything is kept: signature, expiry, key prefix and name,
 * size range, and the content's real type against the key's extension.
 */
export async function receiveUpload(s: Services, req: FastifyRequest): Promise<{ key: string; size: number }> {
  if (s.config.s3) throw badRequest('文件存储在对象存储中，请按上传凭证的地址提交');
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 表单上传文件');
  const part = await req.file();
  if (!part) throw badRequest('缺少上传的文件');

  // Any refusal below must still read the rest of the body, or the browser sees a reset, not our answer.
  const refuse = async (err: AppError): Promise<never> => {
    await drain(part);
    throw err;
  };
  const policyText = fieldOf(part, 'policy', 'Policy');
  const signature = fieldOf(part, 'signature', 'Signature');
  const key = fieldOf(part, 'key');
  if (!policyText || !signature || !key) return refuse(badRequest('缺少上传凭证：policy、signature、key 须在文件之前提交'));
  if (!sameHex(signature, localSignature(s.secret, policyText))) return refuse(forbidden('上传凭证签名无效'));
  const policy = readPolicy(policyText);
  if (!policy) return refuse(forbidden('上传凭证无效'));
  if (policy.expiresAt.getTime() <= Date.now()) return refuse(forbidden('上传凭证已过期，请重新获取'));
  if (!key.startsWith(policy.prefix)) return refuse(forbidden('文件地址不在上传凭证允许的目录内'));
  const parsed = parseKey(key);
  if (!parsed || `${policy.prefix}${parsed.name}` !== key) return refuse(badRequest('文件名无效：需带扩展名，且不能含 / \\ 等字符'));
  const accepted = scopeExts(parsed.scope);
  if (!accepted.includes(parsed.ext)) return refuse(badRequest(`不支持的文件格式 .${parsed.ext}，仅支持：${accepted.join('、')}`));
  const target = localPath(s.config, key);
  if (fs.existsSync(target) || (await fileByKey(s.db, key))) return refuse(conflict('该文件已上传，请勿重复提交'));

  const tmpDir = path.join(localRoot(s.config), '.tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, crypto.randomBytes(12).toString('hex'));
  let size = 0;
  let tooBig = false;
  const out = fs.createWriteStream(tmp);
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > policy.maxBytes) {
        tooBig = true;
        continue; // keep reading so the answer reaches the browser
      }
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
    if (tooBig || part.file.truncated) throw badRequest(`文件大小不能超过 ${parsed.scope.label}`);
    if (size < policy.minBytes) throw badRequest('文件为空');
    const head = Buffer.alloc(0);
    await checkContent({ size, head, localFile: tmp }, parsed.ext, parsed.scope);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(tmp, target);
    return { key, size };
  } finally {
    out.destroy();
    await fs.promises.rm(tmp, { force: true });
  }
}
