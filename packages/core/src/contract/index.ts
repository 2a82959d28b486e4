export * from './define.js';
export * from './auth.js';
export * from './identity.js';
export * from './codes.js';
export * from './fairs.js';
export * from './content.js';
export * from './notify.js';
export * from './resumes.js';
