/** The module's entry: its routes (routes.ts). */
export * from './routes.js';
export { default } from './routes.js';
