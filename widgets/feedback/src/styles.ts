import { css } from 'lit';

/** The dialog's styles; they live only in the element's shadow root. Tokens come from @zp/ui (uiCss). */
export const styles = css`
  :host {
    font: 14px/1.6 var(--zp-font-family);
    color: var(--zp-color-text);
  }
  .fb-mask {
    position: fixed;
    inset: 0;
    z-index: var(--zp-z-dialog);
    background: var(--zp-color-mask);
    display: flex;
    align-items: flex-start;
    justify-content: center;
    overflow: auto;
    padding: 5vh 16px 24px;
    box-sizing: border-box;
  }
  .fb-dialog {
    width: 100%;
    max-width: 560px;
    background: var(--zp-color-surface);
    border-radius: var(--zp-radius-lg);
    box-shadow: var(--zp-shadow-lg);
    box-sizing: border-box;
  }
  .fb-head {
    display: flex;
    align-items: center;
    padding: 16px 20px 8px;
  }
  .fb-head h2 {
    flex: 1;
    margin: 0;
    font-size: 16px;
    font-weight: 600;
  }
  .fb-close {
    width: 28px;
    height: 28px;
    border: 0;
    border-radius: var(--zp-radius-sm);
    background: none;
    font-size: 20px;
    line-height: 28px;
    color: var(--zp-color-text-muted);
    cursor: pointer;
  }
  .fb-close:hover {
    background: var(--zp-color-info-soft);
    color: var(--zp-color-text);
  }
  .fb-tabs {
    display: flex;
    gap: 4px;
    padding: 0 20px;
    border-bottom: 1px solid var(--zp-color-border);
  }
  .fb-tabs button {
    padding: 8px 12px;
    border: 0;
    border-bottom: 2px solid transparent;
    background: none;
    font: inherit;
    color: var(--zp-color-text-secondary);
    cursor: pointer;
  }
  .fb-tabs button[aria-selected='true'] {
    color: var(--zp-color-primary);
    border-bottom-color: var(--zp-color-primary);
    font-weight: 600;
  }
  .fb-body {
    padding: 12px 20px 20px;
    max-height: calc(90vh - 110px);
    overflow: auto;
  }
  .fb-form {
    display: flex;
    flex-direction: column;
    gap: 10px;
  }
  .fb-field {
    display: flex;
    flex-direction: column;
    gap: 6px;
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
  .fb-field legend,
  .fb-field label,
  .fb-label {
    padding: 0;
    margin-bottom: 6px;
    font-size: 13px;
    color: var(--zp-color-text-secondary);
  }
  .fb-star {
    color: var(--zp-color-danger);
    margin-right: 2px;
  }
  .fb-radios {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .fb-radios label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    margin: 0;
    padding: 6px 14px;
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
    color: var(--zp-color-text);
    cursor: pointer;
  }
  .fb-radios label.is-on {
    border-color: var(--zp-color-primary);
    background: var(--zp-color-primary-soft);
    color: var(--zp-color-primary);
  }
  .fb-radios input {
    margin: 0;
  }
  textarea,
  input[type='tel'] {
    width: 100%;
    box-sizing: border-box;
    padding: 8px 12px;
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
    font: inherit;
    color: var(--zp-color-text);
    resize: vertical;
  }
  textarea:focus,
  input:focus {
    outline: none;
    border-color: var(--zp-color-primary);
    box-shadow: 0 0 0 3px var(--zp-color-primary-soft);
  }
  [aria-invalid='true'] {
    border-color: var(--zp-color-danger) !important;
  }
  .fb-count {
    align-self: flex-end;
    margin: -2px 0 0;
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .fb-error {
    margin: 0;
    font-size: 12px;
    color: var(--zp-color-danger);
  }
  .fb-hint,
  .fb-muted {
    margin: 0;
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .fb-empty {
    padding: 32px 0;
    text-align: center;
  }
  .fb-upload {
    width: 80px;
    height: 80px;
    border: 1px dashed var(--zp-color-border);
    border-radius: var(--zp-radius);
    background: var(--zp-color-bg);
    color: var(--zp-color-text-secondary);
    font: inherit;
    cursor: pointer;
  }
  .fb-upload {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    font-size: 12px;
  }
  .fb-plus {
    font-size: 22px;
    line-height: 1;
  }
  .fb-upload:hover {
    border-color: var(--zp-color-primary);
    color: var(--zp-color-primary);
  }
  .fb-image {
    display: flex;
    align-items: center;
    gap: 12px;
  }
  .fb-image img {
    width: 96px;
    height: 96px;
    object-fit: cover;
    border-radius: var(--zp-radius);
    border: 1px solid var(--zp-color-border);
  }
  .fb-image__name {
    max-width: 200px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .fb-progress {
    flex: 1;
    height: 8px;
    border-radius: 4px;
    background: var(--zp-color-info-soft);
    overflow: hidden;
  }
  .fb-progress i {
    display: block;
    height: 100%;
    background: var(--zp-color-primary);
  }
  .fb-link {
    border: 0;
    background: none;
    padding: 0;
    font: inherit;
    color: var(--zp-color-danger);
    cursor: pointer;
  }
  .fb-actions {
    display: flex;
    justify-content: flex-end;
  }
  .fb-history {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .fb-history li {
    padding: 12px 0;
    border-bottom: 1px solid var(--zp-color-border);
  }
  .fb-history p {
    margin: 0;
  }
  .fb-history__head {
    display: flex;
    align-items: center;
    gap: 10px;
    margin-bottom: 6px !important;
  }
  .fb-tag {
    padding: 0 8px;
    border-radius: 4px;
    background: var(--zp-color-primary-soft);
    color: var(--zp-color-primary);
    font-size: 12px;
    line-height: 22px;
  }
  .fb-state {
    margin-left: auto;
    font-size: 12px;
    color: var(--zp-color-warning);
  }
  .fb-state.is-done {
    color: var(--zp-color-success);
  }
  .fb-history__text {
    white-space: pre-wrap;
    word-break: break-word;
  }
  .fb-history__img {
    margin-top: 6px;
    max-width: 160px;
    max-height: 120px;
    border-radius: var(--zp-radius);
  }
  .fb-answer {
    margin-top: 8px !important;
    padding: 8px 12px;
    border-radius: var(--zp-radius);
    background: var(--zp-color-success-soft);
    word-break: break-word;
  }
  .fb-pager {
    display: flex;
    justify-content: center;
    align-items: center;
    gap: 12px;
    margin-top: 12px;
    font-size: 13px;
  }
  @media (max-width: 480px) {
    .fb-mask {
      padding: 0;
      align-items: stretch;
    }
    .fb-dialog {
      max-width: none;
      border-radius: 0;
      min-height: 100%;
    }
    .fb-body {
      max-height: none;
    }
  }
`;
