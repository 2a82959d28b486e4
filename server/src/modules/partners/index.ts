export { default, PARTNERS_CHANGED_TOPIC } from './routes.js';
