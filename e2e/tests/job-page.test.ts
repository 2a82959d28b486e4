/**
 * A job's page and its neighbours as a visitor and a job seeker use them (issue 28): 收藏 busy on
 * its own button, not the whole page; a view counted once a day per visitor; missing pages
 * answer 404; search past the last page; a place written once.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, demo, openLoggedIn, openPerson, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiGrant } from '../lib/api.js';

/** A logged-in person (session in localStorage before the first page), with their token. */
async function person(browser: Browser, role: 'qz' | 'hr' | 'xs', phone: string) {
  const grant = await apiGrant(role, phone);
  return { ...(await openLoggedIn(browser, grant)), token: grant.token };
}

/** A published job the demo seeker has not saved yet. */
async function unsavedJob(token: string): Promise<{ gwid: string; gwmc: string }> {
  const jobs = (await apiCall<{ page: { list: { gwid: string; gwmc: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 50 } })).page.list;
  const flags = (await apiCall<{ sczt: Record<string, number> }>('/api/qz/qzgwsc/sczt', { token, body: jobs.map((j) => j.gwid) })).sczt;
  const job = jobs.find((j) => flags[j.gwid] !== 1);
  if (!job) throw new Error('every listed job is saved already');
  return job;
}

describe("a job's page", () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('收藏 shows its spinner on the button only: the page stays usable, no overlay', async () => {
    const seeker = await person(browser(), 'qz', demo.seeker.phone);
    const job = await unsavedJob(seeker.token);
    const { page } = seeker;
    // Hold the save request until the page has been looked at while it is in flight.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/qz/qzgwsc/sc/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/zppc/public/postdetail?gwid=${job.gwid}`);
    const save = page.getByRole('button', { name: '☆ 收藏' });
    await page.locator('astro-island:not([ssr])').filter({ has: save }).waitFor();
    await save.click();
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(await save.locator('.zp-spinner').count()).toBe(1);
    expect(await page.locator('.zp-loading').count()).toBe(0);
    await screenshot(page, 'job-save-busy', { fullPage: false });
    release();
    await page.getByRole('button', { name: '★ 已收藏' }).waitFor();
    await page.locator('.zp-message').filter({ hasText: '收藏成功' }).first().waitFor();
    expect(await page.locator('.zp-loading').count()).toBe(0);
  });

  it("a visitor reloading a job's page adds one view, not one per load", async () => {
    const job = (await apiCall<{ page: { list: { gwid: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 2, limit: 1 } })).page.list[0]!;
    // This test's own reads count once (its reader is counted on the first read).
    const views = async () => (await apiCall<{ gwxxxqQzVO: { llcs: number } }>('/api/qz/qydwgwfbxx/findGwInfoQzById', { query: { gwid: job.gwid } })).gwxxxqQzVO.llcs;
    const notice = (await apiCall<{ page: { list: { bsid: string }[] } }>('/api/xs/notice/getNoticeMsgWeb', { body: { page: 1, limit: 1 } })).page.list[0]!;
    const visits = async () => (await apiCall<{ data: { visits: number } }>('/api/xs/notice/getNoticeDetails', { query: { bsid: notice.bsid } })).data.visits;
    const before = await views();
    const noticeBefore = await visits();
    // A visitor of their own: every context of this run shares one address and Chromium's user
    // agent, and other journeys may have read these pages today as that same visitor.
    const context = await browser().newContext({ baseURL: baseUrl(), locale: 'zh-CN', userAgent: `Mozilla/5.0 zp-e2e-visitor-${Date.now()}` });
    const page = await context.newPage();
    for (let i = 0; i < 4; i++) {
      await page.goto(`/zppc/public/postdetail?gwid=${job.gwid}`);
      await page.locator('h1').waitFor();
    }
    // Views are written in batches, in the order they came: once the visitor's later read of a
    // notice is written, every load of the job above is too.
    await page.goto(`/zppc/public/noticedetail?noticeid=${notice.bsid}`);
    await expect.poll(visits, { timeout: 10_000 }).toBe(noticeBefore + 1);
    expect(await views()).toBe(before + 1);
  });

  it('a missing company, school, job, notice or hall answers 404 with its page', async () => {
    const status = async (path: string) => {
      const r = await fetch(new URL(path, baseUrl()));
      return [path, r.status, (await r.text()).includes('不存在')] as const;
    };
    const missing = [
      '/zppc/public/enterdetail?dwid=999999',
      '/zppc/public/companydetail?dwid=999999',
      '/zppc/public/school?dwid=999999',
      '/zppc/public/enterdetail?dwid=abc',
      '/zppc/public/postdetail?gwid=999999',
      '/zppc/public/noticedetail?noticeid=999999',
      '/zppc/public/meetinghall/999999/1',
    ];
    expect(await Promise.all(missing.map(status))).toEqual(missing.map((p) => [p, 404, true]));
    const job = (await apiCall<{ page: { list: { dwid: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 1 } })).page.list[0]!;
    expect((await fetch(new URL(`/zppc/public/enterdetail?dwid=${job.dwid}`, baseUrl()))).status).toBe(200);
  });

  it('search past the last page says where the jobs are instead of 没有符合条件的岗位', async () => {
    const { page } = await openPerson(browser());
    await page.goto('/zppc/public/jobretrieve?val=1&page=999');
    const total = await page.locator('.result-count b').textContent();
    expect(Number(total)).toBeGreaterThan(0);
    expect(await page.getByText('没有符合条件的岗位').count()).toBe(0);
    await page.getByRole('link', { name: '查看最后一页' }).click();
    await page.waitForURL(/page=\d+/);
    expect(await page.locator('.job-row').count()).toBeGreaterThan(0);
  });

  it("a job's place names the city once (a municipality is its own province and city)", async () => {
    const jobs = (await apiCall<{ page: { list: { gwid: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 5, sbcs: '310100' } })).page.list;
    expect(jobs.length).toBeGreaterThan(0);
    const { page } = await openPerson(browser());
    for (const job of jobs) {
      await page.goto(`/zppc/public/postdetail?gwid=${job.gwid}`);
      const place = (await page.locator('section[aria-labelledby="where"] > p').first().textContent())!.trim();
      expect(place.match(/上海市/g)?.length ?? 0, place).toBeLessThanOrEqual(1);
    }
  });
});
