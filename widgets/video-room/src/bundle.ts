// The bundle's entry (build.mjs): the Preact ref shim the chat widget uses (one copy, shared),
// then the widget.
import '../../chat/src/preact-refs.js';
export * from './index.js';
