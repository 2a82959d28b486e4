/**
 * Forms and actions several components share: inline forms (.quick, .create), the panel's dialog
 * forms, .actions, .tag, .error, .danger.
 */
export const formsCss = `
  .quick,
  .members {
    display: flex;
    gap: 4px;
    padding: 6px 8px;
    flex-wrap: wrap;
  }
  .quick input {
    flex: 1;
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
`;
