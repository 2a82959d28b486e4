/**
 * A booth queue served across two server nodes on one PostgreSQL and Redis: the seeker's page is
 * held by one node, the HR's by the other; the HR's presence opens the booth on both, and the
 * HR's 下一位 on one node reaches the seeker's socket on the other as a live signal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { queueApi, SocketMessage } from '@zp/core/contract';
import { startTwoNodes, twoNodes, twoNodesTitle, type ApiReply, type TestServer } from '../../../test/helpers.js';
import { completeResume, giveCompany, uniquePhone } from '../../../test/roles.js';
import { fairWithSignup } from '../../../test/recruit.js';
import { openSocket, type TestSocket } from '../../../test/socket.js';

let nodes: Awaited<ReturnType<typeof startTwoNodes>>;
let a: TestServer;
let b: TestServer;
const sockets: TestSocket[] = [];

async function signalOn(s: TestSocket): Promise<Extract<SocketMessage, { type: 3 }>> {
  for (;;) {
    const m = await s.next();
    if (m.type === 3) return m;
  }
}

describe.skipIf(!twoNodes)(twoNodesTitle('booth queue on two nodes'), () => {
  beforeAll(async () => {
    nodes = await startTwoNodes('queue');
    ({ a, b } = nodes);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await nodes?.close();
  });

  it('the HR online on one node opens the booth on the other, and 下一位 there reaches the seeker live', async () => {
    const hr = await a.registerHr(uniquePhone(), 'secret123', { xm: '孙招聘' });
    const companyId = await giveCompany(a, hr.userId, 1);
    const fairId = await fairWithSignup(a, { companyId, hrId: hr.userId, startsInHours: -1 });
    const seeker = await b.registerSeeker(uniquePhone());
    await completeResume(b, seeker.userId);

    const hrSocket = await openSocket(a.url, hr.token);
    sockets.push(hrSocket);
    const seekerSocket = await openSocket(b.url, seeker.token);
    sockets.push(seekerSocket);
    const booth = async () => (await b.call<ApiReply<typeof queueApi.booths>>('/api/pub/queue/booths', { body: { hxid: fairId, dwids: [companyId] } })).body.list[0]!;
    await expect.poll(async () => (await booth()).closed, { timeout: 10_000 }).toBe('');

    expect((await b.call('/api/qz/queue/join', { token: seeker.token, body: { hxid: fairId, dwid: companyId } })).body.code).toBe(0);
    expect((await signalOn(hrSocket)).message.topic).toBe('queue');
    await signalOn(seekerSocket); // its own join's
    const called = await a.call<ApiReply<typeof queueApi.next>>('/api/hr/queue/next', { token: hr.token, body: { hxid: fairId } });
    expect(called.body.seeker.seekerId).toBe(seeker.userId);
    expect((await signalOn(seekerSocket)).message.topic).toBe('queue');
    const mine = await b.call<ApiReply<typeof queueApi.mine>>('/api/qz/queue/mine', { token: seeker.token });
    expect(mine.body.entry).toMatchObject({ state: 'called', hrName: '孙招聘' });
  });
});
