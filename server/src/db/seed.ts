/**
 * The demo's accounts and the context each module's demo seed gets; the seeding itself, which
 * calls into the modules, is ../demo.ts (so that db/ imports no module).
 */
import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from './index.js';
import type { Services } from '../services.js';

export const DEMO_PASSWORD = 'zp123456';
export const DEMO_ACCOUNTS = [
  { role: 'qz', phone: '13800000001', what: '求职者（简历完整）', login: 'public/login?id=1' },
  { role: 'hr', phone: '13800000002', what: 'HR（单位已审核）', login: 'public/login?id=2' },
  { role: 'xs', phone: '13800000003', what: '运营', login: 'public/login?id=3' },
] as const;

export const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

/** What the base seed made, handed to every module's demo seed. */
export interface DemoContext {
  db: Db;
  log: Logger;
  seekerId: string;
  hrId: string;
  operatorId: string;
  /** the demo HR's approved enterprise */
  companyId: string;
  /** where the demo's documents are stored (absent in the CLI: no licences then); companies/seed.ts's DemoFiles */
  files?: Pick<Services, 'config' | 'secret' | 'db'>;
}
