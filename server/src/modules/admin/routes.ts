/** The admin module's routes (the operator console): handlers only; the rules are in the use cases, the SQL in repo.ts. */
import { adminApi } from '@zp/core/contract';
import { replyAfter } from '../../http/reply.js';
import { handle } from '../../http/route.js';
import type { Module } from '../order.js';
import { CODE_TABLES, listCodeTable } from '../codes/public.js';
import { enableCodeItem } from './enable-code-item.js';
import { listOperatorLog } from './list-operator-log.js';
import { codeItemCounts, dashboardSummary } from './repo.js';
import { item, saveCodeItem } from './save-code-item.js';

const admin: Module = {
  name: 'admin',
  dependencies: ['companies', 'jobs'],
  register(app, s) {
    // ---- code tables

    handle(app, s, adminApi.codeTables, async () => {
      const by = await codeItemCounts(s.db);
      return {
        list: Object.entries(CODE_TABLES).map(([table, info]) => ({ table, title: info.title, parent: info.parent ?? '', count: by.get(table) ?? 0 })),
      };
    });

    handle(app, s, adminApi.codeItems, async ({ query }) => {
      const list = await listCodeTable(s.db, query.table);
      return { list: (query.sjdm ? list.filter((r) => r.parent === query.sjdm) : list).map(item) };
    });

    handle(app, s, adminApi.saveCode, async ({ body, user }) => {
      const { row, existed } = await saveCodeItem(s, user.id, body);
      return { item: item(row), msg: existed ? '修改成功' : '新增成功' };
    });

    handle(app, s, adminApi.enableCode, ({ body, user }) => replyAfter(enableCodeItem(s, user.id, body), { msg: body.sfqy ? '已启用' : '已停用' }));

    // ---- operator log

    handle(app, s, adminApi.log, async ({ query }) => ({ page: await listOperatorLog(s.db, query) }));

    // ---- dashboard

    handle(app, s, adminApi.dashboard, async () => ({ summary: await dashboardSummary(s.db) }));
  },
};
export default admin;
