import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { startServer, type TestServer, type ApiReply } from '../../test/helpers.js';
import * as contract from '@zp/core/contract';
import { DATE_FORMAT, DateRangeText, DateText, isRealDate, type RouteSpec, type identityApi } from '@zp/core/contract';
import { compile, describe as describeErrors } from './validation.js';
import { chatUsers, RawClient } from '../../test/chat.js';

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

  it('NUL and other C0 and C1 controls and bidi overrides in any string, line breaks only in long text', () => {
    expect(check({ name: '张三' })).toBeNull();
    expect(check({ name: 'a\u0000b' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'a\u0007' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'a\nb' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'a\u007f' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'x', intro: '第一行\r\n第二行\t缩进' })).toBeNull();
    expect(check({ name: 'x', intro: '第一行\u0000' })).toBe('简介(intro) 含有非法字符');
    expect(check({ name: 'x', tags: ['ok', 'b\u0000ad'] })).toBe('tags.1 含有非法字符');
    expect(check({ name: 'a\u0000b' }, true)).toBe('姓名(name) 含有非法字符');
    // C1 controls, and bidi overrides, embeddings and isolates that make a text read otherwise
    // ("简历\u202efdp.exe" shows as 简历exe.pdf); right-to-left marks and emoji are text.
    expect(check({ name: 'a\u0085b' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: '简历\u202efdp.exe' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'x', intro: '正文\u2066隔离\u2069' })).toBe('简介(intro) 含有非法字符');
    expect(check({ name: '\u200fabc😀' })).toBeNull();
    // half of a surrogate pair alone is no character (PostgreSQL's json refuses it); a whole pair is one
    expect(check({ name: 'a\ud800' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: '\udc00b' })).toBe('姓名(name) 含有非法字符');
    expect(check({ name: 'x', intro: '结尾\ud83d' })).toBe('简介(intro) 含有非法字符');
    expect(check({ name: '\ud83d\ude00' })).toBeNull();
  });

  it('reaches fields named like schema keywords (title, description, format, pattern, default)', () => {
    const named = Type.Object({
      title: Type.Optional(Type.String({ maxLength: 50, title: '标题' })),
      description: Type.Optional(Type.String({ maxLength: 50 })),
      format: Type.Optional(Type.String({ maxLength: 50 })),
      pattern: Type.Optional(Type.String({ maxLength: 50 })),
      default: Type.Optional(Type.String({ maxLength: 50 })),
    });
    for (const key of ['title', 'description', 'format', 'pattern', 'default']) {
      const fn = compile(named, true);
      expect(fn({ [key]: 'a\u0000b' }), key).toBe(false);
      expect(describeErrors(fn.errors ?? [], 'querystring'), key).toMatch(/含有非法字符$/);
    }
  });

  it('leaves the contract schema itself unchanged (the OpenAPI document shows no extra keyword)', () => {
    expect(JSON.stringify(schema)).not.toContain('zpText');
  });
});

describe('dates must be real days and times', () => {
  const schema = Type.Object({
    day: Type.Optional(DateText('日期', { from: 'day', to: 'day', empty: true })),
    at: Type.Optional(DateText('时间', { from: 'minute', to: 'second' })),
    month: Type.Optional(DateText('年月', { from: 'month', to: 'day' })),
    range: Type.Optional(DateRangeText('期间')),
  });
  const check = (v: unknown) => {
    const fn = compile(schema, true);
    return fn(v) ? null : describeErrors(fn.errors ?? [], 'querystring');
  };

  it('refuses days and times that do not exist, in every shape a date field takes', () => {
    expect(check({ day: '2024-02-29', at: '2024-02-29 23:59:59', month: '2023-12', range: '2024-01-01,2024-12-31' })).toBeNull();
    expect(check({ day: '', at: '2024-03-01T08:00' })).toBeNull();
    expect(check({ day: '2023-02-29' })).toBe('日期(day) 不是有效的日期');
    expect(check({ day: '2023-02-30' })).toBe('日期(day) 不是有效的日期');
    expect(check({ day: '2023-04-31' })).toBe('日期(day) 不是有效的日期');
    expect(check({ day: '2023-13-01' })).toBe('日期(day) 不是有效的日期');
    expect(check({ day: '0000-01-01' })).toBe('日期(day) 不是有效的日期');
    expect(check({ at: '2024-01-01 24:00' })).toBe('时间(at) 不是有效的日期时间');
    expect(check({ at: '2024-01-01 23:60:00' })).toBe('时间(at) 不是有效的日期时间');
    expect(check({ at: '2024-01-01' })).toBe('时间(at) 格式不正确');
    expect(check({ month: '2024-00' })).toBe('年月(month) 不是有效的日期');
    expect(check({ month: '2024-02-30' })).toBe('年月(month) 不是有效的日期');
    expect(check({ range: '2024-01-01,2024-02-30' })).toBe('期间(range) 不是有效的日期');
  });

  it('leap years by the Gregorian rule', () => {
    expect(isRealDate('1900-02-29')).toBe(false);
    expect(isRealDate('2000-02-29 00:00:00')).toBe(true);
  });

  it('the same rule in every date field of the contract: each carries the date format', () => {
    const unchecked: string[] = [];
    const walk = (s: unknown, where: string) => {
      if (!s || typeof s !== 'object') return;
      if (Array.isArray(s)) {
        for (const [i, x] of s.entries()) walk(x, `${where}[${i}]`);
        return;
      }
      const o = s as Record<string, unknown>;
      // a date-shaped pattern (four digits, a dash) without the calendar check
      if (typeof o.pattern === 'string' && /\\d\{4\}-/.test(o.pattern) && o.format !== DATE_FORMAT) unchecked.push(where);
      for (const [k, v] of Object.entries(o)) if (k !== 'default' && k !== 'examples') walk(v, `${where}.${k}`);
    };
    for (const [group, api] of Object.entries(contract)) {
      if (!group.endsWith('Api') || typeof api !== 'object') continue;
      for (const [name, spec] of Object.entries(api as Record<string, RouteSpec>)) for (const part of ['body', 'query', 'params'] as const) walk(spec[part], `${group}.${name}.${part}`);
    }
    expect(unchecked).toEqual([]);
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
    expect(search.body.code).toBe(400);
    expect(search.body.msg).toMatch(/含有非法字符$/);
    const admin = await srv.call('/api/xs/admin/companies', { token: tokens.xs, query: { dwmc: '\u0000' } });
    expect(admin.body).toEqual({ code: 400, msg: '单位名称(dwmc) 含有非法字符' });
    const hr = await srv.call('/api/hr/qydwhrxx/updateHrById', { token: tokens.hr, body: { xm: '王\u0000芳', zw: '招聘经理' } });
    expect(hr.body).toEqual({ code: 400, msg: '姓名(xm) 含有非法字符' });
    const before = await srv.call<ApiReply<typeof identityApi.hrInfo>>('/api/hr/qydwhrxx/getHrInfo', { token: tokens.hr });
    expect(before.body.qyDwhrxxEntity.xm).toBe('王芳');
    const work = { dwmc: '某公司', zwmc: '工程师', rzsj: '2020-01', gzms: '负责\u0000开发' };
    const saved = await srv.call('/api/qz/qzgzjl/save', { token: tokens.qz, body: work });
    expect(saved.body).toEqual({ code: 400, msg: '工作内容(gzms) 含有非法字符' });
    // Line breaks in a long text field are fine.
    const ok = await srv.call('/api/qz/qzgzjl/save', { token: tokens.qz, body: { ...work, gzms: '负责开发\n带领团队' } });
    expect(ok.body.code).toBe(0);
  });

  it('an impossible date and a NUL in a list filter are refusals that name the field, never a 500', async () => {
    const log = await srv.call('/api/sec/pc/getLoginLog', { token: tokens.qz, query: { startDate: '2023-02-30' } });
    expect(log.body).toEqual({ code: 400, msg: '开始日期(startDate) 不是有效的日期' });
    for (const field of ['startTime', 'endTime']) {
      const jobs = await srv.call('/api/hr/qydwgwfbxx/findGwListHr', { token: tokens.hr, method: 'POST', query: { [field]: '2023-02-30' } });
      expect(jobs.body.code, field).toBe(400);
      expect(jobs.body.msg, field).toMatch(/\(\w+\) 不是有效的日期$/);
    }
    const notices = await srv.call('/api/xs/admin/notice/list', { token: tokens.xs, query: { title: 'a\u0000b' } });
    expect(notices.body).toEqual({ code: 400, msg: '标题(title) 含有非法字符' });
    // a real day still answers
    expect((await srv.call('/api/sec/pc/getLoginLog', { token: tokens.qz, query: { startDate: '2024-02-29' } })).body.code).toBe(0);
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
