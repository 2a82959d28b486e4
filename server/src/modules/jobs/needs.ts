/**
 * What the jobs module asks of the fairs module: a job is shown at fairs its enterprise signed up
 * for. Handed in by modules/index.ts, so that fairs (which lists the jobs at a fair) sits above jobs.
 */
import type { FairState } from '@zp/core/rules/fairs';
import type { Db } from '../../db/index.js';

export interface FairLookups {
  /** The published fairs the enterprise signed up for, with their state. */
  fairsOfCompany(db: Db, companyId: string): Promise<{ id: string; name: string; state: FairState }[]>;
  /** A published fair's state, null when there is none. */
  fairState(db: Db, fairId: string): Promise<FairState | null>;
  companySignedUp(db: Db, fairId: string, companyId: string): Promise<boolean>;
}
