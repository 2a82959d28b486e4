/**
 * Design tokens as CSS custom properties. Declared on :root for pages and on :host for widgets'
 * shadow roots; custom properties also inherit into shadow roots, so a page may override them.
 * Text colours reach 4.5:1 (WCAG AA for small text) on white, on the page background and on
 * their own soft backgrounds (tags); e2e/tests/contrast.test.ts runs axe-core on the public pages.
 */
export const tokensCss = `
:root, :host {
  --zp-color-primary: #1a66d9;
  --zp-color-primary-hover: #175bc2;
  --zp-color-primary-soft: #ecf3fe;
  --zp-color-accent: #c2410c;
  --zp-color-success: #177a45;
  --zp-color-success-soft: #eaf7f0;
  --zp-color-warning: #9a5b00;
  --zp-color-warning-soft: #fdf5e6;
  --zp-color-danger: #c93535;
  --zp-color-danger-soft: #fdeeee;
  --zp-color-info: #5f6b7a;
  --zp-color-info-soft: #f2f4f6;
  --zp-color-text: #1f2329;
  --zp-color-text-secondary: #4e5969;
  --zp-color-text-muted: #646e7c;
  --zp-color-border: #e5e6eb;
  --zp-color-bg: #f5f7fa;
  --zp-color-surface: #ffffff;
  --zp-color-mask: rgba(15, 23, 42, 0.45);

  --zp-font-family: -apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei",
    "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  --zp-font-size-xs: 12px;
  --zp-font-size-sm: 13px;
  --zp-font-size: 14px;
  --zp-font-size-md: 16px;
  --zp-font-size-lg: 20px;
  --zp-font-size-xl: 28px;
  --zp-line-height: 1.6;

  --zp-space-1: 4px;
  --zp-space-2: 8px;
  --zp-space-3: 12px;
  --zp-space-4: 16px;
  --zp-space-5: 24px;
  --zp-space-6: 32px;

  --zp-radius-sm: 4px;
  --zp-radius: 6px;
  --zp-radius-lg: 10px;
  --zp-shadow: 0 4px 16px rgba(15, 23, 42, 0.1);
  --zp-shadow-lg: 0 12px 40px rgba(15, 23, 42, 0.18);

  --zp-content-width: 1200px;

  --zp-z-dialog: 2000;
  --zp-z-message: 3000;
  --zp-z-loading: 4000;
}
`;
