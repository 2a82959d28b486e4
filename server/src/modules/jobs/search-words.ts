/** The words a job is found by in job search (see text/segment.ts). */
import { sql, type Db } from '../../db/index.js';
import { indexWords } from '../../text/segment.js';

/** The search columns of a job row, from its title and its enterprise's name. */
export const jobSearchWords = (title: string, companyName: string) => ({ title: indexWords(title), company: indexWords(companyName) });

/** After an enterprise is renamed, its jobs are found by the new name. */
export async function reindexCompanyJobs(db: Db, companyId: string, companyName: string): Promise<void> {
  await db.execute(sql`update jobs set search_company = ${indexWords(companyName)} where company_id = ${companyId}`);
}
