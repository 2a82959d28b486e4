/**
 * ConversationView.tsx: the conversation's column, its header (返回 on a phone) and the room the
 * details take beside it.
 */
export const conversationViewCss = `
  .conversation {
    position: relative;
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
  }
  .head {
    padding: 10px 40px 10px 16px;
    border-bottom: 1px solid var(--zp-color-border);
    font-weight: 600;
  }
  .head {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .head .title {
    flex: 0 1 auto;
  }
  /* right after the name; it also keeps 详情 at the far end */
  .head .typing {
    flex: 1;
    font-weight: normal;
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .head .toggle {
    font-weight: normal;
  }
  .with-details .messages,
  .with-details .send {
    margin-right: 300px;
  }
  @media (max-width: 640px) {
    .with-details .messages,
    .with-details .send {
      margin-right: 0;
    }
  }
  .back {
    display: none;
    border: none;
    background: none;
    font-size: 20px;
    padding: 0 8px 0 0;
  }
  @media (max-width: 640px) {
    .back {
      display: inline;
    }
  }
`;
