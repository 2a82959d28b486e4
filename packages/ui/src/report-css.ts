/** Styles of the 举报 dialog (report-dialog.tsx), part of uiCss. */
export const reportCss = `
.zp-report { display: flex; flex-direction: column; gap: 8px; color: var(--zp-color-text); }
.zp-report__target { margin: 0; color: var(--zp-color-text-secondary); }
.zp-report__reasons { margin: 0; padding: 0; border: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 6px 12px; }
.zp-report__reasons legend, .zp-report__label { margin-bottom: 4px; padding: 0; font-weight: 600; color: var(--zp-color-text); }
.zp-report__reasons label { display: flex; align-items: flex-start; gap: 6px; font-size: var(--zp-font-size-sm); cursor: pointer; }
.zp-report__reasons input { margin: 3px 0 0; accent-color: var(--zp-color-primary); }
.zp-report textarea, .zp-report input[type='tel'] {
  width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid var(--zp-color-border); border-radius: var(--zp-radius);
  font: inherit; color: var(--zp-color-text); background: var(--zp-color-surface); resize: vertical;
}
.zp-report textarea:focus, .zp-report input[type='tel']:focus { outline: none; border-color: var(--zp-color-primary); box-shadow: 0 0 0 3px var(--zp-color-primary-soft); }
.zp-report__error { grid-column: 1 / -1; margin: 0; color: var(--zp-color-danger); font-size: var(--zp-font-size-sm); }
.zp-report__note { margin: 4px 0 0; color: var(--zp-color-text-muted); font-size: var(--zp-font-size-xs); }
@media (max-width: 480px) { .zp-report__reasons { grid-template-columns: 1fr; } }
`;
