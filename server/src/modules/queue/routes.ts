/** The queue module's routes: handlers only; the rules are in the use cases, the SQL in repo.ts. */
import { queueApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import type { Module } from '../order.js';
import { hrCompany } from '../companies/public.js';
import { boothQueues } from './booths.js';
import { joinQueue, leaveQueue, myQueue } from './join-queue.js';
import { callNext, finishCall, hrQueues, pauseQueue, skipCall } from './serve-queue.js';
import { startQueueSweep } from './sweep.js';

const queue: Module = {
  name: 'queue',
  dependencies: ['fairs', 'notify', 'resumes', 'companies', 'slots'],
  register(app, s) {
    handle(app, s, queueApi.booths, async ({ body }) => ({ list: await boothQueues(s, body.hxid, body.dwids) }));
    handle(app, s, queueApi.mine, async ({ user }) => ({ entry: await myQueue(s, user.id) }));
    handle(app, s, queueApi.join, async ({ body, user }) => ({ entry: await joinQueue(s, user.id, body.hxid, body.dwid), msg: '排队成功' }));
    handle(app, s, queueApi.leave, async ({ user }) => {
      await leaveQueue(s, user.id);
      return { msg: '已离开队伍' };
    });

    handle(app, s, queueApi.list, async ({ user }) => ({ list: await hrQueues(s, (await hrCompany(s.db, user.id)).id) }));
    handle(app, s, queueApi.next, async ({ body, user }) => {
      const company = await hrCompany(s.db, user.id);
      return { seeker: await callNext(s, user.id, company.id, body.hxid), msg: '已叫号，正在呼叫求职者' };
    });
    handle(app, s, queueApi.finish, async ({ body, user }) => {
      await finishCall(s, (await hrCompany(s.db, user.id)).id, body.id);
      return { msg: '面试已结束' };
    });
    handle(app, s, queueApi.skip, async ({ body, user }) => {
      const requeued = await skipCall(s, (await hrCompany(s.db, user.id)).id, body.id);
      return { requeued, msg: requeued ? '已跳过，求职者排到队尾（还有一次机会）' : '已跳过，求职者已移出队伍' };
    });
    handle(app, s, queueApi.pause, async ({ body, user }) => {
      await pauseQueue(s, user.id, (await hrCompany(s.db, user.id)).id, body.hxid, body.paused, body.note ?? '');
      return { msg: body.paused ? '已暂停排队' : '已恢复排队' };
    });

    startQueueSweep(s);
  },
};

export default queue;
