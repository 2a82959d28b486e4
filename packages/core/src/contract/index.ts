export * from './define.js';
export * from './auth.js';
export * from './identity.js';
export * from './codes.js';
