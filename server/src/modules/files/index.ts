export { filesModule } from './routes.js';
