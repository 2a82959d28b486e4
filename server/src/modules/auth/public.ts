/** What other modules may use of the auth module. */

// Used by other modules; they import it from here only.
export { LOGIN_TYPE_PARTNER, createUser, findUser, setDisplayName, startSession } from './index.js';
export { hashPassword } from './passwords.js';
export { originMatches } from './sessions.js';
