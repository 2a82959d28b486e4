/** EmojiPicker.tsx: the grid of emoji above the send box. */
export const emojiPickerCss = `
  /* Opens above the send box, inside the conversation, so it never spills off a phone screen. */
  .emoji-picker {
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: 100%;
    max-width: 420px;
    max-height: 220px;
    overflow-y: auto;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(34px, 1fr));
    gap: 2px;
    padding: 8px;
    background: var(--zp-color-surface);
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
    box-shadow: var(--zp-shadow-lg);
    z-index: 2;
  }
  .emoji-picker button {
    border: none;
    background: none;
    padding: 4px;
    line-height: 0;
    border-radius: var(--zp-radius-sm);
  }
  .emoji-picker button:hover,
  .emoji-picker button:focus-visible {
    background: var(--zp-color-primary-soft);
  }
`;
