import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { startServer, type TestServer } from '../../test/helpers.js';
import { compile, describe as describeErrors } from './validation.js';
import { chatUsers, RawClient } from '../modules/chat/testing.js';

describe('control characters are refused at the schema layer', () => {
  const schema = Type.Object({
    name: Type.String({ maxLength: 30, title: '姓名' }),
    intro: Type.Optional(Type.String({ maxLength: 2000, title: '简介' })),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 20 }))),
  });
  const check = (v: unknown, coerce = false) => {
    const fn = compile(schema, coerce);
    return fn(v) ? null : describeErrors(fn.errors ?? []);
  };

  it('NUL and other C0 controls in any string, line breaks only in long text', () => {
    expect(check({ name: '张三' })).toBeNull();
    expect(check({ name: 'a\u0000b' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'a\u0007' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'a\nb' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'a\u007f' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'x', intro: '第一行\r\n第二行\t缩进' })).toBeNull();
    expect(check({ name: 'x', intro: '第一行\u0000' })).toBe('简介(intro) 含有非法字符');
    expect(check({ name: 'x', tags: ['ok', 'b\u0000ad'] })).toBe('tags.1 含有非法字符');
    expect(check({ name: 'a\u0000b' }, true)).toBe('姓名(name) 含有非法字符');
    // RTL marks and emoji are text, not control characters
    expect(check({ name: '\u202eabc😀' })).toBeNull();
    // half of a surrogate pair alone is no character (PostgreSQL's json refuses it); a whole pair is one
    expect(check({ name: 'a\ud800' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: '\udc00b' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'x', intro: '结尾\ud83d' })).toBe('简介(intro) 含有非法字符');
    expect(check({ name: '\ud83d\ude00' })).toBeNull();
  });

  it('leaves the contract schema itself unchanged (the OpenAPI document shows no extra keyword)', () => {
    expect(JSON.stringify(schema)).not.toContain('zpText');
  });
});

describe('over HTTP and the chat socket', () => {
  let srv: TestServer;
  let tokens: Record<'qz' | 'hr' | 'xs', string>;
  beforeAll(async () => {
    srv = await startServer({ demo: true });
    tokens = {
      qz: (await srv.login('qz', '13800000001')).token,
      hr: (await srv.login('hr', '13800000002')).token,
      xs: (await srv.login('xs', '13800000003')).token,
    };
  });
  afterAll(() => srv?.close());

  it('a NUL byte in search filters, admin lists, résumé saves and the HR profile is a 400 that names the field', async () => {
    const search = await srv.call('/api/xs/app/search/gwpc', { query: { key: 'java\u0000' } });
    expect(search.status).toBe(400);
    expect(search.body.msg).toMatch(/含有非法字符$/);
    const admin = await srv.call('/api/xs/admin/companies', { token: tokens.xs, query: { dwmc: '\u0000' } });
    expect(admin.body).toEqual({ code: 400, msg: '单位名称(dwmc) 含有非法字符' });
    const hr = await srv.call('/api/hr/qydwhrxx/updateHrById', { token: tokens.hr, body: { xm: '王\u0000芳', zw: '招聘经理' } });
    expect(hr.body).toEqual({ code: 400, msg: '姓名(xm) 含有非法字符' });
    const before = await srv.call('/api/hr/qydwhrxx/getHrInfo', { token: tokens.hr });
    expect(before.body.qyDwhrxxEntity.xm).toBe('王芳');
    const work = { dwmc: '某公司', zwmc: '工程师', rzsj: '2020-01', gzms: '负责\u0000开发' };
    const saved = await srv.call('/api/qz/qzgzjl/save', { token: tokens.qz, body: work });
    expect(saved.body).toEqual({ code: 400, msg: '工作内容(gzms) 含有非法字符' });
    // Line breaks in a long text field are fine.
    const ok = await srv.call('/api/qz/qzgzjl/save', { token: tokens.qz, body: { ...work, gzms: '负责开发\n带领团队' } });
    expect(ok.body.code).toBe(0);
  });

  it('a NUL byte in a chat operation is refused with 10004, and the socket keeps working', async () => {
    const [a, b] = await chatUsers(srv, 2, '控制符');
    const c = new RawClient(srv.url);
    try {
      expect((await c.call('auth', { userID: a.userId, userSig: a.userSig, instance: 'inst-ctl-1', login: true })).code).toBe(0);
      const send = await c.call('send', { ID: `${a.userId}-ctl00001`, conversationType: 'C2C', to: b.userId, type: 'TIMTextElem', payload: { text: 'hi\u0000' } });
      expect(send.code).toBe(10004);
      expect(send.message).toMatch(/含有非法字符/);
      const group = await c.call('createGroup', { name: '群\u0000', type: 'Private' });
      expect(group.code).toBe(10004);
      expect(group.message).toMatch(/群名称\(name\) 含有非法字符/);
      const fine = await c.call('send', { ID: `${a.userId}-ctl00002`, conversationType: 'C2C', to: b.userId, type: 'TIMTextElem', payload: { text: '你好\n再见' } });
      expect(fine.code).toBe(0);
    } finally {
      c.close();
    }
  });
});
