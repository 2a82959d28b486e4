/**
 * Chat.tsx: the mask, the panel (the whole screen on a phone), its close and 退出登录 buttons, the
 * fraud warning, the reconnecting line, the dialogs' layer.
 */
export const chatCss = `
  .mask {
    position: fixed;
    inset: 0;
    z-index: var(--zp-z-dialog);
    background: var(--zp-color-mask);
    display: flex;
    align-items: center;
    justify-content: center;
  }
  .panel {
    position: relative;
    width: 80%;
    height: 80vh;
    min-height: 420px;
    background: var(--zp-color-surface);
    border-radius: var(--zp-radius-lg);
    box-shadow: var(--zp-shadow-lg);
    overflow: hidden;
    display: flex;
    flex-direction: column;
  }
  .close {
    position: absolute;
    right: 8px;
    top: 6px;
    border: none;
    background: none;
    font-size: 20px;
    z-index: 1;
  }
  .signout {
    position: absolute;
    right: 40px;
    top: 10px;
    border: none;
    background: none;
    padding: 2px 4px;
    font: inherit;
    font-size: var(--zp-font-size-sm, 12px);
    color: var(--zp-color-text-secondary);
    cursor: pointer;
    z-index: 1;
  }
  .signout:hover {
    color: var(--zp-color-primary);
  }
  /* room for 退出登录 beside × above the fraud warning */
  .panel--partner .alert {
    padding-right: 112px;
  }
  .alert {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    background: var(--zp-color-warning-soft);
    color: var(--zp-color-warning);
    padding: 8px 40px 8px 12px;
    font-size: 13px;
  }
  .alert button {
    border: none;
    background: none;
  }
  .reconnecting {
    background: var(--zp-color-danger-soft);
    color: var(--zp-color-danger);
    padding: 6px 40px 6px 12px;
    font-size: 13px;
  }
  .dialog-layer .zp-mask {
    z-index: calc(var(--zp-z-dialog) + 1);
  }
  @media (max-width: 640px) {
    .panel {
      width: 100%;
      height: 100%;
      border-radius: 0;
    }
  }
`;
