/**
 * Demo fairs: online and offline, ended, running and upcoming, placed relative to the moment the
 * demo is created so the states stay meaningful; zones; sign-ups of the demo enterprise, of the
 * other approved enterprises present when this step runs, and of the demo job seeker.
 * Runs after the companies step (it signs their enterprises up) and before the jobs step (which
 * may show jobs at the fairs their enterprise signed up for, see fairsOfCompany).
 */
import { rows, sql } from '../../db/index.js';
import type { DemoContext } from '../../db/seed.js';
import { fairsOfCompany } from './repo/signups.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A China-time wall clock on a day relative to today: day 0 is today. */
function chinaAt(dayOffset: number, hour: number, minute = 0): Date {
  const nowChina = Date.now() + 8 * HOUR;
  const midnight = Math.floor(nowChina / DAY) * DAY;
  return new Date(midnight + dayOffset * DAY + hour * HOUR + minute * 60_000 - 8 * HOUR);
}
/** Whole hours from now (negative: past), for fairs that must be running whenever the demo starts. */
const hoursFromNow = (h: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + h * HOUR);

interface DemoFair {
  key: string;
  name: string;
  venueType: 1 | 2;
  kind: string;
  starts: Date;
  ends: Date;
  province?: string;
  city?: string;
  venue?: string;
  organizer: string;
  hostOrg: string;
  intro: string;
  feeType?: 1 | 2;
  fee?: number;
}

const FAIRS: DemoFair[] = [
  {
    key: 'autumn', name: '2026届高校毕业生秋季网络双选会', venueType: 1, kind: 'yh_005', starts: hoursFromNow(-48), ends: hoursFromNow(24 * 5),
    organizer: '省教育厅', hostOrg: '省高校毕业生就业指导中心',
    intro: '面向2026届高校毕业生的大型网络双选会，设名企专区、高校专区和科研院所专区。参会单位在线展示岗位，求职者可在会场内投递简历、与在线HR即时沟通并预约视频面试。',
  },
  {
    key: 'internet', name: '“百日千万”网络招聘专项行动·互联网专场', venueType: 1, kind: 'yh_002', starts: hoursFromNow(-3), ends: hoursFromNow(6),
    organizer: '市人力资源和社会保障局', hostOrg: '市公共就业服务中心',
    intro: '聚焦软件开发、数据分析、产品运营等互联网岗位，全天在线，HR实时在线答疑。',
  },
  {
    key: 'gba', name: '粤港澳大湾区智能制造人才网络招聘会', venueType: 1, kind: 'yh_002', starts: chinaAt(3, 9), ends: chinaAt(5, 17),
    organizer: '广东省人力资源和社会保障厅', hostOrg: '广东省人才交流服务中心', feeType: 2, fee: 600,
    intro: '汇集大湾区智能制造、新能源汽车、电子信息等领域的重点企业，提供工程师、技术员及管理类岗位。',
  },
  {
    key: 'spring', name: '2027届毕业生春季网络双选会（预告）', venueType: 1, kind: 'yh_005', starts: chinaAt(20, 9), ends: chinaAt(27, 18),
    organizer: '省教育厅', hostOrg: '省高校毕业生就业指导中心',
    intro: '春季网络双选会将于下月开幕，欢迎用人单位提前报名、发布岗位。',
  },
  {
    key: 'fintech', name: '长三角金融科技人才网络招聘会', venueType: 1, kind: 'yh_001', starts: chinaAt(-20, 9), ends: chinaAt(-18, 17),
    organizer: '上海市人才服务中心', hostOrg: '长三角人才发展联盟',
    intro: '面向银行、证券、保险及金融科技企业的综合网络招聘会。',
  },
  {
    key: 'veterans', name: '退役军人专场网络招聘会', venueType: 1, kind: 'yh_002', starts: chinaAt(-45, 9), ends: chinaAt(-44, 17),
    organizer: '市退役军人事务局', hostOrg: '市公共就业服务中心',
    intro: '为退役军人提供安保、物流、制造、行政等岗位，部分企业提供定向培训。',
  },
  {
    key: 'nanshan', name: '深圳市南山区春季大型人才招聘会', venueType: 2, kind: 'yh_003', starts: hoursFromNow(-2), ends: hoursFromNow(4),
    province: '440000', city: '440300', venue: '深圳市南山区科技园人才市场（科技南十二路）三楼展厅',
    organizer: '南山区人力资源局', hostOrg: '南山区人才服务中心',
    intro: '现场设展位120个，涵盖互联网、电子信息、生物医药等行业，请携带纸质简历入场。',
  },
  {
    key: 'pazhou', name: '广州琶洲人工智能与数字经济人才交流会', venueType: 2, kind: 'yh_004', starts: chinaAt(7, 9, 30), ends: chinaAt(7, 16, 30),
    province: '440000', city: '440100', venue: '广州市海珠区琶洲国际会展中心B区9.1馆', feeType: 2, fee: 1500,
    organizer: '广州市人力资源和社会保障局', hostOrg: '广州市人才集团',
    intro: '人工智能、大数据、云计算企业集中招聘，同期举办数字经济人才发展论坛。',
  },
  {
    key: 'hangzhou', name: '杭州市高层次人才洽谈会', venueType: 2, kind: 'yh_004', starts: chinaAt(12, 9), ends: chinaAt(12, 17),
    province: '330000', city: '330100', venue: '杭州国际博览中心1号馆',
    organizer: '杭州市人才工作领导小组办公室', hostOrg: '杭州市人才服务中心',
    intro: '面向博士、硕士及高级职称人才，高校、科研院所与重点企业现场洽谈。',
  },
  {
    key: 'zhangjiang', name: '上海张江生物医药专场招聘会', venueType: 2, kind: 'yh_004', starts: chinaAt(2, 13), ends: chinaAt(2, 17),
    province: '310000', city: '310100', venue: '上海市浦东新区张江科学会堂二层',
    organizer: '浦东新区人力资源和社会保障局', hostOrg: '张江科学城人才服务中心',
    intro: '创新药、医疗器械、CRO企业专场，提供研发、临床、注册及质量管理岗位。',
  },
  {
    key: 'chengdu', name: '成都市高校毕业生就业服务月专场招聘会', venueType: 2, kind: 'yh_003', starts: chinaAt(-10, 9), ends: chinaAt(-10, 16),
    province: '510000', city: '510100', venue: '成都世纪城新国际会展中心5号馆',
    organizer: '成都市人力资源和社会保障局', hostOrg: '成都市人才流动服务中心',
    intro: '就业服务月重点活动，同步开展职业指导和就业政策咨询。',
  },
  {
    key: 'zgc', name: '北京中关村科技园区春季人才招聘会', venueType: 2, kind: 'yh_003', starts: chinaAt(-30, 9), ends: chinaAt(-30, 16),
    province: '110000', city: '110100', venue: '北京市海淀区中关村国际人才会客厅',
    organizer: '中关村科技园区管理委员会', hostOrg: '中关村人才协会',
    intro: '中关村科技企业联合招聘，岗位覆盖软件、芯片、人工智能和科技服务。',
  },
];

const ZONES: Record<string, string[]> = {
  autumn: ['名企专区', '高校专区', '科研院所专区'],
  nanshan: ['互联网专区', '智能制造专区'],
};

/** The demo enterprise's fairs, and the demo job seeker's. */
const DEMO_COMPANY_FAIRS = ['autumn', 'internet', 'gba', 'nanshan', 'zhangjiang', 'fintech'];
const DEMO_SEEKER_FAIRS = ['autumn', 'nanshan', 'gba', 'fintech'];

export async function seedFairsDemo(ctx: DemoContext) {
  const { db } = ctx;
  const fairRows = await rows<{ id: string }>(
    db,
    sql`insert into fairs (name, venue_type, kind, starts_at, ends_at, province, city, venue, organizer, host_org, intro, fee_type, booth_fee, created_by)
        values ${sql.join(
          FAIRS.map(
            (f) => sql`(${f.name}, ${f.venueType}, ${f.kind}, ${f.starts.toISOString()}, ${f.ends.toISOString()}, ${f.province ?? ''}, ${f.city ?? ''},
                        ${f.venue ?? ''}, ${f.organizer}, ${f.hostOrg}, ${f.intro}, ${f.feeType ?? 1}, ${f.fee ?? 0}, ${ctx.operatorId})`,
          ),
          sql`, `,
        )}
        returning id::text as id`,
  );
  const fairId = Object.fromEntries(FAIRS.map((f, i) => [f.key, fairRows[i].id]));
  // Demo reminders for fairs that already started would be noise: mark them as sent.
  await db.execute(sql`update fairs set reminder_claimed_at = now() where starts_at <= now()`);

  const zoneId: Record<string, Record<string, string>> = {};
  for (const [key, names] of Object.entries(ZONES)) {
    const z = await rows<{ id: string; name: string }>(
      db,
      sql`insert into fair_zones (fair_id, name, sort) values ${sql.join(names.map((n, i) => sql`(${fairId[key]}, ${n}, ${i + 1})`), sql`, `)}
          returning id::text as id, name`,
    );
    zoneId[key] = Object.fromEntries(z.map((x) => [x.name, x.id]));
  }

  // Approved enterprises and one of their HR (read once, for seeding only).
  const companies = await rows<{ id: string; hr: string | null; list_type: number; industry: string }>(
    db,
    sql`select c.id::text as id, c.list_type::int as list_type, c.industry,
               (select min(h.user_id)::text from hr_profiles h where h.company_id = c.id and h.join_state = 2) as hr
        from companies c where c.status = 1 order by c.id`,
  );
  const signups: { fair: string; user: string; company: string; zone: string | null; at: string }[] = [];
  const startOf = Object.fromEntries(FAIRS.map((f) => [f.key, f.starts.getTime()]));
  // Sign-ups come in over the days before a fair opens (and up to now for a running one), so the
  // hall's 会场动态 reads as news of different ages: spread, deterministic.
  const signedUpAt = (key: string, n: number) => new Date(Math.min(Date.now(), startOf[key]!) - ((n * 97) % (3 * 24 * 60) + 5) * 60_000).toISOString();
  const zoneFor = (key: string, c: { list_type: number; industry: string }) => {
    if (key === 'autumn') {
      if (c.list_type === 2) return zoneId.autumn.高校专区;
      if (c.list_type === 3 || c.industry === 'hy_05') return zoneId.autumn.科研院所专区;
      return zoneId.autumn.名企专区;
    }
    if (key === 'nanshan') return c.industry === 'hy_01' ? zoneId.nanshan.互联网专区 : c.industry === 'hy_07' ? zoneId.nanshan.智能制造专区 : null;
    return null;
  };
  companies.forEach((c, i) => {
    const demo = c.id === ctx.companyId;
    // Other enterprises: each at three fairs, spread over the list.
    const keys = demo ? DEMO_COMPANY_FAIRS : [FAIRS[i % FAIRS.length].key, FAIRS[(i + 3) % FAIRS.length].key, 'autumn'];
    for (const key of new Set(keys)) {
      signups.push({ fair: fairId[key], user: demo ? ctx.hrId : (c.hr ?? ctx.hrId), company: c.id, zone: zoneFor(key, c), at: signedUpAt(key, signups.length) });
    }
  });
  if (signups.length) {
    await db.execute(
      sql`insert into fair_signups (fair_id, user_id, company_id, zone_id, created_at)
          values ${sql.join(signups.map((x) => sql`(${x.fair}, ${x.user}, ${x.company}, ${x.zone}, ${x.at})`), sql`, `)}
          on conflict do nothing`,
    );
  }
  await db.execute(
    sql`insert into fair_signups (fair_id, user_id, created_at)
        values ${sql.join(DEMO_SEEKER_FAIRS.map((k, i) => sql`(${fairId[k]}, ${ctx.seekerId}, ${signedUpAt(k, signups.length + i)})`), sql`, `)}`,
  );
  await db.execute(
    sql`insert into fair_favorites (user_id, fair_id) values (${ctx.seekerId}, ${fairId.pazhou}), (${ctx.seekerId}, ${fairId.hangzhou}),
        (${ctx.hrId}, ${fairId.pazhou}), (${ctx.hrId}, ${fairId.spring})`,
  );
  ctx.log.info({ fairs: FAIRS.length, signups: signups.length }, 'demo fairs created');
}

/**
 * Demo step after the jobs: a few published jobs of each enterprise shown at the fairs it signed
 * up for (the ended ones showed them while they ran).
 */
export async function showDemoJobsAtFairs(ctx: DemoContext) {
  const { db } = ctx;
  const signups = await rows<{ company_id: string }>(db, sql`select distinct company_id::text as company_id from fair_signups order by 1`);
  const links: string[] = [];
  for (const { company_id: companyId } of signups) {
    const fairs = await fairsOfCompany(db, companyId);
    const own = await rows<{ id: string }>(db, sql`select id::text as id from jobs where company_id = ${companyId} and status = 1 order by id limit 4`);
    for (const f of fairs) for (const j of own) links.push(`(${j.id},${f.id})`);
  }
  if (links.length) await db.execute(sql.raw(`insert into job_fairs (job_id, fair_id) values ${links.join(',')} on conflict do nothing`));
  ctx.log.info({ atFairs: links.length }, 'demo jobs at fairs');
}
