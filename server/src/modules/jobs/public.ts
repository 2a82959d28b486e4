/**
 * What other modules may ask about job posts. Visitors only ever see published posts (zt 1) of
 * live enterprises; the rest stays inside this module.
 */

import type { Static } from '@sinclair/typebox';
import type { CompanyJobItem } from '@zp/core/contract';
import type { Db } from '../../db/index.js';
import { publishedJobsOfCompany, type JobListItem } from './repo.js';
export { reindexCompanyJobs } from './search-words.js';

/** fllist as the contract sends perks on details and the company page: one {dm} per code. */
export const perkList = (codes: string[]) => codes.map((dm) => ({ dm }));

/** A job of a company's list (CompanyJobItem): the job row with its perks as fllist. */
const companyJobItem = ({ hrid: _h, gwms: _d, gwfl, ...j }: JobListItem): Static<typeof CompanyJobItem> => ({ ...j, fllist: perkList(gwfl) });

/** An enterprise's published jobs as its page lists them, in its own order. */
export async function companyJobList(db: Db, companyId: string, opts: { page: number; limit: number }) {
  const jobs = await publishedJobsOfCompany(db, companyId, opts);
  return { list: jobs.list.map(companyJobItem), total: jobs.total };
}

// Used by other modules; they import it from here only.
export {
  companyJobCounts, fairJobTotal, jobCardColumns, jobListColumns, jobsAtFair, jobSnapshot, jobSummary, publishedJobsOfCompany, type JobListItem,
} from './repo.js';
// Bulk jobs, as the CLI's volume seed makes them: the search suites build their data with it.
export { generateJobs } from './generate.js';
