import { describe, expect, it } from 'vitest';
import { Ordering, type SyncResult } from './ordering.js';

type M = { seq: number; id: string };
const m = (seq: number): M => ({ seq, id: `m${seq}` });

function setup(server: M[]) {
  const delivered: number[] = [];
  const fetches: number[] = [];
  const o = new Ordering<M>(
    (_c, x) => delivered.push(x.seq),
    async (_c, after): Promise<SyncResult<M>> => {
      fetches.push(after);
      const list = server.filter((x) => x.seq > after);
      return { messageList: list, upTo: Math.max(after, ...server.map((x) => x.seq)), more: false };
    },
  );
  return { o, delivered, fetches };
}

describe('per-conversation ordering', () => {
  it('delivers in sequence, drops duplicates', () => {
    const { o, delivered } = setup([]);
    o.baseline('C2C1', 0);
    for (const s of [1, 2, 2, 1, 3]) o.receive('C2C1', m(s));
    expect(delivered).toEqual([1, 2, 3]);
  });

  it('holds a message that overtook another and fetches the gap, delivering each once in order', async () => {
    const { o, delivered, fetches } = setup([m(5), m(6), m(7)]);
    o.baseline('C2C1', 4);
    o.receive('C2C1', m(7));
    expect(delivered).toEqual([]);
    await o.catchUp('C2C1');
    o.receive('C2C1', m(6));
    expect(delivered).toEqual([5, 6, 7]);
    expect(fetches[0]).toBe(4);
  });

  it('skips numbers the server has no message for (deleted notices, live-room messages)', async () => {
    const { o, delivered } = setup([m(3), m(6)]);
    o.baseline('G', 2);
    o.receive('G', m(6));
    await o.catchUp('G');
    expect(delivered).toEqual([3, 6]);
    o.receive('G', m(7));
    expect(delivered).toEqual([3, 6, 7]);
  });

  it('never moves a baseline back, and reports what it has seen for a resume', () => {
    const { o } = setup([]);
    o.baseline('A', 5);
    o.baseline('A', 3);
    o.baseline('B', 0);
    expect(o.seqs()).toEqual({ A: 5, B: 0 });
  });
});
