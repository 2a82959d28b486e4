/** Notice.tsx: a group's system notice in the message list. */
export const noticeCss = `
  .notice {
    margin: 8px auto;
    max-width: 80%;
    background: var(--zp-color-bg);
    border-radius: var(--zp-radius);
    padding: 8px;
    font-size: 13px;
  }
`;
