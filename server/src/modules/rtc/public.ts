/** What other modules may use of the rtc module. */

// Used by other modules; they import it from here only.
export { companyVip, setCompanyVip } from './vip.js';
