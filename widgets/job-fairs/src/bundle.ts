// The bundle's entry (build.mjs): the Preact ref shim <zp-chat> uses (the confirm dialog's
// focused button is a ref on a function component), then the widget.
import '../../chat/src/preact-refs.js';
export * from './index.js';
