// <zp-chat>: the chat launcher and panel as a custom element.
//
// On any page (a partner page included):
//   <script type="module" src=".../chat.js"></script>
//   <zp-chat api-base="https://zp.example.com"></zp-chat>   (api-base: only when the API is on another origin;
//   map-url: where geo messages link, with {longitude} {latitude} {description})
// Open a conversation from elsewhere on the page:
//   window.dispatchEvent(new CustomEvent('zp:chat-open', { detail: { userID: '42' } }))
import { unsafeCSS } from 'lit';
import { uiCss } from '@zp/ui';
import { defineWidget } from '@zp/core/element';
import { Chat } from './Chat.js';
import { styles } from './styles.js';
import { callStyles } from './call/styles.js';

export { Chat, OPEN_CONVERSATION_EVENT } from './Chat.js';
export * from './logic.js';

export const ZpChat = defineWidget('zp-chat', Chat, { attributes: ['map-url'], styles: [unsafeCSS(uiCss), styles, callStyles] });
