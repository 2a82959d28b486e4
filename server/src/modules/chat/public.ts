/** What other modules may use of the chat: who may read a file sent in a conversation. */
export { chatFileRule } from './files.js';

// Used by other modules; they import it from here only.
export { chatHubs } from './index.js';
export { maskName, related } from './profiles.js';
