/**
 * What other modules may ask about job posts. Visitors only ever see published posts (zt 1) of
 * live enterprises; the rest stays inside this module.
 */

/** fllist as the contract sends perks on details and the company page: one {dm} per code. */
export const perkList = (codes: string[]) => codes.map((dm) => ({ dm }));

// Used by other modules; they import it from here only.
export {
  companyJobCounts, fairJobTotal, jobCardColumns, jobListColumns, jobsAtFair, jobSnapshot, jobSummary, publishedJobsOfCompany, type JobListItem,
  type JobSummary,
} from './repo.js';
