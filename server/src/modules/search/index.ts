import { searchApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { pageOf } from '../../http/reply.js';
import type { Module } from '../index.js';
import { companyLogoUrls } from '../companies/api.js';
import { searchJobs } from './jobs.js';
import { searchTalents } from './talent.js';
import { joinedCompanyId } from '../companies/store.js';

const search: Module = {
  name: 'search',
  register(app, s) {
    handle(app, s, searchApi.jobs, async ({ query }) => {
      const { list, total, totalCapped } = await searchJobs(s.db, query);
      const logos = await companyLogoUrls(s.db, s.config, [...new Set(list.map((j) => j.dwid))]);
      return { page: { ...pageOf(list.map((j) => ({ ...j, logoUrl: logos[j.dwid] })), total, query.page, query.limit), totalCapped } };
    });

    handle(app, s, searchApi.talents, async ({ query, user }) => {
      const companyId = await joinedCompanyId(s.db, user.id);
      const { list, total } = await searchTalents(s.db, s.config, companyId, query);
      return { page: pageOf(list, total, query.page, query.limit) };
    });
  },
};
export default search;
