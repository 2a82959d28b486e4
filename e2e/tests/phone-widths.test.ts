/**
 * The site at a phone's width (375 px) and a laptop's (1280×800): no sideways scrolling, every
 * tab of the home page in view and none cut mid-word, the hall's figures on one line each, the
 * application state reading as a state; and the floating chat button covering no footer link.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, fitsWidth, openPerson, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';
import { personWithChat } from '../lib/chat.js';

/** Each tab bar shows all its tabs: nothing scrolled out of view or clipped. */
const clippedTabs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.tabs__list')]
      .filter((l) => l.offsetParent !== null)
      .flatMap((list) => {
        const box = list.getBoundingClientRect();
        return [...list.querySelectorAll<HTMLElement>('[role="tab"]')]
          .filter((t) => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > box.right + 1 || t.getBoundingClientRect().left < box.left - 1)
          .map((t) => t.textContent);
      }),
  );

describe('phone and laptop widths', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('375 px: home tabs whole, hall figures on one line, the job page state a state, nothing wider than the screen', async () => {
    const { page } = await personWithChat(browser(), 'qz', demo.seeker.phone, 375);
    await page.goto('/zppc/');
    await page.getByRole('tab', { name: '热门推荐' }).waitFor();
    await fitsWidth(page);
    await screenshot(page, 'phone-home-top-375', { fullPage: false });
    // The banners' words read at a phone's width: the picture itself, shown 343 px wide, draws
    // its larger words (its own media query), each line within the picture.
    const banner = await page.locator('.carousel img').first().getAttribute('src');
    const picture = await page.context().newPage();
    await picture.setViewportSize({ width: 343, height: 61 });
    await picture.goto(banner!);
    // Opened on its own the picture is drawn at its full width: sizes scale by 343 / that width.
    const { lines, width } = await picture.evaluate(() => ({
      width: document.documentElement.getBoundingClientRect().width,
      lines: [...document.querySelectorAll('text')].filter((t) => getComputedStyle(t.parentElement!).display !== 'none').map((t) => ({ height: t.getBoundingClientRect().height, right: t.getBoundingClientRect().right })),
    }));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l.height * (343 / width)).toBeGreaterThanOrEqual(11);
      expect(l.right).toBeLessThanOrEqual(width);
    }
    await picture.close();
    expect(await clippedTabs(page)).toEqual([]);
    await page.getByRole('tablist', { name: '单位' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-home-tabs-375', { fullPage: false });

    const token = await apiLogin('hr', demo.hr.phone, demo.password);
    const fairs = await apiCall<{ page: { list: { hxid: string; ifks: number }[] } }>('/api/hr/bshxxx/findYdHxPageAllListByDw', { token, query: { page: 1, limit: 50 } });
    const fair = fairs.page.list.find((f) => f.ifks === 2)!;
    await page.goto(`/zppc/public/meetinghall/${fair.hxid}/2`);
    await page.getByRole('heading', { name: '会场数据' }).waitFor();
    await fitsWidth(page);
    // Each figure's label on one line (报名求职者 included).
    const wrapped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.hall-figures span')].filter((s) => s.getBoundingClientRect().height > parseFloat(getComputedStyle(s).lineHeight) * 1.5).map((s) => s.textContent),
    );
    expect(wrapped).toEqual([]);
    await page.getByRole('heading', { name: '会场数据' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-hall-figures-375', { fullPage: false });

    // A job the demo seeker applied to: the state is a label beside the actions, not a button.
    const applied = await apiCall<{ page: { gwtdlist: { gwid: string }[] } }>('/api/qz/qyhxrxx/listAll/1/10', { token: await apiLogin('qz', demo.seeker.phone, demo.password) });
    const gwid = applied.page.gwtdlist[0]?.gwid;
    expect(gwid, 'the demo seeker has applied to a job').toBeTruthy();
    {
      await page.goto(`/zppc/public/postdetail?gwid=${gwid}`);
      const state = page.getByTestId('application-state');
      await state.waitFor();
      expect(await state.evaluate((el) => el.closest('button, a, [role="button"]') === null && !el.classList.contains('zp-btn'))).toBe(true);
      await fitsWidth(page);
      await screenshot(page, 'phone-job-state-375', { fullPage: false });
    }
  });

  it('places as people pick them: province, then its cities (hot cities first); 不限 once; no bare 不限 tag (375 px)', async () => {
    const { page } = await openPerson(browser(), { viewport: { width: 375, height: 800 } });
    await page.goto('/zppc/public/jobretrieve');
    const province = page.getByLabel('省份');
    const city = page.getByLabel('城市');
    // Before a province: the hot cities.
    const hot = await city.locator('option').allTextContents();
    expect(hot.slice(0, 3)).toEqual(['不限', '北京市', '上海市']);
    expect(await page.getByLabel('学历').locator('option', { hasText: '不限' }).count()).toBe(1);
    await province.selectOption({ label: '广东省' });
    await page.waitForURL(/prov=440000/);
    const cities = await page.getByLabel('城市').locator('option').allTextContents();
    expect(cities).toContain('深圳市');
    expect(cities).not.toContain('武汉市');
    expect(cities.join()).not.toContain('行政区划');
    await page.getByLabel('城市').selectOption({ label: '深圳市' });
    await page.waitForURL(/city=440300/);
    const tags = await page.locator('.job-card .tag, li .tag').allTextContents();
    expect(tags.length).toBeGreaterThan(0);
    expect(tags).not.toContain('不限');
    await fitsWidth(page);
    await screenshot(page, 'phone-job-search-places-375', { fullPage: false });
  });

  it('1280×800: at the end of a page the chat button covers no footer link', async () => {
    const { page } = await personWithChat(browser(), 'qz', demo.seeker.phone, 1280);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const launcher = await page.locator('zp-chat .launcher').boundingBox();
    const covered = await page.evaluate((l) => {
      if (!l) return ['no launcher'];
      return [...document.querySelectorAll<HTMLElement>('footer a, footer button')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.left < l.x + l.width && r.right > l.x && r.top < l.y + l.height && r.bottom > l.y;
        })
        .map((el) => el.textContent);
    }, launcher);
    expect(covered).toEqual([]);
    await screenshot(page, 'laptop-footer-1280', { fullPage: false });
  });
});
