/**
 * How a salary reads, the same on every page and widget: a monthly range in yuan as thousands
 * ('11.5K-19.5K'), rounded half up to one decimal (11,550 → 11.6K), a whole number without '.0';
 * equal bounds as one figure; only one bound as '…以上' / '…以下'; nothing given as 面议; under a
 * thousand in yuan.
 */
export function salaryText(min: number, max: number): string {
  const low = Number.isFinite(min) && min > 0 ? min : 0;
  const high = Number.isFinite(max) && max > 0 ? max : 0;
  if (!low && !high) return '面议';
  if (low && high) return low === high ? amount(low) : `${amount(Math.min(low, high))}-${amount(Math.max(low, high))}`;
  return low ? `${amount(low)}以上` : `${amount(high)}以下`;
}

function amount(yuan: number): string {
  if (yuan < 1000) return `${Math.round(yuan)}元`;
  // Integer arithmetic in hundreds: 1.15 and 1.95 do not round down through binary fractions.
  const tenths = Math.round(yuan / 100);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}K`;
}
