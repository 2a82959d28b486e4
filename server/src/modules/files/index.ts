import crypto from 'node:crypto';
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import { MAX_RESUME_ATTACHMENTS, RESUME_ATTACHMENTS_FULL_MSG, filesApi, identityApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import { rows, sql, type Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import type { Module } from '../index.js';
import { companyOfHr } from '../companies/public.js';
import {
  canReadFile,
  type PrivateFileRule,
  contentDisposition,
  deleteFile,
  fileByKey,
  fileColumns,
  fileOf,
  issueUploadPolicy,
  parseKey,
  readableUrl,
  registerUpload,
  toRecord,
  type FileRecord,
  type FileKindValue,
} from './public.js';
import { MAX_UPLOAD_BYTES, SCOPES } from './kinds.js';
import { localRoot, localUrlSignature, storageOf, sweepLocalOrphans } from './storage.js';
import { receiveUpload } from './upload.js';
import { fileUrl } from './urls.js';
import type { FastifyInstance } from 'fastify';

/** At most this many attachment résumés per job seeker (spec: picker max 3). */
export const MAX_RESUMES = MAX_RESUME_ATTACHMENTS;

async function myFile(s: Services, f: FileRecord) {
  return {
    bsid: f.id,
    wjid: f.id,
    wjlx: f.kind,
    wjmc: f.name,
    wjbm: f.alias,
    wjgs: f.ext,
    wjdx: f.size,
    fileUrl: await readableUrl(s, f),
    createTime: f.createdAt,
  };
}

async function filesWhere(db: Db, where: ReturnType<typeof sql>): Promise<FileRecord[]> {
  const list = await rows<Parameters<typeof toRecord>[0]>(db, sql`select ${fileColumns} from files where deleted_at is null and ${where} order by created_at desc, id desc`);
  return list.map(toRecord);
}

/** The bytes of a refused registration are not kept. */
async function discardUpload(s: Services, key: string, ownerId: string) {
  const p = parseKey(key);
  if (p && p.owner === ownerId && !(await fileByKey(s.db, key))) await storageOf(s.config, s.secret).remove(key);
}

/** The expiry (unix seconds) of a valid signed link to `key`, or 0. */
function signedUntil(s: Services, key: string, q: Record<string, string | undefined>): number {
  const e = Number(q.e);
  if (!Number.isInteger(e) || e < Date.now() / 1000 || typeof q.s !== 'string') return 0;
  const want = localUrlSignature(s.secret, key, e);
  return q.s.length === want.length && crypto.timingSafeEqual(Buffer.from(q.s), Buffer.from(want)) ? e : 0;
}

/** Who besides the owner may read a private file: the rules of the modules that know. */
export interface FilesNeeds {
  privateFileRules: readonly PrivateFileRule[];
}

export function filesModule(needs: FilesNeeds): Module {
  return { name: 'files', dependencies: ['auth'], register: (app, s) => register(app, s, needs) };
}

async function register(app: FastifyInstance, s: Services, needs: FilesNeeds): Promise<void> {
  if (!s.config.s3) {
    // uploads nobody registered within a day are dropped (a bucket does this with a lifecycle rule)
    const sweep = () =>
      sweepLocalOrphans(s.config, async (key) => (await fileByKey(s.db, key)) !== null).catch((err) => s.log.warn({ err }, 'orphan upload sweep failed'));
    const timer = setInterval(sweep, 6 * 3600_000);
    timer.unref();
    s.onClose(() => clearInterval(timer));
  }
  // The server's own upload host; multipart parsing only here.
  await app.register(async (child) => {
    await child.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 24, headerPairs: 100 },
    });
    child.addHook('onRequest', async (req, reply) => {
      // far beyond any limit: answer before reading a byte
      if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + 1024 * 1024) {
        reply.header('connection', 'close');
        throw badRequest(`文件大小超过上限（最大 ${MAX_UPLOAD_BYTES / 1024 / 1024}MB）`);
      }
    });
    handle(child, s, filesApi.upload, async ({ req }) => ({ msg: '上传成功', ...(await receiveUpload(s, req)) }));
  });

  // Files by storage key: public ones to anyone, private ones with a signed link or to whoever
  // may read them. Every answer says nosniff; the stored type (found from the content) and a
  // disposition that opens only known-safe images, video and PDF in the browser, anything else
  // as a download, so no upload ever runs as a page of this origin.
  fs.mkdirSync(localRoot(s.config), { recursive: true });
  await app.register(async (scope) => {
    // Ranges (video seeking), ETag and Last-Modified; the type is ours, not the extension's.
    await scope.register(fastifyStatic, { root: localRoot(s.config), serve: false, contentType: false, cacheControl: false, index: false, dotfiles: 'deny' });
    scope.get('/api/files/*', { schema: { hide: true } }, async (req, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      const key = (req.params as { '*': string })['*'];
      const file = await fileByKey(s.db, key);
      if (!file) throw notFound('文件不存在');
      let cache = 'public, max-age=31536000, immutable';
      if (file.private) {
        const until = signedUntil(s, key, req.query as Record<string, string>);
        if (until) {
          // a signed link names the same bytes until it expires: the browser may keep them that long
          cache = `private, max-age=${Math.max(0, Math.min(86400, Math.floor(until - Date.now() / 1000)))}`;
        } else {
          const user = await s.sessions.userOf(req);
          if (!user) throw forbidden('链接已失效，请重新打开');
          if (!(await canReadFile(s.db, file, user, needs.privateFileRules))) throw forbidden('无权查看该文件');
          cache = 'private, no-store';
        }
      }
      if (s.config.s3) return reply.header('cache-control', 'private, no-store').redirect(await readableUrl(s, file));
      reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.mime, file.name))
        .header('cache-control', cache);
      return reply.sendFile(file.storageKey);
    });
  });

  handle(app, s, identityApi.seekerFile, async ({ user, params }) => {
    const f = await fileOf(s.db, params.id);
    if (!f) throw notFound('文件不存在');
    if (!(await canReadFile(s.db, f, user, needs.privateFileRules))) throw forbidden('无权查看该文件');
    return { fileUrl: await readableUrl(s, f) };
  });

  // --- job seekers: attachment résumés and avatar -------------------------------------------

  handle(app, s, filesApi.seekerOssKey, async ({ user, query }) => {
    // At the limit the upload is refused here, before a byte is sent (save checks again, under a lock).
    if (query.fileType === 10) {
      const n = await rows<{ n: number }>(s.db, sql`select count(*)::int as n from files where owner_id = ${user.id} and kind = 10 and deleted_at is null`);
      if (n[0].n >= MAX_RESUMES) throw conflict(RESUME_ATTACHMENTS_FULL_MSG);
    }
    return { info: issueUploadPolicy(s, user.id, query.fileType === 40 ? SCOPES.avatar : SCOPES.resume) };
  });

  handle(app, s, filesApi.seekerSave, async ({ user, body }) => {
    const kind = Number(body.wjlx) as FileKindValue;
    let f: FileRecord;
    if (kind === 10) {
      // The count and the insert hold one lock per person, so two tabs cannot both add a fourth.
      // (Inside the transaction only tx may be used: PGlite has a single connection.)
      const r = await s.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:resume:${user.id}`}))`);
        const n = await rows<{ n: number }>(tx, sql`select count(*)::int as n from files where owner_id = ${user.id} and kind = 10 and deleted_at is null`);
        if (n[0].n >= MAX_RESUMES) return null;
        return registerUpload({ ...s, db: tx as unknown as Db }, user.id, body, 10);
      });
      if (!r) {
        await discardUpload(s, body.keyName, user.id);
        throw conflict(RESUME_ATTACHMENTS_FULL_MSG);
      }
      f = r;
    } else {
      f = await registerUpload(s, user.id, body, 40);
    }
    const file = await myFile(s, f);
    return { msg: '上传成功', wjid: f.id, fileUrl: file.fileUrl, file };
  });

  handle(app, s, filesApi.seekerList, async ({ user, query }) => {
    const list = await filesWhere(s.db, sql`owner_id = ${user.id} and kind = ${query.fileType}`);
    // generated résumés (30) carry showPhone: the newest is the one the client offers (list is newest first)
    return { fileList: await Promise.all(list.map(async (f, i) => ({ ...(await myFile(s, f)), ...(f.kind === 30 ? { showPhone: i === 0 ? 1 : 0 } : {}) }))) };
  });

  handle(app, s, filesApi.seekerDelete, async ({ user, params }) => {
    const f = await fileOf(s.db, params.bsid);
    if (!f || f.ownerId !== user.id || ![10, 30, 40].includes(f.kind)) throw notFound('文件不存在');
    await deleteFile(s, f);
    return { msg: '删除成功' };
  });

  handle(app, s, filesApi.seekerRename, async ({ user, query }) => {
    const f = await fileOf(s.db, query.bsid);
    if (!f || f.ownerId !== user.id) throw notFound('文件不存在');
    let name = query.wjmc.replace(/[\x00-\x1f\x7f/\\]/g, '').trim();
    if (!name) throw badRequest('文件名称不能为空');
    // keep the extension, so that a download still opens with the right program
    if (f.ext && !name.toLowerCase().endsWith(`.${f.ext}`)) name = `${name}.${f.ext}`;
    await s.db.execute(sql`update files set name = ${name} where id = ${f.id}`);
    return { msg: '修改成功', wjmc: name };
  });

  handle(app, s, filesApi.userLogos, async ({ body }) => {
    const urls: Record<string, string> = Object.fromEntries(body.map((id) => [id, '']));
    if (body.length) {
      // A job seeker's avatar, an HR's enterprise logo (spec: the bar shows the logo for HR).
      const ids = sql.join(body.map((id) => sql`${id}`), sql`, `);
      const found = await rows<{ id: string; storage_key: string }>(
        s.db,
        sql`select p.user_id::text as id, f.storage_key from seeker_profiles p join files f on f.id = p.avatar_file_id and f.deleted_at is null
            where p.user_id in (${ids})
            union all
            select h.user_id::text as id, f.storage_key from hr_profiles h join companies c on c.id = h.company_id
              join files f on f.id = c.logo_file_id and f.deleted_at is null
            where h.user_id in (${ids}) and h.join_state in (0, 2)`,
      );
      for (const x of found) urls[x.id] = fileUrl(s.config, x.storage_key);
    }
    return { urls };
  });

  // --- HR: logo and licence ----------------------------------------------------------------

  handle(app, s, filesApi.hrOssKey, async ({ user }) => ({ info: issueUploadPolicy(s, user.id, SCOPES.company) }));

  handle(app, s, filesApi.hrSave, async ({ user, body }) => {
    const kind = Number(body.fileType) as 20 | 30;
    const company = await companyOfHr(s.db, user.id);
    if (body.dwid && body.dwid !== company?.id) {
      await discardUpload(s, body.keyName, user.id);
      throw forbidden('只能上传本单位的文件');
    }
    // Before an enterprise exists the file is the HR's; registering the enterprise names it.
    const f = await registerUpload(s, user.id, body, kind, { companyId: company?.id ?? null });
    const file = await myFile(s, f);
    return { msg: '上传成功', wjid: f.id, fileUrl: file.fileUrl, file };
  });

  handle(app, s, filesApi.hrFiles, async ({ user }) => {
    const company = await companyOfHr(s.db, user.id);
    const mine = company ? sql`(owner_id = ${user.id} or company_id = ${company.id})` : sql`owner_id = ${user.id}`;
    const list = await filesWhere(s.db, sql`${mine} and kind in (20, 30)`);
    // Oldest first, a bare array: the previous client maps it and takes the last logo.
    const out = await Promise.all(list.reverse().map((f) => myFile(s, f)));
    return { page: out };
  });

  handle(app, s, filesApi.hrDelete, async ({ user, query }) => {
    const f = await fileOf(s.db, query.bsid);
    if (!f || f.ownerId !== user.id || (f.kind !== 20 && f.kind !== 30)) throw notFound('文件不存在');
    const inUse = await rows(s.db, sql`select 1 from companies where logo_file_id = ${f.id} or licence_file_id = ${f.id} limit 1`);
    if (inUse.length) throw conflict('该文件正在作为单位 logo 或营业执照使用，不能删除');
    await deleteFile(s, f);
    return { msg: '删除成功' };
  });
}

