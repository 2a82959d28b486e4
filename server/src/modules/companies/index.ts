export { companiesModule, type CompaniesNeeds } from './routes.js';
