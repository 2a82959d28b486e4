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
  /** where the demo's documents are stored, and how they are drawn (absent in the CLI: no licences then) */
  files?: DemoFiles;
}

/** Where a demo enterprise's licence says it is registered (the approved ones all have one). */
export interface LicenceFacts {
  name: string;
  creditCode: string;
  address: string;
  legalPerson: string;
  founded: string;
}

/** What the demo seed needs to store a document: the server's file store, and a sample licence drawn by ../demo.ts. */
export type DemoFiles = Pick<Services, 'config' | 'secret' | 'db'> & {
  /** A one-page PDF that says it is a sample; null when no CJK font is installed. */
  licencePdf(facts: LicenceFacts): Promise<Uint8Array | null>;
};
