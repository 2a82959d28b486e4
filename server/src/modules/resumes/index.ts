export { resumesModule } from './routes.js';
