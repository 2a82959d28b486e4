// <zp-feedback>: the footer's feedback dialog as a custom element.
import { defineWidget } from '@zp/core/element';
import { Feedback } from './Feedback.js';
import { styles } from './styles.js';

export { Feedback } from './Feedback.js';

export const ZpFeedback = defineWidget('zp-feedback', Feedback, { styles });
