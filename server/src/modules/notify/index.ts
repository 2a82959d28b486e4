import { identityApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import type { Module } from '../index.js';
import { unreadCounters } from './counters.js';

const notify: Module = {
  name: 'notify',
  register(app, s) {
    handle(app, s, identityApi.hrReminders, async ({ user }) => ({ hrXxtx: await unreadCounters(s.db, user.id) }));
    handle(app, s, identityApi.seekerReminders, async ({ user }) => ({ qzXxtx: await unreadCounters(s.db, user.id) }));
  },
};
export default notify;
