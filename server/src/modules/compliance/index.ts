/**
 * The footer's legal facts (备案号, 人力资源服务许可证, service and report contacts), set by the
 * operator; and reports (举报) from job pages, the chat and anywhere else that offers them, with
 * the evidence, handled in the operator console (contract: @zp/core/contract compliance.ts).
 */
import type { Static } from '@sinclair/typebox';
import { REPORT_KINDS, REPORT_LIMITS, REPORT_REASONS, SiteInfo, complianceApi, isId, type ReportKind } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { salaryText } from '@zp/core/format';
import { handle } from '../../http/route.js';
import { badRequest, notFound, offsetOf, pageOf, tooMany } from '../../http/reply.js';
import { chinaTime, one, rows, sql, type Db } from '../../db/index.js';
import type { Module } from '../index.js';
import { logOperatorAction } from '../admin/public.js';
import { notify } from '../notify/public.js';
import { contentChanged } from '../content/public.js';
import { jobSnapshot } from '../jobs/public.js';
import { companyNameOf } from '../companies/public.js';

type Info = Static<typeof SiteInfo>;
const INFO_KEYS = Object.keys(SiteInfo.properties) as (keyof Info)[];

async function readInfo(db: Db): Promise<Info> {
  const stored = await rows<{ key: string; value: string }>(db, sql`select key, value from site_info`);
  const out = Object.fromEntries(INFO_KEYS.map((k) => [k, ''])) as Info;
  for (const r of stored) if ((INFO_KEYS as string[]).includes(r.key)) out[r.key as keyof Info] = r.value;
  return out;
}

/**
 * What the server itself knows of a reported item: its name and page, and for jobs and
 * enterprises a copy of what it said, which stays as evidence if the item is edited or removed
 * later. Null when the item does not exist. Chat messages and users are taken as given (the
 * chat's evidence comes from the reporter's client).
 */
async function describeTarget(db: Db, kind: ReportKind, id: string): Promise<{ name: string; link: string; evidence: string } | null> {
  // Jobs, enterprises and people are numbered; a chat message's id is the chat's own.
  if (kind !== 'chat' && !isId(id)) throw badRequest('举报对象(dxid) 格式不正确');
  if (kind === 'job') {
    const j = await jobSnapshot(db, id);
    if (!j) return null;
    return {
      name: `${j.title}（${j.companyName}）`,
      link: SITE_PATHS.job(id),
      evidence: `岗位：${j.title}\n单位：${j.companyName}\n薪资：${salaryText(j.salaryMin, j.salaryMax)}\n岗位描述：${j.description.slice(0, 2000)}`,
    };
  }
  if (kind === 'company') {
    const c = await companyNameOf(db, id);
    if (!c) return null;
    return { name: c.name, link: `/zppc/public/enterdetail?dwid=${id}`, evidence: `单位：${c.name}` };
  }
  if (kind === 'user') {
    const u = await one<{ id: string }>(db, sql`select id::text as id from users where id = ${id}`);
    return u ? { name: `用户 ${id}`, link: '', evidence: '' } : null;
  }
  return { name: REPORT_KINDS.chat, link: '', evidence: '' };
}

const compliance: Module = {
  name: 'compliance',
  dependencies: ['auth', 'jobs', 'chat'],
  register(app, s) {
    handle(app, s, complianceApi.siteInfo, async () => ({ info: await readInfo(s.db) }));

    handle(app, s, complianceApi.adminSaveSiteInfo, async ({ body, user }) => {
      const info = Object.fromEntries(INFO_KEYS.map((k) => [k, (body[k] ?? '').trim()])) as Info;
      if (info.jbyx && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.jbyx)) throw badRequest('举报邮箱格式不正确');
      for (const key of INFO_KEYS) {
        await s.db.execute(
          sql`insert into site_info (key, value, updated_by) values (${key}, ${info[key]}, ${user.id})
              on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
        );
      }
      await logOperatorAction(s.db, user.id, 'site.info', 'footer', info);
      // Every page's footer shows them: cached pages are rendered again.
      await contentChanged(s, 'site', 'footer');
      return { info };
    });

    handle(app, s, complianceApi.report, async ({ body, user, req }) => {
      if (user?.role === 'xs') throw badRequest('运营账号无需举报，请在运营后台直接处理');
      const phone = body.phone ?? '';
      if (!user && !phone) throw badRequest('请留下联系电话，以便核实举报');
      const recent = user
        ? await one<{ n: number }>(s.db, sql`select count(*)::int as n from reports where reporter_id = ${user.id} and created_at > now() - interval '1 day'`)
        : await one<{ n: number }>(s.db, sql`select count(*)::int as n from reports where reporter_id is null and ip = ${req.ip} and created_at > now() - interval '1 hour'`);
      if (recent!.n >= (user ? REPORT_LIMITS.memberPerDay : REPORT_LIMITS.anonymousPerHour)) throw tooMany('举报过于频繁，请稍后再试');
      const target = await describeTarget(s.db, body.lx, body.dxid);
      if (!target) throw notFound(`举报的${REPORT_KINDS[body.lx]}不存在`);
      const evidence = [target.evidence, body.zj?.trim() ?? ''].filter(Boolean).join('\n\n');
      const r = await one<{ id: string }>(
        s.db,
        sql`insert into reports (kind, target_id, target_name, target_link, reason, statement, evidence, reporter_id, phone, ip)
            values (${body.lx}, ${body.dxid}, ${target.name}, ${target.link}, ${body.yy}, ${body.sm.trim()}, ${evidence},
                    ${user?.id ?? null}, ${phone || (user?.phone ?? '')}, ${req.ip})
            returning id::text as id`,
      );
      return { msg: '举报已提交，平台将尽快核实处理', bsid: r!.id };
    });

    handle(app, s, complianceApi.adminReports, async ({ query }) => {
      const where = [sql`true`];
      if (query.zt !== undefined) where.push(query.zt === 1 ? sql`r.handled_at is not null` : sql`r.handled_at is null`);
      if (query.lx) where.push(sql`r.kind = ${query.lx}`);
      const cond = sql.join(where, sql` and `);
      const total = (await one<{ n: number }>(s.db, sql`select count(*)::int as n from reports r where ${cond}`))!.n;
      const list = await rows<Static<typeof complianceApi.adminReports.reply>['page']['list'][number]>(
        s.db,
        sql`select r.id::text as bsid, r.kind as lx, r.target_id as dxid, r.target_name as dxmc, r.target_link as dxlj,
                   r.reason::int as yy, r.statement as sm, r.evidence as zj,
                   case when r.reporter_id is null then '游客' else coalesce(nullif(u.name, ''), u.phone, '') end as jbr, r.phone,
                   (r.handled_at is not null)::int as zt, r.result as cljg, coalesce(nullif(o.name, ''), o.phone, '') as clr,
                   coalesce(${chinaTime('r.handled_at')}, '') as clsj, ${chinaTime('r.created_at')} as "createTime"
            from reports r left join users u on u.id = r.reporter_id left join users o on o.id = r.handled_by
            where ${cond}
            order by (r.handled_at is null) desc, r.created_at desc, r.id desc
            limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`,
      );
      return { page: pageOf(list, total, query.page, query.limit) };
    });

    handle(app, s, complianceApi.adminHandleReport, async ({ body, user }) => {
      const cljg = body.cljg.trim();
      const r = await one<{ reporter_id: string | null; kind: ReportKind; target_name: string; reason: number }>(
        s.db,
        sql`update reports set result = ${cljg}, handled_by = ${user.id}, handled_at = now() where id = ${body.bsid}
            returning reporter_id::text as reporter_id, kind, target_name, reason::int as reason`,
      );
      if (!r) throw notFound('举报不存在');
      await logOperatorAction(s.db, user.id, 'report.handle', body.bsid, { cljg });
      if (r.reporter_id) {
        const why = REPORT_REASONS[r.reason as keyof typeof REPORT_REASONS] ?? '';
        await notify(s, r.reporter_id, 'xtxx', '您的举报已处理', `您举报的${REPORT_KINDS[r.kind] ?? ''}「${r.target_name}」（${why}）已处理：${cljg}`);
      }
      return {};
    });
  },
};
export default compliance;
