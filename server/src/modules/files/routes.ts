/**
 * The files module's routes: handlers only; the rules are in the use cases and public.ts, the SQL
 * in repo.ts. Besides the contract routes, the server's own upload host and the files it serves.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { filesApi, identityApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { badRequest, forbidden, notFound, replyAfter } from '../../http/reply.js';
import type { Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import { deleteHrFile, deleteSeekerFile } from './delete-own-file.js';
import { MAX_UPLOAD_BYTES, SCOPES } from './kinds.js';
import { canReadFile, type PrivateFileRule, contentDisposition, fileByKey, fileOf, issueUploadPolicy, readableUrl, type FileRecord } from './public.js';
import { renameFile } from './rename-file.js';
import { avatarAndLogoKeys, hrFiles, seekerFiles } from './repo.js';
import { saveHrFile } from './save-hr-file.js';
import { saveSeekerFile, seekerUploadPolicy } from './save-seeker-file.js';
import { localRoot, localUrlSignature, sweepLocalOrphans } from './storage.js';
import { receiveUpload } from './upload.js';
import { fileUrl } from './urls.js';

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
  /** The enterprise an HR has joined (companies module); null before they have one. */
  companyOfHr(db: Db, hrId: string): Promise<{ id: string } | null>;
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
  const uploadHost: FastifyPluginAsync = async (child) => {
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
  };
  await app.register(uploadHost);

  // Files by storage key: public ones to anyone, private ones with a signed link or to whoever
  // may read them. Every answer says nosniff; the stored type (found from the content) and a
  // disposition that opens only known-safe images, video and PDF in the browser, anything else
  // as a download, so no upload ever runs as a page of this origin.
  fs.mkdirSync(localRoot(s.config), { recursive: true });
  const localFiles: FastifyPluginAsync = async (scope) => {
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
  };
  await app.register(localFiles);

  handle(app, s, identityApi.seekerFile, async ({ user, params }) => {
    const f = await fileOf(s.db, params.id);
    if (!f) throw notFound('文件不存在');
    if (!(await canReadFile(s.db, f, user, needs.privateFileRules))) throw forbidden('无权查看该文件');
    return { fileUrl: await readableUrl(s, f) };
  });

  // --- job seekers: attachment résumés and avatar -------------------------------------------

  handle(app, s, filesApi.seekerOssKey, async ({ user, query }) => ({ info: await seekerUploadPolicy(s, user.id, query.fileType) }));

  handle(app, s, filesApi.seekerSave, async ({ user, body }) => {
    const f = await saveSeekerFile(s, user.id, body);
    const file = await myFile(s, f);
    return { msg: '上传成功', wjid: f.id, fileUrl: file.fileUrl, file };
  });

  handle(app, s, filesApi.seekerList, async ({ user, query }) => {
    const list = await seekerFiles(s.db, user.id, query.fileType);
    // generated résumés (30) carry showPhone: the newest is the one the client offers (list is newest first)
    return { fileList: await Promise.all(list.map(async (f, i) => ({ ...(await myFile(s, f)), ...(f.kind === 30 ? { showPhone: i === 0 ? 1 : 0 } : {}) }))) };
  });

  handle(app, s, filesApi.seekerDelete, ({ user, params }) => replyAfter(deleteSeekerFile(s, user.id, params.bsid), { msg: '删除成功' }));

  handle(app, s, filesApi.seekerRename, async ({ user, query }) => ({ msg: '修改成功', wjmc: await renameFile(s, user.id, query.bsid, query.wjmc) }));

  handle(app, s, filesApi.userLogos, async ({ body }) => {
    const urls: Record<string, string> = Object.fromEntries(body.map((id) => [id, '']));
    if (body.length) {
      const found = await avatarAndLogoKeys(s.db, body);
      for (const x of found) urls[x.id] = fileUrl(s.config, x.storage_key);
    }
    return { urls };
  });

  // --- HR: logo and licence ----------------------------------------------------------------

  handle(app, s, filesApi.hrOssKey, async ({ user }) => ({ info: issueUploadPolicy(s, user.id, SCOPES.company) }));

  handle(app, s, filesApi.hrSave, async ({ user, body }) => {
    const f = await saveHrFile(s, user.id, (await needs.companyOfHr(s.db, user.id))?.id ?? null, body);
    const file = await myFile(s, f);
    return { msg: '上传成功', wjid: f.id, fileUrl: file.fileUrl, file };
  });

  handle(app, s, filesApi.hrFiles, async ({ user }) => {
    const company = await needs.companyOfHr(s.db, user.id);
    const list = await hrFiles(s.db, user.id, company?.id ?? null);
    // Oldest first, a bare array: the previous client maps it and takes the last logo.
    const out = await Promise.all(list.reverse().map((f) => myFile(s, f)));
    return { page: out };
  });

  handle(app, s, filesApi.hrDelete, ({ user, query }) => replyAfter(deleteHrFile(s, user.id, query.bsid), { msg: '删除成功' }));
}

