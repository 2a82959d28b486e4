/**
 * ConversationList.tsx: a conversation's time, unread count, '[有人@我]' and last message in its row.
 */
export const conversationListCss = `
  .item .when {
    position: absolute;
    top: 9px;
    right: 32px;
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .item[data-conversation] .name {
    padding-right: 44px;
  }
  .item[data-conversation] .last {
    padding-right: 30px;
  }
  .at,
  .draft {
    color: var(--zp-color-danger);
    margin-right: 4px;
  }
  .item.pinned:not(.active) {
    background: var(--zp-color-bg);
  }
  .count {
    /* Under the time, beside the delete button. */
    position: absolute;
    right: 32px;
    bottom: 9px;
    background: var(--zp-color-danger);
    color: #fff;
    border-radius: 9px;
    font-size: 12px;
    padding: 0 6px;
  }
  .last img.emoji {
    width: 16px;
    height: 16px;
    vertical-align: -3px;
  }
`;
