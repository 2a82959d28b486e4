/**
 * Page numbers for every list. Two modes:
 * - `hrefOf` given: plain links (server-rendered public lists work without JavaScript and stay cacheable);
 * - `onChange` given: buttons for lists inside islands.
 * Renders nothing for a single page.
 */
interface Props {
  /** Current page, 1-based. */
  page: number;
  totalPage: number;
  /** Shown as "共 N 条" when given. */
  totalCount?: number;
  hrefOf?: (page: number) => string;
  onChange?: (page: number) => void;
  /** Disables the buttons (a page is loading). */
  disabled?: boolean;
}

/** Pages to show: first, last, and two either side of the current, with gaps as null. */
export function pageWindow(page: number, total: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export default function Pagination({ page, totalPage, totalCount, hrefOf, onChange, disabled }: Props) {
  if (totalPage <= 1) return totalCount !== undefined && totalCount > 0 ? <p className="zp-pager__total">共 {totalCount} 条</p> : null;
  const current = Math.min(Math.max(1, page), totalPage);
  const item = (p: number, label: string, aria: string | undefined, off: boolean, isCurrent = false) => {
    const cls = `zp-pager__item${isCurrent ? ' is-current' : ''}`;
    if (off || isCurrent)
      return (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a disabled or current item keeps its name (上一页) for screen readers, as the links beside it have
        <span className={cls} aria-current={isCurrent ? 'page' : undefined} aria-disabled={off || undefined} aria-label={aria}>
          {label}
        </span>
      );
    if (hrefOf)
      return (
        <a className={cls} href={hrefOf(p)} aria-label={aria}>
          {label}
        </a>
      );
    return (
      <button type="button" className={cls} aria-label={aria} disabled={disabled} onClick={() => onChange?.(p)}>
        {label}
      </button>
    );
  };
  return (
    <nav className="zp-pager" aria-label="分页">
      {totalCount !== undefined && <span className="zp-pager__total">共 {totalCount} 条</span>}
      {item(current - 1, '‹', '上一页', current <= 1)}
      {pageWindow(current, totalPage).map((p, i, all) =>
        p === null ? (
          <span key={`gap-after-${all[i - 1]}`} className="zp-pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <span key={p} className="zp-pager__slot">
            {item(p, String(p), `第 ${p} 页`, false, p === current)}
          </span>
        ),
      )}
      {item(current + 1, '›', '下一页', current >= totalPage)}
    </nav>
  );
}
