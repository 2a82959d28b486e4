import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './db/index.js';
import type { Bus } from './bus/index.js';
import type { SessionStore } from './modules/auth/sessions.js';
import type { SmsCodes } from './modules/auth/sms.js';
import type { OriginPolicy } from './http/origins.js';

/** What every module gets: the shared parts of one server process. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  bus: Bus;
  log: Logger;
  /** Server-wide signing secret, the same on every node of one database. */
  secret: string;
  sessions: SessionStore;
  sms: SmsCodes;
  /** Which foreign origins may call the API (partner sites and CORS_ORIGINS). */
  origins: OriginPolicy;
  /** shzt of the HR's enterprise: 1 approved, 0 pending, 2 rejected, -1 none yet. */
  companyStateOfHr(userId: string): Promise<number>;
  /** Functions run at shutdown, after the listener closed (sockets, timers). */
  onClose(fn: () => Promise<void> | void): void;
}

/**
 * Runs `job` every `ms` on this node, never two rounds at once (a slow round skips the next tick);
 * a failure is logged as `what` and the next round comes as usual. Stops with the services.
 */
export function runEvery(s: Pick<Services, 'log' | 'onClose'>, ms: number, what: string, job: () => Promise<unknown>) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    job()
      .catch((err) => s.log.error({ err }, `${what} failed`))
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  s.onClose(() => clearInterval(timer));
}
