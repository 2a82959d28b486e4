/**
 * The server's modules and how they are put together. Each module declares which others must be
 * set up before it (`dependencies`); the order of registration is computed from those
 * declarations. What a module needs of data another owns (a counter, a file rule) is handed to
 * it here, so a missing piece is a type error rather than a silent zero.
 */
import { orderModules, type Module } from './order.js';
import admin from './admin/index.js';
import applications from './applications/index.js';
import { appliedJobs, candidateAccess, fairApplicationFigures, interviewsSent, receivedResumeCounts, sharedResumeRule } from './applications/public.js';
import { authModule } from './auth/index.js';
import chat from './chat/index.js';
import { chatFileRule } from './chat/public.js';
import codes from './codes/index.js';
import { companiesModule } from './companies/index.js';
import { companyOfHr, createHrProfile } from './companies/public.js';
import compliance from './compliance/index.js';
import { contentModule } from './content/index.js';
import { fairsModule } from './fairs/index.js';
import { companySignedUp, fairState, fairsOfCompany } from './fairs/public.js';
import feedback from './feedback/index.js';
import { filesModule } from './files/index.js';
import { jobsModule } from './jobs/index.js';
import { companyJobList, reindexCompanyJobs } from './jobs/public.js';
import notify from './notify/index.js';
import partners from './partners/index.js';
import queue from './queue/index.js';
import { relationsModule } from './relations/index.js';
import { resumesModule } from './resumes/index.js';
import { createSeekerProfile } from './resumes/public.js';
import rtc from './rtc/index.js';
import scorecards from './scorecards/index.js';
import search from './search/index.js';
import slots from './slots/index.js';

export type { Module };

export const modules: Module[] = orderModules([
  admin,
  applications,
  authModule({ createHrProfile, createSeekerProfile }),
  chat,
  codes,
  companiesModule({ interviewsSent, companyJobs: companyJobList, companyRenamed: reindexCompanyJobs }),
  compliance,
  contentModule({ receivedResumes: receivedResumeCounts }),
  fairsModule({ applicationFigures: fairApplicationFigures }),
  feedback,
  filesModule({ privateFileRules: [sharedResumeRule, chatFileRule], companyOfHr }),
  jobsModule({ fairsOfCompany, fairState, companySignedUp }),
  notify,
  partners,
  queue,
  relationsModule({ candidateAccess }),
  resumesModule({ appliedJobs }),
  rtc,
  scorecards,
  search,
  slots,
]);
