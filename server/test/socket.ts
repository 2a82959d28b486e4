/** A notification-socket client for tests: connects like the site does and queues what arrives. */
import WebSocket from 'ws';
import type { SocketMessage } from '@zp/core/contract';

/** A reminder as the socket delivers it. */
export type ReminderFrame = Extract<SocketMessage, { type: 1 }>;

export interface TestSocket {
  ws: WebSocket;
  /** The next message from the server (parsed JSON), waiting for it if none is queued. */
  next(): Promise<SocketMessage>;
  /** Resolves when the server closed or dropped the connection. */
  closed: Promise<number>;
  close(): void;
}

function socketUrl(base: string) {
  return `${base.replace(/^http/, 'ws')}/wss/ws`;
}

/**
 * Opens the socket and logs it in with its first frame, as the site does; resolves once the
 * server answered `ready`, rejects with `{code}` (the close code) when it refused the token.
 */
export function openSocket(base: string, token: string, opts: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const ws = new WebSocket(socketUrl(base), { autoPong: opts.autoPong ?? true });
  const queue: SocketMessage[] = [];
  const waiting: ((m: SocketMessage) => void)[] = [];
  let ready: (() => void) | null = null;
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as SocketMessage;
    if (m?.type === 2 && ready) return ready();
    const w = waiting.shift();
    if (w) w(m);
    else queue.push(m);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    ready = () => {
      ready = null;
      resolve({
        ws,
        next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((r) => waiting.push(r))),
        closed,
        close: () => ws.close(),
      });
    };
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    void closed.then((code) => ready && reject(Object.assign(new Error(`socket refused: ${code}`), { code })));
    ws.once('error', reject);
  });
}
