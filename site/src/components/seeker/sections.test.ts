import { describe, expect, test } from 'vitest';
import { validate } from './SectionCard';
import { summarize, period } from './resumeView';
import { checkBase } from './BaseInfoCard';
import { checkPassword } from '../common/Credentials';
import type { Codes } from './codes';

const codes = {
  lists: {},
  maps: { m_xldm: { xl_04: '本科' }, m_dwsshydm: { hy_01: '互联网/IT/软件' }, m_gwgzxzdm: { gx_001: '全职' } },
  provinces: [],
  cities: [],
  names: { '440300': '深圳市', gwlb_010201: 'Web前端' },
  categoriesOne: [],
  categoriesTwo: [],
  categoriesThree: [],
} as unknown as Codes;

describe('résumé sections', () => {
  test('required fields are named, pickers with 请选择 and text with 请填写', () => {
    expect(validate('jyjl', { xxmc: ' ', xl: '', zy: '', sftz: '0', rxsj: '', bysj: '' })).toEqual({ xxmc: '请填写学校名称', xl: '请选择学历', rxsj: '请选择入学时间' });
    expect(validate('qzyx', { gzxzm: '', sjm: '', cjm: '', hym: '', zwmo: '', zwmt: '', zwm: '', yx: '', ys: '' })).toEqual({ cjm: '请选择期望城市', zwm: '请选择期望职类' });
  });

  test('an end before the start is refused; an empty end means 至今', () => {
    const job = { dwmc: '云帆', hy: '', zwmc: '前端', rzsj: '2021-08', lzsj: '2020-01', yx: '', ys: '', sfyc: '0', gzms: '' };
    expect(validate('gzjl', job)).toEqual({ lzsj: '离职时间不能早于入职时间' });
    expect(validate('gzjl', { ...job, lzsj: '' })).toEqual({});
    expect(period('gzjl', { ...job, lzsj: '' })).toBe('2021.08 - 至今');
    expect(period('jyjl', { rxsj: '2017-09', bysj: '' })).toBe('2017.09 - 在读');
  });

  test('an entry reads with code names, flags and salary months', () => {
    const s = summarize('gzjl', { gzjlid: '1', dwmc: '深圳云帆', hy: 'hy_01', zwmc: '高级前端工程师', rzsj: '2021-08', lzsj: '', yx: '', ys: 14, sfyc: '1', gzms: '负责前端架构', createTime: '', updateTime: '' }, codes);
    expect(s.title).toBe('深圳云帆');
    expect(s.facts).toEqual(['2021.08 - 至今', '互联网/IT/软件', '高级前端工程师', '14 薪', '对单位隐藏薪资']);
    expect(s.texts).toEqual([{ label: '工作内容', text: '负责前端架构' }]);
    const i = summarize('qzyx', { qzyxid: '2', gzxzm: 'gx_001', sjm: '440000', cjm: '440300', hym: '', zwmo: 'gwlb_01', zwmt: 'gwlb_0102', zwm: 'gwlb_010201', yx: '', ys: 0, createTime: '', updateTime: '' }, codes);
    expect(i.title).toBe('Web前端 · 深圳市');
    expect(i.facts).toEqual(['全职']);
  });
});

describe('forms', () => {
  test('base info needs a name and a gender; e-mail and birth date are checked when given', () => {
    const empty = {
      xm: '', xbm: '', csrq: '', jgdms: '', jgdmcs: '', dqszs: '', dqszcs: '', dqszxq: '', cjgzny: '', yx: '',
      zzmm: '', mzdm: '', hyzk: '', sg: '', sfzjh: '', sfxs: '', zwpj: '', qzzt: '',
    };
    expect(checkBase(empty)).toEqual({ xm: '请填写姓名', xbm: '请选择性别' });
    expect(checkBase({ ...empty, xm: '张晓', xbm: 'xb_002', yx: 'not-mail', csrq: '2999-01-01' })).toEqual({ yx: '邮箱格式不正确', csrq: '出生日期不能晚于今天' });
    const named = { ...empty, xm: '张晓', xbm: 'xb_002' };
    expect(checkBase({ ...named, sg: '17', sfzjh: '4201011999' })).toEqual({ sg: '身高请填写 50–249 之间的厘米数', sfzjh: '身份证号应为 18 位' });
    expect(checkBase({ ...named, sg: '168', sfzjh: '42010119990101123x' })).toEqual({});
  });

  test('passwords: 6-20 with letters and digits, typed twice the same', () => {
    expect(checkPassword('', '')).toEqual({ password: '请输入密码', password2: '请再次输入密码' });
    expect(checkPassword('123456', '123456').password).toBe('密码须为 6-20 位并同时包含字母和数字');
    expect(checkPassword('abc12345', 'abc12346')).toEqual({ password2: '两次输入的密码不一致' });
    expect(checkPassword('abc12345', 'abc12345')).toEqual({});
  });
});
