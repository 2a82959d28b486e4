export * from './contract/index.js';
export * from './client.js';
export * from './session.js';
