import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { one, rows, sql, type Db } from '../../db/index.js';
import type { Role, User } from '../../http/route.js';

export const SESSION_DAYS = 7;
/** A rotated token keeps working this long, so two tabs refreshing together both stay logged in. */
const ROTATION_GRACE_SECONDS = 60;

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.token;
  const t = Array.isArray(h) ? h[0] : h;
  return t && /^[A-Za-z0-9_-]{20,100}$/.test(t) ? t : null;
}

export type RevokedListener = (e: { userId: string; sessionId?: string }) => Promise<void> | void;

export function sessionStore(db: Db, secret: string) {
  const revokedListeners: RevokedListener[] = [];
  /**
   * The one token a rotation of `token` yields: derived, not random, so that refreshing the same
   * old token again (a second tab, or whoever copied it) gets the same successor back instead of
   * a second 7-day session. Only the holder of the old token can compute it.
   */
  const successorOf = (token: string) => crypto.createHmac('sha256', secret).update(`rotate:${token}`).digest('base64url');

  async function userByToken(token: string): Promise<User | null> {
    const r = await one<{ id: string; role: Role; phone: string; session_id: string }>(
      db,
      sql`select u.id::text as id, u.role, u.phone, s.id::text as session_id
          from sessions s join users u on u.id = s.user_id
          where s.token_hash = ${sha256(token)} and s.expires_at > now()`,
    );
    return r ? { id: r.id, role: r.role, phone: r.phone, sessionId: r.session_id } : null;
  }

  return {
    userByToken,
    async userOf(req: FastifyRequest): Promise<User | null> {
      const token = tokenOf(req);
      return token ? userByToken(token) : null;
    },
    async create(userId: string): Promise<{ token: string; expiresIn: number }> {
      const token = crypto.randomBytes(32).toString('base64url');
      await db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
        values (${userId}, ${sha256(token)}, now() + make_interval(days => ${SESSION_DAYS}))`);
      return { token, expiresIn: SESSION_DAYS * 86400 };
    },
    /**
     * Issues the successor of `token` and lets the old one lapse after a short grace, so requests
     * already in flight still pass. A session rotates once: refreshing the old token again returns
     * the same successor with its remaining lifetime, never a new or longer one.
     */
    async rotate(token: string): Promise<{ user: User; token: string; expiresIn: number } | null> {
      const user = await userByToken(token);
      if (!user) return null;
      const next = successorOf(token);
      // One statement: the update takes the row lock, so of two refreshes racing only one inserts.
      await db.execute(sql`with rotated as (
          update sessions set rotated_at = now(), expires_at = least(expires_at, now() + make_interval(secs => ${ROTATION_GRACE_SECONDS}))
          where id = ${user.sessionId} and rotated_at is null returning user_id)
        insert into sessions (user_id, token_hash, expires_at)
        select user_id, ${sha256(next)}, now() + make_interval(days => ${SESSION_DAYS}) from rotated`);
      const successor = await one<{ seconds: number }>(
        db,
        sql`select greatest(0, floor(extract(epoch from expires_at - now())))::int as seconds
            from sessions where token_hash = ${sha256(next)} and expires_at > now()`,
      );
      // Ended by a logout or a password change since: the old token cannot bring it back.
      if (!successor) return null;
      return { user, token: next, expiresIn: successor.seconds };
    },
    /** Calls `fn` after sessions were revoked (sessionId: one session; none: all of the user's), so chat and notifications close theirs. */
    onRevoked(fn: RevokedListener) {
      revokedListeners.push(fn);
    },
    async revoke(sessionId: string) {
      const r = await rows<{ user_id: string }>(db, sql`delete from sessions where id = ${sessionId} returning user_id::text as user_id`);
      for (const x of r) for (const fn of revokedListeners) await fn({ userId: x.user_id, sessionId });
    },
    async revokeAll(userId: string) {
      await db.execute(sql`delete from sessions where user_id = ${userId}`);
      for (const fn of revokedListeners) await fn({ userId });
    },
    async purgeExpired() {
      await rows(db, sql`delete from sessions where expires_at < now() returning id`);
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;
