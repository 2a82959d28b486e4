import type { ReactNode } from 'react';

/**
 * What a list shows when it has nothing: a quiet icon, a sentence, and optionally an action.
 * Usable in .astro files (static HTML) and inside islands.
 */
export default function EmptyState({ text = '暂无数据', children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="zp-empty" role="status">
      <svg viewBox="0 0 64 48" width="64" height="48" aria-hidden="true">
        <rect x="8" y="14" width="48" height="28" rx="4" fill="#eef1f5" />
        <path d="M8 22h14l4 6h12l4-6h14" fill="none" stroke="#c9d0da" strokeWidth="2" />
        <rect x="20" y="6" width="24" height="14" rx="2" fill="#f7f8fa" stroke="#c9d0da" strokeWidth="2" />
      </svg>
      <p>{text}</p>
      {children}
    </div>
  );
}
