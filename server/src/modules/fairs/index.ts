export { fairsModule } from './routes.js';
