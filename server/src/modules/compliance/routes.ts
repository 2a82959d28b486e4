/**
 * The footer's legal facts (备案号, 人力资源服务许可证, service and report contacts), set by the
 * operator; and reports (举报) from job pages, the chat and anywhere else that offers them, with
 * the evidence, handled in the operator console (contract: @zp/core/contract compliance.ts).
 * Handlers only: the rules are in the use cases, the SQL in repo.ts.
 */
import { complianceApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { pageOf, replyAfter } from '../../http/reply.js';
import type { Module } from '../order.js';
import { handleReport } from './handle-report.js';
import { reportContent } from './report-content.js';
import { readInfo, reportsPage } from './repo.js';
import { saveSiteInfo } from './save-site-info.js';

const compliance: Module = {
  name: 'compliance',
  dependencies: ['auth', 'jobs', 'chat'],
  register(app, s) {
    handle(app, s, complianceApi.siteInfo, async () => ({ info: await readInfo(s.db) }));

    handle(app, s, complianceApi.adminSaveSiteInfo, async ({ body, user }) => ({ info: await saveSiteInfo(s, user.id, body) }));

    handle(app, s, complianceApi.report, async ({ body, user, req }) => ({
      msg: '举报已提交，平台将尽快核实处理',
      bsid: await reportContent(s.db, user, body, req.ip),
    }));

    handle(app, s, complianceApi.adminReports, async ({ query }) => {
      const { total, list } = await reportsPage(s.db, query);
      return { page: pageOf(list, total, query.page, query.limit) };
    });

    handle(app, s, complianceApi.adminHandleReport, ({ body, user }) => replyAfter(handleReport(s, user.id, body.bsid, body.cljg), {}));
  },
};
export default compliance;
