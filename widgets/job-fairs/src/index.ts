// <zp-job-fairs city-code="...">: the job-fair list for partner sites as a custom element.
import { defineWidget } from '@zp/core/element';
import { JobFairs } from './JobFairs.js';
import { styles } from './styles.js';

export { JobFairs } from './JobFairs.js';

export const ZpJobFairs = defineWidget('zp-job-fairs', JobFairs, { attributes: ['city-code'], styles });
