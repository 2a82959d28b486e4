// <zp-feedback>: the footer's feedback dialog as a custom element.
//
// On any page (a partner page included):
//   <script type="module" src=".../feedback.js"></script>
//   <zp-feedback api-base="https://zp.example.com"></zp-feedback>   (api-base: only when the API is on another origin)
// Open it with the `open` attribute or `window.dispatchEvent(new Event('zp:feedback-open'))`;
// closing removes `open` and dispatches `zp-feedback-close` from the element.
import { unsafeCSS } from 'lit';
import { uiCss } from '@zp/ui';
import { defineWidget } from '@zp/core/element';
import { Feedback } from './Feedback.js';
import { styles } from './styles.js';

export { Feedback, OPEN_EVENT } from './Feedback.js';
export * from './validate.js';

export const ZpFeedback = defineWidget('zp-feedback', Feedback, { attributes: ['open'], styles: [unsafeCSS(uiCss), styles] });
