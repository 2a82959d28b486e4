import { afterAll, beforeAll, expect, it } from 'vitest';
import type { filesApi } from '@zp/core/contract';
import { startServer, type TestServer, type ApiReply } from '../../../test/helpers.js';
import { actor } from '../../../test/roles.js';
import { samples, uploadAndSave } from '../../../test/uploads.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv?.close());

it('at 3 attachment résumés the upload credential is refused, before any byte is sent; deleting one frees a place', async () => {
  const seeker = await actor(srv, 'seeker');
  const send = (name: string) =>
    uploadAndSave(srv, { token: seeker.token, ossKey: '/api/qz/qzFile/getOssKey', save: '/api/qz/qzFile/save', query: { fileType: 10 }, name, bytes: samples.pdf(), saveBody: { wjlx: 10 } });
  for (const n of ['a.pdf', 'b.pdf', 'c.pdf']) expect((await send(n)).saved.body.code).toBe(0);

  const key = await srv.call('/api/qz/qzFile/getOssKey', { token: seeker.token, query: { fileType: 10 } });
  expect(key.body).toEqual({ code: 409, msg: '附件简历最多 3 份，请删除不常用的附件简历后再上传' });
  // the avatar is another matter
  expect((await srv.call('/api/qz/qzFile/getOssKey', { token: seeker.token, query: { fileType: 40 } })).body.code).toBe(0);

  const list = (await srv.call<ApiReply<typeof filesApi.seekerList>>('/api/qz/qzFile/list', { token: seeker.token, query: { fileType: 10 } })).body.fileList;
  expect((await srv.call(`/api/qz/qzFile/delete/${list[0].bsid}`, { token: seeker.token })).body.code).toBe(0);
  expect((await srv.call('/api/qz/qzFile/getOssKey', { token: seeker.token, query: { fileType: 10 } })).body.code).toBe(0);
});
