/** Details.tsx: the details panel beside a conversation (a person's or a group's). */
export const detailsCss = `
  .details .muted {
    color: var(--zp-color-text-muted);
    font-size: 12px;
  }
  .details {
    position: absolute;
    top: 45px;
    right: 0;
    bottom: 0;
    width: 300px;
    max-width: 100%;
    overflow: auto;
    background: var(--zp-color-surface);
    border-left: 1px solid var(--zp-color-border);
    box-shadow: var(--zp-shadow);
    padding: 10px;
    box-sizing: border-box;
    z-index: 2;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  .details .field {
    font-size: 13px;
    word-break: break-all;
  }
  .details .switch {
    display: flex;
    align-items: center;
    gap: 6px;
    cursor: pointer;
  }
`;
