/**
 * Realistic enterprises in bulk, for the demo and for benchmark volume (`pnpm zp seed --jobs N`).
 * Deterministic for a given seed, so two runs build the same data.
 */
import { one, rows, sql, type Db } from '../../db/index.js';
import { hashPassword } from '../auth/public.js';

/** Small, fast, seedable PRNG (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  /** items with weights: [[value, weight], ...] */
  const weighted = <T>(xs: readonly (readonly [T, number])[]): T => {
    let r = next() * xs.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of xs) if ((r -= w) < 0) return v;
    return xs[xs.length - 1][0];
  };
  return { next, int, pick, weighted };
}
export type Random = ReturnType<typeof random>;

/** Cities jobs and enterprises are placed in: [province, city, short name, districts, weight]. */
export const CITIES: readonly (readonly [string, string, string, readonly string[], number])[] = [
  ['110000', '110100', '北京', ['海淀区中关村', '朝阳区望京', '东城区东直门', '昌平区回龙观'], 12],
  ['310000', '310100', '上海', ['浦东新区张江', '徐汇区漕河泾', '闵行区紫竹', '静安区南京西路'], 12],
  ['440000', '440300', '深圳', ['南山区科技园', '福田区车公庙', '宝安区西乡', '龙岗区坂田'], 11],
  ['440000', '440100', '广州', ['天河区珠江新城', '黄埔区科学城', '番禺区大学城'], 9],
  ['330000', '330100', '杭州', ['西湖区文三路', '滨江区长河', '余杭区未来科技城'], 8],
  ['320000', '320100', '南京', ['鼓楼区新街口', '江宁区百家湖', '建邺区河西'], 6],
  ['320000', '320500', '苏州', ['工业园区金鸡湖', '高新区狮山', '吴中区'], 6],
  ['510000', '510100', '成都', ['高新区天府软件园', '武侯区', '锦江区春熙路'], 7],
  ['420000', '420100', '武汉', ['东湖高新区光谷', '江汉区', '洪山区'], 6],
  ['610000', '610100', '西安', ['雁塔区高新路', '长安区', '未央区'], 5],
  ['500000', '500100', '重庆', ['渝北区', '江北区观音桥', '沙坪坝区'], 5],
  ['120000', '120100', '天津', ['滨海新区', '南开区', '河西区'], 4],
  ['430000', '430100', '长沙', ['岳麓区麓谷', '天心区', '开福区'], 4],
  ['410000', '410100', '郑州', ['金水区', '郑东新区', '高新区'], 4],
  ['340000', '340100', '合肥', ['蜀山区', '高新区', '包河区'], 4],
  ['370000', '370200', '青岛', ['市南区', '崂山区', '黄岛区'], 3],
  ['350000', '350200', '厦门', ['思明区软件园', '湖里区', '集美区'], 3],
  ['440000', '441900', '东莞', ['松山湖', '南城街道', '长安镇'], 3],
  ['330000', '330200', '宁波', ['鄞州区', '江北区', '北仑区'], 3],
  ['370000', '370100', '济南', ['历下区', '高新区', '槐荫区'], 3],
];

const BRANDS = [
  '星辰', '华信', '云启', '博远', '智联', '同创', '恒达', '盛世', '天宇', '鼎新', '和睿', '远航', '长青', '金桥', '新元', '启明', '卓越', '中科',
  '汇通', '海纳', '蓝海', '锦程', '嘉禾', '瑞丰', '腾越', '宏图', '华泰', '东方', '明德', '正和', '安信', '众合', '永信', '聚力', '光合', '青云',
  '万象', '优联', '凌云', '数智', '融创', '华晟', '鸿鹄', '精诚', '弘毅', '致远', '拓维', '微澜', '峰岹', '立达', '力拓', '知行', '九州', '百川',
];

/** Industry code → the words its enterprises' names use. */
const INDUSTRY_WORDS: Record<string, readonly string[]> = {
  hy_01: ['科技', '信息技术', '网络科技', '软件', '数据科技', '智能科技'],
  hy_02: ['电子', '微电子', '通信技术', '半导体', '光电'],
  hy_03: ['金融服务', '资产管理', '融资租赁', '保险代理'],
  hy_04: ['教育科技', '培训学校', '教育咨询'],
  hy_05: ['医药', '生物科技', '医疗器械', '健康管理'],
  hy_06: ['置业', '建设工程', '物业服务', '建筑设计'],
  hy_07: ['精密机械', '汽车零部件', '智能装备', '制造'],
  hy_08: ['商贸', '电子商务', '食品', '连锁超市'],
  hy_09: ['物流', '供应链管理', '快运', '冷链物流'],
  hy_10: ['文化传媒', '广告', '影视文化', '数字传媒'],
  hy_11: ['新能源', '环保科技', '化工', '电力工程'],
  hy_12: ['企业管理咨询', '人力资源服务', '会计师事务所', '律师事务所', '知识产权代理'],
  hy_13: ['餐饮管理', '酒店管理', '旅行社', '家政服务'],
  hy_14: ['农业科技', '生态农业', '种业'],
};
const SUFFIXES = [['有限公司', 8], ['股份有限公司', 2], ['集团有限公司', 1]] as const;
const NATURES = [['dwxz_03', 60], ['dwxz_01', 10], ['dwxz_07', 10], ['dwxz_04', 6], ['dwxz_05', 5], ['dwxz_06', 3], ['dwxz_09', 2]] as const;
const SIZES = [['gm_01', 20], ['gm_02', 25], ['gm_03', 22], ['gm_04', 12], ['gm_05', 12], ['gm_06', 5], ['gm_07', 4]] as const;
const INDUSTRIES = [
  ['hy_01', 22], ['hy_02', 7], ['hy_03', 6], ['hy_04', 5], ['hy_05', 7], ['hy_06', 6], ['hy_07', 10], ['hy_08', 9], ['hy_09', 6], ['hy_10', 5],
  ['hy_11', 5], ['hy_12', 6], ['hy_13', 5], ['hy_14', 2],
] as const;

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';

export interface NewCompany {
  name: string;
  nature: string;
  industry: string;
  size: string;
  province: string;
  city: string;
  address: string;
  intro: string;
  listType: number;
  status: number;
  hrName: string;
  hrTitle: string;
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢';
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '晨', '雪', '婷', '宇', '浩', '欣怡', '子涵', '佳'];
export const personName = (r: Random) => r.pick([...SURNAMES]) + r.pick(GIVEN);

/** A generated enterprise; `n` makes the name unique within one run. */
export function makeCompany(r: Random, n: number): NewCompany {
  const [province, city, short, districts] = r.weighted(CITIES.map((c) => [c, c[4]] as const));
  const industry = r.weighted(INDUSTRIES);
  // The brand cycles fastest so that n alone keeps names apart; the rest varies by chance.
  const brand = BRANDS[n % BRANDS.length] + (n >= BRANDS.length ? BRANDS[Math.floor(n / BRANDS.length) % BRANDS.length] : '');
  const word = r.pick(INDUSTRY_WORDS[industry]);
  const suffix = word.endsWith('事务所') || word.endsWith('学校') ? '' : r.weighted(SUFFIXES);
  const round = Math.floor(n / (BRANDS.length * BRANDS.length));
  const name = `${short}${brand}${word}${suffix}${round ? `（第${round + 1}分公司）` : ''}`;
  return {
    name,
    nature: r.weighted(NATURES),
    industry,
    size: r.weighted(SIZES),
    province,
    city,
    address: `${short}市${r.pick(districts)}${r.int(300) + 1}号`,
    intro: `${name}成立于${2000 + r.int(24)}年，总部位于${short}，专注于${word}领域，秉持“客户第一、诚信务实”的理念，为员工提供完善的培训体系与广阔的发展空间。`,
    listType: 0,
    status: 1,
    hrName: personName(r),
    hrTitle: r.pick(['招聘经理', '人事专员', 'HRBP', '招聘主管', '人力资源经理']),
  };
}

export interface InsertedCompany {
  id: string;
  name: string;
  industry: string;
  city: string;
  province: string;
  listType: number;
  hrId: string;
}

/**
 * Inserts enterprises, each with one HR account that has joined it (phone `phoneBase + i`).
 * Rows go in by the thousand through unnest(), one statement per table and batch; the HR share one
 * password hash (computed once) so that thousands of accounts do not cost thousands of argon2 runs.
 */
export async function insertCompanies(db: Db, list: NewCompany[], opts: { phoneBase: number; md5Password: string }): Promise<InsertedCompany[]> {
  const hash = await hashPassword(opts.md5Password);
  const out: InsertedCompany[] = [];
  const BATCH = 2000;
  for (let i = 0; i < list.length; i += BATCH) {
    const part = list.slice(i, i + BATCH);
    const phones = part.map((_, j) => String(opts.phoneBase + i + j));
    // Accounts are the auth module's; created here in bulk with the same columns createUser fills.
    const users = await rows<{ id: string; phone: string }>(
      db,
      sql`insert into users (role, phone, password_hash, name)
          select 'hr', p, ${hash}, n from unnest(${sql.param(phones)}::text[], ${sql.param(part.map((c) => c.hrName))}::text[]) as t(p, n)
          on conflict (role, phone) do update set name = excluded.name
          returning id::text as id, phone`,
    );
    const byPhone = new Map(users.map((u) => [u.phone, u.id]));
    const hrIds = phones.map((p) => byPhone.get(p)!);
    // base-31 digits of a number unique to the account: unique codes of the official shape
    const credit = part.map((_, j) => {
      let s = '';
      let x = opts.phoneBase + i + j;
      for (let k = 0; k < 10; k++) {
        s += CREDIT_CHARS[x % CREDIT_CHARS.length];
        x = Math.floor(x / CREDIT_CHARS.length);
      }
      return `91${part[j].city}${s}`;
    });
    const inserted = await rows<{ id: string; name: string }>(
      db,
      sql`insert into companies (name, nature, industry, size, province, city, address, intro, credit_code, contact, contact_phone,
                                 list_type, status, created_by, reviewed_at)
          select name, nature, industry, size, province, city, address, intro, credit_code, contact, contact_phone, list_type, status,
                 created_by, now()
          from unnest(${sql.param(part.map((c) => c.name))}::text[], ${sql.param(part.map((c) => c.nature))}::text[],
                      ${sql.param(part.map((c) => c.industry))}::text[], ${sql.param(part.map((c) => c.size))}::text[], ${sql.param(part.map((c) => c.province))}::text[],
                      ${sql.param(part.map((c) => c.city))}::text[], ${sql.param(part.map((c) => c.address))}::text[], ${sql.param(part.map((c) => c.intro))}::text[],
                      ${sql.param(credit)}::text[], ${sql.param(part.map((c) => c.hrName))}::text[], ${sql.param(phones)}::text[], ${sql.param(part.map((c) => c.listType))}::smallint[],
                      ${sql.param(part.map((c) => c.status))}::smallint[], ${sql.param(hrIds)}::bigint[])
            as t(name, nature, industry, size, province, city, address, intro, credit_code, contact, contact_phone, list_type, status, created_by)
          returning id::text as id, name`,
    );
    const idByName = new Map(inserted.map((c) => [c.name, c.id]));
    const companies = part.map((c) => ({ id: idByName.get(c.name)! }));
    await db.execute(
      sql`insert into hr_profiles (user_id, company_id, name, title, join_state)
          select u, c, n, t, 2 from unnest(${sql.param(hrIds)}::bigint[], ${sql.param(companies.map((c) => c.id))}::bigint[], ${sql.param(part.map((c) => c.hrName))}::text[],
                                          ${sql.param(part.map((c) => c.hrTitle))}::text[]) as x(u, c, n, t)
          on conflict (user_id) do update set company_id = excluded.company_id, join_state = 2`,
    );
    for (const [j, c] of part.entries()) {
      out.push({ id: companies[j].id, name: c.name, industry: c.industry, city: c.city, province: c.province, listType: c.listType, hrId: hrIds[j] });
    }
  }
  return out;
}

/** How many enterprises exist (the CLI continues numbering after them). */
export async function companyCount(db: Db): Promise<number> {
  return (await one<{ n: number }>(db, sql`select count(*)::int as n from companies`))!.n;
}
