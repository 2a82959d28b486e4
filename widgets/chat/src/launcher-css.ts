/**
 * The floating button and its badge: the same rules in the launcher that pages load first
 * (launcher.ts, plain CSS without lit) and in the panel's styles (styles.ts).
 */
export const launcherCss = `
  .launcher {
    position: fixed;
    right: 24px;
    /* a page with controls of its own at the window's foot (the video room) lifts it above them */
    bottom: var(--zp-launcher-bottom, 24px);
    width: 52px;
    height: 52px;
    border-radius: 50%;
    border: none;
    background: var(--zp-color-primary);
    color: #fff;
    box-shadow: var(--zp-shadow-lg);
    z-index: calc(var(--zp-z-dialog) - 1);
    display: flex;
    align-items: center;
    justify-content: center;
  }
  .badge {
    position: absolute;
    top: -4px;
    right: -4px;
    min-width: 18px;
    height: 18px;
    padding: 0 5px;
    border-radius: 9px;
    background: var(--zp-color-danger);
    color: #fff;
    font-size: 12px;
    line-height: 18px;
    box-sizing: border-box;
  }
`;
