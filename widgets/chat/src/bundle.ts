// The bundle's entry (build.mjs): the Preact ref shim first, then the widget.
import './preact-refs.js';
export * from './index.js';
