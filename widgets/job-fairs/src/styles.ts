import { css } from 'lit';

/**
 * The list's styles; they live only in the element's shadow root. Tokens come from @zp/ui
 * (uiCss); --zp-color-primary follows the theme-color attribute. Sizes are px, never rem: a
 * partner page's root font size must not scale the widget. The layout follows the widget's own
 * width (container queries), so it fits a sidebar as well as a page.
 */
export const styles = css`
  .jf {
    container-type: inline-size;
    display: block;
    box-sizing: border-box;
    font-family: var(--zp-font-family);
    font-size: 14px;
    line-height: 1.5;
    color: var(--zp-color-text);
  }
  .jf *,
  .jf *::before,
  .jf *::after {
    box-sizing: border-box;
  }
  .jf a {
    color: inherit;
    text-decoration: none;
  }
  .jf button {
    font: inherit;
    margin: 0;
  }
  .jf p {
    margin: 0;
  }

  /* Header: title, venue tabs, more */
  .jf-head {
    display: flex;
    align-items: center;
    gap: 16px;
    margin-bottom: 16px;
    padding-bottom: 12px;
    border-bottom: 1px solid var(--zp-color-border);
  }
  .jf-title {
    position: relative;
    margin: 0;
    padding-left: 12px;
    font-size: 20px;
    font-weight: 600;
    line-height: 28px;
    color: var(--zp-color-text);
    white-space: nowrap;
  }
  .jf-title::before {
    content: '';
    position: absolute;
    left: 0;
    top: 5px;
    bottom: 5px;
    width: 4px;
    border-radius: 2px;
    background: var(--zp-color-primary);
  }
  .jf-tabs {
    display: inline-flex;
    padding: 3px;
    border-radius: 999px;
    background: var(--zp-color-bg);
  }
  .jf-tabs button {
    min-height: 30px;
    padding: 0 16px;
    border: 0;
    border-radius: 999px;
    background: transparent;
    color: var(--zp-color-text-secondary);
    font-size: 14px;
    cursor: pointer;
    white-space: nowrap;
    transition: background 0.15s, color 0.15s;
  }
  .jf-tabs button:hover {
    color: var(--zp-color-primary);
  }
  .jf-tabs button[aria-selected='true'] {
    background: var(--zp-color-primary);
    color: #fff;
    font-weight: 600;
  }
  .jf .jf-user {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    margin-left: auto;
    min-width: 0;
    font-size: 13px;
    color: var(--zp-color-text-secondary);
  }
  .jf-user__name {
    max-width: 120px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .jf .jf-link {
    padding: 0;
    border: 0;
    background: none;
    font-size: 13px;
    color: var(--zp-color-primary);
    cursor: pointer;
  }
  .jf-link:hover {
    text-decoration: underline;
  }
  .jf-user + .jf-more {
    margin-left: 0;
    padding-left: 12px;
    border-left: 1px solid var(--zp-color-border);
  }
  .jf-more {
    margin-left: auto;
    font-size: 13px;
    color: var(--zp-color-text-muted) !important;
    white-space: nowrap;
  }
  .jf-more:hover {
    color: var(--zp-color-primary) !important;
  }
  .jf :focus-visible {
    outline: 2px solid var(--zp-color-primary);
    outline-offset: 2px;
  }

  /* Cards */
  .jf-list {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(272px, 1fr));
    gap: 16px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .jf-card {
    display: flex;
    flex-direction: column;
    gap: 8px;
    min-width: 0;
    padding: 16px 18px 14px;
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius-lg);
    background: var(--zp-color-surface);
    transition: box-shadow 0.2s, border-color 0.2s, transform 0.2s;
  }
  .jf-card:hover {
    border-color: color-mix(in srgb, var(--zp-color-primary) 35%, var(--zp-color-border));
    box-shadow: var(--zp-shadow);
  }
  .jf-card__top {
    display: flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
  }
  .jf-tag {
    display: inline-flex;
    align-items: center;
    height: 22px;
    padding: 0 8px;
    border-radius: 4px;
    font-size: 12px;
    line-height: 1;
    white-space: nowrap;
    background: var(--zp-color-primary-soft);
    color: var(--zp-color-primary);
  }
  .jf-tag--offline {
    background: #fff3e8;
    color: #d4610b;
  }
  .jf-tag--kind {
    overflow: hidden;
    text-overflow: ellipsis;
    background: var(--zp-color-info-soft);
    color: var(--zp-color-text-secondary);
  }
  .jf-state-tag {
    margin-left: auto;
    border-radius: 11px;
  }
  .jf-state-tag--1 {
    background: var(--zp-color-warning-soft);
    color: var(--zp-color-warning);
  }
  .jf-state-tag--2 {
    background: var(--zp-color-success-soft);
    color: var(--zp-color-success);
  }
  .jf-state-tag--3 {
    background: var(--zp-color-info-soft);
    color: var(--zp-color-text-muted);
  }
  .jf-name {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    min-height: 48px;
    font-size: 16px;
    font-weight: 600;
    line-height: 24px;
    color: var(--zp-color-text) !important;
    word-break: break-word;
  }
  .jf-name:hover {
    color: var(--zp-color-primary) !important;
  }
  .jf-meta {
    display: flex;
    align-items: flex-start;
    gap: 6px;
    font-size: 13px;
    line-height: 20px;
    color: var(--zp-color-text-secondary);
    min-width: 0;
  }
  .jf-meta svg {
    flex: none;
    margin-top: 3px;
    color: var(--zp-color-text-muted);
  }
  .jf-meta > span:last-child,
  .jf-meta time {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* The times are Beijing's, and say so for readers abroad; the words never shrink away. */
  .jf-meta .jf-zone {
    flex: none;
    margin-left: -6px;
    color: var(--zp-color-text-muted);
  }
  /* An address may take two lines on a card; the compact list keeps one. */
  .jf-place > span:last-child {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    white-space: normal;
    word-break: break-all;
  }
  .jf--compact .jf-place > span:last-child {
    -webkit-line-clamp: 1;
  }
  .jf-figures {
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .jf-figures b {
    font-weight: 600;
    color: var(--zp-color-accent);
  }
  .jf-actions {
    display: flex;
    align-items: center;
    gap: 8px;
    margin-top: auto;
    padding-top: 12px;
    border-top: 1px dashed var(--zp-color-border);
  }
  .jf-btn {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 84px;
    height: 32px;
    padding: 0 14px;
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
    background: var(--zp-color-surface);
    color: var(--zp-color-text-secondary);
    font-size: 13px;
    white-space: nowrap;
    cursor: pointer;
    transition: background 0.15s, border-color 0.15s;
  }
  .jf-btn--primary {
    border-color: var(--zp-color-primary);
    background: var(--zp-color-primary);
    color: #fff !important;
    font-weight: 500;
  }
  .jf-btn--primary:hover {
    border-color: var(--zp-color-primary-hover);
    background: var(--zp-color-primary-hover);
  }
  .jf-btn[disabled] {
    opacity: 0.6;
    cursor: progress;
  }
  .jf-btn--done {
    background: var(--zp-color-bg);
    color: var(--zp-color-text-muted);
    cursor: default;
  }
  .jf-fav {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    height: 32px;
    padding: 0 8px;
    border: 0;
    border-radius: var(--zp-radius);
    background: transparent;
    color: var(--zp-color-text-secondary);
    font-size: 13px;
    white-space: nowrap;
    cursor: pointer;
  }
  .jf-fav span {
    font-size: 16px;
    line-height: 1;
  }
  .jf-fav:hover {
    background: var(--zp-color-bg);
  }
  .jf-fav--on {
    color: #e6a23c;
  }
  .jf-fav[disabled] {
    opacity: 0.6;
    cursor: progress;
  }
  .jf-enter {
    margin-left: auto;
    font-size: 13px;
    color: var(--zp-color-primary) !important;
    white-space: nowrap;
  }
  .jf-enter:hover {
    text-decoration: underline !important;
  }

  /* Loading, empty, error */
  .jf-skeleton {
    min-height: 196px;
  }
  .jf-skeleton i {
    display: block;
    height: 14px;
    border-radius: 4px;
    background: linear-gradient(90deg, var(--zp-color-bg) 25%, #eceef2 37%, var(--zp-color-bg) 63%);
    background-size: 400% 100%;
    animation: jf-shimmer 1.4s ease infinite;
  }
  .jf-skeleton i:nth-child(1) {
    width: 30%;
  }
  .jf-skeleton i:nth-child(2) {
    width: 85%;
    height: 20px;
    margin-top: 6px;
  }
  .jf-skeleton i:nth-child(3) {
    width: 60%;
  }
  @keyframes jf-shimmer {
    from {
      background-position: 100% 50%;
    }
    to {
      background-position: 0 50%;
    }
  }
  .jf-state {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 12px;
    padding: 40px 16px;
    border: 1px dashed var(--zp-color-border);
    border-radius: var(--zp-radius-lg);
    color: var(--zp-color-text-muted);
    text-align: center;
  }
  .jf-empty svg {
    color: #c9cdd4;
  }
  .jf-state--error p {
    color: var(--zp-color-danger);
  }

  /* Paging */
  .jf-pager {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 12px;
    margin-top: 20px;
    font-size: 13px;
    color: var(--zp-color-text-secondary);
  }
  .jf-pager button {
    width: 32px;
    height: 32px;
    border: 1px solid var(--zp-color-border);
    border-radius: var(--zp-radius);
    background: var(--zp-color-surface);
    color: var(--zp-color-text);
    font-size: 18px;
    line-height: 1;
    cursor: pointer;
  }
  .jf-pager button:hover:not([disabled]) {
    border-color: var(--zp-color-primary);
    color: var(--zp-color-primary);
  }
  .jf-pager button[disabled] {
    opacity: 0.45;
    cursor: not-allowed;
  }

  /* Narrow (a phone, a sidebar): title over the tabs, one card a row */
  @container (max-width: 520px) {
    .jf-head {
      flex-wrap: wrap;
      gap: 10px 12px;
    }
    .jf-tabs {
      order: 3;
      flex: 1 1 100%;
    }
    .jf-tabs button {
      flex: 1;
    }
    .jf-list {
      grid-template-columns: minmax(0, 1fr);
      gap: 12px;
    }
    .jf-name {
      min-height: 0;
    }
  }

  /* compact: a dense one-column list */
  .jf--compact .jf-head {
    margin-bottom: 4px;
  }
  .jf--compact .jf-title {
    font-size: 16px;
    line-height: 24px;
  }
  .jf--compact .jf-list {
    display: block;
  }
  .jf--compact .jf-card {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'name name' 'time actions' 'place actions';
    column-gap: 12px;
    row-gap: 2px;
    padding: 12px 0;
    border: 0;
    border-bottom: 1px solid var(--zp-color-border);
    border-radius: 0;
    background: transparent;
    box-shadow: none;
  }
  .jf--compact .jf-card__top {
    display: none;
  }
  .jf--compact .jf-name {
    grid-area: name;
    -webkit-line-clamp: 1;
    min-height: 0;
    font-size: 14px;
    line-height: 22px;
  }
  .jf--compact .jf-time {
    grid-area: time;
  }
  .jf--compact .jf-place {
    grid-area: place;
  }
  .jf--compact .jf-meta {
    font-size: 12px;
  }
  .jf--compact .jf-actions {
    grid-area: actions;
    align-self: center;
    margin: 0;
    padding: 0;
    border: 0;
    gap: 2px;
  }
  .jf--compact .jf-btn {
    min-width: 0;
    height: 28px;
    padding: 0 10px;
    font-size: 12px;
  }
  .jf--compact .jf-fav {
    width: 28px;
    height: 28px;
    padding: 0;
    justify-content: center;
    font-size: 0;
  }
  .jf--compact .jf-enter,
  .jf--compact .jf-zone {
    display: none;
  }
  .jf-zone-note {
    margin: 8px 0 0;
    font-size: 12px;
    color: var(--zp-color-text-muted);
  }
  .jf--compact .jf-skeleton {
    min-height: 64px;
  }
  .jf--compact .jf-pager {
    margin-top: 12px;
  }
  @media (prefers-reduced-motion: reduce) {
    .jf-skeleton i {
      animation: none;
    }
  }
`;
