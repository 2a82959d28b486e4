// <zp-chat>: the chat launcher and panel as a custom element.
//
// On any page (a partner page included):
//   <script type="module" src=".../chat.js"></script>
//   <zp-chat api-base="https://zp.example.com"></zp-chat>   (api-base: only when the API is on another origin;
//   map-url: where geo messages link, with {longitude} {latitude} {description})
// Open a conversation from elsewhere on the page:
//   window.dispatchEvent(new CustomEvent('zp:chat-open', { detail: { userID: '42' } }))
//
// This module (the npm package) defines the whole widget at once; the script-tag bundle
// (bundle.ts) defines a light launcher that loads it on first use (launcher.ts).
import { defineWidget } from '@zp/core/element';
import { Chat } from './Chat.js';
import { chatWidgetOptions } from './widget.js';

export { Chat, OPEN_CONVERSATION_EVENT } from './Chat.js';
export * from './logic.js';

export const ZpChat = defineWidget('zp-chat', Chat, chatWidgetOptions);
