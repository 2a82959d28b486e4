import { identityApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { notFound, pageOf } from '../../http/reply.js';
import { one, rows, sql } from '../../db/index.js';
import type { Module } from '../index.js';
import { companyStateOfHr } from './hr.js';
import { fileUrl } from '../files/urls.js';

const companies: Module = {
  name: 'companies',
  register(app, s) {
    s.companyStateOfHr = (userId) => companyStateOfHr(s.db, userId);

    handle(app, s, identityApi.companyState, async ({ user }) => ({ shzt: await companyStateOfHr(s.db, user.id) }));

    handle(app, s, identityApi.hrInfo, async ({ user }) => {
      const r = await one<{ xm: string; zw: string; dwid: string; dwmc: string; shzt: number | null; vip: number; join_state: number }>(
        s.db,
        sql`select h.name as xm, h.title as zw, coalesce(h.company_id::text, '') as dwid, coalesce(c.name, '') as dwmc,
                   c.status::int as shzt, h.vip::int as vip, h.join_state::int as join_state
            from hr_profiles h left join companies c on c.id = h.company_id where h.user_id = ${user.id}`,
      );
      if (!r) throw notFound('HR 信息不存在');
      const joined = r.join_state === 0 || r.join_state === 2;
      return {
        qyDwhrxxEntity: { hrid: user.id, xm: r.xm, phone: user.phone, zw: r.zw, dwid: r.dwid, dwmc: r.dwmc, shzt: joined ? (r.shzt ?? -1) : -1, vip: r.vip },
      };
    });

    handle(app, s, identityApi.companyLogos, async ({ body }) => {
      const urls: Record<string, string> = Object.fromEntries(body.map((id) => [id, '']));
      if (body.length) {
        const r = await rows<{ id: string; storage_key: string }>(
          s.db,
          sql`select c.id::text as id, f.storage_key from companies c join files f on f.id = c.logo_file_id and f.deleted_at is null
              where c.id in (${sql.join(body.map((id) => sql`${id}`), sql`, `)})`,
        );
        for (const x of r) urls[x.id] = fileUrl(s.config, x.storage_key);
      }
      return { urls };
    });

    handle(app, s, identityApi.companyFile, async ({ params }) => {
      const f = await one<{ storage_key: string }>(
        s.db,
        sql`select storage_key from files where id = ${params.id} and kind in (20, 30) and not private and deleted_at is null`,
      );
      if (!f) throw notFound('文件不存在');
      return { fileUrl: fileUrl(s.config, f.storage_key) };
    });

    handle(app, s, identityApi.companyFiles, async ({ query }) => {
      const list = await rows<{ wjid: string; wjlx: number; wjmc: string; wjgs: string; wjdx: number; storage_key: string; createTime: string }>(
        s.db,
        sql`select id::text as wjid, kind::int as wjlx, name as wjmc, ext as wjgs, size::int as wjdx, storage_key,
                   to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as "createTime"
            from files where company_id = ${query.dwid} and kind = 20 and deleted_at is null order by created_at desc limit 50`,
      );
      const out = list.map(({ storage_key, ...f }) => ({ ...f, fileUrl: fileUrl(s.config, storage_key) }));
      return { page: pageOf(out, out.length, 1, 50) };
    });
  },
};
export default companies;
