import type { DemoContext } from '../../db/seed.js';
import { rows, sql } from '../../db/index.js';
import { random } from '../companies/public.js';
import { KIND_CATEGORIES, demoKindOf } from '../companies/public.js';
import { fairsOfCompany } from '../fairs/public.js';
import { jobSearchWords } from '../search/public.js';
import { categoryPool, insertJobs, makeJob, type JobCompany, type NewJob } from './generate.js';

/**
 * Demo step of the jobs module, after the enterprises and the fairs: a few hundred jobs for the
 * approved demo enterprises (universities hire teachers, hospitals doctors and nurses), several of
 * each enterprise's shown at the fairs it signed up for that have not ended. Multi-row inserts.
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

  // Show a few published jobs of each enterprise at its fairs (the ended ones showed them while they ran).
  const links: string[] = [];
  for (const c of companies) {
    const fairs = await fairsOfCompany(db, c.id);
    if (!fairs.length) continue;
    const own = await rows<{ id: string }>(db, sql`select id::text as id from jobs where company_id = ${c.id} and status = 1 order by id limit 4`);
    for (const f of fairs) for (const j of own) links.push(`(${j.id},${f.id})`);
  }
  if (links.length) await db.execute(sql.raw(`insert into job_fairs (job_id, fair_id) values ${links.join(',')} on conflict do nothing`));
  ctx.log.info({ jobs: jobs.length, atFairs: links.length }, 'demo jobs');
}
