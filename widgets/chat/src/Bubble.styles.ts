/**
 * Bubble.tsx: a message's row, sender and time, its bubble (mine on the right), images, files, the
 * sending spinner, the "!" that resends, the quote of a reply, 已读 / 回复 / 撤回 under it, and the
 * revoked line's 重新编辑.
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
  .acts {
    display: flex;
    gap: 10px;
    align-items: center;
  }
  .revoke,
  .reply {
    border: none;
    background: none;
    color: var(--zp-color-text-muted);
    font-size: 12px;
    padding: 0;
  }
  /* 回复 shows where the pointer or the focus is (on a touch screen, always) */
  @media (hover: hover) {
    .row:not(:hover):not(:focus-within) .reply {
      visibility: hidden;
    }
  }
  /* a quote-reply's original, above the text: a click shows it in the list */
  .bubble .quote {
    display: block;
    max-width: 100%;
    margin: 0 0 6px;
    padding: 4px 8px;
    border: none;
    border-left: 3px solid var(--zp-color-border);
    background: var(--zp-color-bg);
    color: var(--zp-color-text-muted);
    font-size: 12px;
    text-align: left;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    cursor: pointer;
  }
  .row.flash .bubble {
    outline: 2px solid var(--zp-color-primary);
    outline-offset: 2px;
  }
  .receipt {
    font-size: 12px;
    color: var(--zp-color-primary);
  }
  button.receipt {
    border: none;
    background: none;
    padding: 0;
    cursor: pointer;
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
