/** Composer.tsx: the send box, its bar of buttons and the text area. */
export const composerCss = `
  .send {
    border-top: 1px solid var(--zp-color-border);
    display: flex;
    flex-direction: column;
    padding: 6px 12px 10px;
    gap: 6px;
  }
  .send .replying {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 4px 8px;
    border-left: 3px solid var(--zp-color-primary);
    background: var(--zp-color-bg);
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .send .replying span {
    flex: 1;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .send .replying button {
    border: none;
    background: none;
    padding: 0 4px;
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
