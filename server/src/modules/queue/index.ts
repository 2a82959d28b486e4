/** The module's entry: its routes (routes.ts). */
export { default } from './routes.js';
