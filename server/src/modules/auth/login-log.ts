/** The person's login log as the account page shows it. */
import { pageOf } from '../../http/reply.js';
import type { Db } from '../../db/index.js';
import { loginLogOf } from './repo.js';

export async function loginLogPage(db: Db, userId: string, query: { startDate?: string; endDate?: string; page: number; limit: number }) {
  const from = query.startDate?.slice(0, 10) || '1970-01-01';
  const to = query.endDate?.slice(0, 10) || '9999-12-31';
  const { total, list } = await loginLogOf(db, userId, { from, to, page: query.page, limit: query.limit });
  // Every login of this site is made on a computer's browser ('301') and only successful ones are kept ('101').
  const rowsOut = list.map(({ ua, ...r }) => ({ ...r, dlllq: browserOf(ua), dlsm: '301', dlzt: '101' }));
  return pageOf(rowsOut, total, query.page, query.limit);
}

/** Browser with its major version and system, e.g. 'Chrome 120 / Windows' (dlllq); '未知' without a user agent. */
export function browserOf(ua: string): string {
  let browser = ua ? '其他浏览器' : '未知';
  for (const [re, name] of [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/MicroMessenger\/(\d+)/, '微信'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[^ ]* .*Safari\//, 'Safari'],
  ] as const) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} / ${os}` : browser;
}
