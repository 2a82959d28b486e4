/** The login form's styles (part of uiCss). */
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
.zp-login__roles { display: flex; gap: 4px; padding: 4px; border-radius: var(--zp-radius); background: var(--zp-color-bg); }
.zp-login__roles button {
  flex: 1; min-height: 32px; margin: 0; padding: 0 8px; border: 0; border-radius: var(--zp-radius-sm);
  background: transparent; color: var(--zp-color-text-secondary); font: inherit; cursor: pointer;
}
.zp-login__roles button[aria-checked='true'] { background: var(--zp-color-surface); color: var(--zp-color-primary); font-weight: 600; box-shadow: 0 1px 3px rgba(15, 23, 42, .12); }
.zp-login__roles button:focus-visible { outline: 2px solid var(--zp-color-primary); outline-offset: 1px; }
.zp-login label { display: flex; flex-direction: column; gap: 6px; font-size: var(--zp-font-size-sm); color: var(--zp-color-text-secondary); }
.zp-login input {
  box-sizing: border-box; width: 100%; height: 40px; margin: 0; padding: 0 12px; border: 1px solid var(--zp-color-border);
  border-radius: var(--zp-radius); background: var(--zp-color-surface); color: var(--zp-color-text);
  font: inherit; font-size: var(--zp-font-size);
}
.zp-login input::placeholder { color: var(--zp-color-text-muted); }
.zp-login input:focus { outline: none; border-color: var(--zp-color-primary); box-shadow: 0 0 0 3px var(--zp-color-primary-soft); }
.zp-login .zp-login__submit { min-height: 42px; margin-top: 4px; font-size: var(--zp-font-size-md); }
.zp-login .zp-login__register { align-self: center; font-size: var(--zp-font-size-sm); color: var(--zp-color-primary); text-decoration: none; }
.zp-login .zp-login__register:hover { text-decoration: underline; }
`;
