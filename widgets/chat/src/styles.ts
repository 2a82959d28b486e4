import { css, unsafeCSS } from 'lit';
import { launcherCss } from './launcher-css.js';

/** The launcher's and panel's styles; they live only in the element's shadow root. Tokens come from @zp/ui (uiCss). */
export const styles = css`
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
  ${unsafeCSS(launcherCss)}
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
  .loading,
  .empty,
  .none {
    padding: 24px;
    color: var(--zp-color-text-muted);
    text-align: center;
  }
  .body {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
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
  .list {
    flex: 1;
    overflow: auto;
    outline: none;
  }
  .quick,
  .members {
    display: flex;
    gap: 4px;
    padding: 6px 8px;
    flex-wrap: wrap;
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
  .quick input {
    flex: 1;
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
  .item .when {
    position: absolute;
    top: 9px;
    right: 32px;
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .item[data-conversation] .name {
    padding-right: 44px;
  }
  .item[data-conversation] .last {
    padding-right: 30px;
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
  .at {
    color: var(--zp-color-danger);
    margin-right: 4px;
  }
  .count {
    /* Under the time, beside the delete button. */
    position: absolute;
    right: 32px;
    bottom: 9px;
    background: var(--zp-color-danger);
    color: #fff;
    border-radius: 9px;
    font-size: 12px;
    padding: 0 6px;
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
  .create {
    display: flex;
    flex-direction: column;
    gap: 4px;
    padding: 8px;
    border-bottom: 1px solid var(--zp-color-border);
  }
  .create label {
    display: flex;
    flex-direction: column;
    font-size: 12px;
  }
  .details .muted {
    color: var(--zp-color-text-muted);
    font-size: 12px;
  }
  .dialog-layer .zp-mask {
    z-index: calc(var(--zp-z-dialog) + 1);
  }
  /* Forms in the panel's dialogs (quick start, create group). */
  .dialog-form {
    display: flex;
    flex-direction: column;
    gap: 12px;
    color: var(--zp-color-text);
  }
  .dialog-form label {
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .dialog-form input,
  .dialog-form select,
  .dialog-form textarea {
    padding: 6px 8px;
  }
  .dialog-form textarea {
    min-height: 64px;
    resize: vertical;
  }
  .dialog-form .members {
    padding: 0;
    align-items: center;
  }
  .dialog-form .members-title {
    flex-basis: 100%;
  }
  .dialog-form .count-hint {
    align-self: flex-end;
    color: var(--zp-color-text-muted);
    font-size: 12px;
  }
  .dialog-form .members input {
    flex: 1;
  }
  .dialog-form .actions {
    display: flex;
    justify-content: flex-end;
    gap: 8px;
  }
  .dialog-form .actions button {
    padding: 5px 16px;
    font-size: 14px;
  }
  .error {
    color: var(--zp-color-danger);
    font-size: 12px;
  }
  .tag {
    background: var(--zp-color-primary-soft);
    border-radius: var(--zp-radius-sm);
    padding: 0 6px;
  }
  .main {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
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
  .messages {
    flex: 1;
    overflow: auto;
    padding: 8px 16px;
  }
  .more {
    text-align: center;
    color: var(--zp-color-text-muted);
    font-size: 12px;
    margin-bottom: 8px;
  }
  .more button {
    border: none;
    color: var(--zp-color-primary);
    background: none;
  }
  .tip {
    text-align: center;
    color: var(--zp-color-text-muted);
    font-size: 12px;
    margin: 6px 0;
  }
  .row {
    margin: 8px 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
  }
  .row.out {
    align-items: flex-end;
  }
  .who {
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .bubble-line {
    display: flex;
    align-items: center;
    gap: 6px;
    max-width: 70%;
  }
  .bubble {
    background: var(--zp-color-bg);
    border-radius: var(--zp-radius);
    padding: 6px 10px;
    white-space: pre-wrap;
    word-break: break-word;
    display: flex;
    flex-direction: column;
    gap: 4px;
  }
  .out .bubble {
    background: var(--zp-color-primary-soft);
  }
  .bubble img,
  .bubble video {
    max-width: 240px;
    max-height: 240px;
  }
  .file {
    color: inherit;
  }
  .fail {
    border-radius: 50%;
    width: 20px;
    height: 20px;
    padding: 0;
    background: var(--zp-color-danger);
    border: none;
    color: #fff;
  }
  .sending {
    width: 12px;
    height: 12px;
    border: 2px solid var(--zp-color-border);
    border-top-color: var(--zp-color-primary);
    border-radius: 50%;
    animation: spin 1s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  .revoke {
    border: none;
    background: none;
    color: var(--zp-color-text-muted);
    font-size: 12px;
    padding: 0;
  }
  .latest {
    position: absolute;
    right: 16px;
    bottom: 150px;
    color: var(--zp-color-primary);
  }
  .send {
    border-top: 1px solid var(--zp-color-border);
    display: flex;
    flex-direction: column;
    padding: 6px 12px 10px;
    gap: 6px;
  }
  .send textarea {
    height: 72px;
    resize: none;
  }
  .send {
    position: relative;
  }
  .emoji-toggle {
    display: inline-flex;
    align-items: center;
    padding: 1px 6px;
  }
  img.emoji {
    width: 22px;
    height: 22px;
    vertical-align: -5px;
    margin: 0 1px;
  }
  .last img.emoji {
    width: 16px;
    height: 16px;
    vertical-align: -3px;
  }
  /* Opens above the send box, inside the conversation, so it never spills off a phone screen. */
  .emoji-picker {
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: 100%;
    max-width: 420px;
    max-height: 220px;
    overflow-y: auto;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(34px, 1fr));
    gap: 2px;
    padding: 8px;
    background: var(--zp-color-surface);
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
    box-shadow: var(--zp-shadow-lg);
    z-index: 2;
  }
  .emoji-picker button {
    border: none;
    background: none;
    padding: 4px;
    line-height: 0;
    border-radius: var(--zp-radius-sm);
  }
  .emoji-picker button:hover,
  .emoji-picker button:focus-visible {
    background: var(--zp-color-primary-soft);
  }
  .send .primary {
    align-self: flex-end;
  }
  .head {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .head .title {
    flex: 1;
  }
  .head .toggle {
    font-weight: normal;
  }
  .details {
    position: absolute;
    top: 45px;
    right: 0;
    bottom: 0;
    width: 300px;
    max-width: 100%;
    overflow: auto;
    background: var(--zp-color-surface);
    border-left: 1px solid var(--zp-color-border);
    box-shadow: var(--zp-shadow);
    padding: 10px;
    box-sizing: border-box;
    z-index: 2;
    display: flex;
    flex-direction: column;
    gap: 6px;
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
  .details .field {
    font-size: 13px;
    word-break: break-all;
  }
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
  .members-list .ops button,
  .actions button {
    font-size: 12px;
  }
  .actions {
    display: flex;
    gap: 6px;
  }
  .danger {
    color: var(--zp-color-danger);
    border-color: var(--zp-color-danger);
  }
  .preview {
    /* The whole screen, like any photo viewer: the panel may be narrow (or a phone). */
    position: fixed;
    inset: 0;
    z-index: 10;
    background: rgba(0, 0, 0, 0.85);
    display: flex;
    align-items: center;
    justify-content: center;
    overflow: hidden;
  }
  .preview img {
    max-width: 90%;
    max-height: 80%;
    transition: transform 0.15s;
  }
  .preview-bar {
    position: absolute;
    bottom: 16px;
    display: flex;
    gap: 8px;
    align-items: center;
    color: #fff;
  }
  .preview-bar button {
    min-width: 32px;
    color: var(--zp-color-text);
  }
  .bubble .image-open img {
    cursor: zoom-in;
  }
  .bubble .image-open {
    display: block;
    padding: 0;
    border: none;
    background: none;
  }
  .reedit {
    border: none;
    background: none;
    color: var(--zp-color-primary);
    font-size: 12px;
  }
  .me {
    padding: 6px 8px 0;
    position: relative;
  }
  .me-button {
    width: 100%;
    text-align: left;
    border: none;
    background: none;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .me-button small {
    font-weight: normal;
    color: var(--zp-color-text-muted);
  }
  .me-form {
    position: absolute;
    left: 8px;
    right: 8px;
    top: 100%;
    z-index: 3;
    background: var(--zp-color-surface);
    box-shadow: var(--zp-shadow-lg);
    border-radius: var(--zp-radius);
  }
  .bar {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .bar > button {
    white-space: nowrap;
  }
  .inline-form {
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
  }
  .stars button {
    border: none;
    background: none;
    font-size: 20px;
    color: var(--zp-color-border);
    padding: 0 2px;
  }
  .stars .on {
    color: var(--zp-color-accent);
  }
  .notice {
    margin: 8px auto;
    max-width: 80%;
    background: var(--zp-color-bg);
    border-radius: var(--zp-radius);
    padding: 8px;
    font-size: 13px;
  }
  .ficon {
    font-size: 10px;
    font-weight: 700;
    color: #fff;
    background: var(--zp-color-primary);
    border-radius: 2px;
    padding: 0 3px;
    margin-right: 6px;
  }
  .back {
    display: none;
    border: none;
    background: none;
    font-size: 20px;
    padding: 0 8px 0 0;
  }
  @media (max-width: 640px) {
    .columns.has-current .side {
      display: none;
    }
    .back {
      display: inline;
    }
    .columns:not(.has-current) .main {
      display: none;
    }
    .columns:not(.has-current) .side {
      width: 100%;
    }
    .panel {
      width: 100%;
      height: 100%;
      border-radius: 0;
    }
  }
`;
