/**
 * Finding jobs from the home page (issue 28, items 1 and 2): every link of the category panel
 * finds what that category's filter finds; a visitor sees 职位查看 and a search box with the city
 * at the top of the home page, with suggestions from job titles and their own recent searches.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, demo, fitsWidth, openLoggedIn, openPerson, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiGrant } from '../lib/api.js';

type Code = { dm: string; name: string };

/** The panel's categories in the order the panel lists them (first 12, with their levels 2 and 3). */
async function panelCategories(): Promise<{ code: string; name: string }[]> {
  const one = (await apiCall<{ gwlbList: Code[] }>('/api/hr/dm/findGwlbOneList')).gwlbList.slice(0, 12);
  const two = (await apiCall<{ gwlbotList: Record<string, Code[]> }>('/api/hr/dm/findGwlbOtList')).gwlbotList;
  const three = (await apiCall<{ gwlbthList: Record<string, Code[]> }>('/api/hr/dm/findGwlbThListAll')).gwlbthList;
  const out: { code: string; name: string }[] = [];
  for (const c of one) {
    out.push({ code: c.dm, name: c.name });
    const subs = two[c.dm] ?? [];
    // inline: the first two sub-categories; then the fly-out: each sub-category and its leaves
    for (const s of subs.slice(0, 2)) out.push({ code: s.dm, name: s.name });
    for (const s of subs) {
      out.push({ code: s.dm, name: s.name });
      for (const t of three[s.dm] ?? []) out.push({ code: t.dm, name: t.name });
    }
  }
  return out;
}

/** '共找到 N 个岗位' of a job search page's HTML. */
function foundCount(html: string): number {
  const m = /共找到 <b[^>]*>([\d,]+)\+?<\/b> 个岗位/.exec(html);
  if (!m) throw new Error('no result count on the page');
  return Number(m[1]!.replace(/,/g, ''));
}

/** A logged-in person (session in localStorage before the first page) on `path`. */
async function personOn(browser: Browser, role: 'qz' | 'hr', phone: string, path: string, width = 1280) {
  const person = await openLoggedIn(browser, await apiGrant(role, phone), { viewport: { width, height: 800 } });
  await person.page.goto(path);
  return person;
}

describe('job search from the home page', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('every link of the category panel finds as many jobs as its category filter', { timeout: 240_000 }, async () => {
    const html = await (await fetch(`${baseUrl()}/zppc/`)).text();
    const panel = /<section class="categories"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const links = [...panel.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({ href: m[1]!.replace(/&amp;/g, '&'), text: m[2]! }));
    const categories = await panelCategories();
    expect(links.map((l) => l.text)).toEqual(categories.map((c) => c.name));
    expect(links.length).toBeGreaterThan(200);

    const wrong: string[] = [];
    let empty = 0;
    for (const [i, link] of links.entries()) {
      const { code, name } = categories[i]!;
      const filter = await apiCall<{ page: { totalCount: number } }>('/api/xs/app/search/gwpc', { query: { gwlb: code, page: 1, limit: 1 } });
      const shown = foundCount(await (await fetch(new URL(link.href, baseUrl()))).text());
      if (shown !== filter.page.totalCount) wrong.push(`${name}: ${shown} ≠ ${filter.page.totalCount}`);
      if (shown === 0) empty++;
    }
    expect(wrong, `${wrong.length} of ${links.length} links`).toEqual([]);
    // The panel leads to jobs: the top-level categories are not empty.
    expect(empty).toBeLessThan(links.length);
  });

  it('a visitor finds job search: 职位查看 in the bar, a search box with the city atop the home page, titles and recent searches suggested', { timeout: 120_000 }, async () => {
    const { page } = await openPerson(browser());
    await page.goto('/zppc/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect.poll(() => nav.getByRole('link', { name: '职位查看' }).getAttribute('href')).toBe('/zppc/public/jobretrieve?val=1');

    const box = page.getByRole('search', { name: '搜索职位' });
    const city = box.getByLabel('城市');
    expect((await city.locator('option').allTextContents()).slice(0, 3)).toEqual(['全国', '北京', '上海']);
    // Above the fold, before the category panel.
    const boxTop = (await box.boundingBox())!.y;
    expect(boxTop).toBeLessThan((await page.locator('.categories').boundingBox())!.y);
    expect(boxTop).toBeLessThan(200);

    // Typing: titles of jobs on offer that hold the typed word.
    const input = box.getByRole('combobox', { name: '职位或公司' });
    await input.click();
    await input.pressSequentially('前端');
    const options = box.getByRole('listbox', { name: '搜索建议' }).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    const offered = await options.allTextContents();
    expect(offered.every((t) => t.includes('前端')), offered.join('/')).toBe(true);
    await screenshot(page, 'home-search-suggestions-1280', { fullPage: false });
    await input.press('ArrowDown');
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    await input.press('Enter');
    await page.waitForURL(/\/zppc\/public\/jobretrieve\?val=/);
    expect(new URL(page.url()).searchParams.get('val')).toBe(offered[0]);
    expect(Number(await page.locator('.result-count b').textContent())).toBeGreaterThan(0);

    // Back home with a city: the search goes to that city, and both are remembered.
    await page.goto('/zppc/');
    await box.getByLabel('城市').selectOption({ label: '深圳' });
    await input.fill('会计');
    await input.press('Enter');
    await page.waitForURL(/jobretrieve/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ city: '440300', val: '会计' });
    await page.locator('.result-count').waitFor();
    await page.goto('/zppc/');
    await expect.poll(() => box.getByLabel('城市').inputValue()).toBe('440300');
    await input.focus();
    await expect.poll(() => options.allTextContents()).toEqual([`最近搜索：会计`, `最近搜索：${offered[0]}`, '清除搜索记录']);
    await screenshot(page, 'home-search-recent-1280', { fullPage: false });
    await input.press('Escape');
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('false');

    // A phone: the box fits and comes first.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await fitsWidth(page);
    expect((await box.boundingBox())!.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'home-search-375', { fullPage: false });

    // Job seekers see 职位查看 too; HR do not (spec section 2).
    const hr = await personOn(browser(), 'hr', demo.hr.phone, '/zppc/');
    await hr.page.locator('.nav-account').waitFor();
    expect(await hr.page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '职位查看' }).count()).toBe(0);
    const seeker = await personOn(browser(), 'qz', demo.seeker.phone, '/zppc/');
    await seeker.page.locator('.nav-account').waitFor();
    expect(await seeker.page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '职位查看' }).count()).toBe(1);
  });
});
