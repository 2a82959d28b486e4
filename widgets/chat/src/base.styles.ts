/**
 * The widget's ground: its root inherits nothing from the page and sets its own base; buttons,
 * inputs and the empty states' text, as every component has them.
 */
export const baseCss = `
  /* A page's own rules on the element (a partner's '* { font-family }', 'body { text-transform }')
     beat :host, and everything inside would inherit them: .zp-chat inherits nothing (all:
     initial keeps the custom properties, the ui tokens) and sets its own base. */
  :host {
    font: 14px/1.5 var(--zp-font-family);
  }
  .zp-chat {
    all: initial;
    display: block;
    font: 14px/1.5 var(--zp-font-family);
    color: var(--zp-color-text);
    text-align: left;
  }
  button {
    font: inherit;
    cursor: pointer;
    border: 1px solid var(--zp-color-border);
    background: var(--zp-color-surface);
    border-radius: var(--zp-radius-sm);
    padding: 2px 8px;
    color: inherit;
  }
  .primary {
    background: var(--zp-color-primary);
    border-color: var(--zp-color-primary);
    color: #fff;
  }
  .loading,
  .empty,
  .none {
    padding: 24px;
    color: var(--zp-color-text-muted);
    text-align: center;
  }
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline: none;
    border-color: var(--zp-color-primary);
    box-shadow: 0 0 0 2px var(--zp-color-primary-soft);
  }
  input,
  select,
  textarea {
    font: inherit;
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius-sm);
    padding: 3px 6px;
    min-width: 0;
    box-sizing: border-box;
  }
`;
