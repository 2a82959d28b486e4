/** The side bar's lists and their rows (ConversationList, GroupList, FriendList, Blacklist). */
export const listsCss = `
  .list {
    flex: 1;
    overflow: auto;
    outline: none;
  }
  .item {
    position: relative;
    padding: 8px 36px 8px 12px;
    cursor: pointer;
    border-bottom: 1px solid var(--zp-color-border);
  }
  .item.active {
    background: var(--zp-color-primary-soft);
  }
  .item .name {
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .item .last {
    color: var(--zp-color-text-muted);
    font-size: 12px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .item .del {
    position: absolute;
    right: 6px;
    top: 8px;
    border: none;
    background: none;
    color: var(--zp-color-text-muted);
  }
  .item.found,
  .item:has(> button:not(.del)) {
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding-right: 12px;
  }
`;
