/** What the resumes module asks of the applications module, handed in by modules/index.ts (applications sits above resumes). */
import type { Db } from '../../db/index.js';

export interface ResumesNeeds {
  /** The seeker's latest applications, shown under the résumé preview (gwList). */
  appliedJobs(
    db: Db,
    seekerId: string,
  ): Promise<{ bsid: string; gwid: string; gwmc: string; dwid: string; dwmc: string; yyzt: number; tdsj: string; fjjlid: string }[]>;
}
