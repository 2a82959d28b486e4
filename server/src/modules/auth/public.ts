/** What other modules may use of the auth module. */

// Used by other modules; they import it from here only.
export { createUser } from './create-user.js';
export { findUser, setDisplayName } from './repo.js';
export { LOGIN_TYPE_PARTNER, startSession } from './start-session.js';
export { hashPassword } from './passwords.js';
