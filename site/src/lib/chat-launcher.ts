/**
 * <zp-chat> on the platform's own pages: the widget's light launcher (button and live unread
 * badge) bundled with the site, so that it shares the islands' session core and API client
 * instead of bringing its own; the panel is the widget's served script (chat-panel.js, Preact and
 * the chat SDK inside), loaded on first use (widgets/chat/src/launcher.ts).
 */
import { defineChatLauncher } from '@zp/widget-chat/launcher';
import { BASE } from './paths';

defineChatLauncher(() => import(/* @vite-ignore */ `${BASE}widgets/chat-panel.js`));
