/** ImagePreview.tsx: the picture over the whole screen and its bar. */
export const imagePreviewCss = `
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
`;
