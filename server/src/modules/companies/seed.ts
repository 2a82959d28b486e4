import { Readable } from 'node:stream';
import { one, rows, sql, type Db } from '../../db/index.js';
import { FileKind, SCOPES, receiveFile } from '../files/public.js';
import { DEMO_PASSWORD, md5, type DemoContext, type DemoFiles } from '../../db/seed.js';
import { CITIES, insertCompanies, personName, random, type InsertedCompany, type NewCompany } from './generate.js';

const DEMO_NAME = '星辰科技有限公司';
const DEMO_CREDIT_CODE = '91440300MA5FXKQ27C';

/** Stores `bytes` as the licence `hrId` uploaded for the enterprise, attached to it. */
async function attachDemoLicence(files: DemoFiles, hrId: string, companyId: string, bytes: Uint8Array | null): Promise<void> {
  if (!bytes) return;
  const f = await receiveFile(files, {
    ownerId: hrId, kind: FileKind.licence, scope: SCOPES.company.name, name: '营业执照.pdf', body: Readable.from([bytes]),
    maxBytes: SCOPES.company.maxBytes, tooBig: '文件过大', private: SCOPES.company.private, check: () => ({ mime: 'application/pdf', ext: 'pdf' }),
  });
  await files.db.execute(sql`update files set company_id = ${companyId} where id = ${f.id}`);
  await files.db.execute(sql`update companies set licence_file_id = ${f.id} where id = ${companyId}`);
}

/** The demo HR's approved enterprise, complete as a newly registered one (credit code, contact, licence). */
export async function seedDemoCompany(db: Db, hrId: string, files?: DemoFiles): Promise<string> {
  const company = await one<{ id: string }>(
    db,
    sql`insert into companies (name, nature, industry, size, province, city, address, intro, list_type, status, created_by,
                               credit_code, contact, contact_phone)
        values (${DEMO_NAME}, 'dwxz_03', 'hy_01', 'gm_04', '440000', '440300', '深圳市南山区科技园', '专注于企业级云服务与人工智能应用的高新技术企业。', 1, 1, ${hrId},
                ${DEMO_CREDIT_CODE}, '王芳', '0755-86001234')
        returning id::text as id`,
  );
  if (files) {
    const pdf = await files.licencePdf({ name: DEMO_NAME, creditCode: DEMO_CREDIT_CODE, address: '深圳市南山区科技园', legalPerson: '王芳', founded: '2016年05月18日' });
    await attachDemoLicence(files, hrId, company!.id, pdf);
  }
  await db.execute(sql`update hr_profiles set company_id = ${company!.id}, join_state = 2 where user_id = ${hrId}`);
  return company!.id;
}

type Kind = 'enterprise' | 'university' | 'hospital' | 'institute';
/** [name, city code, industry, nature, size, list_type, kind, status, review note] */
type DemoRow = [string, string, string, string, string, number, Kind, number?, string?];

/**
 * The demo's enterprises for the home page's company tabs: 热招企业 (1), 热门高校 (2), 科研/医疗 (3),
 * 热门推荐 (4), plus a few waiting in the operator's review queue.
 */
const DEMO_COMPANIES: DemoRow[] = [
  ['深圳云启网络科技有限公司', '440300', 'hy_01', 'dwxz_03', 'gm_04', 1, 'enterprise'],
  ['杭州数智电子商务有限公司', '330100', 'hy_08', 'dwxz_03', 'gm_05', 1, 'enterprise'],
  ['上海博远金融服务有限公司', '310100', 'hy_03', 'dwxz_07', 'gm_04', 1, 'enterprise'],
  ['北京鼎新信息技术股份有限公司', '110100', 'hy_01', 'dwxz_07', 'gm_06', 1, 'enterprise'],
  ['广州恒达物流有限公司', '440100', 'hy_09', 'dwxz_03', 'gm_05', 1, 'enterprise'],
  ['苏州同创精密机械有限公司', '320500', 'hy_07', 'dwxz_05', 'gm_04', 1, 'enterprise'],
  ['成都天宇文化传媒有限公司', '510100', 'hy_10', 'dwxz_03', 'gm_02', 1, 'enterprise'],
  ['武汉光合新能源科技有限公司', '420100', 'hy_11', 'dwxz_01', 'gm_05', 1, 'enterprise'],
  ['南京汇通人力资源服务有限公司', '320100', 'hy_12', 'dwxz_03', 'gm_03', 1, 'enterprise'],
  ['西安远航半导体有限公司', '610100', 'hy_02', 'dwxz_04', 'gm_04', 1, 'enterprise'],
  ['滨海理工大学', '120100', 'hy_04', 'dwxz_02', 'gm_06', 2, 'university'],
  ['江城大学', '420100', 'hy_04', 'dwxz_02', 'gm_07', 2, 'university'],
  ['南山师范学院', '440300', 'hy_04', 'dwxz_02', 'gm_05', 2, 'university'],
  ['西岭医科大学', '510100', 'hy_04', 'dwxz_02', 'gm_06', 2, 'university'],
  ['钱塘财经大学', '330100', 'hy_04', 'dwxz_02', 'gm_05', 2, 'university'],
  ['金陵工业大学', '320100', 'hy_04', 'dwxz_02', 'gm_06', 2, 'university'],
  ['长安交通职业技术学院', '610100', 'hy_04', 'dwxz_02', 'gm_04', 2, 'university'],
  ['海西大学', '350200', 'hy_04', 'dwxz_02', 'gm_06', 2, 'university'],
  ['星海新材料研究院', '310100', 'hy_04', 'dwxz_02', 'gm_03', 3, 'institute'],
  ['天府人工智能研究院', '510100', 'hy_04', 'dwxz_02', 'gm_03', 3, 'institute'],
  ['华康生物医药研究院', '320500', 'hy_05', 'dwxz_08', 'gm_03', 3, 'institute'],
  ['国际海洋技术研究中心', '370200', 'hy_04', 'dwxz_02', 'gm_02', 3, 'institute'],
  ['滨海市第一人民医院', '120100', 'hy_05', 'dwxz_02', 'gm_05', 3, 'hospital'],
  ['南山区妇幼保健院', '440300', 'hy_05', 'dwxz_02', 'gm_04', 3, 'hospital'],
  ['江城中心医院', '420100', 'hy_05', 'dwxz_02', 'gm_06', 3, 'hospital'],
  ['长青康复医院', '330100', 'hy_05', 'dwxz_03', 'gm_03', 3, 'hospital'],
  ['青岛蓝海食品有限公司', '370200', 'hy_08', 'dwxz_03', 'gm_04', 4, 'enterprise'],
  ['重庆嘉禾置业有限公司', '500100', 'hy_06', 'dwxz_07', 'gm_05', 4, 'enterprise'],
  ['长沙锦程教育科技有限公司', '430100', 'hy_04', 'dwxz_03', 'gm_03', 4, 'enterprise'],
  ['合肥凌云智能装备有限公司', '340100', 'hy_07', 'dwxz_03', 'gm_04', 4, 'enterprise'],
  ['厦门海纳跨境电商有限公司', '350200', 'hy_08', 'dwxz_03', 'gm_02', 4, 'enterprise'],
  ['郑州瑞丰农业科技有限公司', '410100', 'hy_14', 'dwxz_03', 'gm_03', 4, 'enterprise'],
  ['东莞宏图电子有限公司', '441900', 'hy_02', 'dwxz_06', 'gm_05', 4, 'enterprise'],
  ['济南明德律师事务所', '370100', 'hy_12', 'dwxz_09', 'gm_02', 4, 'enterprise'],
  ['宁波致远汽车零部件有限公司', '330200', 'hy_07', 'dwxz_03', 'gm_03', 0, 'enterprise', 0],
  ['天津万象餐饮管理有限公司', '120100', 'hy_13', 'dwxz_03', 'gm_02', 0, 'enterprise', 0],
  ['上海微澜广告有限公司', '310100', 'hy_10', 'dwxz_03', 'gm_01', 0, 'enterprise', 2, '营业执照照片不清晰，且单位名称与执照不一致，请重新上传清晰的营业执照。'],
];

/** First-level job categories that universities, hospitals and institutes hire for. */
export const KIND_CATEGORIES: Record<Kind, [string, number][] | undefined> = {
  enterprise: undefined,
  university: [['gwlb_06', 8], ['gwlb_16', 4], ['gwlb_05', 1]],
  hospital: [['gwlb_07', 10], ['gwlb_05', 1]],
  institute: [['gwlb_16', 8], ['gwlb_01', 2], ['gwlb_07', 1]],
};

function introOf(name: string, kind: Kind, short: string): string {
  switch (kind) {
    case 'university':
      return `${name}是一所多学科协调发展的全日制普通高等学校，坐落于${short}，现有在校生两万余人，面向海内外招聘教学科研人才与管理服务人员。`;
    case 'hospital':
      return `${name}是集医疗、教学、科研、预防保健为一体的综合性医疗机构，开放床位一千余张，诚聘医、护、技、药各类专业人才。`;
    case 'institute':
      return `${name}立足${short}，围绕国家战略与产业需求开展基础研究和应用研究，拥有多个省部级重点实验室，长期招聘研究人员与博士后。`;
    default:
      return `${name}总部位于${short}，深耕行业多年，拥有完善的培训体系和晋升通道，欢迎有志之士加入。`;
  }
}

interface DemoCompany extends InsertedCompany {
  kind: Kind;
}

/** The demo's enterprises (each with an HR account that can log in with the demo password). */
async function seedDemoCompanies(db: Db, md5Password: string): Promise<DemoCompany[]> {
  const r = random(20250301);
  const list: NewCompany[] = DEMO_COMPANIES.map(([name, city, industry, nature, size, listType, kind, status]) => {
    const [province, , short, districts] = CITIES.find((c) => c[1] === city)!;
    return {
      name, nature, industry, size, province, city, listType, status: status ?? 1,
      address: `${short}市${r.pick(districts)}${r.int(300) + 1}号`,
      intro: introOf(name, kind, short),
      hrName: personName(r),
      hrTitle: kind === 'enterprise' ? r.pick(['招聘经理', '人事专员', 'HRBP']) : r.pick(['人事处干事', '人力资源部主任', '招聘办老师']),
    };
  });
  const inserted = await insertCompanies(db, list, { phoneBase: 13810000001, md5Password });
  for (const [i, row] of DEMO_COMPANIES.entries()) {
    if (row[8]) await db.execute(sql`update companies set review_note = ${row[8]}, reviewed_at = now() where id = ${inserted[i].id}`);
    if (row[7] === 0) await db.execute(sql`update companies set reviewed_at = null where id = ${inserted[i].id}`);
  }
  return inserted.map((c, i) => ({ ...c, kind: DEMO_COMPANIES[i][6] }));
}

/** The kind of a demo enterprise by name (the jobs step hires for what it is). */
export function demoKindOf(name: string): Kind {
  return DEMO_COMPANIES.find((c) => c[0] === name)?.[6] ?? 'enterprise';
}

/**
 * Demo step of the companies module (the HR accounts share the demo password). The approved
 * enterprises are complete, licence included, as the review asks of a new one: their HR can save an
 * edit without being asked for anything.
 */
export async function seedDemoCompaniesStep(ctx: DemoContext): Promise<void> {
  const list = await seedDemoCompanies(ctx.db, md5(DEMO_PASSWORD));
  const files = ctx.files;
  if (files) {
    const approved = await rows<{ id: string; hr_id: string }>(
      ctx.db,
      sql`select id::text as id, created_by::text as hr_id from companies
          where id = any(${sql.param(list.map((c) => c.id))}::bigint[]) and status = 1 order by id`,
    );
    // One sample rendered once: a PDF per enterprise would cost every demo start seconds.
    const pdf = await files.licencePdf({ name: '（演示单位）', creditCode: '—', address: '—', legalPerson: '—', founded: '—' });
    for (const c of approved) await attachDemoLicence(files, c.hr_id, c.id, pdf);
  }
  ctx.log.info({ companies: list.length }, 'demo enterprises');
}
