import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { scorecardsApi } from '@zp/core/contract';
import { beijingDateTime } from '@zp/core/dates';
import type { ApiReply, TestServer } from '../../../test/helpers.js';
import { actor, codesByRole, expectedCodes, serverWithActors, type Actor, type Actors } from '../../../test/roles.js';
import { postJob } from '../../../test/recruit.js';
import { sql } from '../../db/index.js';

let srv: TestServer;
let actors: Actors;
/** An HR of the same enterprise as actors.hrApproved. */
let colleague: Actor;
/** An HR of another enterprise. */
let otherHr: Actor;

beforeAll(async () => {
  ({ srv, actors } = await serverWithActors());
  otherHr = await actor(srv, 'hrApproved');
  const c = await srv.registerHr(`139${String(Date.now()).slice(-8)}`, 'secret123', { xm: '赵同事', zw: '技术面试官' });
  await srv.app.services.db.execute(sql`update hr_profiles set company_id = ${actors.hrApproved.companyId}, join_state = 2 where user_id = ${c.userId}`);
  colleague = { role: 'hrApproved', token: c.token, userId: c.userId, phone: null, companyId: actors.hrApproved.companyId };
});
afterAll(() => srv?.close());

const hr = () => actors.hrApproved;
const db = () => srv.app.services.db;

/** An interview the seeker accepted, three days ahead. */
async function acceptedInterview(): Promise<{ msid: string; seeker: Actor }> {
  const seeker = await actor(srv, 'seeker');
  const gwid = await postJob(srv, hr());
  const applied = await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid } });
  const { date } = beijingDateTime(Date.now() + 3 * 86_400_000);
  const inv = await srv.call('/api/hr/qyhxrxx/addHrMy', {
    token: hr().token,
    body: { hxrbsid: String(applied.body.bsid), mymc: '技术面试', mssj: `${date} 10:00`, msxxdz: '线上视频面试', lxr: '陈经理', sjhm: '13912345678' },
  });
  const msid = String(inv.body.msid);
  expect((await srv.call('/api/qz/qymyxx/answer', { token: seeker.token, body: { msid, type: 1 } })).body.code).toBe(0);
  return { msid, seeker };
}

const card = (who: Actor, msid: string, scores: [string, number][], decision: 1 | 2 | 3, notes = '') =>
  srv.call<ApiReply<typeof scorecardsApi.save>>('/api/hr/scorecards', { token: who.token, body: { msid, scores: scores.map(([criterion, score]) => ({ criterion, score })), decision, notes } });
const cardsOf = (who: Actor, msid: string) => srv.call<ApiReply<typeof scorecardsApi.ofInterview>>('/api/hr/scorecards', { token: who.token, query: { msid } });

describe('scorecards', () => {
  it('scores on the default three criteria until the enterprise sets its own', async () => {
    const first = await srv.call<ApiReply<typeof scorecardsApi.criteria>>('/api/hr/scorecards/criteria', { token: otherHr.token });
    expect(first.body).toMatchObject({ names: ['专业能力', '沟通表达', '岗位匹配'], isDefault: true });
    const set = await srv.call('/api/hr/scorecards/criteria', { token: otherHr.token, body: { names: [' 专业能力', '学习能力', '团队协作'] } });
    expect(set.body).toMatchObject({ code: 0, names: ['专业能力', '学习能力', '团队协作'] });
    expect((await srv.call('/api/hr/scorecards/criteria', { token: otherHr.token })).body).toMatchObject({ names: ['专业能力', '学习能力', '团队协作'], isDefault: false });
    expect((await srv.call('/api/hr/scorecards/criteria', { token: otherHr.token, body: { names: ['专业能力', '专业能力 '] } })).body).toEqual({ code: 400, msg: '评分项不能重复' });
    // the enterprise's colleagues are untouched by another's criteria
    expect((await srv.call('/api/hr/scorecards/criteria', { token: hr().token })).body).toMatchObject({ isDefault: true });
  });

  it('opens once the interview begins; colleagues read each other’s cards, nobody else does', async () => {
    const { msid, seeker } = await acceptedInterview();
    const before = await cardsOf(hr(), msid);
    expect(before.body).toMatchObject({ criteria: ['专业能力', '沟通表达', '岗位匹配'], cards: [], mine: null, open: false, why: '面试开始后才能评分' });
    expect((await card(hr(), msid, [['专业能力', 4], ['沟通表达', 3], ['岗位匹配', 5]], 1)).body).toEqual({ code: 400, msg: '面试开始后才能评分' });

    // the interview's time comes (the controllable clock is its time)
    await db().execute(sql`update interviews set at = now() - interval '1 hour' where id = ${msid}`);
    expect((await card(hr(), msid, [['专业能力', 4], ['沟通表达', 3]], 1)).body).toEqual({ code: 400, msg: '请为每个评分项打分：专业能力、沟通表达、岗位匹配' });
    const mine = await card(hr(), msid, [['专业能力', 4], ['沟通表达', 3], ['岗位匹配', 5]], 1, '基础扎实，表达略紧张。');
    expect(mine.body).toMatchObject({ code: 0, msg: '评分已保存', card: { average: 4, decision: 1, notes: '基础扎实，表达略紧张。', hrName: '张审核' } });
    expect((await card(colleague, msid, [['专业能力', 3], ['沟通表达', 3], ['岗位匹配', 2]], 2)).body.code).toBe(0);
    // a second save changes the card, not adds one
    expect((await card(colleague, msid, [['专业能力', 3], ['沟通表达', 2], ['岗位匹配', 2]], 3)).body.card.average).toBe(2.3);

    const seen = (await cardsOf(colleague, msid)).body;
    expect(seen.cards.map((c) => [c.hrName, c.decision])).toEqual([['张审核', 1], ['赵同事', 3]]);
    expect(seen.mine?.hrName).toBe('赵同事');
    expect(seen.open).toBe(true);
    const summary = await srv.call<ApiReply<typeof scorecardsApi.summary>>('/api/hr/scorecards/summary', { token: hr().token, query: { msids: `${msid},1` } });
    expect(summary.body.list).toEqual([{ msid, count: 2, average: 3.2, decisions: [1, 0, 1] }]);

    // another enterprise: as if it did not exist; the seeker: not an HR's call at all
    expect((await cardsOf(otherHr, msid)).body).toEqual({ code: 404, msg: '面试邀请不存在' });
    expect((await card(otherHr, msid, [['专业能力', 1], ['沟通表达', 1], ['岗位匹配', 1]], 3)).body.code).toBe(404);
    expect((await srv.call('/api/hr/scorecards/summary', { token: otherHr.token, query: { msids: msid } })).body).toMatchObject({ list: [] });
    expect((await cardsOf(seeker, msid)).body.code).toBe(403);
  });

  it('refuses a card for an interview not accepted', async () => {
    const seeker = await actor(srv, 'seeker');
    const gwid = await postJob(srv, hr());
    const applied = await srv.call('/api/qz/qyhxrxx/td', { method: 'POST', token: seeker.token, query: { gwid } });
    const inv = await srv.call('/api/hr/qyhxrxx/addHrMy', { token: hr().token, body: { hxrbsid: String(applied.body.bsid), mymc: '初试', msxxdz: '线上视频面试', lxr: '陈', sjhm: '13912345678' } });
    expect((await card(hr(), String(inv.body.msid), [['专业能力', 4], ['沟通表达', 3], ['岗位匹配', 5]], 1)).body).toEqual({ code: 400, msg: '求职者尚未接受该面试，暂不能评分' });
  });

  it('matches the role matrix', async () => {
    const routes: [string, Parameters<TestServer['call']>[1], number][] = [
      ['/api/hr/scorecards/criteria', {}, 0],
      ['/api/hr/scorecards', { query: { msid: '1' } }, 404],
      ['/api/hr/scorecards/summary', { query: { msids: '1' } }, 0],
      ['/api/hr/scorecards/criteria', { body: { names: ['专业能力', '沟通表达', '岗位匹配'] } }, 0],
    ];
    for (const [path, opts, ok] of routes) {
      expect(await codesByRole(actors, (a) => srv.call(path, { ...opts, token: a.token })), path).toEqual(expectedCodes(['hrApproved'], ok));
    }
    expect(await codesByRole(actors, (a) => srv.call('/api/hr/scorecards', { token: a.token, body: { msid: '1', scores: [{ criterion: '专业能力', score: 3 }], decision: 2 } }))).toEqual(
      expectedCodes(['hrApproved'], 404),
    );
  });
});
