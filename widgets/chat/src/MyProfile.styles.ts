/** MyProfile.tsx: my name atop the side bar and its edit form. */
export const myProfileCss = `
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
`;
