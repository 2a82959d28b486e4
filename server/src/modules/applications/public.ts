/**
 * What other modules may ask about applications: whether a seeker applied to an enterprise, and
 * whether an enterprise's HR may see a seeker at all (applied to it, or findable in talent search).
 */
export { candidateAccess, resumeFileAccess, sharedResumeRule } from './candidate-access.js';

// Used by other modules; they import them from here only.
export { beijingTime, invite } from './invite-to-interview.js';
export { appliedJobs, fairApplicationFigures, interviewsSent, openApplicationsTo, receivedResumeCounts, seekerName } from './repo.js';
