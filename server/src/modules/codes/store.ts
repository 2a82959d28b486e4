import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { GENERAL_CODE_TABLES, type GeneralCodeTable, type codesApi } from '@zp/core/contract';
import type { SQL } from 'drizzle-orm';
import { one, rows, sql, type Db } from '../../db/index.js';
import { badRequest, notFound } from '../../http/reply.js';
import type { Result } from '../../http/route.js';
import type { Services } from '../../services.js';
import { regionData } from './initial/regions.js';
import { jobCategoryData } from './initial/job-categories.js';
import { GENERAL_DATA } from './initial/general.js';

/** Bus topic: a code table changed; every node drops its cached copy. */
export const CODES_CHANGED = 'codes.changed';

/**
 * Every code table: regions (sf province, ss city, sq district), the three job-category levels,
 * and the general lists. `parent` names the table an item's parent code points into.
 */
export type CodeTable = 'sf' | 'ss' | 'sq' | 'gwlb1' | 'gwlb2' | 'gwlb3' | GeneralCodeTable;

interface TableInfo {
  title: string;
  parent: CodeTable | null;
  /** what a code in this table looks like */
  code: RegExp;
}

const GENERAL_CODE = /^[a-z]+_\d{2,3}$/;
export const CODE_TABLES: Record<CodeTable, TableInfo> = {
  sf: { title: '省份', parent: null, code: /^\d{6}$/ },
  ss: { title: '城市', parent: 'sf', code: /^\d{6}$/ },
  sq: { title: '区县', parent: 'ss', code: /^\d{6}$/ },
  gwlb1: { title: '一级岗位类别', parent: null, code: /^gwlb_\d{2}$/ },
  gwlb2: { title: '二级岗位类别', parent: 'gwlb1', code: /^gwlb_\d{4}$/ },
  gwlb3: { title: '三级岗位类别', parent: 'gwlb2', code: /^gwlb_\d{6}$/ },
  m_xbdm: { title: '性别', parent: null, code: GENERAL_CODE },
  m_xldm: { title: '学历', parent: null, code: GENERAL_CODE },
  m_jyyqdm: { title: '工作经验', parent: null, code: GENERAL_CODE },
  m_dwxzdm: { title: '单位性质', parent: null, code: GENERAL_CODE },
  m_dwsshydm: { title: '所属行业', parent: null, code: GENERAL_CODE },
  m_dwgmdm: { title: '单位规模', parent: null, code: GENERAL_CODE },
  m_gwgzxzdm: { title: '工作性质', parent: null, code: GENERAL_CODE },
  m_xzdydm: { title: '薪资范围', parent: null, code: GENERAL_CODE },
  m_gwfldm: { title: '职位亮点', parent: null, code: GENERAL_CODE },
  m_hyktdm: { title: '会议类型', parent: null, code: GENERAL_CODE },
  m_zxlbdm: { title: '资讯类别', parent: null, code: GENERAL_CODE },
  m_zxlydm: { title: '资讯来源', parent: null, code: GENERAL_CODE },
  m_zzmm: { title: '政治面貌', parent: null, code: GENERAL_CODE },
  m_qzzt: { title: '求职状态', parent: null, code: GENERAL_CODE },
  m_dgsjdm: { title: '到岗时间', parent: null, code: GENERAL_CODE },
  m_sjfwdm: { title: '活跃日期', parent: null, code: GENERAL_CODE },
  m_yzdm: { title: '语种', parent: null, code: GENERAL_CODE },
  m_slnldm: { title: '熟练程度', parent: null, code: GENERAL_CODE },
  m_hyzkdm: { title: '婚姻状况', parent: null, code: GENERAL_CODE },
  m_mzdm: { title: '民族', parent: null, code: GENERAL_CODE },
  m_zcdm: { title: '职称', parent: null, code: GENERAL_CODE },
  m_gszwdm: { title: '公司职务', parent: null, code: GENERAL_CODE },
};

export const isCodeTable = (t: string): t is CodeTable => Object.hasOwn(CODE_TABLES, t);

export interface CodeRow {
  code: string;
  name: string;
  parent: string | null;
  sort: number;
  enabled: boolean;
}

// ---------------------------------------------------------------------------------------------
// First fill

/** What a table holds on a fresh database. */
function initialData(): Record<CodeTable, () => { code: string; name: string; parent: string | null }[]> {
  const general = Object.fromEntries(
    GENERAL_CODE_TABLES.map((t) => [t, () => GENERAL_DATA[t].map(([code, name]) => ({ code, name, parent: null }))]),
  ) as Record<GeneralCodeTable, () => { code: string; name: string; parent: null }[]>;
  let regions: ReturnType<typeof regionData> | undefined;
  const region = () => (regions ??= regionData());
  return {
    sf: () => region().provinces,
    ss: () => region().cities,
    sq: () => region().districts,
    gwlb1: () => jobCategoryData().one,
    gwlb2: () => jobCategoryData().two,
    gwlb3: () => jobCategoryData().three,
    ...general,
  };
}

/**
 * Fills every table that has no rows yet. Per table, so that a table added in a later release is
 * filled on an existing database while the operator's edits to the others stay untouched; two nodes
 * starting together both insert with `on conflict do nothing`.
 */
export async function seedCodeTables(db: Db, log: Logger): Promise<number> {
  const present = new Set(
    (await rows<{ table_name: string }>(db, sql`select distinct table_name from code_items`)).map((r) => r.table_name),
  );
  const data = initialData();
  let added = 0;
  for (const table of Object.keys(CODE_TABLES) as CodeTable[]) {
    if (present.has(table)) continue;
    const items = data[table]();
    for (let i = 0; i < items.length; i += 500) {
      const values = items
        .slice(i, i + 500)
        .map((it, j) => sql`(${table}, ${it.code}, ${it.name}, ${it.parent}, ${i + j + 1})`);
      await db.execute(sql`insert into code_items (table_name, code, name, parent, sort) values ${sql.join(values, sql`, `)}
                           on conflict (table_name, code) do nothing`);
    }
    added += items.length;
  }
  if (added) log.info({ codeItems: added }, 'code tables filled');
  return added;
}

// ---------------------------------------------------------------------------------------------
// The served snapshot, cached per database handle (one per server process)

type Api = typeof codesApi;
type CodeReplies = { [K in keyof Api]: { body: Result<Api[K]>; etag: string } };

export interface CodeSnapshot {
  /** every item, disabled ones included, in display order */
  all: Record<CodeTable, CodeRow[]>;
  /** codes that may be chosen: enabled, and so is every ancestor */
  usable: Record<CodeTable, Set<string>>;
  replies: CodeReplies;
}

/** A safety net only: edits invalidate at once through the bus; this bounds a lost message. */
const MAX_AGE_MS = 5 * 60_000;
const cache = new WeakMap<Db, { current: Promise<CodeSnapshot> | null; loadedAt: number }>();

export function invalidateCodes(db: Db) {
  const st = cache.get(db);
  if (st) st.current = null;
}

export function codeSnapshot(db: Db): Promise<CodeSnapshot> {
  let st = cache.get(db);
  if (!st) cache.set(db, (st = { current: null, loadedAt: 0 }));
  if (st.current && Date.now() - st.loadedAt < MAX_AGE_MS) return st.current;
  const loading = loadSnapshot(db);
  st.current = loading;
  st.loadedAt = Date.now();
  const state = st;
  loading.catch(() => {
    if (state.current === loading) state.current = null;
  });
  return loading;
}

async function loadSnapshot(db: Db): Promise<CodeSnapshot> {
  const list = await rows<CodeRow & { table_name: CodeTable }>(
    db,
    sql`select table_name, code, name, parent, sort, enabled from code_items order by table_name, sort, code`,
  );
  const all = Object.fromEntries(Object.keys(CODE_TABLES).map((t) => [t, [] as CodeRow[]])) as Record<CodeTable, CodeRow[]>;
  for (const r of list) {
    if (!isCodeTable(r.table_name)) continue;
    all[r.table_name].push({ code: r.code, name: r.name, parent: r.parent, sort: Number(r.sort), enabled: r.enabled });
  }
  const usable = {} as Record<CodeTable, Set<string>>;
  // Parents before children, so a child can ask whether its parent is usable.
  const order = (Object.keys(CODE_TABLES) as CodeTable[]).sort((a, b) => depth(a) - depth(b));
  for (const t of order) {
    const parent = CODE_TABLES[t].parent;
    usable[t] = new Set(all[t].filter((r) => r.enabled && (!parent || (r.parent !== null && usable[parent].has(r.parent)))).map((r) => r.code));
  }
  const listOf = (t: CodeTable) => all[t].filter((r) => usable[t].has(r.code));
  const item = (r: CodeRow) => ({ dm: r.code, name: r.name });
  const plain = (t: CodeTable) => listOf(t).map(item);
  const mapOf = (t: CodeTable) => Object.fromEntries(all[t].map((r) => [r.code, r.name]));
  // Children under their parent's code, every parent present ([] / {} when it has none): the
  // previous client indexes CityMap[sbsf][sbcs] and the like without a guard.
  const grouped = (t: CodeTable, parents: CodeRow[]) => {
    const out: Record<string, { dm: string; name: string }[]> = Object.fromEntries(parents.map((p) => [p.code, []]));
    for (const r of listOf(t)) if (r.parent !== null) (out[r.parent] ??= []).push(item(r));
    return out;
  };
  const nested = (t: CodeTable, parents: CodeRow[]) => {
    const out: Record<string, Record<string, string>> = Object.fromEntries(parents.map((p) => [p.code, {}]));
    for (const r of all[t]) if (r.parent !== null) (out[r.parent] ??= {})[r.code] = r.name;
    return out;
  };

  const bodies: { [K in keyof Api]: Result<Api[K]> } = {
    provinceList: { sfList: plain('sf') },
    provinceMap: { sfMap: mapOf('sf') },
    cityList: { ssList: grouped('ss', all.sf) },
    cityMap: { ssMap: nested('ss', all.sf) },
    districtList: { sqList: grouped('sq', all.ss) },
    districtMap: { sqMap: nested('sq', all.ss) },
    categoryOneList: { gwlbList: plain('gwlb1') },
    categoryOneMap: { gwlbMap: mapOf('gwlb1') },
    categoryTwoList: { gwlbotList: grouped('gwlb2', all.gwlb1) },
    categoryTwoMap: { gwlbotMap: nested('gwlb2', all.gwlb1) },
    categoryThreeList: { gwlbthList: grouped('gwlb3', all.gwlb2) },
    categoryThreeMap: { gwlbthMap: nested('gwlb3', all.gwlb2) },
    generalLists: { dmMapList: Object.fromEntries(GENERAL_CODE_TABLES.map((t) => [t, plain(t)])) },
    generalMaps: { dmMap: Object.fromEntries(GENERAL_CODE_TABLES.map((t) => [t, mapOf(t)])) },
  };
  const replies = {} as Record<string, { body: unknown; etag: string }>;
  for (const [key, body] of Object.entries(bodies)) {
    // From the content alone, so every node gives the same tag for the same data.
    const hash = crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27);
    replies[key] = { body, etag: `"${hash}"` };
  }
  return { all, usable, replies: replies as CodeReplies };
}

function depth(t: CodeTable): number {
  const p = CODE_TABLES[t].parent;
  return p ? depth(p) + 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// For other modules: validation and names

/**
 * Each required code of a form must be chosen and valid: '请选择…' for an empty one, '…无效，请重新选择'
 * for one its table does not offer (`title` names the field as the form does).
 */
export async function requireCodes(db: Db, checks: readonly [table: CodeTable, code: string, title: string][]): Promise<void> {
  for (const [table, code, title] of checks) {
    if (!code) throw badRequest(`请选择${title}`);
    if (!(await isValidCode(db, table, code))) throw badRequest(`${title}无效，请重新选择`);
  }
}

/** True when `code` may be chosen now from `table` (it exists, is enabled, and so are its parents). */
export async function isValidCode(db: Db, table: CodeTable, code: string): Promise<boolean> {
  return (await codeSnapshot(db)).usable[table].has(code);
}

/** The name of a code, disabled ones included (old records keep showing their names); '' if unknown. */
export async function codeName(db: Db, table: CodeTable, code: string): Promise<string> {
  return (await codeSnapshot(db)).all[table].find((r) => r.code === code)?.name ?? '';
}

// ---------------------------------------------------------------------------------------------
// For the operator module: read and edit

type Editor = Pick<Services, 'db' | 'bus' | 'log'>;

function tableOf(table: string): CodeTable {
  if (!isCodeTable(table)) throw badRequest('代码表不存在');
  return table;
}

/** Every item of one table straight from the database, disabled ones included. */
export async function listCodeTable(db: Db, table: string): Promise<CodeRow[]> {
  const t = tableOf(table);
  const list = await rows<CodeRow>(
    db,
    sql`select code, name, parent, sort, enabled from code_items where table_name = ${t} order by sort, code`,
  );
  return list.map((r) => ({ ...r, sort: Number(r.sort) }));
}

export interface CodeItemInput {
  code: string;
  name: string;
  /** required in tables that have a parent table */
  parent?: string | null;
  /** position in the table; a new item without one goes last */
  sort?: number;
}

/** Adds an item or renames / moves an existing one (its enabled state is left as it is). */
export async function upsertCodeItem(s: Editor, table: string, input: CodeItemInput): Promise<CodeRow> {
  const t = tableOf(table);
  const info = CODE_TABLES[t];
  const code = String(input.code ?? '').trim();
  const name = String(input.name ?? '').trim();
  if (!info.code.test(code)) throw badRequest(`${info.title}代码格式不正确`);
  if (!name) throw badRequest('名称不能为空');
  if (name.length > 50) throw badRequest('名称不能超过 50 个字');
  if (input.sort !== undefined && (!Number.isInteger(input.sort) || input.sort < 0 || input.sort > 1_000_000)) {
    throw badRequest('排序须为非负整数');
  }
  let parent: string | null = null;
  if (info.parent) {
    parent = String(input.parent ?? '').trim();
    if (!parent) throw badRequest(`请选择所属${CODE_TABLES[info.parent].title}`);
    const found = await one(s.db, sql`select 1 as ok from code_items where table_name = ${info.parent} and code = ${parent}`);
    if (!found) throw badRequest(`所属${CODE_TABLES[info.parent].title}不存在`);
    if (t.startsWith('gwlb') && !code.startsWith(parent)) throw badRequest('岗位类别代码须以上级类别代码开头');
  }
  const row = await one<CodeRow>(
    s.db,
    sql`insert into code_items (table_name, code, name, parent, sort)
        values (${t}, ${code}, ${name}, ${parent},
                coalesce(${input.sort ?? null}::integer, (select coalesce(max(sort), 0) + 1 from code_items where table_name = ${t})))
        on conflict (table_name, code) do update
          set name = excluded.name, parent = excluded.parent,
              sort = coalesce(${input.sort ?? null}::integer, code_items.sort), updated_at = now()
        returning code, name, parent, sort, enabled`,
  );
  await changed(s, t);
  return { ...row!, sort: Number(row!.sort) };
}

/** Withdraws an item from the lists (or offers it again with `disabled = false`); maps keep its name. */
export async function disableCodeItem(s: Editor, table: string, code: string, disabled = true): Promise<void> {
  const t = tableOf(table);
  const r = await one(
    s.db,
    sql`update code_items set enabled = ${!disabled}, updated_at = now() where table_name = ${t} and code = ${code} returning code`,
  );
  if (!r) throw notFound('代码不存在');
  await changed(s, t);
}

async function changed(s: Editor, table: CodeTable) {
  // This node at once; the others through the bus. A lost message is bounded by MAX_AGE_MS.
  invalidateCodes(s.db);
  await s.bus.publish(CODES_CHANGED, { table }).catch((err: Error) => s.log.warn({ err: err.message }, 'codes.changed not published'));
}

/**
 * A place filter on a city column: a city code matches that city; a province code (GB/T 2260,
 * ending 0000) matches every city of the province, so a list can be narrowed by province first.
 */
export function inPlace(column: SQL, code: string): SQL {
  return /^\d{2}0000$/.test(code) ? sql`left(${column}, 2) = ${code.slice(0, 2)}` : sql`${column} = ${code}`;
}
