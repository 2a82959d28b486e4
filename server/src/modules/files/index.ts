export { filesModule, type FilesNeeds } from './routes.js';
