import { adminApi, rtcApi } from '@zp/core/contract';
import { beijingToday } from '@zp/core/dates';
import type { SQL } from 'drizzle-orm';
import { handle } from '../../http/route.js';
import { badRequest, notFound, offsetOf, pageOf } from '../../http/reply.js';
import { one, rows, sql } from '../../db/index.js';
import type { Module } from '../index.js';
import { CODE_TABLES, disableCodeItem, listCodeTable, upsertCodeItem, type CodeRow } from '../codes/public.js';
import { logOperatorAction } from './log.js';
import { dashboardSummary } from './dashboard.js';
import { companyVip, setCompanyVip } from '../rtc/public.js';

const item = (r: CodeRow) => ({ dm: r.code, mc: r.name, sjdm: r.parent ?? '', px: r.sort, sfqy: r.enabled ? 1 : 0 });

/** A real calendar day 'YYYY-MM-DD', or null. */
function validDay(text: string): string | null {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text ? text : null;
}

const admin: Module = {
  name: 'admin',
  dependencies: ['companies', 'jobs'],
  register(app, s) {
    // ---- code tables

    handle(app, s, adminApi.codeTables, async () => {
      const counts = await rows<{ t: string; n: number }>(s.db, sql`select table_name as t, count(*)::int as n from code_items group by table_name`);
      const by = new Map(counts.map((c) => [c.t, c.n]));
      return {
        list: Object.entries(CODE_TABLES).map(([table, info]) => ({ table, title: info.title, parent: info.parent ?? '', count: by.get(table) ?? 0 })),
      };
    });

    handle(app, s, adminApi.codeItems, async ({ query }) => {
      const list = await listCodeTable(s.db, query.table);
      return { list: (query.sjdm ? list.filter((r) => r.parent === query.sjdm) : list).map(item) };
    });

    handle(app, s, adminApi.saveCode, async ({ body, user }) => {
      const before = (await listCodeTable(s.db, body.table)).find((r) => r.code === body.dm) ?? null;
      const row = await upsertCodeItem(s, body.table, { code: body.dm, name: body.mc, parent: body.sjdm || null, sort: body.px });
      await logOperatorAction(s.db, user.id, before ? 'codes.update' : 'codes.add', `${body.table}/${body.dm}`, {
        before: before ? item(before) : null,
        after: item(row),
      });
      return { item: item(row), msg: before ? '修改成功' : '新增成功' };
    });

    handle(app, s, adminApi.enableCode, async ({ body, user }) => {
      await disableCodeItem(s, body.table, body.dm, body.sfqy === 0);
      await logOperatorAction(s.db, user.id, body.sfqy ? 'codes.enable' : 'codes.disable', `${body.table}/${body.dm}`);
      return { msg: body.sfqy ? '已启用' : '已停用' };
    });

    // ---- operator log

    handle(app, s, adminApi.log, async ({ query }) => {
      const where: SQL[] = [sql`true`];
      if (query.action) {
        where.push(query.action.endsWith('.') ? sql`l.action like ${`${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`l.action = ${query.action}`);
      }
      if (query.czrid) where.push(sql`l.operator_id = ${query.czrid}`);
      const from = query.from ? validDay(query.from) : null;
      const to = query.to ? validDay(query.to) : null;
      if ((query.from && !from) || (query.to && !to)) throw badRequest('日期无效');
      if (from && to && from > to) throw badRequest('开始日期不能晚于结束日期');
      if (from) where.push(sql`(l.at at time zone 'Asia/Shanghai')::date >= ${from}::date`);
      if (to) where.push(sql`(l.at at time zone 'Asia/Shanghai')::date <= ${to}::date`);
      const cond = sql.join(where, sql` and `);
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from operator_log l where ${cond}`))?.n ?? 0;
      const list = await rows<{ id: string; czrid: string; czrxm: string; czrphone: string; action: string; target: string; detail: unknown; czsj: string }>(
        s.db,
        sql`select l.id::text as id, l.operator_id::text as czrid, u.name as czrxm, u.phone as czrphone, l.action, l.target, l.detail,
                   to_char(l.at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as czsj
            from operator_log l join users u on u.id = l.operator_id
            where ${cond} order by l.at desc, l.id desc limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`,
      );
      // jsonb comes back parsed from pg and as text from some drivers
      const out = list.map((r) => ({ ...r, detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown> }));
      return { page: pageOf(out, total, query.page, query.limit) };
    });

    // ---- dashboard

    handle(app, s, adminApi.dashboard, async () => ({ summary: await dashboardSummary(s.db) }));

    // ---- an enterprise's paying membership (its HR's video interviews have no limit through vipEnd)

    handle(app, s, rtcApi.adminVip, async ({ query }) => {
      const data = await companyVip(s.db, query.dwid, beijingToday());
      if (!data) throw notFound('单位不存在');
      return { data };
    });

    handle(app, s, rtcApi.adminSetVip, async ({ body, user }) => {
      const today = beijingToday();
      let until: string | null = null;
      if (body.vip === 1) {
        if (!body.vipEnd) throw badRequest('请填写会员到期日');
        until = validDay(body.vipEnd);
        if (!until) throw badRequest('会员到期日无效');
        if (until < today) throw badRequest('会员到期日不能早于今天');
      } else if (body.vipEnd) {
        throw badRequest('取消会员时无需填写到期日');
      }
      const before = await companyVip(s.db, body.dwid, today);
      if (!before || !(await setCompanyVip(s.db, body.dwid, until))) throw notFound('单位不存在');
      const data = (await companyVip(s.db, body.dwid, today))!;
      await logOperatorAction(s.db, user.id, 'company.vip', body.dwid, { before: before.vipEnd, after: data.vipEnd });
      return { data, msg: body.vip === 1 ? `已设为付费会员，到期日 ${data.vipEnd}` : '已取消付费会员' };
    });
  },
};
export default admin;
