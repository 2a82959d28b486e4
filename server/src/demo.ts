/**
 * The demo data (DEMO=1): the base accounts, then each module's demo seed in dependency order.
 * It calls into the modules, so it sits beside main.ts and cli.ts rather than in db/, which the
 * modules' seeds import for DemoContext and the demo accounts (db/seed.ts).
 */
import type { Logger } from 'pino';
import { sql, type Db } from './db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, md5, type DemoContext, type DemoFiles, type LicenceFacts } from './db/seed.js';
import type { Services } from './services.js';
import { createUser, findUser } from './modules/auth/index.js';
import { createSeekerProfile, pdfFont, renderResumePdf } from './modules/resumes/public.js';
import { createHrProfile } from './modules/companies/public.js';
import { seedDemoCompaniesStep, seedDemoCompany } from './modules/companies/seed.js';
import { seedDemoJobsStep } from './modules/jobs/seed.js';
import { seedApplicationsDemo } from './modules/applications/seed.js';
import { seedContentDemo } from './modules/content/seed.js';
import { seedFairsDemo, showDemoJobsAtFairs } from './modules/fairs/seed.js';
import { seedDemoResume } from './modules/resumes/seed.js';
import { seedSlotsDemo } from './modules/slots/seed.js';

/**
 * Each module adds its demo data here, in dependency order (companies before jobs before
 * applications). A step gets the context and may add to it for later steps.
 */
const steps: ((ctx: DemoContext) => Promise<void>)[] = [
  seedDemoResume,
  seedContentDemo,
  seedDemoCompaniesStep,
  // After the enterprises (it signs the approved ones up), before the jobs (shown at those fairs).
  seedFairsDemo,
  seedDemoJobsStep,
  showDemoJobsAtFairs,
  seedApplicationsDemo,
  seedSlotsDemo,
];

/** A stand-in business licence, drawn by the résumé PDF renderer: a one-page PDF that says it is a sample. */
async function licencePdf(facts: LicenceFacts): Promise<Uint8Array | null> {
  const font = pdfFont();
  if (!font) return null;
  return renderResumePdf(
    {
      name: '营业执照（演示样本）',
      facts: ['仅供演示，不具法律效力'],
      details: [
        ['名称', facts.name], ['统一社会信用代码', facts.creditCode], ['住所', facts.address], ['法定代表人', facts.legalPerson], ['成立日期', facts.founded],
      ],
      intro: '',
      sections: [],
      updated: '2016-05-18',
    },
    font,
    '演示数据',
  );
}

/** Demo accounts and data, created once on an empty database when DEMO=1. */
/**
 * `files`: where the demo's uploaded documents (the demo enterprise's business licence) are stored;
 * without it (the CLI) the demo enterprise has none, and its HR is asked to upload one.
 */
export async function seedDemo(db: Db, log: Logger, store?: Pick<Services, 'config' | 'secret' | 'db'>): Promise<boolean> {
  const files: DemoFiles | undefined = store && { config: store.config, secret: store.secret, db: store.db, licencePdf };
  if (await findUser(db, 'qz', DEMO_ACCOUNTS[0].phone)) return false;
  const pwd = md5(DEMO_PASSWORD);
  const seekerId = await createUser(db, 'qz', DEMO_ACCOUNTS[0].phone, pwd, '李明');
  await createSeekerProfile(db, seekerId);
  await db.execute(sql`update seeker_profiles set name = '李明', gender = 'xb_001', seeking_state = 'zt_004', completeness = 100 where user_id = ${seekerId}`);

  const hrId = await createUser(db, 'hr', DEMO_ACCOUNTS[1].phone, pwd, '王芳');
  await createHrProfile(db, hrId, { xm: '王芳', zw: '招聘经理' });
  const companyId = await seedDemoCompany(db, hrId, files);
  const operatorId = await createUser(db, 'xs', DEMO_ACCOUNTS[2].phone, pwd, '平台运营');
  // The demo people registered on the site, which asks consent to the current documents.
  await db.execute(sql`insert into policy_consents (user_id, kind, version)
    select u.id, p.kind, max(p.version) from users u cross join policies p where u.id in (${seekerId}, ${hrId}) group by u.id, p.kind`);

  const ctx: DemoContext = { db, log, seekerId, hrId, operatorId, companyId, files };
  for (const step of steps) await step(ctx);
  log.info('demo data created');
  return true;
}
