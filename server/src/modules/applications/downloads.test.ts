import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { applicationsApi, filesApi, resumeExportsApi } from '@zp/core/contract';
import type { TestServer, ApiReply } from '../../../test/helpers.js';
import { actor, type Actor, type Actors, serverWithActors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { samples, uploadAndSave } from '../../../test/uploads.js';
import { one, sql } from '../../db/index.js';
import { pdfFont } from '../resumes/public.js';

let srv: TestServer;
let actors: Actors;
let otherHr: Actor;

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  otherHr = await actor(srv, 'hrApproved');
});
afterAll(() => srv?.close());

const db = () => srv.app.services.db;

/** A seeker with a filled-in résumé (Chinese text in every part the documents show). */
async function seekerWithResume(name = '李明') {
  const a = await actor(srv, 'seeker');
  await db().execute(sql`update seeker_profiles set name = ${name}, gender = 'xb_001', birth_date = '1996-05-01', province = '440000', city = '440300',
    email = 'liming@example.com', seeking_state = 'zt_004', self_intro = '五年前端开发经验，熟悉 React 与工程化。', completeness = 100 where user_id = ${a.userId}`);
  await db().execute(sql`insert into resume_work (user_id, company, position, start_date, end_date, description)
    values (${a.userId}, '深圳云启网络科技有限公司', '前端工程师', '2019-07', '', '负责招聘平台的前端架构与性能优化。')`);
  await db().execute(sql`insert into resume_education (user_id, school, degree, major, start_date, end_date) values (${a.userId}, '武汉大学', 'xl_05', '计算机科学与技术', '2015-09', '2019-06')`);
  return a;
}

const downloads = async (seekerId: string) => (await one<{ n: number }>(db(), sql`select download_count::int as n from seeker_profiles where user_id = ${seekerId}`))!.n;

async function fetchFile(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: decodeURIComponent(res.headers.get('content-disposition') ?? ''), bytes: Buffer.from(await res.arrayBuffer()) };
}

function zipEntries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: { fileName: string }) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.readEntry();
    });
  });
}

describe('résumé downloads as real files', () => {
  it('the older client’s 下载简历 without an attachment gives a PDF of the online résumé, counted once when fetched', async () => {
    expect(pdfFont(), 'fonts-noto-cjk must be installed for PDF résumés').not.toBeNull();
    const seeker = await seekerWithResume();
    const gwid = await postJob(srv, actors.hrApproved);
    expect((await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid } })).body.code).toBe(0);

    const r = await srv.call<ApiReply<typeof applicationsApi.downloadApplied>>('/api/hr/qydwjlgl/tdDownloadJl', { method: 'POST', token: actors.hrApproved.token, query: { qzid: seeker.userId! } });
    expect(r.body).toMatchObject({ code: 0, jlmc: '李明的简历.pdf' });
    // asking for a link is not a download
    expect(await downloads(seeker.userId!)).toBe(0);

    const file = await fetchFile(r.body.qzJldz);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toContain('attachment');
    expect(file.disposition).toContain('李明的简历.pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // the Chinese font is embedded (a subset), so the text shows on any machine
    expect(file.bytes.toString('latin1')).toMatch(/\/FontFile2|\/FontFile3/);
    expect(await downloads(seeker.userId!)).toBe(1);
    // the browser fetching the same link again is the same download
    expect((await fetchFile(r.body.qzJldz)).status).toBe(200);
    expect(await downloads(seeker.userId!)).toBe(1);
  });

  it('gives PDF, Word or the attachment to the enterprise applied to; masks contact details for talent search; refuses the rest', async () => {
    const seeker = await seekerWithResume('王芳');
    const up = await uploadAndSave(srv, { token: seeker.token, ossKey: '/api/qz/qzFile/getOssKey', save: '/api/qz/qzFile/save', query: { fileType: 10 }, name: '王芳-简历.pdf', bytes: samples.pdf(100), saveBody: { wjlx: 10 } });
    const fileId = up.saved.body.wjid as string;
    const gwid = await postJob(srv, actors.hrApproved);
    await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid, fjjlid: fileId } });
    const link = (who: Actor, body: Record<string, unknown>) => srv.call<ApiReply<typeof resumeExportsApi.link>>('/api/hr/jlxz/link', { token: who.token, body: { qzbsid: seeker.userId!, ...body } });

    const word = await link(actors.hrApproved, { format: 'docx' });
    expect(word.body).toMatchObject({ code: 0, name: '王芳的简历.docx' });
    const docx = await fetchFile(word.body.url);
    expect(docx.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await zipEntries(docx.bytes)).toContain('word/document.xml');

    const attachment = await link(actors.hrApproved, { format: 'file' });
    expect(attachment.body).toMatchObject({ code: 0, name: '王芳-简历.pdf' });
    const att = await fetchFile(attachment.body.url);
    expect(att.bytes.equals(samples.pdf(100))).toBe(true);
    expect(att.disposition).toContain('attachment');
    expect(await downloads(seeker.userId!)).toBe(2);

    // another enterprise finds the seeker in talent search: the online résumé, phone masked, no attachment
    const talent = await link(otherHr, { format: 'docx' });
    expect(talent.body.code).toBe(0);
    const masked = (await fetchFile(talent.body.url)).bytes;
    const xml = await docxText(masked);
    expect(xml).toContain(`${seeker.phone!.slice(0, 3)}****${seeker.phone!.slice(7)}`);
    expect(xml).not.toContain(seeker.phone!);
    expect(xml).not.toContain('liming@example.com');
    expect((await link(otherHr, { format: 'file' })).body).toEqual({ code: 403, msg: '只能下载投递到本单位或已接受本单位面试邀请的求职者的附件简历' });

    // hidden: nobody but the enterprise applied to; a seeker, an unapproved HR never
    await db().execute(sql`update seeker_profiles set hidden = true where user_id = ${seeker.userId}`);
    expect((await link(otherHr, { format: 'pdf' })).body).toEqual({ code: 404, msg: '该求职者不存在或已隐藏简历' });
    // a link made before the seeker hid the résumé stops working too
    expect((await fetchFile(talent.body.url)).status).toBe(404);
    expect((await link(actors.hrApproved, { format: 'pdf' })).body.code).toBe(0);
    expect((await link(actors.hrUnapproved, { format: 'pdf' })).body.code).not.toBe(0);
    expect((await link(actors.seeker, { format: 'pdf' })).body.code).not.toBe(0);

    // a guessed or expired link downloads nothing and counts nothing
    const before = await downloads(seeker.userId!);
    expect((await fetchFile(`${srv.url}/api/hr/jlxz/file/${'a'.repeat(43)}`)).status).toBe(404);
    const late = await link(actors.hrApproved, { format: 'docx' });
    await db().execute(sql`update resume_download_links set expires_at = now() - interval '1 second'`);
    const expired = await fetch(late.body.url);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({ code: 404, msg: '下载链接已失效，请回到页面重新下载' });
    expect(await downloads(seeker.userId!)).toBe(before);
  });

  it('exports the selected résumés as one zip, each counted once, leaving out those the enterprise may not see', async () => {
    const a = await seekerWithResume('赵一');
    const b = await seekerWithResume('赵一');
    const hidden = await seekerWithResume('钱二');
    await db().execute(sql`update seeker_profiles set hidden = true where user_id = ${hidden.userId}`);
    const gwid = await postJob(srv, actors.hrApproved);
    const up = await uploadAndSave<ApiReply<typeof filesApi.seekerSave>>(srv, { token: a.token, ossKey: '/api/qz/qzFile/getOssKey', save: '/api/qz/qzFile/save', query: { fileType: 10 }, name: '赵一附件.pdf', bytes: samples.pdf(), saveBody: { wjlx: 10 } });
    await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: a.token, query: { gwid, fjjlid: up.saved.body.wjid } });

    const r = await srv.call<ApiReply<typeof resumeExportsApi.zip>>('/api/hr/jlxz/zip', { token: actors.hrApproved.token, body: { qzbsids: [a.userId, b.userId, hidden.userId], format: 'pdf', fj: 1 } });
    expect(r.body).toMatchObject({ code: 0, count: 2 });
    expect(r.body.name).toMatch(/^简历导出_\d{8}_2份\.zip$/);
    const zip = await fetchFile(r.body.url);
    expect(zip.type).toBe('application/zip');
    const names = await zipEntries(zip.bytes);
    // two seekers of the same name keep apart; the attachment a sent comes along
    expect(names.sort()).toEqual(['赵一的简历.pdf', `赵一的简历_${b.userId}.pdf`, '赵一的简历_附件_赵一附件.pdf'].sort());
    expect(await downloads(a.userId!)).toBe(1);
    expect(await downloads(b.userId!)).toBe(1);
    expect(await downloads(hidden.userId!)).toBe(0);

    const tooMany = await srv.call('/api/hr/jlxz/zip', { token: actors.hrApproved.token, body: { qzbsids: Array.from({ length: 51 }, (_, i) => String(900000 + i)), format: 'pdf' } });
    expect(tooMany.body.code).toBe(400);
    expect((await srv.call('/api/hr/jlxz/zip', { token: actors.hrApproved.token, body: { qzbsids: [hidden.userId], format: 'docx' } })).body.code).toBe(404);
  });
});

/** The text of a Word document's body. */
async function docxText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (e: { fileName: string }) => {
        if (e.fileName !== 'word/document.xml') return zip.readEntry();
        zip.openReadStream(e as never, (e2, stream) => {
          if (e2 || !stream) return reject(e2);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => resolve(''));
      zip.readEntry();
    });
  });
}
