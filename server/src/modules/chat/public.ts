/** What other modules may use of the chat: who may read a file sent in a conversation. */
export { chatFileRule } from './files.js';
