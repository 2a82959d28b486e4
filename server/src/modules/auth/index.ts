/** The auth module: its routes. createUser, findUser and browserOf stay importable from here for the CLI, the seed and the tests. */
export { authModule } from './routes.js';
export { createUser, findUser } from './public.js';
export { browserOf } from './login-log.js';
