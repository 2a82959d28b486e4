import { feedbackApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { badRequest, conflict, notFound, pageOf, tooMany, offsetOf } from '../../http/reply.js';
import { one, rows, sql } from '../../db/index.js';
import type { Module } from '../index.js';
import { logOperatorAction } from '../admin/public.js';
import { notify } from '../notify/public.js';
import { fileByKey, issueUploadPolicy, registerUpload, SCOPES, FileKind } from '../files/public.js';
import { fileUrl, keyFromUrl } from '../files/public.js';

/** Submissions allowed before the next is refused: anonymous per address and hour, members per day. */
/** memberPerDay per account; anonymous visitors per address per hour: config FEEDBACK_ANON_PER_HOUR (5). */
export const FEEDBACK_LIMITS = { memberPerDay: 20 } as const;

const time = (col: string) => sql.raw(`coalesce(to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), '')`);

const feedback: Module = {
  name: 'feedback',
  dependencies: ['files'],
  register(app, s) {
    handle(app, s, feedbackApi.ossKey, async ({ user }) => ({ info: issueUploadPolicy(s, user?.id ?? null, SCOPES.feedback) }));

    handle(app, s, feedbackApi.saveImg, async ({ user, body }) => {
      const f = await registerUpload(s, user?.id ?? null, body, FileKind.feedback);
      return { msg: '上传成功', fileUrl: fileUrl(s.config, f.storageKey), wjid: f.id };
    });

    handle(app, s, feedbackApi.add, async ({ user, body, req }) => {
      const phone = body.phone ?? '';
      if (!user && !phone) throw badRequest('请输入联系方式');
      // the author is who the session says, whatever dm the client sent
      const kind = user ? (user.role === 'hr' ? 'hr' : 'qz') : 'yk';
      if (user?.role === 'xs') throw badRequest('运营账号无需提交反馈');

      let imageId: string | null = null;
      if (body.imgUrl) {
        const key = keyFromUrl(s.config, body.imgUrl);
        const f = key ? await fileByKey(s.db, key) : null;
        if (!f || f.kind !== FileKind.feedback || f.ownerId !== (user?.id ?? null)) throw badRequest('图片无效，请重新上传');
        imageId = f.id;
      }

      const recent = user
        ? await one<{ n: number }>(s.db, sql`select count(*)::int as n from feedback where user_id = ${user.id} and created_at > now() - interval '1 day'`)
        : await one<{ n: number }>(s.db, sql`select count(*)::int as n from feedback where user_id is null and ip = ${req.ip} and created_at > now() - interval '1 hour'`);
      if (recent!.n >= (user ? FEEDBACK_LIMITS.memberPerDay : s.config.feedbackAnonPerHour)) throw tooMany('提交过于频繁，请稍后再试');

      const r = await one<{ id: string }>(
        s.db,
        sql`insert into feedback (user_id, author_kind, category, content, phone, image_file_id, ip)
            values (${user?.id ?? null}, ${kind}, ${Number(body.wtlx)}, ${body.wtms.trim()}, ${phone || (user?.phone ?? '')}, ${imageId}, ${req.ip})
            on conflict do nothing returning id::text as id`,
      );
      if (!r) throw conflict('该图片已用于另一条反馈，请重新上传');
      return { msg: '提交成功', bsid: r.id };
    });

    handle(app, s, feedbackApi.history, async ({ user, params }) => {
      const { page, size } = params;
      if (!user) return { page: pageOf([], 0, page, size) };
      const total = await one<{ n: number }>(s.db, sql`select count(*)::int as n from feedback where user_id = ${user.id}`);
      const list = await rows<{ bsid: string; wtlx: number; wtms: string; image_key: string | null; cljg: string; clsj: string; zt: number; createTime: string }>(
        s.db,
        sql`select f.id::text as bsid, f.category::int as wtlx, f.content as wtms, fi.storage_key as image_key, f.answer as cljg,
                   ${time('f.answered_at')} as clsj, (f.answered_at is not null)::int as zt, ${time('f.created_at')} as "createTime"
            from feedback f left join files fi on fi.id = f.image_file_id and fi.deleted_at is null
            where f.user_id = ${user.id} order by f.created_at desc, f.id desc limit ${size} offset ${offsetOf(page, size)}`,
      );
      const out = list.map(({ image_key, ...x }) => ({ ...x, imgUrl: image_key ? fileUrl(s.config, image_key) : '' }));
      return { page: pageOf(out, total!.n, page, size) };
    });

    handle(app, s, feedbackApi.adminList, async ({ query }) => {
      const where = [sql`true`];
      if (query.zt !== undefined) where.push(query.zt === 1 ? sql`f.answered_at is not null` : sql`f.answered_at is null`);
      if (query.wtlx !== undefined) where.push(sql`f.category = ${query.wtlx}`);
      const cond = sql.join(where, sql` and `);
      const total = await one<{ n: number }>(s.db, sql`select count(*)::int as n from feedback f where ${cond}`);
      const list = await rows<{
        bsid: string; wtlx: number; wtms: string; image_key: string | null; cljg: string; clsj: string; zt: number; createTime: string;
        dm: string; phone: string; userId: string; userName: string; clr: string;
      }>(
        s.db,
        sql`select f.id::text as bsid, f.category::int as wtlx, f.content as wtms, fi.storage_key as image_key, f.answer as cljg,
                   ${time('f.answered_at')} as clsj, (f.answered_at is not null)::int as zt, ${time('f.created_at')} as "createTime",
                   f.author_kind as dm, f.phone, coalesce(f.user_id::text, '') as "userId", coalesce(nullif(u.name, ''), u.phone, '') as "userName",
                   coalesce(nullif(o.name, ''), o.phone, '') as clr
            from feedback f
            left join files fi on fi.id = f.image_file_id and fi.deleted_at is null
            left join users u on u.id = f.user_id
            left join users o on o.id = f.answered_by
            where ${cond}
            order by (f.answered_at is null) desc, f.created_at desc, f.id desc
            limit ${query.limit} offset ${offsetOf(query.page, query.limit)}`,
      );
      const out = list.map(({ image_key, ...x }) => ({ ...x, imgUrl: image_key ? fileUrl(s.config, image_key) : '' }));
      return { page: pageOf(out, total!.n, query.page, query.limit) };
    });

    handle(app, s, feedbackApi.adminAnswer, async ({ user, body }) => {
      const cljg = body.cljg.trim();
      const r = await one<{ user_id: string | null; content: string; clsj: string }>(
        s.db,
        sql`update feedback set answer = ${cljg}, answered_by = ${user.id}, answered_at = now() where id = ${body.bsid}
            returning user_id::text as user_id, content, to_char(answered_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as clsj`,
      );
      if (!r) throw notFound('反馈不存在');
      await logOperatorAction(s.db, user.id, 'feedback.answer', body.bsid, { cljg });
      if (r.user_id) {
        const about = r.content.length > 20 ? `${r.content.slice(0, 20)}…` : r.content;
        await notify(s, r.user_id, 'xtxx', `您的反馈“${about}”已回复`, cljg);
      }
      return { msg: '回复成功', bsid: body.bsid, clsj: r.clsj };
    });
  },
};
export default feedback;
