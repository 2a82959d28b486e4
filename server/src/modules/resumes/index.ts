import type { FastifyInstance } from 'fastify';
import { beijingToday } from '@zp/core/dates';
import { identityApi, resumesApi, SECTIONS, SECTION_KEYS, SECTION_ROUTES, type SectionDef, type SectionKey } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/reply.js';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Services } from '../../services.js';
import type { Module } from '../index.js';
import { setDisplayName } from '../auth/public.js';
import { isValidCode, type CodeTable } from '../codes/public.js';
import { assertFileOwned, fileUrl, readableUrl } from '../files/public.js';
import { recomputeCompleteness, sectionRows, sectionSelect, seekerCard, yearsSince } from './public.js';
import { STORES } from './sections.js';
import { generateResume, generatedResumes } from './generated.js';
import { startWeeklyTimer } from './weekly.js';
import { appliedJobs } from '../applications/public.js';
import { registerCompleteness } from './completeness.js';

type Values = Record<string, unknown>;

const titleOf = (def: SectionDef, field: string) => (def.fields[field] as { title?: string }).title ?? field;

/** Code fields must name an item of their table ('' means not chosen). */
async function checkCodes(db: Db, checks: [table: string, value: unknown, label: string][]) {
  for (const [table, value, label] of checks) {
    if (typeof value !== 'string' || value === '') continue;
    if (!(await isValidCode(db, table as CodeTable, value))) throw badRequest(`${label}(${value}) 不是有效的选项`);
  }
}

/** Start/end pairs whose order is checked: an end before its start is a typing mistake. */
const PERIODS: Partial<Record<SectionKey, [string, string]>> = {
  gzjl: ['rzsj', 'lzsj'],
  jyjl: ['rxsj', 'bysj'],
  kyjl: ['ksrq', 'jsrq'],
  pxjl: ['kssj', 'jssj'],
  xmjy: ['kssj', 'jssj'],
};

function checkPeriod(key: SectionKey, def: SectionDef, v: Values) {
  const p = PERIODS[key];
  if (!p) return;
  const [a, b] = [v[p[0]], v[p[1]]];
  if (typeof a === 'string' && typeof b === 'string' && a && b && b < a) throw badRequest(`${titleOf(def, p[1])}不能早于${titleOf(def, p[0])}`);
}

/** Contract values to column values: trimmed text, flags and counts as numbers. */
function columnValues(key: SectionKey, body: Values): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [field, c] of Object.entries(STORES[key].columns)) {
    if (!(field in body) || body[field] === undefined) continue;
    const v = body[field];
    if (c.type === 'flag') out.push([c.column, Number(v)]);
    else if (c.type === 'int') out.push([c.column, v === '' ? 0 : Number(v)]);
    else out.push([c.column, String(v).trim()]);
  }
  return out;
}

function registerSection(app: FastifyInstance, s: Services, key: SectionKey) {
  const def = SECTIONS[key] as unknown as SectionDef;
  const st = STORES[key];
  const routes = SECTION_ROUTES[key];
  const table = sql.raw(st.table);
  const codeChecks = (v: Values) =>
    Object.entries(st.columns)
      .filter(([, c]) => c.code)
      .map(([f, c]): [string, unknown, string] => [c.code!, v[f], titleOf(def, f)]);

  handle(app, s, routes.list, async ({ user }) => ({ [def.listField]: await sectionRows(s.db, key, user.id) }));
  handle(app, s, routes.preview, async ({ user }) => ({ [def.key]: await sectionRows(s.db, key, user.id), gwList: await appliedJobs(s.db, user.id) }));

  handle(app, s, routes.save, async ({ user, body }) => {
    const v = body as Values;
    checkPeriod(key, def, v);
    await checkCodes(s.db, codeChecks(v));
    const n = await one<{ n: number }>(s.db, sql`select count(*)::int as n from ${table} where user_id = ${user.id}`);
    if (n!.n >= def.max) throw conflict(`${def.title}最多填写 ${def.max} 条`);
    const cols = columnValues(key, v);
    const r = await one<{ id: string }>(
      s.db,
      sql`insert into ${table} (user_id, ${sql.raw(cols.map(([c]) => c).join(', '))})
          values (${user.id}, ${sql.join(cols.map(([, x]) => sql`${x}`), sql`, `)}) returning id::text as id`,
    );
    const wsd = await recomputeCompleteness(s.db, user.id);
    return { msg: '保存成功', [def.idField]: r!.id, wsd, qzGrjbxxBase: (await seekerBase(s, user.id))! };
  });

  handle(app, s, routes.update, async ({ user, body }) => {
    const v = body as Values;
    const id = String(v[def.idField]);
    const current = await one<Values>(s.db, sql`select ${sql.raw(sectionSelect(key))} from ${table} where id = ${id} and user_id = ${user.id}`);
    if (!current) throw notFound(`${def.title}不存在`);
    checkPeriod(key, def, { ...current, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) });
    await checkCodes(s.db, codeChecks(v));
    const cols = columnValues(key, v);
    if (cols.length) {
      const sets = sql.join(cols.map(([c, x]) => sql`${sql.raw(c)} = ${x}`), sql`, `);
      await s.db.execute(sql`update ${table} set ${sets}, updated_at = now() where id = ${id} and user_id = ${user.id}`);
    }
    return { msg: '保存成功', [def.idField]: id, wsd: await recomputeCompleteness(s.db, user.id) };
  });

  handle(app, s, routes.remove, async ({ user, params }) => {
    const r = await rows(s.db, sql`delete from ${table} where id = ${params.id} and user_id = ${user.id} returning id`);
    if (!r.length) throw notFound(`${def.title}不存在`);
    return { msg: '删除成功', wsd: await recomputeCompleteness(s.db, user.id) };
  });
}

// --- base information ----------------------------------------------------------------------------

/** Contract field → column of seeker_profiles, with the code table a value must come from. */
const BASE_COLUMNS: Record<string, { column: string; code?: CodeTable; title: string }> = {
  xm: { column: 'name', title: '姓名' },
  xbm: { column: 'gender', code: 'm_xbdm', title: '性别' },
  csrq: { column: 'birth_date', title: '出生日期' },
  jgdms: { column: 'native_province', code: 'sf', title: '户口所在地' },
  dqszs: { column: 'province', code: 'sf', title: '现居省份' },
  dqszcs: { column: 'city', code: 'ss', title: '现居城市' },
  cjgzny: { column: 'work_start', title: '参加工作时间' },
  yx: { column: 'email', title: '电子邮箱' },
  zwpj: { column: 'self_intro', title: '自我评价' },
  zzmm: { column: 'political_status', code: 'm_zzmm', title: '政治面貌' },
  dqszxq: { column: 'district', code: 'sq', title: '现居区县' },
  jgdmcs: { column: 'native_city', code: 'ss', title: '户口所在城市' },
  mzdm: { column: 'ethnicity', code: 'm_mzdm', title: '民族' },
  hyzk: { column: 'marital_status', code: 'm_hyzkdm', title: '婚姻状况' },
  sg: { column: 'height', title: '身高' },
  sfzjh: { column: 'id_number', title: '身份证号' },
};

async function saveBase(s: Services, userId: string, body: Values) {
  const today = beijingToday();
  for (const f of ['csrq', 'cjgzny']) {
    const d = body[f];
    if (typeof d === 'string' && d > today) throw badRequest(`${BASE_COLUMNS[f].title}不能晚于今天`);
  }
  await checkCodes(s.db, Object.entries(BASE_COLUMNS).filter(([, c]) => c.code).map(([f, c]) => [c.code!, body[f], c.title]));
  const sets = Object.entries(BASE_COLUMNS)
    .filter(([f]) => typeof body[f] === 'string')
    .map(([f, c]) => sql`${sql.raw(c.column)} = ${String(body[f]).trim()}`);
  if (body.sfxs !== undefined) sets.push(sql`student = ${Number(body.sfxs)}`);
  if (typeof body.txid === 'string') {
    if (body.txid) await assertFileOwned(s.db, body.txid, userId, [40]);
    sets.push(sql`avatar_file_id = ${body.txid || null}`);
  }
  if (sets.length) await s.db.execute(sql`update seeker_profiles set ${sql.join(sets, sql`, `)}, updated_at = now() where user_id = ${userId}`);
  // the name shown in the top bar is the account's
  if (typeof body.xm === 'string' && body.xm.trim()) await setDisplayName(s.db, userId, body.xm.trim());
  await recomputeCompleteness(s.db, userId);
}

async function seekerBase(s: Services, userId: string) {
  // The counters read other modules' tables (applications, relations, fairs) read-only, as the centre's figures.
  const p = await one<{
    qzbsid: string; wsd: number; xm: string; phone: string; xbm: string; txid: string; qzzt: string; yx: string;
    tdjlCount: number; gwscCount: number; sxhscs: number;
  }>(
    s.db,
    sql`select p.user_id::text as qzbsid, p.completeness::int as wsd, p.name as xm, u.phone, p.gender as xbm,
               coalesce(p.avatar_file_id::text, '') as txid, p.seeking_state as qzzt, p.email as yx,
               (select count(*) from applications a where a.seeker_id = p.user_id)::int as "tdjlCount",
               (select count(*) from saved_jobs j where j.seeker_id = p.user_id)::int as "gwscCount",
               (select count(*) from fair_favorites f where f.user_id = p.user_id)::int as sxhscs
        from seeker_profiles p join users u on u.id = p.user_id where p.user_id = ${userId}`,
  );
  return p ? { ...p, wx: '' } : null;
}

type InfoRow = {
  qzbsid: string; xm: string; xbm: string; phone: string; csrq: string; jgdms: string; dqszs: string; dqszcs: string; cjgzny: string;
  yx: string; zwpj: string; zzmm: string; txid: string; tx_key: string | null; qzzt: string; jlyc: number; wsd: number; refreshTime: string;
  jlUpdateTime: string; dqszxq: string; jgdmcs: string; mzdm: string; hyzk: string; sg: string; sfzjh: string; sfxs: number;
};

async function seekerInfo(s: Services, userId: string) {
  const r = await one<InfoRow>(
    s.db,
    sql`select p.user_id::text as qzbsid, p.name as xm, p.gender as xbm, u.phone, p.birth_date as csrq, p.native_province as jgdms,
               p.province as dqszs, p.city as dqszcs, p.work_start as cjgzny, p.email as yx, p.self_intro as zwpj,
               p.political_status as zzmm, coalesce(p.avatar_file_id::text, '') as txid, f.storage_key as tx_key,
               p.seeking_state as qzzt, p.hidden::int as jlyc, p.completeness::int as wsd,
               to_char(p.refreshed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "refreshTime",
               to_char(p.updated_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "jlUpdateTime",
               p.district as dqszxq, p.native_city as jgdmcs, p.ethnicity as mzdm, p.marital_status as hyzk, p.height as sg,
               p.id_number as sfzjh, p.student::int as sfxs
        from seeker_profiles p join users u on u.id = p.user_id
        left join files f on f.id = p.avatar_file_id and f.deleted_at is null
        where p.user_id = ${userId}`,
  );
  if (!r) return null;
  const { tx_key, ...rest } = r;
  const card = await seekerCard(s.db, s.config, userId);
  return {
    ...rest,
    txUrl: tx_key ? fileUrl(s.config, tx_key) : '',
    sj: rest.phone,
    nl: card?.nl ?? null,
    gznx: card?.gznx ?? 0,
    zgxl: card?.zgxl ?? '',
    zgxx: card?.school ?? '',
    zgzy: card?.major ?? '',
  };
}

const resumes: Module = {
  name: 'resumes',
  dependencies: ['auth', 'codes'],
  register(app, s) {
    handle(app, s, identityApi.seekerBase, async ({ user }) => ({ qzGrjbxxBase: await seekerBase(s, user.id) }));

    for (const key of SECTION_KEYS) registerSection(app, s, key);
    registerCompleteness(app, s);
    startWeeklyTimer(s);

    handle(app, s, resumesApi.info, async ({ user }) => {
      const info = await seekerInfo(s, user.id);
      // no base information until a name was given (the client then calls save, not update)
      return { qzGrjbxx: info && info.xm ? info : null };
    });

    handle(app, s, resumesApi.save, async ({ user, body }) => {
      await saveBase(s, user.id, body as Values);
      return { msg: '保存成功', qzGrjbxxBase: (await seekerBase(s, user.id))! };
    });

    handle(app, s, resumesApi.update, async ({ user, body }) => {
      await saveBase(s, user.id, body as Values);
      return { msg: '保存成功', qzGrjbxxBase: (await seekerBase(s, user.id))! };
    });

    handle(app, s, resumesApi.updateState, async ({ user, params }) => {
      await checkCodes(s.db, [['m_qzzt', params.qzzt, '求职状态']]);
      await s.db.execute(sql`update seeker_profiles set seeking_state = ${params.qzzt}, updated_at = now() where user_id = ${user.id}`);
      return { msg: '修改成功', qzzt: params.qzzt, wsd: await recomputeCompleteness(s.db, user.id) };
    });

    handle(app, s, resumesApi.hide, async ({ user, params }) => {
      await s.db.execute(sql`update seeker_profiles set hidden = ${params.jlyc === 1} where user_id = ${user.id}`);
      return { msg: params.jlyc === 1 ? '简历已隐藏，企业将无法搜索到您' : '简历已公开', jlyc: params.jlyc };
    });

    handle(app, s, resumesApi.refresh, async ({ user }) => {
      // once a day (China time): the refresh moves the résumé up in talent search
      const r = await one<{ t: string }>(
        s.db,
        sql`update seeker_profiles set refreshed_at = now()
            where user_id = ${user.id}
              and (refreshed_at at time zone 'Asia/Shanghai')::date < (now() at time zone 'Asia/Shanghai')::date
            returning to_char(refreshed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as t`,
      );
      if (!r) throw conflict('今天已经刷新过简历了，明天再来吧');
      return { msg: '刷新成功', refreshTime: r.t };
    });

    handle(app, s, resumesApi.weeklyJobs, async ({ user, query }) => {
      const to = query.sfdy === undefined ? sql`not weekly_jobs` : sql`${query.sfdy === 1}`;
      const r = await one<{ subscribed: boolean }>(s.db, sql`update seeker_profiles set weekly_jobs = ${to} where user_id = ${user.id} returning weekly_jobs as subscribed`);
      if (!r) throw notFound('请先填写个人基本信息');
      return { msg: r.subscribed ? '已订阅每周职位推荐' : '已取消每周职位推荐', sfdy: r.subscribed ? 1 : 0 };
    });

    handle(app, s, resumesApi.generateResume, async ({ user }) => {
      const f = await generateResume(s, user.id);
      if (!f) throw notFound('请先填写个人基本信息');
      return { msg: '电子简历已生成', wjid: f.id, wjmc: f.name, fileUrl: await readableUrl(s, f) };
    });

    // A download, not a JSON reply: outside the contract's handle(), with the same access (qz, full session).
    app.get('/api/qz/qzjldz/preViewDocx', { schema: { summary: '下载最新的电子简历（Word 文档，附件下载）', tags: ['resumes'], security: [{ token: [] }] } }, async (req, reply) => {
      const user = await s.sessions.userOf(req);
      if (!user) throw unauthorized();
      if (user.role !== 'qz' || user.origin) throw forbidden('仅求职者本人可下载电子简历');
      const f = (await generatedResumes(s, user.id))[0] ?? (await generateResume(s, user.id));
      if (!f) throw notFound('请先填写个人基本信息');
      return reply.header('cache-control', 'private, no-store').redirect(await readableUrl(s, f));
    });

    handle(app, s, resumesApi.statistics, async ({ user }) => {
      const r = await one<{ jlckcs: number; jlsccs: number; jlxzcs: number }>(
        s.db,
        sql`select view_count as jlckcs, favourite_count as jlsccs, download_count as jlxzcs from seeker_profiles where user_id = ${user.id}`,
      );
      return r ?? { jlckcs: 0, jlsccs: 0, jlxzcs: 0 };
    });

    handle(app, s, resumesApi.previewInfo, async ({ user }) => {
      const info = await seekerInfo(s, user.id);
      const card = await seekerCard(s.db, s.config, user.id);
      if (!info || !card) throw notFound('请先填写个人基本信息');
      return {
        qzinfo: {
          xm: info.xm, x: card.x, nl: yearsSince(info.csrq), xbm: info.xbm, phone: info.phone, email: info.yx, gznx: card.gznx,
          zgxl: card.zgxl, zwpj: info.zwpj, csrq: info.csrq, dqszcs: info.dqszcs, qzzt: info.qzzt, txUrl: info.txUrl, wsd: info.wsd,
        },
        gwList: await appliedJobs(s.db, user.id),
      };
    });

    // --- intended employers (qzyxdw) --------------------------------------------------------------

    handle(app, s, resumesApi.targets, async ({ user }) => ({
      yxdwList: await rows<{ bsid: string; dwid: string; dwmc: string; createTime: string }>(
        s.db,
        sql`select t.id::text as bsid, t.company_id::text as dwid, c.name as dwmc,
                   to_char(t.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "createTime"
            from seeker_target_companies t join companies c on c.id = t.company_id
            where t.user_id = ${user.id} order by t.id desc`,
      ),
    }));

    const addTargets = async (user: { id: string }, body: string[]) => {
      const ids = [...new Set(body)];
      // only enterprises a job seeker can see: approved ones
      const known = await rows<{ id: string }>(
        s.db,
        sql`select id::text as id from companies where status = 1 and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      if (known.length !== ids.length) throw badRequest('部分单位不存在');
      const have = await rows<{ id: string }>(s.db, sql`select company_id::text as id from seeker_target_companies where user_id = ${user.id}`);
      const fresh = ids.filter((id) => !have.some((h) => h.id === id));
      if (have.length + fresh.length > 20) throw conflict('意向单位最多 20 个');
      const added = fresh.length
        ? await rows(
            s.db,
            sql`insert into seeker_target_companies (user_id, company_id)
                values ${sql.join(fresh.map((id) => sql`(${user.id}, ${id})`), sql`, `)}
                on conflict do nothing returning id`,
          )
        : [];
      return { msg: '添加成功', added: added.length };
    };
    handle(app, s, resumesApi.addTargets, ({ user, body }) => addTargets(user, body));
    handle(app, s, resumesApi.addTargetsSlash, ({ user, body }) => addTargets(user, body));

    handle(app, s, resumesApi.removeTarget, async ({ user, params }) => {
      const r = await rows(s.db, sql`delete from seeker_target_companies where id = ${params.bsid} and user_id = ${user.id} returning id`);
      if (!r.length) throw notFound('意向单位不存在');
      return { msg: '删除成功' };
    });
  },
};
export default resumes;
