/** The module's entry: its routes (routes.ts). */
export * from './routes.js';
