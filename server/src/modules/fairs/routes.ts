/** The fairs module's routes: handlers only; the rules are in the use cases, the SQL in repo/. */
import type { FastifyInstance } from 'fastify';
import { fairsApi } from '@zp/core/contract';
import { replyAfter } from '../../http/reply.js';
import { handle } from '../../http/route.js';
import type { Services } from '../../services.js';
import type { Module } from '../order.js';
import { jobsAtFair } from '../jobs/public.js';
import { markPresent, onlineUsers, onlineUsersFor } from '../notify/public.js';
import { companyOfHr, hrIdsOfCompany } from '../companies/public.js';
import { bookableFairs, companyFairs, fairDetail, favoriteFairs, listFairs, listStats, seekerFairs, viewerOf } from './list-fairs.js';
import { companySignUp, favorite, joinTalentPool, requireCompanySignedUp, seekerSignUp, unfavorite } from './signup.js';
import { companyAtFair, hallCompanies, hallIndustries, hallStats, hallTalents, hallZones, inHall, onlineCompanies, onlineCount, requireZone } from './hall.js';
import { adminFairs, assignZone, deleteZone, fairSignups, publishFair, saveFair, saveZone } from './admin.js';
import { hrNames } from './repo/borrowed.js';
import { hallTicker, hrFigures } from './repo/ticker.js';
import { startReminderTimer } from './reminders.js';
import type { FairApplicationCounter } from './public.js';

/** What the fairs module counts with data other modules own. */
export interface FairsNeeds {
  applicationFigures: FairApplicationCounter;
}

export function fairsModule(needs: FairsNeeds): Module {
  return { name: 'fairs', dependencies: ['companies', 'jobs', 'notify'], register: (app, s) => register(app, s, needs) };
}

function register(app: FastifyInstance, s: Services, needs: FairsNeeds): void {
  // Lists and detail: token optional; it only personalises sfsc / sfbm and the HR fee fields.
  handle(app, s, fairsApi.list, async ({ query, user }) => ({
    page: await listFairs(s.db, await viewerOf(s.db, user), query),
    hxdttj: await listStats(s.db, query.type),
  }));
  handle(app, s, fairsApi.search, async ({ query: q, user }) => ({
    page: await listFairs(s.db, await viewerOf(s.db, user), {
      page: q.page,
      limit: q.limit,
      ...(q.sfxs === 1 || q.sfxs === 2 ? { type: q.sfxs } : {}),
      ...(q.pxfs === 2 ? { px: 2 as const } : {}),
      ...(q.hysf ? { csdm: q.hysf } : {}),
      ...(q.hylx ? { kind: q.hylx } : {}),
      ...(q.kssj ? { fromMonth: q.kssj.slice(0, 7) } : {}),
      ...(q.jssj ? { toMonth: q.jssj.slice(0, 7) } : {}),
      ...(q.hymc ? { hymc: q.hymc } : {}),
    }),
  }));
  handle(app, s, fairsApi.detail, async ({ query, user }) => ({ bsHxxx: await fairDetail(s.db, await viewerOf(s.db, user), query.hxid) }));

  // The hall.
  handle(app, s, fairsApi.stats, async ({ query }) => ({ hxdttj: await hallStats(s, query.hxid, needs.applicationFigures) }));
  handle(app, s, fairsApi.hallCompanies, async ({ query, user }) => ({ page: await hallCompanies(s, user, query) }));
  handle(app, s, fairsApi.hallCompaniesByZone, async ({ query, user }) => ({
    page: await hallCompanies(s, user, { ...query, ztid: requireZone(query.ztid) }),
  }));
  handle(app, s, fairsApi.hallTalents, async ({ query, user }) => {
    const company = await companyOfHr(s.db, user.id);
    return { page: await hallTalents(s, { hrId: user.id, companyId: company!.id }, query) };
  });
  handle(app, s, fairsApi.hallIndustries, async ({ query }) => ({ list: await hallIndustries(s.db, query.hxid) }));
  handle(app, s, fairsApi.hallZones, async ({ query }) => ({ list: await hallZones(s.db, query.hxid) }));
  handle(app, s, fairsApi.companyJobs, async ({ query }) => {
    const c = await companyAtFair(s.db, query.hxid, query.dwid);
    const jobs = await jobsAtFair(s.db, query.hxid, { companyId: query.dwid, page: query.page, limit: query.limit });
    const { listType: _l, status: _s, dwsshy: sshy, ...rest } = c;
    const dwinfo = { ...rest, sshy };
    return {
      dwinfo,
      page: {
        records: jobs.list.map(({ hrid: _h, gwfl: _p, ...j }) => j),
        totalCount: jobs.total,
        totalPage: Math.ceil(jobs.total / query.limit),
        currPage: query.page,
        pageSize: query.limit,
      },
    };
  });
  handle(app, s, fairsApi.hrFigures, async ({ user }) => ({ qygrxxtjVO: await hrFigures(s.db, (await companyOfHr(s.db, user.id))?.id ?? null) }));
  handle(app, s, fairsApi.hallTicker, async ({ query }) => ({ page: await hallTicker(s.db, query.page, query.limit, query.hxid) }));
  handle(app, s, fairsApi.onlineHr, async ({ query }) => {
    const ids = await hrIdsOfCompany(s.db, query.dwid);
    const online = await onlineUsers(s, ids);
    const all = (await hrNames(s.db, ids)).map((h) => ({ ...h, online: online.has(h.hrid) }));
    // Online first: the booth offers 在线沟通 to them before 留言 to the others.
    all.sort((a, b) => Number(b.online) - Number(a.online));
    return { onlineHrs: all.filter((h) => h.online).map(({ online: _, ...h }) => h), page: { list: all, totalCount: all.length } };
  });
  // The hall's presence calls: a verified caller is recorded in the hall (hall.ts, inHall).
  handle(app, s, fairsApi.enterHall, ({ query, user }) => replyAfter(inHall(s, query.hxid, user), {}));
  handle(app, s, fairsApi.seekerJoinHall, ({ query, user }) => replyAfter(inHall(s, query.hxid, user), {}));
  handle(app, s, fairsApi.hrJoinHall, ({ query, user }) => replyAfter(inHall(s, query.hxid, user), {}));
  handle(app, s, fairsApi.onlineCount, async ({ query }) => ({ data: await onlineCount(s, query.hxid, query.type) }));
  handle(app, s, fairsApi.onlineCompanies, async ({ body }) => ({ data: await onlineCompanies(s, body) }));
  handle(app, s, fairsApi.onlineUsers, async ({ body, user }) => ({ data: [...(await onlineUsersFor(s, user, body))] }));
  handle(app, s, fairsApi.userOnline, async ({ query, user }) => {
    if (user) markPresent(s, user.id);
    return { data: (await onlineUsersFor(s, user, [query.userid])).has(query.userid) };
  });

  // Sign-up and favourites.
  handle(app, s, fairsApi.seekerSignUp, ({ body, user }) => replyAfter(seekerSignUp(s, user.id, body), { msg: '报名成功' }));
  handle(app, s, fairsApi.talentPoolSave, ({ query, user }) => replyAfter(joinTalentPool(s, user.id, query.hxid, query.qzzid), { msg: '已加入招聘会人才库' }));
  handle(app, s, fairsApi.hrSignUp, ({ body, user }) => replyAfter(companySignUp(s, user.id, body), { msg: '报名成功' }));
  handle(app, s, fairsApi.seekerFavorite, ({ body, user }) => replyAfter(favorite(s, user.id, body), { msg: '收藏成功' }));
  handle(app, s, fairsApi.hrFavorite, ({ body, user }) => replyAfter(favorite(s, user.id, body), { msg: '收藏成功' }));
  handle(app, s, fairsApi.seekerUnfavorite, ({ query, user }) => replyAfter(unfavorite(s, user.id, query.hxid), { msg: '已取消收藏' }));
  handle(app, s, fairsApi.hrUnfavorite, ({ query, user }) => replyAfter(unfavorite(s, user.id, query.hxid), { msg: '已取消收藏' }));
  for (const spec of [fairsApi.seekerFavorites, fairsApi.hrFavorites]) {
    handle(app, s, spec, async ({ query, user }) => ({ page: await favoriteFairs(s.db, user.id, query) }));
  }
  handle(app, s, fairsApi.seekerFairs, async ({ user }) => {
    const page = await seekerFairs(s.db, await viewerOf(s.db, user), user.id);
    return { hxList: page.list };
  });
  handle(app, s, fairsApi.companyFairs, async ({ query, user }) => {
    const page = await companyFairs(s.db, await viewerOf(s.db, user), query);
    return { page: { ...page, list: page.list.map((f) => ({ ...f, cjqys: f.chqys, hyfbgws: f.gwfbs })) } };
  });
  handle(app, s, fairsApi.bookableFairs, async ({ query, user }) => {
    const page = await bookableFairs(s.db, await viewerOf(s.db, user), query);
    // Sign-ups are confirmed at once: a booking is approved ('1') or absent; none waits or is refused.
    return { page: { ...page, list: page.list.map((f) => ({ ...f, shzt: f.sfbm ? ('1' as const) : null })) } };
  });
  handle(app, s, fairsApi.companySignUpState, async ({ query, user }) => {
    // The previous client reads only the code: 0 means the enterprise is at the fair, so its HR may chat in the hall.
    await requireCompanySignedUp(s, user, query.hxid);
    return { bmzt: 1 };
  });

  // The operator.
  handle(app, s, fairsApi.adminList, async ({ query }) => ({ page: await adminFairs(s, query) }));
  handle(app, s, fairsApi.adminSave, async ({ body, user }) => ({ hxid: await saveFair(s, user.id, body), msg: body.hxid ? '修改成功' : '创建成功' }));
  handle(
    app,
    s,
    fairsApi.adminPublish,
    async ({ body, user }) => {
      await publishFair(s, user.id, body.hxid, body.fbzt === 1);
      return { msg: body.fbzt ? '已发布' : '已撤下' };
    },
  );
  handle(app, s, fairsApi.adminZoneSave, async ({ body, user }) => ({ tbsid: await saveZone(s, user.id, body) }));
  handle(app, s, fairsApi.adminZoneDelete, ({ body, user }) => replyAfter(deleteZone(s, user.id, body.tbsid), {}));
  handle(app, s, fairsApi.adminZoneAssign, ({ body, user }) => replyAfter(assignZone(s, user.id, body), {}));
  handle(app, s, fairsApi.adminSignups, async ({ query }) => fairSignups(s, query));

  startReminderTimer(s);
}
