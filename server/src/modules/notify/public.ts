/** What other modules use from notify: store-and-push a reminder, signal live views, and who is online. */
export { notify, signalUsers } from './notify.js';
export { isUserOnline, markPresent, onlineUsers, onlineUsersFor } from './socket.js';
export { createMailer, type Mailer } from './mail.js';
