/**
 * PanelBody.tsx: the side bar (tabs, tools) beside the open conversation; on a phone one of them
 * at a time.
 */
export const panelBodyCss = `
  .body {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
  }
  .columns {
    display: flex;
    flex: 1;
    min-height: 0;
  }
  .side {
    width: 260px;
    flex-shrink: 0;
    border-right: 1px solid var(--zp-color-border);
    display: flex;
    flex-direction: column;
    min-height: 0;
    background: var(--zp-color-bg);
  }
  .tabs {
    display: flex;
  }
  .tabs button {
    flex: 1;
    border: none;
    border-radius: 0;
    background: none;
    padding: 10px 0;
    border-bottom: 2px solid transparent;
  }
  .tabs .active {
    color: var(--zp-color-primary);
    border-bottom-color: var(--zp-color-primary);
  }
  .tools {
    display: flex;
    gap: 6px;
    padding: 6px 8px;
    justify-content: flex-end;
  }
  .main {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  @media (max-width: 640px) {
    .columns.has-current .side {
      display: none;
    }
    .columns:not(.has-current) .main {
      display: none;
    }
    .columns:not(.has-current) .side {
      width: 100%;
    }
  }
`;
