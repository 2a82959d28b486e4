// <zp-job-fairs>: the job-fair list with sign-up and favourite, for partner sites.
//
// On any page:
//   <script type="module" src="https://zp.example.com/zppc/widgets/job-fairs.js"></script>
//   <zp-job-fairs city="420100" month="2026-12" mode="offline" compact page-size="5" theme-color="#0a7d5a"></zp-job-fairs>
// Attributes: city (city or province code, csdm), type (fair kind, m_hyktdm), month (YYYY-MM),
// mode or tab (online | offline: the tab shown first), compact (a dense one-column list),
// page-size (12 by default), and those of every widget: api-base, theme-color, locale.
import { unsafeCSS } from 'lit';
import { uiCss } from '@zp/ui';
import { defineWidget } from '@zp/core/element';
import { JobFairs } from './JobFairs.js';
import { styles } from './styles.js';

export { JobFairs } from './JobFairs.js';
export * from './logic.js';

export const ZpJobFairs = defineWidget('zp-job-fairs', JobFairs, {
  attributes: ['city', 'type', 'month', 'mode', 'tab', 'compact', 'page-size'],
  styles: [unsafeCSS(uiCss), styles],
});
