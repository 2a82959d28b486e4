/**
 * What other modules tell or ask relations: an HR opened a seeker's résumé (谁看过我), which
 * seekers an HR keeps as favourite talents, and which enterprises a seeker shields.
 */
export { favouriteFlags, shieldCompany, shieldedCompanies, unshieldCompany } from './repo.js';
export { recordResumeView } from './resume-views.js';
