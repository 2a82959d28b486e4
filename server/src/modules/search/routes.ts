import { SUGGEST_LIMIT, searchApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { notFound, pageOf } from '../../http/reply.js';
import type { Module } from '../order.js';
import { companyLogoUrls } from '../companies/public.js';
import { searchJobs, suggestTitles } from './jobs.js';
import { jobTarget, matchingJob, searchTalents } from './talent.js';
import { joinedCompanyId } from '../companies/public.js';

const search: Module = {
  name: 'search',
  dependencies: ['jobs'],
  register(app, s) {
    handle(app, s, searchApi.jobs, async ({ query }) => {
      const { list, total, totalCapped } = await searchJobs(s.db, query);
      const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((j) => j.dwid))]);
      return { page: { ...pageOf(list.map((j) => ({ ...j, logoUrl: logos[j.dwid] })), total, query.page, query.limit), totalCapped } };
    });

    handle(app, s, searchApi.suggest, async ({ query }) => ({ list: await suggestTitles(s.db, query.key, query.limit ?? SUGGEST_LIMIT) }));

    handle(app, s, searchApi.talents, async ({ query, user }) => {
      const companyId = await joinedCompanyId(s.db, user.id);
      const { list, total } = await searchTalents(s.db, s.config, companyId, query);
      return { page: pageOf(list, total, query.page, query.limit) };
    });

    handle(app, s, searchApi.jobTalents, async ({ query, user }) => {
      const companyId = await joinedCompanyId(s.db, user.id);
      const job = await jobTarget(s.db, query.gwid, companyId);
      if (!job || (query.dwid && query.dwid !== companyId)) throw notFound('岗位不存在或不属于本单位');
      const { list, total } = await searchTalents(s.db, s.config, companyId, { page: query.page, limit: query.limit, orderField: query.orderField }, matchingJob(job));
      return { page: pageOf(list, total, query.page, query.limit) };
    });
  },
};
export default search;
