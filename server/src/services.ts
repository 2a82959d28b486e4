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
