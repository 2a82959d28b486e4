// The script-tag bundle's entry (build.mjs, chat.js): the light launcher; the panel is its own
// entry (chat-panel.js), imported on first use.
import { defineChatLauncher } from './launcher.js';
import { OPEN_CONVERSATION_EVENT } from '@zp/core/chat-open';

export { OPEN_CONVERSATION_EVENT };
export const ZpChat = defineChatLauncher(() => import('./panel.js'));
