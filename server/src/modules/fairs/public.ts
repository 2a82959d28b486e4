/**
 * What other modules may ask about job fairs. Only published fairs exist for them; the operator's
 * drafts stay inside this module.
 */
import type { Db } from '../../db/index.js';

/** ifks: 1 not started, 2 started, 3 ended (the rule: @zp/core/rules/fairs). */
import type { FairState } from '@zp/core/rules/fairs';

export type { FairState };

export { fairExists, fairState, fairStateSql } from './repo/fairs.js';
export { companiesAtFair, companySignedUp, fairsOfCompany } from './repo/signups.js';

/** jltds / mys of the hall figures: résumés sent in a fair's hall and offers made from them (the applications module's). */
export type FairApplicationCounter = (db: Db, fairId: string) => Promise<{ sent: number; offers: number }>;
