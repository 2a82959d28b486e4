import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { filesApi, identityApi } from '@zp/core/contract';
import { newPhone, startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { allActors, codesByRole, expectedCodes, type Actors } from '../../../test/roles.js';
import { postForm, samples, uploadAndSave, type UploadInfo } from '../../../test/uploads.js';
import { canReadFile, fileByKey, fileOf, issueUploadPolicy, SCOPES, type PrivateFileRule } from './public.js';
import { s3PostFields, signPolicy } from './sigv4.js';
import { localPath, localSignature, sweepLocalOrphans } from './storage.js';

const resume = (srv: TestServer, token: string, name: string, bytes: Buffer) =>
  uploadAndSave<ApiReply<typeof filesApi.seekerSave>>(srv, { token, ossKey: '/api/qz/qzFile/getOssKey', query: { fileType: 10 }, save: '/api/qz/qzFile/save', name, bytes, saveBody: { wjlx: 10 } });

describe('S3 POST policy signing (SigV4)', () => {
  it("reproduces the signature of AWS's published browser-upload example", () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sigv4-post-example.html: the policy as AWS encoded it and the signature it states
    const policy =
      'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9';
    expect(signPolicy(policy, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '20151229', 'us-east-1')).toBe(
      '8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e',
    );
  });

  it('issues a policy that limits key prefix, size and expiry, signed for its own date and region', () => {
    const now = new Date('2015-12-29T00:00:00Z');
    const r = s3PostFields({
      bucket: 'sigv4examplebucket', accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1',
      keyPrefix: 'resume/100001/201512/abc/', minBytes: 1, maxBytes: 10 * 1024 * 1024, expiresAt: new Date('2015-12-29T00:15:00Z'), now,
    });
    const doc = JSON.parse(Buffer.from(r.policy, 'base64').toString('utf8'));
    expect(doc.expiration).toBe('2015-12-29T00:15:00.000Z');
    expect(doc.conditions).toContainEqual(['starts-with', '$key', 'resume/100001/201512/abc/']);
    expect(doc.conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
    expect(doc.conditions).toContainEqual({ 'x-amz-credential': 'AKIAIOSFODNN7EXAMPLE/20151229/us-east-1/s3/aws4_request' });
    expect(r.fields['x-amz-date']).toBe('20151229T000000Z');
    expect(r.fields['x-amz-signature']).toBe(signPolicy(r.policy, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '20151229', 'us-east-1'));
  });
});

describe('files: upload, register, serve', () => {
  let srv: TestServer;
  let actors: Actors;
  let seeker: { token: string; userId: string };
  let other: { token: string; userId: string };

  beforeAll(async () => {
    srv = await startServer();
    actors = await allActors(srv);
    seeker = await srv.registerSeeker(newPhone());
    other = await srv.registerSeeker(newPhone());
  });
  afterAll(() => srv.close());
  // the server's last log lines explain a failure better than a timeout does
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') console.log(srv.logs.slice(-12).join('\n'));
  });

  it('takes an attachment résumé through credential, form post and save, and lists it', async () => {
    const { info, up, saved } = await resume(srv, seeker.token, '李明-简历.pdf', samples.pdf(2000));
    expect(info.host).toBe(`${srv.url}/api/files/upload`);
    expect(info.maxSize).toBe(10 * 1024 * 1024);
    expect(info.expire).toBeGreaterThan(Date.now() / 1000);
    expect(up.body).toMatchObject({ code: 0 });
    expect(saved.body).toMatchObject({ code: 0, file: { wjlx: 10, wjmc: '李明-简历.pdf', wjgs: 'pdf' } });

    const list = await srv.call<ApiReply<typeof filesApi.seekerList>>('/api/qz/qzFile/list', { token: seeker.token, query: { fileType: 10 } });
    expect(list.body.fileList.map((f: { wjmc: string }) => f.wjmc)).toEqual(['李明-简历.pdf']);
    expect(list.body.fileList[0].wjdx).toBe(samples.pdf(2000).length);
  });

  it('serves a private file only through a signed link or to its owner, with its real type', async () => {
    const { saved, keyName } = await resume(srv, seeker.token, 'cv.pdf', samples.pdf());
    const id = saved.body.wjid;
    const got = await srv.call<ApiReply<typeof identityApi.seekerFile>>(`/api/qz/qzFile/getFile/${id}`, { token: seeker.token });
    expect(got.body.code).toBe(0);
    const signed = await fetch(got.body.fileUrl);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await signed.arrayBuffer())).toEqual(samples.pdf());

    const plain = `${srv.url}/api/files/${keyName.split('/').map(encodeURIComponent).join('/')}`;
    expect((await fetch(plain)).status).toBe(403);
    expect((await fetch(plain, { headers: { token: other.token } })).status).toBe(403);
    expect((await fetch(plain, { headers: { token: seeker.token } })).status).toBe(200);
    // a link whose signature was altered opens nothing
    expect((await fetch(got.body.fileUrl.replace(/s=([0-9a-f])/, (_: string, c: string) => `s=${c === '0' ? '1' : '0'}`))).status).toBe(403);

    expect((await srv.call(`/api/qz/qzFile/getFile/${id}`, { token: other.token })).body.code).toBe(403);
    expect((await srv.call(`/api/qz/qzFile/getFile/${id}`, { token: actors.hrApproved.token })).body.code).toBe(403);
  });

  it('lets a private-file rule admit others besides the owner, and nobody it does not name', async () => {
    const { saved } = await resume(srv, seeker.token, 'for-hr.pdf', samples.pdf());
    const hrId = actors.hrApproved.userId;
    const rule: PrivateFileRule = async (_db, file, user) => file.id === saved.body.wjid && user.id === hrId;
    const file = (await fileOf(srv.app.services.db, saved.body.wjid))!;
    const as = (userId: string | null, role: 'qz' | 'hr') => ({ id: userId!, role }) as Parameters<PrivateFileRule>[2];
    expect(await canReadFile(srv.app.services.db, file, as(hrId, 'hr'), [rule])).toBe(true);
    expect(await canReadFile(srv.app.services.db, file, as(hrId, 'hr'), [])).toBe(false);
    expect(await canReadFile(srv.app.services.db, file, as(actors.hrUnapproved.userId, 'hr'), [rule])).toBe(false);
    expect(await canReadFile(srv.app.services.db, file, null, [rule])).toBe(false);
  });

  it('refuses a file whose content is not what its extension says, and keeps nothing', async () => {
    const seeker = await srv.registerSeeker(newPhone());
    const key = await srv.call<{ info: UploadInfo }>('/api/qz/qzFile/getOssKey', { token: seeker.token, query: { fileType: 10 } });
    const info = key.body.info;
    const exe = await postForm(info.host, info.fields, `${info.dir}resume.pdf`, samples.exe());
    expect(exe.body.code).toBe(400);
    expect(exe.body.msg).toContain('不符');
    const html = await postForm(info.host, info.fields, `${info.dir}photo.jpg`, samples.html());
    expect(html.body.code).toBe(400);
    expect(fs.existsSync(path.join(srv.app.services.config.dataDir, 'files', info.dir))).toBe(false);
    // and registering the key that was refused finds nothing
    const saved = await srv.call('/api/qz/qzFile/save', { token: seeker.token, body: { keyName: `${info.dir}resume.pdf`, wjlx: 10 } });
    expect(saved.body.code).toBe(400);
  });

  it('refuses formats outside the scope and names without an extension', async () => {
    // a seeker with room for an attachment (the shared one may be at the limit, where no credential is given)
    const fresh = await srv.registerSeeker(newPhone());
    const key = await srv.call<{ info: UploadInfo }>('/api/qz/qzFile/getOssKey', { token: fresh.token, query: { fileType: 10 } });
    const info = key.body.info;
    expect((await postForm(info.host, info.fields, `${info.dir}virus.exe`, samples.exe())).body.msg).toContain('不支持的文件格式');
    expect((await postForm(info.host, info.fields, `${info.dir}noext`, samples.pdf())).body.code).toBe(400);
    expect((await postForm(info.host, info.fields, `${info.dir}../../etc/passwd.pdf`, samples.pdf())).body.code).not.toBe(0);
  });

  it('enforces the 10 MB limit on attachment résumés', async () => {
    const fresh = await srv.registerSeeker(newPhone());
    const key = await srv.call<{ info: UploadInfo }>('/api/qz/qzFile/getOssKey', { token: fresh.token, query: { fileType: 10 } });
    const info = key.body.info;
    const big = samples.pdf(10 * 1024 * 1024); // header + 10 MB of padding
    const r = await postForm(info.host, info.fields, `${info.dir}big.pdf`, big);
    expect(r.body).toMatchObject({ code: 400 });
    expect(r.body.msg).toContain('10MB');
    const ok = await postForm(info.host, info.fields, `${info.dir}fits.pdf`, samples.pdf(10 * 1024 * 1024 - 200));
    expect(ok.body.code).toBe(0);
  });

  it('refuses expired, forged and out-of-prefix credentials', async () => {
    const s = srv.app.services;
    const past = issueUploadPolicy(s, seeker.userId, SCOPES.resume, { now: new Date(Date.now() - 3600_000) });
    const expired = await postForm(past.host, past.fields, `${past.dir}a.pdf`, samples.pdf());
    expect(expired.body).toMatchObject({ code: 403, msg: '上传凭证已过期，请重新获取' });

    const good = issueUploadPolicy(s, seeker.userId, SCOPES.feedback);
    // raise the size limit in the policy but keep the old signature
    const doc = JSON.parse(Buffer.from(good.policy, 'base64').toString());
    doc.conditions = doc.conditions.map((c: unknown) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : c));
    const forged = Buffer.from(JSON.stringify(doc)).toString('base64');
    const r1 = await postForm(good.host, { ...good.fields, policy: forged }, `${good.dir}a.png`, samples.png());
    expect(r1.body).toMatchObject({ code: 403, msg: '上传凭证签名无效' });
    const r2 = await postForm(good.host, { ...good.fields, signature: 'f'.repeat(64) }, `${good.dir}a.png`, samples.png());
    expect(r2.body.code).toBe(403);
    // signed with another server's secret
    const r3 = await postForm(good.host, { ...good.fields, signature: localSignature('another-secret', good.policy) }, `${good.dir}a.png`, samples.png());
    expect(r3.body.code).toBe(403);
    const r4 = await postForm(good.host, good.fields, `feedback/anon/202001/${'0'.repeat(32)}/a.png`, samples.png());
    expect(r4.body).toMatchObject({ code: 403, msg: '文件地址不在上传凭证允许的目录内' });
    const r5 = await postForm(good.host, good.fields, `${good.dir}a.png`, samples.png());
    expect(r5.body.code).toBe(0);
  });

  it('answers a form without the credential and a non-multipart body with a message', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(samples.pdf())]), 'a.pdf');
    const r = await fetch(`${srv.url}/api/files/upload`, { method: 'POST', body: form });
    expect(await r.json()).toMatchObject({ code: 400 });
    const j = await srv.call('/api/files/upload', { body: { key: 'x' } });
    expect(j.body.code).not.toBe(0);
    expect(j.status).toBeLessThan(500);
  });

  it("will not register another person's upload, nor the same upload twice", async () => {
    const seeker = await srv.registerSeeker(newPhone());
    const key = await srv.call<{ info: UploadInfo }>('/api/qz/qzFile/getOssKey', { token: seeker.token, query: { fileType: 10 } });
    const info = key.body.info;
    await postForm(info.host, info.fields, `${info.dir}mine.pdf`, samples.pdf());
    const theirs = await srv.call('/api/qz/qzFile/save', { token: other.token, body: { keyName: `${info.dir}mine.pdf`, wjlx: 10 } });
    expect(theirs.body).toMatchObject({ code: 400, msg: '文件地址无效，请重新上传' });
    const first = await srv.call('/api/qz/qzFile/save', { token: seeker.token, body: { keyName: `${info.dir}mine.pdf`, wjlx: 10 } });
    const again = await srv.call('/api/qz/qzFile/save', { token: seeker.token, body: { keyName: `${info.dir}mine.pdf`, wjlx: 10 } });
    expect([first.body.code, again.body.code].sort()).toEqual([0, 409].sort());
    const asAvatar = await srv.call('/api/qz/qzFile/save', { token: seeker.token, body: { keyName: `${info.dir}mine.pdf`, wjlx: 40 } });
    expect(asAvatar.body.code).toBe(400);
  });

  it('keeps at most 3 attachment résumés; rename keeps the extension; delete frees a place', async () => {
    const p = await srv.registerSeeker(newPhone());
    for (const n of ['a.pdf', 'b.pdf', 'c.pdf']) expect((await resume(srv, p.token, n, samples.pdf())).saved.body.code).toBe(0);
    // a fourth is refused at the credential, before any byte (attachment-limit.test.ts)
    const fourth = await srv.call('/api/qz/qzFile/getOssKey', { token: p.token, query: { fileType: 10 } });
    expect(fourth.body).toMatchObject({ code: 409, msg: '附件简历最多 3 份，请删除不常用的附件简历后再上传' });

    const list = (await srv.call<ApiReply<typeof filesApi.seekerList>>('/api/qz/qzFile/list', { token: p.token })).body.fileList;
    expect(list).toHaveLength(3);
    const renamed = await srv.call('/api/qz/qzFile/updateWjmc', { token: p.token, query: { bsid: list[0].bsid, wjmc: '张三 前端工程师' } });
    expect(renamed.body).toMatchObject({ code: 0, wjmc: '张三 前端工程师.pdf' });
    expect((await srv.call('/api/qz/qzFile/updateWjmc', { token: other.token, query: { bsid: list[0].bsid, wjmc: 'x' } })).body.code).toBe(404);

    const url = (await srv.call<ApiReply<typeof identityApi.seekerFile>>(`/api/qz/qzFile/getFile/${list[1].bsid}`, { token: p.token })).body.fileUrl;
    expect((await srv.call(`/api/qz/qzFile/delete/${list[1].bsid}`, { token: other.token })).body.code).toBe(404);
    expect((await srv.call(`/api/qz/qzFile/delete/${list[1].bsid}`, { token: p.token })).body.code).toBe(0);
    expect((await fetch(url)).status).toBe(404);
    expect((await resume(srv, p.token, 'e.pdf', samples.pdf())).saved.body.code).toBe(0);
  });

  it('keeps HR logos public, serves them as images and shows them as the HR avatar', async () => {
    const hr = actors.hrApproved;
    const { saved, info } = await uploadAndSave<ApiReply<typeof filesApi.hrSave>>(srv, {
      token: hr.token, ossKey: '/api/hr/qydwhrxx/getOssKey', save: '/api/hr/qydwhrxx/saveFile', name: 'logo.png', bytes: samples.png(), saveBody: { fileType: 20, dwid: hr.companyId },
    });
    expect(info.maxSize).toBe(5 * 1024 * 1024);
    expect(saved.body.code).toBe(0);
    const res = await fetch(saved.body.fileUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    await srv.app.services.db.execute(
      (await import('../../db/index.js')).sql`update companies set logo_file_id = ${saved.body.wjid} where id = ${hr.companyId}`,
    );
    const logos = await srv.call('/api/qz/qzFile/getUserLogos', { token: seeker.token, body: [hr.userId, seeker.userId] });
    expect(logos.body.urls).toEqual({ [hr.userId!]: saved.body.fileUrl, [seeker.userId]: '' });
    // in use as the logo: not deletable
    expect((await srv.call('/api/hr/qydwhrxx/delHrFile', { token: hr.token, query: { bsid: saved.body.wjid } })).body.code).toBe(409);
    const list = await srv.call<ApiReply<typeof filesApi.hrFiles>>('/api/hr/qydwhrxx/getHrFileList', { token: hr.token });
    // a bare array, oldest first, each {wjid, wjlx} (20 logo)
    expect(Array.isArray(list.body.page)).toBe(true);
    expect(list.body.page.at(-1)).toMatchObject({ wjid: saved.body.wjid, wjlx: 20 });

    const wrongCompany = await uploadAndSave(srv, {
      token: hr.token, ossKey: '/api/hr/qydwhrxx/getOssKey', save: '/api/hr/qydwhrxx/saveFile', name: 'l.png', bytes: samples.png(), saveBody: { fileType: 20, dwid: actors.hrUnapproved.companyId },
    });
    expect(wrongCompany.saved.body.code).toBe(403);
    const pdfAsLogo = await uploadAndSave(srv, {
      token: hr.token, ossKey: '/api/hr/qydwhrxx/getOssKey', save: '/api/hr/qydwhrxx/saveFile', name: 'licence.pdf', bytes: samples.pdf(), saveBody: { fileType: 20 },
    });
    expect(pdfAsLogo.saved.body.code).toBe(400);
  });

  it('drops uploads nobody registered after a day, and keeps registered files', async () => {
    const p = await srv.registerSeeker(newPhone());
    const kept = await resume(srv, p.token, 'kept.pdf', samples.pdf());
    const key = await srv.call<{ info: UploadInfo }>('/api/qz/qzFile/getOssKey', { token: p.token, query: { fileType: 10 } });
    const orphanKey = `${key.body.info.dir}never-saved.pdf`;
    await postForm(key.body.info.host, key.body.info.fields, orphanKey, samples.pdf());
    const config = srv.app.services.config;
    const isRegistered = async (k: string) => (await fileByKey(srv.app.services.db, k)) !== null;
    expect(await sweepLocalOrphans(config, isRegistered)).toBe(0); // too fresh to judge
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const k of [orphanKey, kept.keyName]) fs.utimesSync(localPath(config, k), old, old);
    expect(await sweepLocalOrphans(config, isRegistered)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(localPath(config, orphanKey))).toBe(false);
    expect(fs.existsSync(localPath(config, kept.keyName))).toBe(true);
  });

  it('answers malformed input without a 500', async () => {
    const bad = [
      await srv.call('/api/qz/qzFile/getOssKey', { token: seeker.token, query: { fileType: 99 } }),
      await srv.call('/api/qz/qzFile/save', { token: seeker.token, body: { wjlx: 10 } }),
      await srv.call('/api/qz/qzFile/save', { token: seeker.token, body: { keyName: 'x', wjlx: 30 } }),
      await srv.call('/api/qz/qzFile/save', { token: seeker.token, raw: '{"keyName":' }),
      await srv.call('/api/qz/qzFile/delete/abc', { token: seeker.token }),
      await srv.call('/api/qz/qzFile/getFile/0', { token: seeker.token }),
      await srv.call('/api/qz/qzFile/updateWjmc', { token: seeker.token, query: { bsid: '1', wjmc: '   ' } }),
      await srv.call('/api/qz/qzFile/getUserLogos', { token: seeker.token, body: { a: 1 } }),
      await srv.call('/api/files/nope/x.pdf'),
    ];
    for (const r of bad) {
      expect(r.status).toBeLessThan(500);
      expect(r.body.code).not.toBe(0);
    }
  });

  it('role × endpoint matrix', async () => {
    const a = actors;
    const call = (path: string, o: Parameters<TestServer['call']>[1] = {}) => (x: (typeof a)['seeker']) => srv.call(path, { ...o, token: x.token });
    expect(await codesByRole(a, call('/api/qz/qzFile/getOssKey', { query: { fileType: 10 } }))).toEqual(expectedCodes(['seekerIncomplete', 'seeker']));
    expect(await codesByRole(a, call('/api/qz/qzFile/list'))).toEqual(expectedCodes(['seekerIncomplete', 'seeker']));
    expect(await codesByRole(a, call('/api/hr/qydwhrxx/getOssKey'))).toEqual(expectedCodes(['hrUnapproved', 'hrApproved']));
    expect(await codesByRole(a, call('/api/hr/qydwhrxx/getHrFileList'))).toEqual(expectedCodes(['hrUnapproved', 'hrApproved']));
    expect(await codesByRole(a, call('/api/qz/qzFile/getUserLogos', { body: [] }))).toEqual(
      expectedCodes(['seekerIncomplete', 'seeker', 'hrUnapproved', 'hrApproved', 'operator']),
    );
    // a save with a key that is not the caller's: allowed roles get the 400, others the access error
    expect(await codesByRole(a, call('/api/qz/qzFile/save', { body: { keyName: 'resume/1/202001/x/a.pdf', wjlx: 10 } }))).toEqual(
      expectedCodes(['seekerIncomplete', 'seeker'], 400),
    );
    expect(await codesByRole(a, call('/api/hr/qydwhrxx/saveFile', { body: { keyName: 'company/1/202001/x/a.png', fileType: 20 } }))).toEqual(
      expectedCodes(['hrUnapproved', 'hrApproved'], 400),
    );
  });
});
