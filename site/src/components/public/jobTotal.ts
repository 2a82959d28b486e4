/**
 * The job search page's total: the server stops counting at a cap (totalCapped), and the page
 * then says at least that many ("1,000+") rather than a number it did not count.
 */
export function jobTotalText(page: { totalCount: number; totalCapped?: boolean }): string {
  return page.totalCapped ? `${page.totalCount.toLocaleString('en-US')}+` : String(page.totalCount);
}
