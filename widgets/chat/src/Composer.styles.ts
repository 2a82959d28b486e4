/** Composer.tsx: the send box, its bar of buttons and the text area. */
export const composerCss = `
  .send {
    border-top: 1px solid var(--zp-color-border);
    display: flex;
    flex-direction: column;
    padding: 6px 12px 10px;
    gap: 6px;
  }
  .send textarea {
    height: 72px;
    resize: none;
  }
  .send {
    position: relative;
  }
  .emoji-toggle {
    display: inline-flex;
    align-items: center;
    padding: 1px 6px;
  }
  .send .primary {
    align-self: flex-end;
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .bar > button {
    white-space: nowrap;
  }
`;
