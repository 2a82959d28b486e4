// The bundle's entry (build.mjs): the Preact ref shim the chat widget uses (one copy, shared),
// then the widget.
import '@zp/widget-chat/preact-refs';
export * from './index.js';
