/**
 * Colour contrast on the public pages (issue 28, item 18): axe-core's color-contrast rule finds
 * nothing on ten pages a visitor reads, at 1280 and 375 px: small text reaches 4.5:1 (salary
 * orange, grey meta text and green tags were 2.6, 3.23 and 3.12).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPerson, useBrowser } from '../lib/harness.js';
import { apiCall } from '../lib/api.js';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  nodes: { target: string[]; failureSummary: string; html: string }[];
}

/** axe-core's color-contrast findings on the page as it stands (run in the page; CSP does not apply to evaluate). */
async function contrastFailures(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })).violations;
  });
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(-1)[0]?.trim()} — ${n.html.slice(0, 120)}`));
}

describe('colour contrast', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('no contrast failures on ten public pages at 1280 and 375 px', { timeout: 240_000 }, async () => {
    const fair = (await apiCall<{ page: { list: { hxid: string; ifks: number }[] } }>('/api/hr/bshxxx/findHxListByType', { query: { type: 1, page: 1, limit: 20 } })).page.list.find((f) => f.ifks === 2)!;
    const job = (await apiCall<{ page: { list: { gwid: string; dwid: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 1 } })).page.list[0]!;
    const notice = (await apiCall<{ page: { list: { bsid: string }[] } }>('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 1 } })).page.list[0]!;
    const pages = [
      '/zppc/',
      '/zppc/public/meetinglist?venue=1',
      `/zppc/public/meetinghall/${fair.hxid}/2`,
      '/zppc/public/jobretrieve?val=1',
      `/zppc/public/postdetail?gwid=${job.gwid}`,
      `/zppc/public/enterdetail?dwid=${job.dwid}`,
      `/zppc/public/noticedetail?noticeid=${notice.bsid}`,
      '/zppc/public/schoollist',
      '/zppc/public/rpo',
      '/zppc/public/login?id=1',
    ];
    const failures: string[] = [];
    for (const width of [1280, 375]) {
      const { page } = await openPerson(browser(), { viewport: { width, height: 900 } });
      for (const path of pages) {
        await page.goto(path, { waitUntil: 'networkidle' });
        for (const f of await contrastFailures(page)) failures.push(`${width}px ${path} ${f}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
