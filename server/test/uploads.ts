/**
 * Test helpers for the upload flow of spec section 7: get a credential, post the form the way a
 * browser does (credential fields, key, file last), register the file.
 */
import type { Reply, ReplyBody, TestServer } from './helpers.js';

export interface UploadInfo {
  accessid: string;
  policy: string;
  signature: string;
  dir: string;
  host: string;
  upid: string;
  expire: number;
  fields: Record<string, string>;
  maxSize: number;
  accept: string[];
}

/** Bytes that really are what their names say (magic numbers of each format). */
export const samples = {
  pdf: (extra = 0) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), Buffer.alloc(extra, 0x20), Buffer.from('\n%%EOF\n')]),
  png: (extra = 0) =>
    Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1d1e30000000049454e44ae426082', 'hex'),
      Buffer.alloc(extra, 0),
    ]),
  jpg: () => Buffer.from(`ffd8ffe000104a46494600010100000100010000ffdb004300${'08'.repeat(64)}ffd9`, 'hex'),
  /** a Windows program: what a file lying about its type often is */
  exe: () => Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21546869732070726f6772616d2063616e6e6f742062652072756e20696e20444f53206d6f64652e', 'hex'), Buffer.alloc(64)]),
  html: () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

/** Posts a multipart form like a browser: the credential's fields, then key, then the file. */
export async function postForm(host: string, fields: Record<string, string>, key: string, file: Buffer, fileName = key.split('/').pop()!): Promise<Reply> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const res = await fetch(host, { method: 'POST', body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* S3 answers 200 with an empty body */
  }
  // The platform's upload endpoint answers in the reply convention; S3 answers an empty body or XML, as text.
  return { status: res.status, body: body as ReplyBody };
}

/** getOssKey → post → save, as the site does; returns each step's reply. */
/** `T`: the reply of the save route (ApiReply of filesApi.seekerSave, …). */
export async function uploadAndSave<T = ReplyBody>(
  srv: TestServer,
  o: { token: string | null; ossKey: string; save: string; query?: Record<string, string | number>; name: string; bytes: Buffer; saveBody?: Record<string, unknown> },
) {
  const key = await srv.call<{ code: number; info: UploadInfo }>(o.ossKey, { token: o.token, query: o.query });
  if (key.body.code !== 0) throw new Error(`getOssKey failed: ${JSON.stringify(key.body)}`);
  const info = key.body.info;
  const keyName = info.dir + o.name;
  const up = await postForm(info.host, info.fields, keyName, o.bytes);
  const saved = await srv.call<T>(o.save, {
    token: o.token,
    body: { keyName, wjmc: o.name, wjbm: o.name, wjgs: o.name.split('.').pop(), wjdx: o.bytes.length, upid: info.upid, host: info.host, ...o.saveBody },
  });
  return { info, keyName, up, saved };
}
