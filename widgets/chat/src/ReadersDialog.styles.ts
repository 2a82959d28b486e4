/** ReadersDialog.tsx: who read a group message and who not, side by side. */
export const readersDialogCss = `
  .readers-pair {
    display: flex;
    gap: 16px;
  }
  .readers {
    flex: 1;
    min-width: 0;
  }
  .readers h4 {
    margin: 0 0 6px;
    font-size: 13px;
  }
  .readers ul {
    margin: 0;
    padding: 0;
    list-style: none;
    max-height: 240px;
    overflow: auto;
  }
  .readers li {
    padding: 3px 0;
    font-size: 13px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .readers .muted {
    color: var(--zp-color-text-muted);
    font-size: 12px;
  }
`;
