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

export function sessionStore(db: Db) {
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
    /** Issues a new token for the holder of `token` and lets the old one lapse after a short grace. */
    async rotate(token: string): Promise<{ user: User; token: string; expiresIn: number } | null> {
      const user = await userByToken(token);
      if (!user) return null;
      await db.execute(sql`update sessions set expires_at = least(expires_at, now() + make_interval(secs => ${ROTATION_GRACE_SECONDS}))
        where id = ${user.sessionId}`);
      const next = await this.create(user.id);
      return { user, ...next };
    },
    async revoke(sessionId: string) {
      await db.execute(sql`delete from sessions where id = ${sessionId}`);
    },
    async revokeAll(userId: string) {
      await db.execute(sql`delete from sessions where user_id = ${userId}`);
    },
    async purgeExpired() {
      await rows(db, sql`delete from sessions where expires_at < now() returning id`);
    },
  };
}
export type SessionStore = ReturnType<typeof sessionStore>;
