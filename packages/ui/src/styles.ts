import { tokensCss } from './tokens.js';
import { loginCss } from './login-css.js';
import { reportCss } from './report-css.js';

/** Styles of every ui primitive; class names carry the zp- prefix so they do not clash with a host page. */
export const componentsCss = `
.zp-btn {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  min-height: 36px; padding: 0 18px; border: 1px solid var(--zp-color-border); border-radius: var(--zp-radius);
  background: var(--zp-color-surface); color: var(--zp-color-text); font: inherit; font-size: var(--zp-font-size);
  line-height: 1; cursor: pointer; white-space: nowrap; transition: background .15s, border-color .15s, color .15s;
}
.zp-btn:hover { border-color: var(--zp-color-primary); color: var(--zp-color-primary); }
.zp-btn:focus-visible { outline: 2px solid var(--zp-color-primary); outline-offset: 2px; }
.zp-btn[disabled] { cursor: not-allowed; opacity: .6; }
.zp-btn--primary { background: var(--zp-color-primary); border-color: var(--zp-color-primary); color: #fff; }
.zp-btn--primary:hover { background: var(--zp-color-primary-hover); border-color: var(--zp-color-primary-hover); color: #fff; }
.zp-btn--danger { background: var(--zp-color-danger); border-color: var(--zp-color-danger); color: #fff; }
.zp-btn--danger:hover { filter: brightness(.92); color: #fff; border-color: var(--zp-color-danger); }
.zp-btn--text { border-color: transparent; background: transparent; color: var(--zp-color-primary); padding: 0 6px; }
.zp-btn--text:hover { border-color: transparent; text-decoration: underline; }
.zp-btn--block { width: 100%; }
.zp-btn--lg { min-height: 42px; font-size: var(--zp-font-size-md); }

.zp-state {
  display: inline-flex; align-items: center; height: 22px; padding: 0 8px; border-radius: 11px; font-size: var(--zp-font-size-xs);
  font-weight: 400; line-height: 1; white-space: nowrap; vertical-align: middle; cursor: default;
  background: var(--zp-color-info-soft); color: var(--zp-color-info);
}
.zp-state--primary { background: var(--zp-color-primary-soft); color: var(--zp-color-primary); }
.zp-state--success { background: var(--zp-color-success-soft); color: var(--zp-color-success); }
.zp-state--warning { background: var(--zp-color-warning-soft); color: var(--zp-color-warning); }
.zp-state--danger { background: var(--zp-color-danger-soft); color: var(--zp-color-danger); }

.zp-spinner {
  width: 1em; height: 1em; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent;
  animation: zp-spin .7s linear infinite; display: inline-block; flex: none;
}
@keyframes zp-spin { to { transform: rotate(360deg); } }
@keyframes zp-fade-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes zp-drop-in { from { opacity: 0; transform: translateY(-8px); } to { opacity: 1; transform: none; } }
@keyframes zp-slide-in { from { opacity: 0; transform: translateX(16px); } to { opacity: 1; transform: none; } }

.zp-messages {
  position: fixed; top: 20px; left: 50%; transform: translateX(-50%); z-index: var(--zp-z-message);
  display: flex; flex-direction: column; align-items: center; gap: 10px; pointer-events: none;
  font-family: var(--zp-font-family); width: max-content; max-width: calc(100vw - 32px);
}
.zp-message {
  display: flex; align-items: center; gap: 8px; padding: 10px 16px; border-radius: var(--zp-radius);
  border: 1px solid var(--zp-color-border); background: var(--zp-color-info-soft); color: var(--zp-color-text);
  box-shadow: var(--zp-shadow); font-size: var(--zp-font-size); line-height: 1.5; pointer-events: auto;
  animation: zp-drop-in .2s ease-out;
}
.zp-message--success { background: var(--zp-color-success-soft); border-color: #c6ebd6; }
.zp-message--warning { background: var(--zp-color-warning-soft); border-color: #f6dfb3; }
.zp-message--error { background: var(--zp-color-danger-soft); border-color: #f7c9c9; }

.zp-icon { width: 18px; height: 18px; flex: none; }
.zp-icon--success { color: var(--zp-color-success); }
.zp-icon--warning { color: var(--zp-color-warning); }
.zp-icon--error { color: var(--zp-color-danger); }
.zp-icon--info { color: var(--zp-color-info); }

.zp-notifications {
  position: fixed; top: 16px; right: 16px; z-index: var(--zp-z-message); display: flex; flex-direction: column; gap: 12px;
  width: 330px; max-width: calc(100vw - 32px); font-family: var(--zp-font-family); pointer-events: none;
}
.zp-notification {
  display: flex; gap: 12px; padding: 14px 16px; border-radius: var(--zp-radius-lg); background: var(--zp-color-surface);
  border: 1px solid var(--zp-color-border); box-shadow: var(--zp-shadow); color: var(--zp-color-text);
  pointer-events: auto; animation: zp-slide-in .2s ease-out;
}
.zp-notification__icon { padding-top: 2px; }
.zp-notification__body { flex: 1; min-width: 0; }
.zp-notification__title { margin: 0 0 4px; font-size: var(--zp-font-size-md); font-weight: 600; }
.zp-notification__text { margin: 0; font-size: var(--zp-font-size); color: var(--zp-color-text-secondary); line-height: 1.6; word-break: break-word; }
.zp-close {
  flex: none; align-self: flex-start; width: 24px; height: 24px; padding: 0; border: 0; border-radius: var(--zp-radius-sm);
  background: transparent; color: var(--zp-color-text-muted); font-size: 18px; line-height: 24px; cursor: pointer;
}
.zp-close:hover { color: var(--zp-color-text); background: var(--zp-color-info-soft); }
.zp-close:focus-visible { outline: 2px solid var(--zp-color-primary); }

.zp-mask {
  position: fixed; inset: 0; z-index: var(--zp-z-dialog); background: var(--zp-color-mask);
  display: flex; align-items: flex-start; justify-content: center; overflow: auto; padding: 12vh 16px 32px;
  font-family: var(--zp-font-family); animation: zp-fade-in .15s ease-out;
}
.zp-dialog {
  width: 100%; max-width: 520px; background: var(--zp-color-surface); color: var(--zp-color-text);
  border-radius: var(--zp-radius-lg); box-shadow: var(--zp-shadow-lg); animation: zp-drop-in .2s ease-out;
  font-size: var(--zp-font-size); line-height: var(--zp-line-height);
}
.zp-dialog:focus { outline: none; }
.zp-dialog__header { display: flex; align-items: center; gap: 12px; padding: 16px 20px 8px; }
.zp-dialog__title { flex: 1; margin: 0; font-size: var(--zp-font-size-md); font-weight: 600; }
.zp-dialog__body { padding: 8px 20px 16px; color: var(--zp-color-text-secondary); }
.zp-dialog__footer { display: flex; justify-content: flex-end; gap: 10px; padding: 4px 20px 18px; }
.zp-confirm__content { display: flex; gap: 10px; align-items: flex-start; }
.zp-confirm__content .zp-icon { margin-top: 2px; }

.zp-loading {
  position: fixed; inset: 0; z-index: var(--zp-z-loading); display: flex; flex-direction: column; align-items: center;
  justify-content: center; gap: 12px; background: rgba(255, 255, 255, .72); color: var(--zp-color-primary);
  font-family: var(--zp-font-family); font-size: var(--zp-font-size); animation: zp-fade-in .15s ease-out;
}
.zp-loading .zp-spinner { width: 36px; height: 36px; border-width: 3px; }
.zp-loading__text { color: var(--zp-color-primary); }

.zp-visually-hidden {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
@media (prefers-reduced-motion: reduce) {
  .zp-message, .zp-notification, .zp-mask, .zp-dialog, .zp-loading { animation: none; }
}
`;

/** Tokens plus component styles: put this in a page's <head> or a widget's shadow root. */
export const uiCss = tokensCss + componentsCss + loginCss + reportCss;

export const UI_STYLE_ID = 'zp-ui-styles';

/**
 * Overlays (messages, notifications, dialogs, loading) render into document.body, outside any
 * widget's shadow root, so their styles must be in the document too. Idempotent; a page that
 * already ships <style id="zp-ui-styles"> is left alone.
 */
export function ensureDocumentStyles(doc: Document = document): void {
  if (doc.getElementById(UI_STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = UI_STYLE_ID;
  style.textContent = uiCss;
  doc.head.appendChild(style);
}
