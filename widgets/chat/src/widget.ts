// The full widget's element options: the same for <zp-chat> of the npm module (index.ts) and for
// <zp-chat-panel>, which the script-tag launcher loads on first use (panel.ts).
import { unsafeCSS } from 'lit';
import { uiCss } from '@zp/ui';
import { styles } from './styles.js';
import { callStyles } from './call/styles.js';

export const chatWidgetOptions = { attributes: ['map-url'] as const, styles: [unsafeCSS(uiCss), styles, callStyles] };
