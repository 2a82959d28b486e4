/** GroupPanel.tsx: a group's members, each with its card, mute form and actions. */
export const groupPanelCss = `
  .members-list {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .members-list li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    padding: 4px 0;
    border-bottom: 1px solid var(--zp-color-border);
  }
  .member-name {
    border: none;
    background: none;
    padding: 0;
    color: var(--zp-color-primary);
  }
  .member-card {
    flex-basis: 100%;
    background: var(--zp-color-bg);
    border-radius: var(--zp-radius-sm);
    padding: 6px;
    font-size: 12px;
  }
  .members-list .mute {
    flex-basis: 100%;
    display: flex;
    align-items: center;
    gap: 4px;
  }
  .members-list .mute input {
    width: 90px;
  }
  .members-list .ops {
    margin-left: auto;
    display: flex;
    gap: 2px;
  }
  .members-list .ops button {
    font-size: 12px;
  }
`;
