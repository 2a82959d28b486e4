// <zp-chat>: the chat launcher and panel as a custom element.
import { defineWidget } from '@zp/core/element';
import { Chat } from './Chat.js';
import { styles } from './styles.js';

export { Chat } from './Chat.js';

export const ZpChat = defineWidget('zp-chat', Chat, { styles });
