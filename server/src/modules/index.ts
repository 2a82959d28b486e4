import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import chat from './chat/index.js';
import auth from './auth/index.js';
import codes from './codes/index.js';
import companies from './companies/index.js';
import jobs from './jobs/index.js';
import search from './search/index.js';
import resumes from './resumes/index.js';
import files from './files/index.js';
import notify from './notify/index.js';
import { contentModule } from './content/index.js';
import fairs from './fairs/index.js';
import applications from './applications/index.js';
import { receivedResumeCounts } from './applications/public.js';
import relations from './relations/index.js';
import admin from './admin/index.js';
import feedback from './feedback/index.js';
import rtc from './rtc/index.js';
import partners from './partners/index.js';
import compliance from './compliance/index.js';

export interface Module {
  name: string;
  register(app: FastifyInstance, services: Services): Promise<void> | void;
}

// What a module shows of another's data it is given here, not by a registration hook it could miss.
const content = contentModule({ receivedResumes: receivedResumeCounts });

// partners first: the allowed origins are loaded before any route can be called.
export const modules: Module[] = [partners, auth, codes, companies, resumes, files, notify, jobs, search, chat, content, fairs, applications, relations, admin, feedback, rtc, compliance];
