import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A send limit as the server applies it and announces it to clients (which pace themselves by it). */
export interface Limit {
  /** tokens (messages) per second */
  rate: number;
  /** what may be sent at once after a quiet spell */
  burst: number;
}

/** Tencent-like limits: `rate` a second, with bursts of twice that (at least 5). */
const limitOf = (rate: number): Limit => ({ rate, burst: Math.max(5, rate * 2) });

/** Token buckets in this process's memory, one per key. */
export class MemoryBuckets {
  private b = new Map<string, { tokens: number; at: number }>();
  constructor(private limit: Limit) {}

  take(key: string): boolean {
    const { rate, burst } = this.limit;
    const now = Date.now();
    const e = this.b.get(key) ?? { tokens: burst, at: now };
    e.tokens = Math.min(burst, e.tokens + ((now - e.at) / 1000) * rate);
    e.at = now;
    this.b.set(key, e);
    if (e.tokens < 1) return false;
    e.tokens -= 1;
    return true;
  }

  /** Forgets full buckets (they are what a new key starts with). */
  prune() {
    const now = Date.now();
    for (const [k, e] of this.b) if (e.tokens + ((now - e.at) / 1000) * this.limit.rate >= this.limit.burst) this.b.delete(k);
  }
}

/**
 * One token bucket in Redis, refilled and taken atomically on Redis's clock (nodes' clocks may
 * differ). The hash expires once it would be full again, so idle keys cost nothing.
 */
const TAKE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(v[1]) or burst
local at = tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return ok
`;

type TakeCommand = (key: string, rate: number, burst: number) => Promise<number>;

/**
 * The chat's send limits (per user, per group). With Redis they hold across every node of one
 * database; without it, or while Redis does not answer, each node counts in its own memory.
 */
export class SendLimits {
  readonly user: Limit;
  readonly group: Limit;
  private memUser: MemoryBuckets;
  private memGroup: MemoryBuckets;
  private redis: (Redis & { zpTakeToken: TakeCommand }) | null = null;
  /** keys of one database only: several databases (test schemas, staging) may share a Redis */
  private prefix: string;
  private warned = 0;

  constructor(
    rates: { userRate: number; groupRate: number },
    private redisUrl: string | null,
    secret: string,
    private log: Logger,
  ) {
    this.user = limitOf(rates.userRate);
    this.group = limitOf(rates.groupRate);
    this.memUser = new MemoryBuckets(this.user);
    this.memGroup = new MemoryBuckets(this.group);
    this.prefix = `zp:rate:${crypto.createHash('sha256').update(secret).digest('hex').slice(0, 12)}:`;
  }

  async start() {
    if (!this.redisUrl) return;
    const { Redis } = await import('ioredis');
    // No offline queue: while Redis is away a send is counted in memory at once, never held.
    const redis = new Redis(this.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', (err) => this.warn(err));
    redis.defineCommand('zpTakeToken', { numberOfKeys: 1, lua: TAKE_LUA });
    this.redis = redis as Redis & { zpTakeToken: TakeCommand };
    await redis.connect().catch((err) => this.warn(err));
  }

  async stop() {
    const r = this.redis;
    this.redis = null;
    await r?.quit().catch(() => undefined);
  }

  takeUser(userId: string): Promise<boolean> {
    return this.take(`u:${userId}`, this.user, this.memUser);
  }

  takeGroup(groupID: string): Promise<boolean> {
    return this.take(`g:${groupID}`, this.group, this.memGroup);
  }

  prune() {
    this.memUser.prune();
    this.memGroup.prune();
  }

  private async take(key: string, limit: Limit, mem: MemoryBuckets): Promise<boolean> {
    const r = this.redis;
    if (r && r.status === 'ready') {
      try {
        return (await r.zpTakeToken(this.prefix + key, limit.rate, limit.burst)) === 1;
      } catch (err) {
        this.warn(err);
      }
    }
    return mem.take(key);
  }

  /** At most one warning a minute: a Redis outage must not flood the log. */
  private warn(err: unknown) {
    const now = Date.now();
    if (now - this.warned < 60_000) return;
    this.warned = now;
    this.log.warn({ err: (err as Error)?.message ?? String(err) }, 'chat: rate limits counted on this node only (Redis unavailable)');
  }
}
