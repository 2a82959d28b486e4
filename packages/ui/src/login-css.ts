/** The widgets' login prompt's styles (part of uiCss): the prompt that opens the platform's login window. */
export const loginCss = `
.zp-login-mask {
  position: fixed; inset: 0; z-index: var(--zp-z-dialog); box-sizing: border-box; padding: 16px;
  display: flex; align-items: center; justify-content: center; overflow: auto;
  background: var(--zp-color-mask); animation: zp-fade-in .15s ease-out;
}
.zp-login {
  position: relative; box-sizing: border-box; width: 380px; max-width: 100%; margin: auto;
  display: flex; flex-direction: column; gap: 14px; padding: 28px 28px 24px;
  background: var(--zp-color-surface); color: var(--zp-color-text); border-radius: var(--zp-radius-lg);
  box-shadow: var(--zp-shadow-lg); font-family: var(--zp-font-family); font-size: var(--zp-font-size);
  line-height: 1.5; text-align: left; animation: zp-drop-in .2s ease-out;
}
.zp-login:focus { outline: none; }
.zp-login h2 { margin: 0; font-size: 20px; font-weight: 600; line-height: 1.4; color: var(--zp-color-text); }
.zp-login__hint { margin: -10px 0 2px; font-size: var(--zp-font-size-sm); color: var(--zp-color-text-muted); }
.zp-login .zp-login__close { position: absolute; top: 12px; right: 12px; }
.zp-login__text { margin: 0; color: var(--zp-color-text); }
.zp-login__text--warn { padding: 10px 12px; border-radius: var(--zp-radius); background: var(--zp-color-warning-soft); color: #8a5700; }
.zp-login__safe { margin: 0; font-size: var(--zp-font-size-sm); color: var(--zp-color-text-muted); }
.zp-login .zp-login__submit { min-height: 42px; margin-top: 4px; font-size: var(--zp-font-size-md); }
.zp-login .zp-login__register { align-self: center; font-size: var(--zp-font-size-sm); color: var(--zp-color-primary); text-decoration: none; }
.zp-login .zp-login__register:hover { text-decoration: underline; }
`;
