import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.js';
import type { User } from '../../http/user.js';
import { originMatches, type OriginPolicy } from '../../http/origins.js';
import {
  deleteExpiredSessions,
  deletePartnerSession,
  deleteSessionChain,
  deleteSessionsOf,
  insertSession,
  liveSuccessor,
  partnerSessionsOf,
  rotateSession,
  sessionOwner,
} from './repo.js';

const SESSION_DAYS = 7;
/** How long one login lasts at most, refreshes included, unless configured (SESSION_MAX_DAYS). */
const SESSION_MAX_DAYS_DEFAULT = 30;
/** A partner token's lifetime; the session core renews it while the partner page is in use. */
const PARTNER_SESSION_SECONDS = 2 * 3600;
/** A rotated token keeps working this long, so two tabs refreshing together both stay logged in. */
const ROTATION_GRACE_SECONDS = 60;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.token;
  const t = Array.isArray(h) ? h[0] : h;
  return t && /^[A-Za-z0-9_-]{20,100}$/.test(t) ? t : null;
}

export type RevokedListener = (e: { userId: string; sessionId?: string }) => Promise<void> | void;

/** `maxDays`: a login's absolute lifetime; past it a refresh refuses and the person logs in again. */
export function sessionStore(db: Db, secret: string, origins: Pick<OriginPolicy, 'partnerOf'>, { maxDays = SESSION_MAX_DAYS_DEFAULT }: { maxDays?: number } = {}) {
  const revokedListeners: RevokedListener[] = [];
  /**
   * The one token a rotation of `token` yields: derived, not random, so that refreshing the same
   * old token again (a second tab, or whoever copied it) gets the same successor back instead of
   * a second 7-day session. Only the holder of the old token can compute it.
   */
  const successorOf = (token: string) => crypto.createHmac('sha256', secret).update(`rotate:${token}`).digest('base64url');

  /** The session's owner; a partner session carries its origin (route.ts checks it on every call). */
  async function userByToken(token: string): Promise<User | null> {
    const r = await sessionOwner(db, sha256(token));
    return r ? { id: r.id, role: r.role, phone: r.phone, sessionId: r.session_id, origin: r.origin } : null;
  }

  async function announce(e: { userId: string; sessionId?: string }) {
    for (const fn of revokedListeners) await fn(e);
  }

  /** Ends the login `sessionId` belongs to: every token of its chain, earlier ones in their grace minute too. */
  async function revoke(sessionId: string) {
    const r = await deleteSessionChain(db, sessionId);
    for (const x of r) await announce({ userId: x.user_id, sessionId: x.id });
  }

  return {
    userByToken,
    /** The caller, whatever origin the call came from: for code that checks the origin itself (route.ts). */
    async anyUserOf(req: FastifyRequest): Promise<User | null> {
      const token = tokenOf(req);
      return token ? userByToken(token) : null;
    },
    /** The caller; a partner token counts only from its own origin, a full one only off partner pages. */
    async userOf(req: FastifyRequest): Promise<User | null> {
      const token = tokenOf(req);
      const user = token ? await userByToken(token) : null;
      return user && !originMatches(user, origins.partnerOf(req)) ? null : user;
    },
    /** A new session; with `origin` a partner session bound to that origin and short-lived. */
    async create(userId: string, opts: { origin?: string | null } = {}): Promise<{ token: string; expiresIn: number }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const origin = opts.origin ?? null;
      const seconds = Math.min(origin ? PARTNER_SESSION_SECONDS : SESSION_DAYS * 86400, maxDays * 86400);
      await insertSession(db, userId, sha256(token), seconds, origin);
      return { token, expiresIn: seconds };
    },
    /**
     * Issues the successor of `token` (whose session `user` was looked up by the caller, from the
     * same token) and lets the old one lapse after a short grace, so requests already in flight
     * still pass. A session rotates once: refreshing the old token again returns the same
     * successor with its remaining lifetime, never a new or longer one. No successor outlives
     * the login's absolute lifetime (maxDays from the login), and past it there is none.
     */
    async rotate(user: User, token: string): Promise<{ token: string; expiresIn: number; name: string } | null> {
      const next = successorOf(token);
      const issued = await rotateSession(db, {
        userId: user.id,
        sessionId: user.sessionId,
        nextHash: sha256(next),
        maxDays,
        graceSeconds: ROTATION_GRACE_SECONDS,
        partnerSeconds: PARTNER_SESSION_SECONDS,
        sessionDays: SESSION_DAYS,
      });
      if (issued) return { token: next, expiresIn: issued.seconds, name: issued.name ?? '' };
      // Rotated before (another tab, or a refresh racing this one): its successor, looked up in a
      // statement of its own so that it sees the racing refresh's insert once that has committed.
      const successor = await liveSuccessor(db, user.id, sha256(next));
      // Ended by a logout or a password change since: the old token cannot bring it back.
      if (!successor) return null;
      return { token: next, expiresIn: successor.seconds, name: successor.name ?? '' };
    },
    /** Calls `fn` after sessions were revoked (sessionId: one session; none: all of the user's), so chat and notifications close theirs. */
    onRevoked(fn: RevokedListener) {
      revokedListeners.push(fn);
    },
    revoke,
    /** The person's live partner sessions (a rotated one lapsing in its grace minute is left out). */
    async partnerSessions(userId: string) {
      return partnerSessionsOf(db, userId);
    },
    /** Ends one partner session of `userId`; false when it is not theirs, not a partner one, or already over. */
    async endPartnerSession(userId: string, sessionId: string): Promise<boolean> {
      // One statement: the session, and its predecessors from the same site still in their grace
      // minute after a refresh, which end with it.
      const gone = await deletePartnerSession(db, userId, sessionId);
      const ended = gone.find((r) => r.ended);
      if (!ended) return false;
      await announce({ userId, sessionId: ended.id });
      return true;
    },
    async revokeAll(userId: string) {
      await deleteSessionsOf(db, userId);
      await announce({ userId });
    },
    async purgeExpired() {
      await deleteExpiredSessions(db);
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;
