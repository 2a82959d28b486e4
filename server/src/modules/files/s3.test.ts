/**
 * The S3 path end to end against s3rver, a local S3-compatible server. s3rver follows S3's
 * request shapes (POST form upload, ranged GET, copy, delete, presigned GET) but does not check
 * SigV4 signatures; the signing itself is proven against AWS's published example in files.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { filesApi } from '@zp/core/contract';
import { newPhone, startServer, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { samples, uploadAndSave } from '../../../test/uploads.js';
import { chatUsers } from '../../../test/chat.js';

describe('files on S3-compatible storage', () => {
  let s3: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let dir: string;
  let srv: TestServer;
  let endpoint: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-s3-'));
    const { default: S3rver } = (await import('s3rver' as string)) as { default: new (o: object) => typeof s3 };
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'zp-files' }] });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    srv = await startServer({ env: { S3_ENDPOINT: endpoint, S3_BUCKET: 'zp-files', S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER', S3_REGION: 'us-east-1' } });
  });
  afterAll(async () => {
    await srv?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const resume = (token: string, name: string, bytes: Buffer) =>
    uploadAndSave(srv, { token, ossKey: '/api/qz/qzFile/getOssKey', query: { fileType: 10 }, save: '/api/qz/qzFile/save', name, bytes, saveBody: { wjlx: 10 } });

  it('uploads straight to the bucket with a SigV4 POST policy, then registers the checked file', async () => {
    const seeker = await srv.registerSeeker(newPhone());
    const { info, up, saved, keyName } = await resume(seeker.token, 'cv.pdf', samples.pdf(500));
    expect(info.host).toBe(`${endpoint}/zp-files`);
    expect(info.fields).toMatchObject({ 'x-amz-algorithm': 'AWS4-HMAC-SHA256', success_action_status: '200' });
    expect(info.fields['x-amz-credential']).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(up.status).toBe(200);
    expect(saved.body).toMatchObject({ code: 0, file: { wjgs: 'pdf', wjdx: samples.pdf(500).length } });

    // a private file: a presigned link opens it, with the type the server found
    const url = (await srv.call(`/api/qz/qzFile/getFile/${saved.body.wjid}`, { token: seeker.token })).body.fileUrl as string;
    expect(url).toContain('X-Amz-Signature=');
    expect(url).toContain('X-Amz-Expires=600');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(samples.pdf(500));
    // the server's own address for it sends the owner on to the bucket
    const viaServer = await fetch(`${srv.url}/api/files/${keyName}`, { headers: { token: seeker.token }, redirect: 'manual' });
    expect(viaServer.status).toBe(302);
    expect(viaServer.headers.get('location')).toContain(`${endpoint}/zp-files/`);
  });

  it('deletes from the bucket a file that lies about its type', async () => {
    const seeker = await srv.registerSeeker(newPhone());
    const { up, saved, keyName } = await resume(seeker.token, 'cv.pdf', samples.exe());
    expect(up.status).toBe(200); // the bucket cannot look inside; the server does, on save
    expect(saved.body.code).toBe(400);
    expect(saved.body.msg).toContain('不符');
    const gone = await fetch(`${endpoint}/zp-files/${keyName.split('/').map(encodeURIComponent).join('/')}`);
    expect(gone.status).toBe(404);
  });

  it('serves public files (logos) from the bucket URL with their real type', async () => {
    const hr = await srv.registerHr(newPhone());
    const { saved } = await uploadAndSave<ApiReply<typeof filesApi.hrSave>>(srv, {
      token: hr.token, ossKey: '/api/hr/qydwhrxx/getOssKey', save: '/api/hr/qydwhrxx/saveFile', name: 'logo.png', bytes: samples.png(), saveBody: { fileType: 20 },
    });
    expect(saved.body.code).toBe(0);
    expect(saved.body.fileUrl.startsWith(`${endpoint}/zp-files/company/`)).toBe(true);
    const res = await fetch(saved.body.fileUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('keeps chat files in the bucket, private to the conversation, with the type the server found', async () => {
    const [u] = await chatUsers(srv, 1);
    const upload = async (kind: string, name: string, body: Buffer | string) => {
      const res = await fetch(`${srv.url}/api/chat/upload?kind=${kind}&name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-chat-user': u.userId, 'x-chat-sig': u.userSig },
        body: typeof body === 'string' ? body : new Uint8Array(body),
      });
      return (await res.json()) as { code: number; url: string };
    };
    const img = await upload('image', '照片.png', samples.png());
    expect(img.code).toBe(0);
    // the link is the server's, signed: the server checks it and sends the holder on to the bucket
    expect(img.url.startsWith(`${srv.url}/api/files/chat/`)).toBe(true);
    const hop = await fetch(img.url, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    const location = hop.headers.get('location')!;
    expect(location.startsWith(`${endpoint}/zp-files/chat/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    const got = await fetch(location);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(samples.png());
    // without the signature nobody is sent on
    expect((await fetch(img.url.split('?')[0], { redirect: 'manual' })).status).toBe(403);
    // a planted page is kept as bytes to download
    const page = await upload('file', 'x.html', samples.html().toString());
    expect(page.code).toBe(0);
    const stored = await fetch((await fetch(page.url, { redirect: 'manual' })).headers.get('location')!);
    expect(stored.headers.get('content-type')).toBe('application/octet-stream');
    expect(stored.headers.get('content-disposition')).toMatch(/^attachment; /);
    // nothing of either stayed on the server's disk
    const tmp = path.join(srv.app.services.config.dataDir, 'files', '.tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });
});
