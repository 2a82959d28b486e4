export { companiesModule } from './routes.js';
