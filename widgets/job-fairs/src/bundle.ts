// The bundle's entry (build.mjs): the Preact ref shim <zp-chat> uses (the confirm dialog's
// focused button is a ref on a function component), then the widget.
import '@zp/widget-chat/preact-refs';
export * from './index.js';
