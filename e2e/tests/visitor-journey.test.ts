import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectBrowser, demo, fitsWidth, openPerson, screenshot } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';


describe('visitor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('goes from the home page through the offline fair tab to a hall, a booth’s company and one of its jobs', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/');
    await page.getByRole('heading', { name: '岗位类别' }).waitFor();
    await expect(page.getByRole('region', { name: '通知公告' }).getByRole('link').count()).resolves.toBeGreaterThan(0);
    await fitsWidth(page);
    await screenshot(page, 'visitor-home-1280');

    // The offline tab shows the offline fairs; its first card leads into the hall.
    await page.getByRole('tab', { name: '线下招聘会' }).click();
    const offline = page.getByRole('tabpanel', { name: '线下招聘会' });
    await offline.getByRole('listitem').first().waitFor();
    await expect(page.getByRole('tabpanel', { name: '线上招聘会' }).isVisible()).resolves.toBe(false);
    const fairName = (await offline.locator('.fair-card__title').first().textContent())!.trim();
    // (A running fair's way in is its main button 进入会场; every card's title leads there too.)
    await offline.locator('.fair-card__title').first().click();
    await page.waitForURL(/\/zppc\/public\/meetinghall\/\d+\/[123]$/);
    await page.getByRole('heading', { level: 1, name: fairName }).waitFor();
    await page.getByRole('heading', { name: '会场数据' }).waitFor();
    await fitsWidth(page);
    await screenshot(page, 'visitor-hall-1280');

    // A booth: the enterprise with its jobs at this fair.
    const booth = page.locator('[data-booth]').first();
    const company = (await booth.locator('.booth__name a').textContent())!.trim();
    await booth.locator('.booth__name a').click();
    await page.waitForURL(/\/zppc\/public\/enterdetail\?dwid=\d+&hxid=\d+/);
    await page.getByRole('heading', { level: 1, name: company }).waitFor();
    const fairJobs = page.getByRole('region', { name: /本场招聘会岗位/ });
    await fairJobs.waitFor();
    await fitsWidth(page);
    await screenshot(page, 'visitor-company-1280');

    // A job of that fair: the detail, the posting HR, and apply asks a visitor to log in first.
    const jobLink = fairJobs.getByRole('listitem').first().getByRole('link');
    const jobTitle = (await jobLink.textContent())!.trim();
    await jobLink.click();
    await page.waitForURL(/\/zppc\/public\/postdetail\?gwid=\d+&hxid=\d+/);
    await page.getByRole('heading', { level: 1, name: new RegExp(jobTitle) }).waitFor();
    await page.getByRole('heading', { name: '发布人' }).waitFor();
    await expect(page.getByText(company).first().isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: '投递简历' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('未登录，请您登录后，进行投递。').waitFor();
    await ask.getByRole('button', { name: '取消' }).click();
    await fitsWidth(page);
    await screenshot(page, 'visitor-job-1280');
    await context.close();
  });

  it('the same way on a phone, with the menu for the fair list and the spec’s mixed-case links', async () => {
    const { context, page } = await openPerson(browser, { viewport: { width: 375, height: 812 } });
    await page.goto('/zppc/');
    await fitsWidth(page);
    await screenshot(page, 'visitor-home-375');
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '招聘会' }).click();
    await page.waitForURL(/\/zppc\/public\/meetinglist$/);

    // The spec's own spelling of the link works too.
    await page.goto('/zppc/public/meetingList?venue=2');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/zppc/public/meetinglist?venue=2');
    await page.getByRole('heading', { level: 1, name: '线下招聘会' }).waitFor();
    await fitsWidth(page);
    await screenshot(page, 'visitor-fairs-375');

    await page.getByRole('link', { name: '进入会场 ›' }).first().click();
    await page.waitForURL(/meetinghall/);
    await page.locator('[data-booth]').first().waitFor();
    await fitsWidth(page);
    await screenshot(page, 'visitor-hall-375');
    await page.locator('[data-booth] .booth__name a').first().click();
    await page.waitForURL(/enterdetail/);
    await fitsWidth(page);
    await screenshot(page, 'visitor-company-375');
    await page.getByRole('region', { name: /本场招聘会岗位/ }).getByRole('listitem').first().getByRole('link').click();
    await page.waitForURL(/postdetail/);
    await page.getByRole('button', { name: '投递简历' }).waitFor();
    await fitsWidth(page);
    await screenshot(page, 'visitor-job-375');
    await context.close();
  });

  it('is asked to log in before signing up for or saving a fair, with the spec’s words', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/public/meetinglist?venue=1');
    await page.getByRole('button', { name: '立即报名' }).first().click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('未登录，请您登录后，进行报名。').waitFor();
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '☆ 收藏' }).first().click();
    await page.getByRole('alertdialog').getByText('未登录，请您登录后，进行收藏。').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: '去登录' }).click();
    await page.waitForURL(/\/zppc\/public\/login\?id=1&redirect=%2Fzppc%2Fpublic%2Fmeetinglist/);
    await context.close();
  });

  it('sees a notice the operator just published on the next load of the home page', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/');
    const ticker = page.getByRole('region', { name: '通知公告' });
    await ticker.getByRole('link').first().waitFor();
    const title = `e2e 公告 ${Date.now()}`;
    expect(await ticker.getByText(title).count()).toBe(0);

    const token = await apiLogin('xs', demo.operator.phone, demo.password);
    await apiCall('/api/xs/admin/notice/save', { token, body: { title, types: 'zxlb_01', content: '端到端测试发布的公告。', fbzt: 1 } });

    await page.reload();
    await ticker.getByText(title).waitFor({ state: 'attached' });
    await ticker.getByRole('link', { name: new RegExp(title) }).click({ force: true });
    await page.waitForURL(/noticedetail\?noticeid=\d+/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await context.close();
  });

  it('every other public page renders and fits at 1280 and 375 px', async () => {
    const jobs = await apiCall<{ page: { list: { gwid: string; dwid: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 1 } });
    const schools = await apiCall<{ page: { list: { dwid: string }[] } }>('/api/hr/bskhgl/findDwListByType', { query: { page: 1, limit: 1, type: 2 } });
    const pages: [string, string, string][] = [
      ['jobs', '/zppc/public/jobretrieve?val=1', '共找到'],
      ['jobs-filtered', '/zppc/public/jobretrieve?val=工程师&px=yx', '共找到'],
      ['notice', '/zppc/public/noticedetail?noticeid=710001', '最新公告'],
      ['schools', '/zppc/public/schoollist', '高校联盟'],
      ['school', `/zppc/public/school?dwid=${schools.page.list[0].dwid}`, '学校简介'],
      ['companydetail', `/zppc/public/companydetail?dwid=${jobs.page.list[0].dwid}`, '单位简介'],
      ['rpo', '/zppc/public/rpo', '企业招聘服务'],
      ['yczq', '/zppc/public/yczq', '引才专区'],
      ['textvip', '/zppc/public/textvip', '会员服务'],
      ['survey', '/zppc/public/surveydetail', '满意度与意见反馈'],
      ['404', '/zppc/public/nothing-here', '页面不存在'],
    ];
    for (const width of [1280, 375]) {
      const { context, page } = await openPerson(browser, { viewport: { width, height: 900 } });
      for (const [name, path, text] of pages) {
        await page.goto(path);
        await page.locator('main').getByText(text).first().waitFor();
        await fitsWidth(page);
        await screenshot(page, `visitor-${name}-${width}`);
      }
      await context.close();
    }
  });

  it('a logged-in job seeker sees the unread badge in the top bar appear live when an HR moves their application', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(demo.seeker.phone);
    await page.getByLabel('密码', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/job_hunter/hunter_home');
    await page.goto('/zppc/');
    const account = page.locator('header').getByRole('button', { name: new RegExp(demo.seeker.name) });
    await account.waitFor();
    const badge = account.locator('.nav-badge');
    const shown = async () => ((await badge.count()) ? Number(await badge.textContent()) : 0);
    // What the bar should show once it has loaded: the three counters, as the API gives them.
    // (Read before it loads, the badge would still be hidden and the count off by what it holds.)
    const counters = async () => {
      const token = await apiLogin('qz', demo.seeker.phone, demo.password);
      const { qzXxtx: x } = await apiCall<{ qzXxtx: Record<'wjxx' | 'hxxx' | 'xtxx', { count: number }> }>('/api/qz/qzxxtx/baseInfo', { token });
      return x.wjxx.count + x.hxxx.count + x.xtxx.count;
    };
    const before = await counters();
    await expect.poll(shown).toBe(before);

    // Another person's side, arranged over the API: the demo HR shortlists one of the seeker's applications.
    const hr = await apiLogin('hr', demo.hr.phone, demo.password);
    const received = await apiCall<{ page: { list: { bsid: string; yyzt: number }[] } }>('/api/hr/qyhxrxx/findAllHxrList', { token: hr, query: { xm: demo.seeker.name, page: 1, limit: 50 } });
    let open = received.page.list.find((a) => a.yyzt === 1 || a.yyzt === 2);
    if (!open) {
      // Other journeys may have moved the seeded applications on: apply to a job not applied to yet.
      const seeker = await apiLogin('qz', demo.seeker.phone, demo.password);
      const jobs = await apiCall<{ page: { list: { gwid: string }[] } }>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr, query: { zt: 1, page: 1, limit: 50 } });
      for (const job of jobs.page.list) {
        const applied = await apiCall('/api/qz/qyhxrxx/td', { token: seeker, method: 'POST', body: { gwid: job.gwid } }).catch(() => null);
        if (applied) break;
      }
      const again = await apiCall<{ page: { list: { bsid: string; yyzt: number }[] } }>('/api/hr/qyhxrxx/findAllHxrList', { token: hr, query: { xm: demo.seeker.name, page: 1, limit: 50 } });
      open = again.page.list.find((a) => a.yyzt === 1 || a.yyzt === 2);
    }
    expect(open, 'the demo seeker has an application still open at the demo enterprise').toBeTruthy();
    await apiCall('/api/hr/qyhxrxx/updateHxrYyzt', { token: hr, method: 'POST', query: { bsid: open!.bsid, type: 3 } });

    // No reload: the notification socket told the bar, which counted again.
    await expect.poll(shown).toBe(before + 1);
    await expect(badge.getAttribute('aria-label')).resolves.toBe(`未读消息${before + 1}条`);
    await screenshot(page, 'visitor-seeker-badge-1280');
    await context.close();
  });
});
