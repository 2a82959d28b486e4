import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { identityApi } from '@zp/core/contract';
import type { TestServer, ApiReply } from './helpers.js';
import { codesByRole, expectedCodes, type Actors, serverWithActors } from './roles.js';

describe('role helpers', () => {
  let srv: TestServer;
  let actors: Actors;
  beforeAll(async () => ({ srv, actors } = await serverWithActors()));
  afterAll(() => srv?.close());

  it('give each role the access the server grants it', async () => {
    const shzt = await codesByRole(actors, (a) => srv.call('/api/hr/qydwhrxx/getDwShzt', { token: a.token }));
    expect(shzt).toEqual(expectedCodes(['hrUnapproved', 'hrApproved']));
    const r = await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: actors.hrUnapproved.token });
    expect(r.body.shzt).toBe(0);
    const a = await srv.call('/api/hr/qydwhrxx/getDwShzt', { token: actors.hrApproved.token });
    expect(a.body.shzt).toBe(1);
    const base = await codesByRole(actors, (a) => srv.call('/api/qz/qzgrjbxx/myBaseInfo', { token: a.token }));
    expect(base).toEqual(expectedCodes(['seekerIncomplete', 'seeker']));
    const wsd = await srv.call<ApiReply<typeof identityApi.seekerBase>>('/api/qz/qzgrjbxx/myBaseInfo', { token: actors.seekerIncomplete.token });
    expect(wsd.body.qzGrjbxxBase!.wsd).toBeLessThan(60);
    const full = await srv.call<ApiReply<typeof identityApi.seekerBase>>('/api/qz/qzgrjbxx/myBaseInfo', { token: actors.seeker.token });
    expect(full.body.qzGrjbxxBase!.wsd).toBeGreaterThanOrEqual(60);
  });
});
