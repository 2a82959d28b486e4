/** A notification-socket client for tests: connects like the site does and queues what arrives. */
import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  /** The next message from the server (parsed JSON), waiting for it if none is queued. */
  next(): Promise<any>;
  /** Resolves when the server closed or dropped the connection. */
  closed: Promise<number>;
  close(): void;
}

export function socketUrl(base: string, token: string) {
  return `${base.replace(/^http/, 'ws')}/wss/ws?token=${encodeURIComponent(token)}`;
}

export function openSocket(base: string, token: string, opts: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const ws = new WebSocket(socketUrl(base, token), { autoPong: opts.autoPong ?? true });
  const queue: unknown[] = [];
  const waiting: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data));
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r))),
        closed,
        close: () => ws.close(),
      }),
    );
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}
