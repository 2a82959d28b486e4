// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { callTimes } from './CallLayer.js';
import type { Call } from './machine.js';

const call = (more: Partial<Call> = {}): Call => ({
  phase: 'calling', callId: 'c1', peer: '10', peerName: '', outgoing: true, request: false, approve: false, roomId: '77', entering: false, signalled: true, acceptedAt: 1_000_000, ...more,
});
const LIMIT = 20 * 60_000;

describe("the call window's clock", () => {
  it("runs from the server's start of the interview, corrected by the clocks' offset", () => {
    // The server is 3 s ahead; both were in since 95 s (server time) before now.
    const t = callTimes(call(), { startedAt: 5_000_000, endsAt: 5_000_000 + LIMIT, offset: 3_000 }, 5_092_000);
    expect(t.seconds).toBe(95);
    expect(t.remaining).toBe(LIMIT / 1000 - 95);
  });

  it('never shows more time left than the whole interview when the offset was read a little off', () => {
    const t = callTimes(call(), { startedAt: 5_000_000, endsAt: 5_000_000 + LIMIT, offset: -2_000 }, 5_000_000);
    expect(t.seconds).toBe(0);
    expect(t.remaining).toBe(LIMIT / 1000);
  });

  it('no time left without a limit (a paying HR) or before the call runs; our own answer time before the room is read', () => {
    expect(callTimes(call(), { startedAt: 5_000_000, endsAt: null, offset: 0 }, 5_010_000).remaining).toBeNull();
    expect(callTimes(call({ phase: 'dialling' }), { startedAt: 5_000_000, endsAt: 5_000_000 + LIMIT, offset: 0 }, 5_010_000).remaining).toBeNull();
    expect(callTimes(call(), null, 1_030_000)).toEqual({ seconds: 30, remaining: null });
  });
});
