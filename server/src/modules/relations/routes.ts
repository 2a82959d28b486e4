/** The relations module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import type { FastifyInstance } from 'fastify';
import { relationsApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { pageOf, replyAfter } from '../../http/reply.js';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import { addFavourite, listFavourites, removeFavourite } from './favourite-talents.js';
import { companyFlags, follow, listFollowed, listShielded, shield, unfollow } from './followed-companies.js';
import type { RelationsNeeds } from './needs.js';
import { unshieldCompany } from './repo.js';
import { listViewers } from './resume-views.js';
import { listSavedJobs, savedJobFlags, saveJobs, unsaveJob } from './saved-jobs.js';

/** The relations module, given what it asks of the applications module (see needs.ts). */
export function relationsModule(needs: RelationsNeeds): Module {
  return { name: 'relations', dependencies: ['applications'], register: (app, s) => register(app, s, needs) };
}

function register(app: FastifyInstance, s: Services, needs: RelationsNeeds): void {
  // ---- saved jobs

  handle(app, s, relationsApi.savedJobs, async ({ params, user }) => {
    const { total, list } = await listSavedJobs(s, user.id, params);
    return { page: pageOf(list as never[], total, params.page, params.limit) };
  });

  handle(app, s, relationsApi.saveJob, ({ params, user }) => replyAfter(saveJobs(s, user.id, [{ gwid: params.gwid, dwid: params.dwid }]), { msg: '收藏成功' }));

  handle(app, s, relationsApi.saveJobs, async ({ body, user }) => {
    const items = body.map((x) => (typeof x === 'string' ? { gwid: x } : { gwid: x.gwid, dwid: x.dwid || undefined }));
    return { saved: await saveJobs(s, user.id, items), msg: '收藏成功' };
  });

  handle(app, s, relationsApi.unsaveJob, ({ params, user }) => replyAfter(unsaveJob(s, user.id, params.gwid), { msg: '已取消收藏' }));

  handle(app, s, relationsApi.jobFlags, async ({ body, user }) => ({ sczt: await savedJobFlags(s, user.id, body) }));

  // ---- followed enterprises

  handle(app, s, relationsApi.followed, async ({ params, user }) => {
    const { total, list } = await listFollowed(s, user.id, params);
    return { page: pageOf(list, total, params.page, params.limit) };
  });

  handle(app, s, relationsApi.follow, ({ params, user }) => replyAfter(follow(s, user.id, params.dwid), { msg: '关注成功' }));

  handle(app, s, relationsApi.unfollow, ({ params, user }) => replyAfter(unfollow(s, user.id, params.dwid), { msg: '已取消关注' }));

  handle(app, s, relationsApi.companyFlags, async ({ body, user }) => companyFlags(s, user.id, body));

  // ---- shielded enterprises

  handle(app, s, relationsApi.shielded, async ({ user }) => ({ pbdwList: await listShielded(s, user.id) }));

  handle(app, s, relationsApi.shield, ({ params, user }) => replyAfter(shield(s, user.id, params.dwid), { msg: '屏蔽成功，该单位的 HR 将无法在人才搜索中看到您' }));

  handle(app, s, relationsApi.unshield, ({ params, user }) => replyAfter(unshieldCompany(s.db, user.id, params.dwid), { msg: '已取消屏蔽' }));

  // ---- who viewed my résumé

  handle(app, s, relationsApi.viewers, async ({ query, user }) => {
    const { total, list } = await listViewers(s, user.id, query);
    return { page: pageOf(list, total, query.page, query.limit) };
  });

  // ---- HR's favourite talents

  handle(app, s, relationsApi.addFavourite, ({ query, user }) => replyAfter(addFavourite(s, needs, user.id, query.qzzid), { msg: '收藏成功' }));

  handle(app, s, relationsApi.removeFavourite, ({ params, user }) => replyAfter(removeFavourite(s, user.id, params.qzbsid), { msg: '已取消收藏' }));

  handle(app, s, relationsApi.favourites, async ({ query, user }) => {
    const { total, list } = await listFavourites(s, user.id, { page: query.page, limit: query.limit, name: query.xm });
    return { page: pageOf(list, total, query.page, query.limit) };
  });
}
