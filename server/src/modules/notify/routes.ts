import { identityApi, notifyApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import type { Module } from '../order.js';
import { unreadCounters } from './counters.js';
import { listReminders, markAllRead, markRead } from './messages.js';
import { mountSocket } from './socket.js';

const notify: Module = {
  name: 'notify',
  dependencies: ['auth'],
  async register(app, s) {
    handle(app, s, identityApi.hrReminders, async ({ user }) => ({ hrXxtx: await unreadCounters(s.db, user.id) }));
    handle(app, s, identityApi.seekerReminders, async ({ user }) => ({ qzXxtx: await unreadCounters(s.db, user.id) }));

    for (const [list, mark, markAll] of [
      [notifyApi.seekerList, notifyApi.seekerMarkRead, notifyApi.seekerMarkAllRead],
      [notifyApi.hrList, notifyApi.hrMarkRead, notifyApi.hrMarkAllRead],
    ] as const) {
      handle(app, s, list, async ({ user, params }) => ({ page: await listReminders(s.db, user.id, params.category, params.page, params.limit) }));
      handle(app, s, mark, async ({ user, body }) => ({ count: await markRead(s.db, user.id, body) }));
      handle(app, s, markAll, async ({ user, params }) => ({ count: await markAllRead(s.db, user.id, params.category) }));
    }

    await mountSocket(app, s);
  },
};
export default notify;
