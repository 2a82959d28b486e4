/**
 * Enterprise registration, changes and review; HR joining an enterprise.
 */
import type { Static } from '@sinclair/typebox';
import { COMPANY_LEGACY_OPTIONAL, COMPANY_NO_LICENCE_MSG, type CompanyInput, type CompanyLegacyField } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import type { Services } from '../../services.js';
import { codeSnapshot, isValidCode } from '../codes/public.js';
import { assertFileOwned, FileKind } from '../files/public.js';
import { notify } from '../notify/public.js';
import { logOperatorAction } from '../admin/public.js';
import { reindexCompanyJobs } from '../search/public.js';
import { hrIdsOfCompany } from './public.js';
import { SITE_PATHS } from '@zp/core/fairs';

export type CompanyFields = Static<typeof CompanyInput>;

export interface HrState {
  companyId: string | null;
  /** 0 none, 1 pending review, 2 joined, 3 refused */
  joinState: number;
  /** the enterprise's shzt, null without one */
  companyStatus: number | null;
  name: string;
}

export async function hrState(db: Db, hrId: string): Promise<HrState> {
  const r = await one<{ company_id: string | null; join_state: number; status: number | null; name: string }>(
    db,
    sql`select h.company_id::text as company_id, h.join_state::int as join_state, c.status::int as status, h.name
        from hr_profiles h left join companies c on c.id = h.company_id where h.user_id = ${hrId}`,
  );
  if (!r) throw notFound('HR 信息不存在');
  return { companyId: r.company_id, joinState: r.join_state, companyStatus: r.status, name: r.name };
}

/** The enterprise the HR has joined, or a 403 telling them to register or join one. */
export async function joinedCompanyId(db: Db, hrId: string): Promise<string> {
  const st = await hrState(db, hrId);
  if (st.joinState !== 2 || !st.companyId) throw forbidden('您还没有加入单位，请先注册或申请加入单位');
  return st.companyId;
}

/** COMPANY_LEGACY_OPTIONAL fields the enterprise still lacks. */
export async function missingCompanyFields(db: Db, companyId: string): Promise<CompanyLegacyField[]> {
  const c = await one<Record<CompanyLegacyField, boolean>>(
    db,
    sql`select credit_code = '' as tyshxydm, contact = '' as lxr, contact_phone = '' as lxdh,
               not exists (select 1 from files f where f.id = c.licence_file_id and f.deleted_at is null) as yyzzimage
        from companies c where c.id = ${companyId}`,
  );
  return c ? (Object.keys(COMPANY_LEGACY_OPTIONAL) as CompanyLegacyField[]).filter((k) => c[k]) : [];
}

/** Every code is checked against its table and the city against its province. */
async function checkCodes(db: Db, b: CompanyFields) {
  const checks: [Parameters<typeof isValidCode>[1], string, string][] = [
    ['m_dwxzdm', b.dwxz, '单位性质'],
    ['m_dwsshydm', b.sshy, '所属行业'],
    ['m_dwgmdm', b.dwgm, '单位规模'],
    ['sf', b.dwszsf, '所在省份'],
    ['ss', b.dwszcs, '所在城市'],
  ];
  for (const [table, code, title] of checks) {
    if (!code) throw badRequest(`请选择${title}`);
    if (!(await isValidCode(db, table, code))) throw badRequest(`${title}无效，请重新选择`);
  }
  const city = (await codeSnapshot(db)).all.ss.find((r) => r.code === b.dwszcs);
  if (city?.parent !== b.dwszsf) throw badRequest('所在城市不属于所选省份');
}

async function checkFiles(db: Db, hrId: string, b: CompanyFields) {
  await assertFileOwned(db, b.yyzzimage, hrId, [FileKind.licence]);
  if (b.qydwimage) await assertFileOwned(db, b.qydwimage, hrId, [FileKind.logo]);
}

/** The logo and licence now belong to the enterprise (its file list shows them). */
async function attachFiles(db: Db, companyId: string, b: CompanyFields) {
  const ids = [b.yyzzimage, b.qydwimage].filter((id): id is string => !!id);
  if (!ids.length) return;
  await db.execute(sql`update files set company_id = ${companyId} where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
}

const clean = (b: CompanyFields) => ({
  ...b,
  dwmc: b.dwmc.trim(),
  dwszxxdz: b.dwszxxdz.trim(),
  dwjs: b.dwjs.trim(),
  lxr: b.lxr.trim(),
  lxdh: b.lxdh.trim(),
  dwwz: (b.dwwz ?? '').trim(),
  lxyx: b.lxyx?.trim(),
  qydwimage: b.qydwimage || '',
});

async function assertUnique(db: Db, b: CompanyFields, exceptId: string | null) {
  const same = await one<{ id: string; by_name: boolean }>(
    db,
    sql`select id::text as id, name = ${b.dwmc} as by_name from companies
        where ((name = ${b.dwmc} and status <> 2) or (credit_code = ${b.tyshxydm} and credit_code <> '')) ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  if (same) {
    throw conflict(same.by_name ? '该单位已注册，请通过“申请加入单位”加入' : '该统一社会信用代码已被其他单位使用，请通过“申请加入单位”加入');
  }
}

export async function registerCompany(s: Services, hrId: string, input: CompanyFields): Promise<string> {
  const b = clean(input);
  const st = await hrState(s.db, hrId);
  if (st.joinState === 2) throw conflict('您已加入单位，如需修改请使用“修改单位信息”');
  if (st.joinState === 1) throw conflict('您已申请加入其他单位，请等待审核结果');
  if (b.dwmc.length < 2) throw badRequest('单位名称不能少于 2 个字');
  await checkCodes(s.db, b);
  await checkFiles(s.db, hrId, b);
  await assertUnique(s.db, b, null);
  const c = await one<{ id: string }>(
    s.db,
    sql`insert into companies (name, nature, industry, size, province, city, address, intro, credit_code, contact, contact_phone,
                               website, email, logo_file_id, licence_file_id, status, created_by)
        values (${b.dwmc}, ${b.dwxz}, ${b.sshy}, ${b.dwgm}, ${b.dwszsf}, ${b.dwszcs}, ${b.dwszxxdz}, ${b.dwjs}, ${b.tyshxydm},
                ${b.lxr}, ${b.lxdh}, ${b.dwwz}, ${b.lxyx ?? ''}, ${b.qydwimage || null}, ${b.yyzzimage}, 0, ${hrId})
        returning id::text as id`,
  );
  await s.db.execute(sql`update hr_profiles set company_id = ${c!.id}, join_state = 2, join_requested_at = null where user_id = ${hrId}`);
  await attachFiles(s.db, c!.id, b);
  return c!.id;
}

/**
 * Saves HR's changes. A rejected enterprise goes back to review; an approved one too when what
 * the operator checked changes (name, credit code, licence) — other edits keep it approved.
 */
export async function updateCompany(s: Services, hrId: string, input: CompanyFields): Promise<number> {
  const b = clean(input);
  const companyId = await joinedCompanyId(s.db, hrId);
  const cur = await one<{ name: string; credit_code: string; licence: string | null; status: number; contact: string; contact_phone: string }>(
    s.db,
    sql`select name, credit_code, licence_file_id::text as licence, status::int as status, contact, contact_phone from companies where id = ${companyId}`,
  );
  // An enterprise from before these were required may still lack them: it saves without them
  // (the reply asks for them), but what it has cannot be emptied.
  const had: Record<CompanyLegacyField, string> = { tyshxydm: cur!.credit_code, lxr: cur!.contact, lxdh: cur!.contact_phone, yyzzimage: cur!.licence ?? '' };
  for (const k of Object.keys(COMPANY_LEGACY_OPTIONAL) as CompanyLegacyField[]) {
    if (!b[k] && had[k]) throw badRequest(k === 'yyzzimage' ? '请上传营业执照' : `请填写${COMPANY_LEGACY_OPTIONAL[k]}`);
  }
  await checkCodes(s.db, b);
  // Files already on the enterprise (uploaded by a colleague) stay acceptable.
  const onCompany = await rows<{ id: string }>(
    s.db,
    sql`select id::text as id from files where company_id = ${companyId} and deleted_at is null and kind in (20, 30)`,
  );
  const known = new Set(onCompany.map((r) => r.id));
  if (b.yyzzimage && !known.has(b.yyzzimage)) await assertFileOwned(s.db, b.yyzzimage, hrId, [FileKind.licence]);
  if (b.qydwimage && !known.has(b.qydwimage)) await assertFileOwned(s.db, b.qydwimage, hrId, [FileKind.logo]);
  await assertUnique(s.db, b, companyId);
  // Supplying what was missing keeps the approval; changing what the operator checked does not.
  const reviewed = cur!.name !== b.dwmc || (!!had.tyshxydm && had.tyshxydm !== b.tyshxydm) || (!!had.yyzzimage && had.yyzzimage !== b.yyzzimage);
  const status = cur!.status === 2 || (cur!.status === 1 && reviewed) ? 0 : cur!.status;
  await s.db.execute(
    sql`update companies set name = ${b.dwmc}, nature = ${b.dwxz}, industry = ${b.sshy}, size = ${b.dwgm}, province = ${b.dwszsf},
          city = ${b.dwszcs}, address = ${b.dwszxxdz}, intro = ${b.dwjs}, credit_code = ${b.tyshxydm}, contact = ${b.lxr},
          contact_phone = ${b.lxdh}, website = ${b.dwwz}, email = ${b.lxyx ?? sql`email`}, logo_file_id = ${b.qydwimage || null}, licence_file_id = ${b.yyzzimage || null},
          status = ${status}, updated_at = now()
          ${status === 0 && cur!.status !== 0 ? sql`, submitted_at = now(), review_note = ''` : sql``}
        where id = ${companyId}`,
  );
  await attachFiles(s.db, companyId, b);
  if (cur!.name !== b.dwmc) await reindexCompanyJobs(s.db, companyId, b.dwmc);
  return status;
}

/** An HR without an enterprise asks to join an approved one; its HR are told. */
export async function requestJoin(s: Services, hrId: string, companyId: string, profile: { xm?: string; zw?: string }) {
  const st = await hrState(s.db, hrId);
  if (st.joinState === 2) throw conflict('您已加入单位，不能再申请加入其他单位');
  const c = await one<{ name: string; status: number }>(s.db, sql`select name, status::int as status from companies where id = ${companyId}`);
  if (!c) throw notFound('单位不存在');
  if (c.status !== 1) throw badRequest('该单位尚未通过审核，暂不能申请加入');
  const name = profile.xm?.trim() || st.name;
  if (!name) throw badRequest('请填写姓名，便于单位同事审核');
  await s.db.execute(
    sql`update hr_profiles set company_id = ${companyId}, join_state = 1, join_requested_at = now(), join_reviewed_by = null,
          name = ${name} ${profile.zw !== undefined ? sql`, title = ${profile.zw.trim()}` : sql``}
        where user_id = ${hrId}`,
  );
  for (const id of await hrIdsOfCompany(s.db, companyId)) {
    await notify(s, id, 'xtxx', '同事申请加入单位', `${name}申请加入${c.name}，请在“同事管理”中审核。`, SITE_PATHS.companyInfo);
  }
}

/** A colleague accepts (1) or refuses (2) a pending request to join their enterprise. */
export async function reviewJoin(s: Services, reviewerId: string, companyId: string, hrId: string, decision: 1 | 2) {
  const mine = await joinedCompanyId(s.db, reviewerId);
  if (mine !== companyId) throw forbidden('只能审核申请加入本单位的同事');
  const r = await one<{ id: string }>(
    s.db,
    sql`update hr_profiles set join_state = ${decision === 1 ? 2 : 3}, join_reviewed_by = ${reviewerId}
        where user_id = ${hrId} and company_id = ${companyId} and join_state = 1 returning user_id::text as id`,
  );
  if (!r) throw notFound('申请不存在或已处理');
  const c = await one<{ name: string }>(s.db, sql`select name from companies where id = ${companyId}`);
  await notify(
    s,
    hrId,
    'xtxx',
    decision === 1 ? '加入单位申请已通过' : '加入单位申请未通过',
    decision === 1 ? `您已加入${c!.name}，现在可以发布岗位、报名招聘会。` : `${c!.name}未同意您的加入申请，您可以申请加入其他单位或注册新单位。`,
    SITE_PATHS.companyInfo,
  );
}

/** The operator's decision on an enterprise; its HR are told, the action is logged. */
export async function reviewCompany(s: Services, operatorId: string, companyId: string, decision: 1 | 2, note: string) {
  const reason = note.trim();
  if (decision === 2 && !reason) throw badRequest('驳回时请填写审核说明，告诉企业需要修改什么');
  if (decision === 1) {
    const licence = await one<{ ok: boolean }>(
      s.db,
      sql`select exists (select 1 from files f where f.id = c.licence_file_id and f.deleted_at is null) as ok from companies c where c.id = ${companyId}`,
    );
    if (licence && !licence.ok) throw badRequest(COMPANY_NO_LICENCE_MSG);
  }
  const c = await one<{ name: string }>(
    s.db,
    sql`update companies set status = ${decision}, review_note = ${reason}, reviewed_by = ${operatorId}, reviewed_at = now(), updated_at = now()
        where id = ${companyId} returning name`,
  );
  if (!c) throw notFound('单位不存在');
  await logOperatorAction(s.db, operatorId, decision === 1 ? 'company.approve' : 'company.reject', companyId, { shsm: reason, dwmc: c.name });
  for (const id of await hrIdsOfCompany(s.db, companyId)) {
    if (decision === 1) {
      await notify(s, id, 'xtxx', '单位审核已通过', `${c.name}已通过审核，现在可以发布岗位、报名招聘会。${reason ? `审核说明：${reason}` : ''}`, SITE_PATHS.companyInfo);
    } else {
      await notify(s, id, 'xtxx', '单位审核未通过', `${c.name}未通过审核。原因：${reason}。请修改单位信息后重新提交。`, SITE_PATHS.companyInfo);
    }
  }
}
