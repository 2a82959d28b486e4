import { NEW_CONVERSATIONS_PER_DAY } from '@zp/core/rules/chat';
import { ConfigError } from '../../config.js';

/** Chat tuning, from the environment (read when the module registers). */
export interface ChatSettings {
  /**
   * Self-hosted userSig lifetime in seconds (CHAT_USERSIG_TTL, default 30 minutes): short, since
   * a userSig outlives nothing it should not — the SDK renews it on the open socket through the
   * userSig route, which only a live session reaches.
   */
  userSigTtl: number;
  /** SDK instances (pages) one user may have logged in at once; older ones are kicked out. 0: no limit (CHAT_MAX_INSTANCES, default 3) */
  maxInstances: number;
  /** messages per second one user may send, over all nodes with REDIS_URL, else per node (CHAT_RATE_USER, default 20) */
  userRate: number;
  /** messages per second into one group, over all nodes with REDIS_URL, else per node (CHAT_RATE_GROUP, default 40 as Tencent's groups) */
  groupRate: number;
  /** how often expired userSigs are looked for on open sockets, ms (CHAT_SWEEP_MS, default 10000) */
  sweepMs: number;
  /** how long concurrent sends are gathered into one insert, ms (CHAT_COMMIT_WAIT_MS, default 1) */
  commitWaitMs: number;
  /** new 1:1 conversations a job seeker may start in a China day; 0: no limit (CHAT_NEW_CONVERSATIONS_QZ, default 50) */
  newConversationsQz: number;
  /** the same for an HR (CHAT_NEW_CONVERSATIONS_HR, default 200) */
  newConversationsHr: number;
}

function num(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name}=${raw} 无效：应为 ${min}–${max} 的数`);
  return n;
}

export function chatSettings(env: NodeJS.ProcessEnv = process.env): ChatSettings {
  return {
    userSigTtl: num(env, 'CHAT_USERSIG_TTL', 30 * 60, 1, 50 * 365 * 86400),
    maxInstances: num(env, 'CHAT_MAX_INSTANCES', 3, 0, 100),
    userRate: num(env, 'CHAT_RATE_USER', 20, 1, 1e7),
    groupRate: num(env, 'CHAT_RATE_GROUP', 40, 1, 1e7),
    sweepMs: num(env, 'CHAT_SWEEP_MS', 10_000, 50, 3_600_000),
    commitWaitMs: num(env, 'CHAT_COMMIT_WAIT_MS', 1, 0, 50),
    newConversationsQz: num(env, 'CHAT_NEW_CONVERSATIONS_QZ', NEW_CONVERSATIONS_PER_DAY.qz, 0, 1e6),
    newConversationsHr: num(env, 'CHAT_NEW_CONVERSATIONS_HR', NEW_CONVERSATIONS_PER_DAY.hr, 0, 1e6),
  };
}
