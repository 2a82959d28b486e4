/**
 * Bubble.tsx: a message's row, sender and time, its bubble (mine on the right), images, files, the
 * sending spinner, the "!" that resends, 撤回 and the revoked line's 重新编辑.
 */
export const bubbleCss = `
  .tip {
    text-align: center;
    color: var(--zp-color-text-muted);
    font-size: 12px;
    margin: 6px 0;
  }
  .row {
    margin: 8px 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
  }
  .row.out {
    align-items: flex-end;
  }
  .who {
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .bubble-line {
    display: flex;
    align-items: center;
    gap: 6px;
    max-width: 70%;
  }
  .bubble {
    background: var(--zp-color-bg);
    border-radius: var(--zp-radius);
    padding: 6px 10px;
    white-space: pre-wrap;
    word-break: break-word;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .out .bubble {
    background: var(--zp-color-primary-soft);
  }
  .bubble img,
  .bubble video {
    max-width: 240px;
    max-height: 240px;
  }
  .file {
    color: inherit;
  }
  .fail {
    border-radius: 50%;
    width: 20px;
    height: 20px;
    padding: 0;
    background: var(--zp-color-danger);
    border: none;
    color: #fff;
  }
  .sending {
    width: 12px;
    height: 12px;
    border: 2px solid var(--zp-color-border);
    border-top-color: var(--zp-color-primary);
    border-radius: 50%;
    animation: spin 1s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  .revoke {
    border: none;
    background: none;
    color: var(--zp-color-text-muted);
    font-size: 12px;
    padding: 0;
  }
  .receipt {
    font-size: 12px;
    color: var(--zp-color-primary);
  }
  .receipt.read {
    color: var(--zp-color-text-muted);
  }
  .bubble .image-open img {
    cursor: zoom-in;
  }
  .bubble .image-open {
    display: block;
    padding: 0;
    border: none;
    background: none;
  }
  .reedit {
    border: none;
    background: none;
    color: var(--zp-color-primary);
    font-size: 12px;
  }
  .ficon {
    font-size: 10px;
    font-weight: 700;
    color: #fff;
    background: var(--zp-color-primary);
    border-radius: 2px;
    padding: 0 3px;
    margin-right: 6px;
  }
`;
