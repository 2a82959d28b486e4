import type { DemoContext } from '../../db/seed.js';
import { rows, sql } from '../../db/index.js';
import { random } from '../companies/public.js';
import { KIND_CATEGORIES, demoKindOf } from '../companies/public.js';
import { jobSearchWords } from './search-words.js';
import { categoryPool, insertJobs, makeJob, type JobCompany, type NewJob } from './generate.js';

/**
 * Demo step of the jobs module, after the enterprises and the fairs: a few hundred jobs for the
 * approved demo enterprises (universities hire teachers, hospitals doctors and nurses). Multi-row
 * inserts; the fairs' step after it shows some of them at the fairs.
 */
export async function seedDemoJobsStep(ctx: DemoContext): Promise<void> {
  const { db } = ctx;
  const companies = await rows<{ id: string; name: string; industry: string; province: string; city: string; hr_id: string }>(
    db,
    sql`select c.id::text as id, c.name, c.industry, c.province, c.city,
               (select h.user_id::text from hr_profiles h where h.company_id = c.id and h.join_state = 2 order by h.created_at limit 1) as hr_id
        from companies c where c.status = 1 and (c.list_type > 0 or c.id = ${ctx.companyId}) order by c.id`,
  );
  const r = random(20250302);
  const pool = await categoryPool(db);
  const jobs: NewJob[] = [];
  for (const c of companies) {
    if (!c.hr_id) continue;
    const company: JobCompany = { ...c, hrId: c.hr_id, categories: KIND_CATEGORIES[demoKindOf(c.name)] };
    const words = jobSearchWords('', c.name).company;
    const n = c.id === ctx.companyId ? 16 : 6 + r.int(9);
    for (let i = 0; i < n; i++) jobs.push(makeJob(r, company, pool, words));
  }
  await insertJobs(db, jobs);

  ctx.log.info({ jobs: jobs.length }, 'demo jobs');
}
