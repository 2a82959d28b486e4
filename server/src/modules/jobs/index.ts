export { jobsModule } from './routes.js';
