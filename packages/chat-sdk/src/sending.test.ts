import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatError, ERR } from './errors.js';
import { OFFLINE_FAIL_MS, SendQueue, type SendTransport } from './sending.js';

/** A connection whose answers the test gives: each request waits until answered. */
class FakeConnection implements SendTransport {
  online = true;
  sent: { id: string; answer: (code: number) => void }[] = [];
  request<T>(_op: 'send', p: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = (p as { ID: string }).ID;
      this.sent.push({ id, answer: (code) => (code === 0 ? resolve({ message: { ID: id } } as T) : reject(new ChatError(code, `refused ${code}`))) });
    });
  }
  ids() {
    return this.sent.map((s) => s.id);
  }
  answerAll(code = 0) {
    const list = this.sent.splice(0);
    for (const s of list) s.answer(code);
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the send queue', () => {
  let conn: FakeConnection;
  let q: SendQueue;
  beforeEach(() => {
    vi.useFakeTimers();
    conn = new FakeConnection();
    q = new SendQueue(conn);
    q.online();
  });
  afterEach(() => {
    q.stop(new ChatError(ERR.notLoggedIn, 'stopped'));
    vi.useRealTimers();
  });

  const send = (id: string, conv = `C2C${id}`, group: string | null = null) => q.send(id, conv, group, { ID: id });

  it('goes no faster than the limit the server announced: the burst at once, then one per 1/rate s', async () => {
    q.setLimits({ user: { rate: 5, burst: 2 } });
    const done = ['a', 'b', 'c', 'd', 'e'].map((id) => send(id));
    await flush();
    expect(conn.ids()).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(200);
    expect(conn.ids()).toEqual(['a', 'b', 'c']);
    await vi.advanceTimersByTimeAsync(400);
    expect(conn.ids()).toEqual(['a', 'b', 'c', 'd', 'e']);
    conn.answerAll();
    await expect(Promise.all(done)).resolves.toHaveLength(5);
  });

  it('waits out a rate refusal (10006) and sends the same message again, which then succeeds', async () => {
    q.setLimits({ user: { rate: 10, burst: 10 } });
    const done = send('m1');
    let settled = false;
    void done.then(() => (settled = true), () => (settled = true));
    await flush();
    conn.answerAll(10006);
    await flush();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(conn.ids()).toEqual(['m1']);
    conn.answerAll(0);
    await expect(done).resolves.toEqual({ message: { ID: 'm1' } });
  });

  it('keeps one send in flight per conversation, so that a retried message keeps its place', async () => {
    const one = send('x1', 'C2C7');
    const two = send('x2', 'C2C7');
    const other = send('y1', 'C2C8');
    await flush();
    expect(conn.ids()).toEqual(['x1', 'y1']);
    conn.sent.shift()!.answer(10006);
    await vi.advanceTimersByTimeAsync(5000);
    expect(conn.ids()).toEqual(['y1', 'x1']); // x2 still waits behind x1
    conn.answerAll();
    await flush();
    expect(conn.ids()).toEqual(['x2']);
    conn.answerAll();
    await expect(Promise.all([one, two, other])).resolves.toHaveLength(3);
  });

  it('holds what is sent while offline and sends it, same ID, once the connection is back', async () => {
    conn.online = false;
    q.offline();
    const done = send('o1');
    await vi.advanceTimersByTimeAsync(OFFLINE_FAIL_MS - 1000);
    expect(conn.ids()).toEqual([]);
    conn.online = true;
    q.online();
    await flush();
    expect(conn.ids()).toEqual(['o1']);
    conn.answerAll();
    await expect(done).resolves.toEqual({ message: { ID: 'o1' } });
  });

  it('sends again on the next connection what the dropped one never answered', async () => {
    const done = send('d1');
    await flush();
    conn.online = false;
    conn.sent.shift()!.answer(ERR.network);
    q.offline();
    await flush();
    conn.online = true;
    q.online();
    await flush();
    expect(conn.ids()).toEqual(['d1']);
    conn.answerAll();
    await expect(done).resolves.toBeTruthy();
  });

  it('fails a send after OFFLINE_FAIL_MS without a connection, so that the person can resend it', async () => {
    conn.online = false;
    q.offline();
    const done = send('f1');
    const failed = expect(done).rejects.toMatchObject({ code: ERR.network });
    await vi.advanceTimersByTimeAsync(OFFLINE_FAIL_MS);
    await failed;
    // Resent by the person once the connection is back: it goes.
    conn.online = true;
    q.online();
    const again = send('f1');
    await flush();
    expect(conn.ids()).toEqual(['f1']);
    conn.answerAll();
    await expect(again).resolves.toBeTruthy();
  });

  it('fails at once on a refusal other than the rate', async () => {
    const done = send('r1');
    await flush();
    conn.answerAll(20007);
    await expect(done).rejects.toMatchObject({ code: 20007 });
  });
});
