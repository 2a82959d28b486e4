/**
 * The notification socket `/wss/ws`. The client's first frame is `{type: 'auth', token}` (the
 * token never travels in the URL, which proxies and access logs keep); the server answers
 * `{type: 2, message: 'ready'}`. Every reminder stored by notify() then reaches the sockets of its
 * user on whichever node holds them (the bus fans it out); the client's keep-alive text is
 * answered; sockets that stop answering pings are dropped. Whatever a client sends is input to
 * refuse, never a reason to throw.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import type { Reminder, SocketMessage } from '@zp/core/contract';
import type { RawData } from 'ws';
import type { Services } from '../../services.js';
import type { User } from '../../http/user.js';
import { NOTIFY_TOPIC, SIGNAL_TOPIC, type NotifyEvent, type SignalEvent } from './notify.js';
import { startPresence, type Presence } from './presence.js';
import { originMatches } from '../../http/origins.js';
import { rows, sql } from '../../db/index.js';

/** How often the server pings; a socket that has not answered the previous ping is dropped. */
const PING_MS = 30_000;
/** Every this many ping rounds a socket's session is checked again, so a logout closes it within minutes. */
const SESSION_CHECK_ROUNDS = 10;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
/** A socket that has not sent a valid auth frame by then is closed. */
const AUTH_WAIT_MS = 10_000;
/** Close code for a missing, malformed or expired token (the client logs in again). */
const CLOSE_AUTH = 4401;
const REVOKED_TOPIC = 'notify:revoked';

/** The token of a first frame `{type: 'auth', token}`, or null for anything else. */
function tokenOfFrame(data: RawData): string | null {
  const text = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
  if (text.length > 1024) return null;
  let frame: unknown;
  try {
    frame = JSON.parse(text.toString('utf8'));
  } catch {
    return null;
  }
  if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return null;
  const { type, token } = frame as { type?: unknown; token?: unknown };
  return type === 'auth' && typeof token === 'string' && TOKEN.test(token) ? token : null;
}

/** Presence per running server (keyed by its Services), for the exported look-ups. */
const registry = new WeakMap<Services, Presence>();

/** Whether the user has a notification socket open on any node, or made a presence call lately. Async so that it may later ask a shared store. */
export async function isUserOnline(s: Services, userId: string): Promise<boolean> {
  return registry.get(s)?.isOnline(userId) ?? false;
}

/** A verified presence call of the user (a hall ping): online for a while on every node, socket or not. */
export function markPresent(s: Services, userId: string): void {
  registry.get(s)?.touch(userId);
}

/** The subset of userIds online now. */
export async function onlineUsers(s: Services, userIds: string[]): Promise<Set<string>> {
  return registry.get(s)?.onlineOf(userIds) ?? new Set();
}

/**
 * The subset of userIds online, as a caller may learn it: an HR's presence is public (booths and
 * company cards show it), a job seeker's only to logged-in users.
 */
export async function onlineUsersFor(s: Services, viewer: { id: string } | null, userIds: string[]): Promise<Set<string>> {
  const online = await onlineUsers(s, userIds);
  if (viewer || !online.size) return online;
  const hrs = await rows<{ id: string }>(
    s.db,
    sql`select id::text as id from users where role = 'hr' and id in (${sql.join([...online].map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Set(hrs.map((h) => h.id));
}

const chinaTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

function reminderOf(e: NotifyEvent, at = new Date()): Reminder {
  return { xxid: e.id, lb: e.category, xxlb: e.kind, bt: e.title, nr: e.content, tzlj: e.link, sfyd: 0, createTime: chinaTime.format(at) };
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

  const unsubscribeSignals = await s.bus.subscribe(SIGNAL_TOPIC, (payload) => {
    const e = payload as SignalEvent;
    if (!e || !Array.isArray(e.userIds) || typeof e.topic !== 'string') return;
    const m: SocketMessage = { type: 3, message: { topic: e.topic } };
    for (const id of e.userIds) for (const ws of byUser.get(id) ?? []) send(ws, m);
  });

  // A logout closes that session's sockets, a password change all of the user's, on every node.
  const unsubscribeRevoked = await s.bus.subscribe(REVOKED_TOPIC, (payload) => {
    const e = payload as { u?: unknown; sid?: unknown };
    const sockets = e && typeof e.u === 'string' ? byUser.get(e.u) : undefined;
    for (const ws of sockets ?? []) {
      const h = held.get(ws);
      if (h && (e.sid === undefined || e.sid === null || e.sid === h.user.sessionId)) ws.close(CLOSE_AUTH, 'session ended');
    }
  });
  s.sessions.onRevoked(({ userId, sessionId }) => s.bus.publish(REVOKED_TOPIC, { u: userId, sid: sessionId ?? null }));

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

  app.get('/wss/ws', { websocket: true, schema: { hide: true } }, (ws, req) => {
    // A partner token opens the socket only on its own site's page (the Origin of the upgrade), a full one only off partner pages.
    const partner = s.origins.partnerOf(req);
    let h: Held | null = null;
    let authing = false;
    const authTimer = setTimeout(() => ws.close(CLOSE_AUTH, 'auth timeout'), AUTH_WAIT_MS);

    const admit = (user: User, token: string) => {
      if (ws.readyState !== ws.OPEN) return;
      clearTimeout(authTimer);
      h = { user, token, alive: true, rounds: 0 };
      held.set(ws, h);
      let set = byUser.get(user.id);
      if (!set) byUser.set(user.id, (set = new Set()));
      set.add(ws);
      presence.add(user.id);
      send(ws, { type: 2, message: 'ready' });
    };

    ws.on('message', (data, isBinary) => {
      try {
        if (isBinary) return ws.close(1003, 'text frames only');
        if (h) {
          // After the auth frame, anything the client sends is its keep-alive.
          h.alive = true;
          return send(ws, { type: 0, message: 'pong' });
        }
        // Frames while the token is being checked are dropped (the client sends nothing then).
        if (authing) return;
        const token = tokenOfFrame(data);
        if (!token) return ws.close(CLOSE_AUTH, 'auth required');
        authing = true;
        s.sessions.userByToken(token).then(
          (user) => (user && originMatches(user, partner) ? admit(user, token) : ws.close(CLOSE_AUTH, 'session ended')),
          (err) => {
            s.log.error({ err }, 'notify socket: session look-up failed');
            ws.close(1011, 'server error');
          },
        );
      } catch (err) {
        s.log.error({ err }, 'notify socket: frame handling failed');
        ws.terminate();
      }
    });
    ws.on('pong', () => {
      if (h) h.alive = true;
    });
    ws.on('close', () => {
      clearTimeout(authTimer);
      drop(ws);
    });
    ws.on('error', () => drop(ws));
  });

  s.onClose(async () => {
    clearInterval(pinger);
    for (const ws of held.keys()) ws.terminate();
    held.clear();
    byUser.clear();
    await unsubscribe();
    await unsubscribeRevoked();
    await unsubscribeSignals();
    await presence.close();
    registry.delete(s);
  });
}
