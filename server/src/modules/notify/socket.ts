/**
 * The notification socket `/wss/ws?token=`. Every reminder stored by notify() reaches the
 * sockets of its user on whichever node holds them (the bus fans it out); the client's keep-alive
 * text is answered; sockets that stop answering pings are dropped.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import type { Reminder, SocketMessage } from '@zp/core/contract';
import type { Services } from '../../services.js';
import type { User } from '../../http/route.js';
import { NOTIFY_TOPIC, type NotifyEvent } from './notify.js';
import { startPresence, type Presence } from './presence.js';

/** How often the server pings; a socket that has not answered the previous ping is dropped. */
const PING_MS = 30_000;
/** Every this many ping rounds a socket's session is checked again, so a logout closes it within minutes. */
const SESSION_CHECK_ROUNDS = 10;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** Presence per running server (keyed by its Services), for the exported look-ups. */
const registry = new WeakMap<Services, Presence>();

/** Whether the user has a notification socket open on any node. Async so that it may later ask a shared store. */
export async function isUserOnline(s: Services, userId: string): Promise<boolean> {
  return registry.get(s)?.isOnline(userId) ?? false;
}

/** The subset of userIds online now. */
export async function onlineUsers(s: Services, userIds: string[]): Promise<Set<string>> {
  return registry.get(s)?.onlineOf(userIds) ?? new Set();
}

const chinaTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

export function reminderOf(e: NotifyEvent, at = new Date()): Reminder {
  return { xxid: e.id, lb: e.category, bt: e.title, nr: e.content, tzlj: e.link, sfyd: 0, createTime: chinaTime.format(at) };
}

interface Held {
  user: User;
  token: string;
  alive: boolean;
  rounds: number;
}

export async function mountSocket(app: FastifyInstance, s: Services) {
  const presence = await startPresence(s.bus, s.log);
  registry.set(s, presence);
  const byUser = new Map<string, Set<WebSocket>>();
  const held = new Map<WebSocket, Held>();
  const users = new WeakMap<FastifyRequest, { user: User; token: string }>();

  const send = (ws: WebSocket, m: SocketMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
  };

  const unsubscribe = await s.bus.subscribe(NOTIFY_TOPIC, (payload) => {
    const e = payload as NotifyEvent;
    const sockets = e && typeof e.userId === 'string' ? byUser.get(e.userId) : undefined;
    if (!sockets?.size) return;
    const m: SocketMessage = { type: 1, message: reminderOf(e) };
    for (const ws of sockets) send(ws, m);
  });

  const drop = (ws: WebSocket) => {
    const h = held.get(ws);
    if (!h) return;
    held.delete(ws);
    const set = byUser.get(h.user.id);
    set?.delete(ws);
    if (set && set.size === 0) byUser.delete(h.user.id);
    presence.remove(h.user.id);
  };

  const pinger = setInterval(() => {
    for (const [ws, h] of held) {
      if (!h.alive) {
        // No pong since the last round: the client vanished without closing.
        ws.terminate();
        drop(ws);
        continue;
      }
      h.alive = false;
      try {
        ws.ping();
      } catch {
        ws.terminate();
        drop(ws);
        continue;
      }
      if (++h.rounds % SESSION_CHECK_ROUNDS === 0) {
        s.sessions
          .userByToken(h.token)
          .then((u) => {
            if (!u) ws.close(4401, 'session ended');
          })
          .catch((err) => s.log.warn({ err: String(err) }, 'socket session check failed'));
      }
    }
  }, PING_MS);
  pinger.unref();

  app.get(
    '/wss/ws',
    {
      websocket: true,
      schema: { hide: true },
      // The upgrade is refused with a plain 401 before any socket exists when the token is bad.
      preValidation: async (req, reply) => {
        const token = (req.query as { token?: unknown }).token;
        const user = typeof token === 'string' && TOKEN.test(token) ? await s.sessions.userByToken(token) : null;
        if (!user) return reply.code(401).send({ code: 401, msg: '登录已失效，请重新登录' });
        users.set(req, { user, token: token as string });
      },
    },
    (ws, req) => {
      const { user, token } = users.get(req)!;
      const h: Held = { user, token, alive: true, rounds: 0 };
      held.set(ws, h);
      let set = byUser.get(user.id);
      if (!set) byUser.set(user.id, (set = new Set()));
      set.add(ws);
      presence.add(user.id);

      ws.on('pong', () => (h.alive = true));
      ws.on('message', () => {
        // Anything the client sends is its keep-alive.
        h.alive = true;
        send(ws, { type: 0, message: 'pong' });
      });
      ws.on('close', () => drop(ws));
      ws.on('error', () => drop(ws));
    },
  );

  s.onClose(async () => {
    clearInterval(pinger);
    for (const ws of held.keys()) ws.terminate();
    held.clear();
    byUser.clear();
    await unsubscribe();
    await presence.close();
    registry.delete(s);
  });
}
