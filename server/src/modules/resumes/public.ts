/**
 * What other modules use of résumés: completeness (wsd), the short card HR views and talent
 * search show, whether a résumé is hidden, the whole résumé, and the counters HR actions bump.
 */
export {  MIN_COMPLETENESS } from '@zp/core/contract';
export {
  bumpResumeCounter, createSeekerProfile, resumeHidden, sectionRows, seekerCard, seekerCards, seekerCompleteness, type SeekerCard,
} from './repo.js';
export { resumeDocument, type ContactView } from './document.js';
export { buildResumeDocx } from './generated.js';
export { pdfFont, renderResumePdf } from './pdf.js';
