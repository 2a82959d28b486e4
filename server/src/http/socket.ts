import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import ipaddr from 'ipaddr.js';
import type { WebSocket } from 'ws';

/** The largest frame a socket takes; a bigger one closes the socket with 1009. */
const MAX_FRAME_BYTES = 64 * 1024;
/** Errors of a connection that went away under us: ordinary, not a fault of ours. */
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);
const TOO_MANY_SOCKETS_MSG = '同一网络地址打开的连接过多，请关闭部分页面后重试';

/**
 * The socket layer shared by the chat (/api/chat/ws), the notifications (/wss/ws) and the video
 * signalling (/api/rtc/ws): one upgrade path, one frame limit, one way to log what goes wrong on
 * an open socket, and a cap on the sockets one address holds open on this node.
 */
export async function installSockets(app: FastifyInstance, opts: { perAddress: number }) {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES }, errorHandler: socketError });
  capPerAddress(app, opts.perAddress);
}

/**
 * What goes wrong on an open socket. A protocol error (an oversize frame, invalid UTF-8, a bad
 * opcode) is the client's: ws has already answered it with the close code that says why, so it
 * is one warning line without a stack. A connection that dropped is ordinary (info). Anything
 * else is ours and keeps its stack.
 */
function socketError(err: Error & { code?: string }, socket: WebSocket, req: FastifyRequest) {
  const code = typeof err.code === 'string' ? err.code : '';
  const path = req.url.split('?')[0];
  if (code.startsWith('WS_ERR_')) req.log.warn({ path, code, reason: err.message }, 'socket: frame refused, socket closed');
  else if (DROPPED.has(code)) req.log.info({ path, code }, 'socket: connection dropped');
  else req.log.error({ err, path }, 'socket: handler failed');
  socket.terminate();
}

/**
 * Whose sockets count together: an IPv4 address, or an IPv6 /64 (what one household or phone is
 * given, and which one person can fill with addresses at will). `ip` is the request's address,
 * X-Forwarded-For's when TRUST_PROXY is set.
 */
function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${(addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16)).join(':')}::/64`;
}

/**
 * Refuses an upgrade (429) from an address that already holds `max` open sockets on this node,
 * before any route runs. A socket counts from its upgrade request until its connection closes,
 * whatever became of it (a refused upgrade's connection is closed at once).
 */
function capPerAddress(app: FastifyInstance, max: number) {
  const open = new Map<string, number>();
  const counted = new WeakSet<Socket>();
  /** addresses told about once while at the cap, so that a flood is one log line */
  const warned = new Set<string>();
  app.addHook('onRequest', async (req, reply) => {
    const conn = req.raw.socket as Socket | undefined;
    if (!req.ws || !conn || counted.has(conn)) return;
    const key = addressKey(req.ip);
    const n = open.get(key) ?? 0;
    if (n >= max) {
      if (!warned.has(key)) {
        warned.add(key);
        req.log.warn({ address: key, open: n }, 'socket: too many open sockets from one address, upgrades refused');
      }
      return reply.code(429).header('cache-control', 'no-store').send({ code: 429, msg: TOO_MANY_SOCKETS_MSG });
    }
    counted.add(conn);
    open.set(key, n + 1);
    conn.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
      if (left < max) warned.delete(key);
    });
  });
}

/**
 * Sends a text frame on a socket that is still open. A socket whose unsent backlog has passed
 * `maxBuffered` belongs to a reader that stopped reading: it is cut off rather than let the
 * server's memory grow (its client reconnects and resumes). `text` may come as its UTF-8 bytes:
 * a frame for many sockets is encoded once by its sender, not once per socket by ws.
 */
export function sendBounded(ws: WebSocket, text: string | Buffer, maxBuffered: number): void {
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > maxBuffered) {
    ws.terminate();
    return;
  }
  ws.send(text, { binary: false });
}
