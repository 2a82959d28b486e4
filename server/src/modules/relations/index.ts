export { relationsModule } from './routes.js';
