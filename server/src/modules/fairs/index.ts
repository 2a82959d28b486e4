export { fairsModule, type FairsNeeds } from './routes.js';
