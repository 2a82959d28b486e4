/** The scorecards module's routes: handlers only; the rules are in score-interview.ts, the SQL in repo.ts. */
import { scorecardsApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import type { Module } from '../order.js';
import { hrCompany } from '../companies/public.js';
import { criteriaOf, interviewScorecards, saveScorecard, scorecardSummary, setCriteria } from './score-interview.js';

const scorecards: Module = {
  name: 'scorecards',
  dependencies: ['applications'],
  register(app, s) {
    handle(app, s, scorecardsApi.criteria, async ({ user }) => criteriaOf(s, (await hrCompany(s.db, user.id)).id));
    handle(app, s, scorecardsApi.setCriteria, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { names: await setCriteria(s, company.id, user.id, body.names), msg: '评分项已保存' };
    });
    handle(app, s, scorecardsApi.ofInterview, async ({ query, user }) => interviewScorecards(s, (await hrCompany(s.db, user.id)).id, user.id, query.msid));
    handle(app, s, scorecardsApi.save, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { card: await saveScorecard(s, company.id, user.id, body), msg: '评分已保存' };
    });
    handle(app, s, scorecardsApi.summary, async ({ query, user }) => ({ list: await scorecardSummary(s, (await hrCompany(s.db, user.id)).id, query.msids.split(',')) }));
  },
};

export default scorecards;
