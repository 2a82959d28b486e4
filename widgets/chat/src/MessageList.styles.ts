/** MessageList.tsx: the scrolling messages, 查看更多 and 回到最新位置. */
export const messageListCss = `
  .messages {
    flex: 1;
    overflow: auto;
    padding: 8px 16px;
  }
  .more {
    text-align: center;
    color: var(--zp-color-text-muted);
    font-size: 12px;
    margin-bottom: 8px;
  }
  .more button {
    border: none;
    color: var(--zp-color-primary);
    background: none;
  }
  .latest {
    position: absolute;
    right: 16px;
    bottom: 150px;
    color: var(--zp-color-primary);
  }
`;
