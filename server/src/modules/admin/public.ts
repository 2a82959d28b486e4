/** What other modules may use of the admin module. */

// Used by other modules; they import it from here only.
export { logOperatorAction } from './repo.js';
