/**
 * What other modules may ask about job fairs. Only published fairs exist for them; the operator's
 * drafts stay inside this module.
 */
import type { Db } from '../../db/index.js';

export { fairExists, fairState } from './repo/fairs.js';
export { companiesAtFair, companySignedUp, fairsOfCompany } from './repo/signups.js';

/** jltds / mys of the hall figures: résumés sent in a fair's hall and offers made from them (the applications module's). */
export type FairApplicationCounter = (db: Db, fairId: string) => Promise<{ sent: number; offers: number }>;
