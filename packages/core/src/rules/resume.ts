/**
 * The résumé completeness rule (spec sections 2, 5 and 9): a job seeker signs up for fairs and
 * applies for jobs once the online résumé (wsd, 0–100) reaches this, and stays on the résumé pages
 * until then. The server enforces it; every page and widget words it the same way.
 */
export const MIN_COMPLETENESS = 60;

/** What a job seeker under the threshold is told (the previous back end's words). */
export const RESUME_INCOMPLETE_MSG = `简历完成度不足${MIN_COMPLETENESS}%,请先完善简历`;

/** The short warning of spec section 5 before the résumé page opens. */
export const RESUME_INCOMPLETE = '请完善简历';

export const resumeComplete = (wsd: number): boolean => wsd >= MIN_COMPLETENESS;
