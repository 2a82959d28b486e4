import { Type } from '@sinclair/typebox';
import { contentApi, Id } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { isPageRender, readerOf, registerPageViewCounter } from '../../http/page-views.js';
import { notFound, replyAfter } from '../../http/reply.js';
import type { Module } from '../order.js';
import { hrIdsOfCompany } from '../companies/public.js';
import { onlineUsers } from '../notify/public.js';
import { bannerSvg } from './banner-image.js';
import {
  adminBanners, adminNotices, bannerForImage, companiesByType, deleteBanner, deleteNotice, listNotices, openNotice, publishBanner,
  publishNotice, saveBanner, saveNotice, slotBanners, type ReceivedResumeCounter, countNoticeVisits } from './store.js';

/**
 * The content module, given what it shows of other modules: the 收到简历 figure of the company
 * tabs counts applications, which belong to the applications module.
 */
export function contentModule(needs: { receivedResumes: ReceivedResumeCounter }): Module {
  return {
    name: 'content',
    dependencies: ['companies', 'jobs'],
    register(app, s) {
      // Readers of a notice page count as visits, once a day each (http/page-views.ts).
      registerPageViewCounter('notice', countNoticeVisits);
      handle(app, s, contentApi.banners, async ({ query }) => ({ list: await slotBanners(s, query.zswz) }));
      handle(app, s, contentApi.notices, async ({ body }) => ({ page: await listNotices(s.db, body) }));
      handle(app, s, contentApi.notice, async ({ query, user, req }) => ({ data: await openNotice(s.db, query.bsid, isPageRender(req) ? null : readerOf(req, user?.id)) }));
      handle(app, s, contentApi.companiesByType, async ({ query }) => {
        const page = await companiesByType(s.db, query, needs.receivedResumes);
        // booszxs: the card's "n 位BOSS在线", the enterprise's HR connected to chat now
        const hrs = await Promise.all(page.list.map((c) => hrIdsOfCompany(s.db, c.dwid)));
        const online = await onlineUsers(s, hrs.flat());
        return { page: { ...page, list: page.list.map((c, i) => ({ ...c, booszxs: hrs[i].filter((id) => online.has(id)).length })) } };
      });

      // The generated banner picture (not JSON, so outside the contract).
      app.get(
        '/api/content/banners/:id/image.svg',
        { schema: { hide: true, params: Type.Object({ id: Id('轮播图ID') }) } },
        async (req, reply) => {
          const b = await bannerForImage(s.db, (req.params as { id: string }).id);
          if (!b) throw notFound('轮播图不存在');
          const etag = `"b${b.version}"`;
          reply.header('etag', etag).header('cache-control', 'public, max-age=300');
          if (req.headers['if-none-match'] === etag) return reply.code(304).send();
          return reply.type('image/svg+xml; charset=utf-8').send(bannerSvg(b));
        },
      );

      handle(app, s, contentApi.adminBanners, async ({ query }) => ({ list: await adminBanners(s, query.zswz) }));
      handle(app, s, contentApi.adminBannerSave, async ({ body, user }) => ({ bsid: await saveBanner(s, user.id, body), msg: body.bsid ? '修改成功' : '创建成功' }));
      handle(app, s, contentApi.adminBannerPublish, async ({ body, user }) => {
        await publishBanner(s, user.id, body.bsid, body.fbzt === 1);
        return { msg: body.fbzt ? '已发布' : '已撤下' };
      });
      handle(app, s, contentApi.adminBannerDelete, ({ body, user }) => replyAfter(deleteBanner(s, user.id, body.bsid), { msg: '删除成功' }));
      handle(app, s, contentApi.adminNotices, async ({ query }) => ({ page: await adminNotices(s.db, query) }));
      handle(app, s, contentApi.adminNoticeSave, async ({ body, user }) => ({ bsid: await saveNotice(s, user.id, body), msg: body.bsid ? '修改成功' : '创建成功' }));
      handle(app, s, contentApi.adminNoticePublish, async ({ body, user }) => {
        await publishNotice(s, user.id, body.bsid, body.fbzt === 1);
        return { msg: body.fbzt ? '已发布' : '已撤下' };
      });
      handle(app, s, contentApi.adminNoticeDelete, ({ body, user }) => replyAfter(deleteNotice(s, user.id, body.bsid), { msg: '删除成功' }));
    },
  };
}
