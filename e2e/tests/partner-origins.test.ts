/**
 * Partner origins as the operator keeps them and as partner pages meet them: the operator lists a
 * school's site in the console; the same page (fixtures/partner.html) served from an origin not on
 * the list is refused by the API; a login through the platform's window on the listed site gets a partner
 * token that is refused from any other origin and for a password change; the person sees that
 * login in the account page's login log and ends it there, after which the partner page's token
 * is refused at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, demo, openPerson, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiLogin, md5 } from '../lib/api.js';
import { videoPerson } from '../lib/video.js';
import { loginWindowOf, logInInWindow, partnerFixture, servePartner, type PartnerServer } from '../lib/partner.js';

const REFUSAL = '本站尚未开通嵌入，请联系平台';
const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();
const confirmDialog = (page: Page, button: string) => page.getByRole('alertdialog').getByRole('button', { name: button }).click();

/** One call to the platform's API made by the partner page's own scripts (what any script there can do). */
function callFromPage(page: Page, url: string, opts: { method?: string; token?: string; body?: unknown } = {}) {
  return page.evaluate(
    async ({ url, opts }) => {
      const res = await fetch(url, {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers: { ...(opts.token ? { token: opts.token } : {}), ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
    },
    { url, opts },
  );
}

describe('partner origins', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });
  const servers: PartnerServer[] = [];
  let listed = '';
  let other = '';
  let unlisted = '';

  beforeAll(async () => {
    const html = partnerFixture('partner.html');
    servers.push(...(await Promise.all([0, 1, 2].map(() => servePartner(() => html)))));
    [listed, other, unlisted] = servers.map((s) => s.origin);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  it('the operator lists a site in the console; a page elsewhere is refused; the partner token stays on its site and out of the password; the person ends it from the login log', { timeout: 150_000 }, async () => {
    // ---- the operator adds the school's site in 运营后台 › 合作网站
    const operator = await videoPerson(browser(), 'xs', demo.operator.phone, 1280);
    await operator.page.goto('/zppc/admin/partners');
    await operator.page.getByRole('button', { name: '添加合作网站' }).click();
    const dialog = operator.page.getByRole('dialog', { name: '添加合作网站' });
    await dialog.getByLabel('网站名称').fill('某某大学就业指导中心');
    await dialog.getByLabel('网站地址').fill(`${listed}/jobs/index.html`);
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('网站地址应为 https://域名 或 https://域名:端口，不含路径、参数和空格').waitFor();
    await dialog.getByLabel('网站地址').fill(listed);
    await dialog.getByLabel('联系人').fill('就业指导中心 王老师');
    await dialog.getByRole('button', { name: '保存' }).click();
    await toast(operator.page, '合作网站已添加');
    await operator.page.locator('.hr-card').filter({ hasText: '某某大学就业指导中心' }).filter({ hasText: listed }).waitFor();
    await screenshot(operator.page, 'partner-origins-console-1280', { fullPage: false });
    // a second school, added over the API as another operator would
    const opToken = await apiLogin('xs', demo.operator.phone, demo.password);
    await apiCall('/api/xs/admin/partner/save', { token: opToken, body: { mc: '另一所学校', origin: other } });

    // ---- the same page from an origin not on the list: the API refuses its calls
    const stranger = await openPerson(browser());
    await stranger.page.goto(`${unlisted}/`);
    const refused = await callFromPage(stranger.page, `${baseUrl()}/api/hr/bshxxx/findHxListByType?page=1&limit=5&type=1`);
    expect(refused).toEqual({ status: 403, body: { code: 403, msg: REFUSAL } });
    const loginThere = await callFromPage(stranger.page, `${baseUrl()}/api/sec/pc/logonQz`, { body: { logintype: 0, phone: demo.seeker.phone, pwd: md5(demo.password) } });
    expect(loginThere.body).toEqual({ code: 403, msg: REFUSAL });
    // and the person is told so: by the widget at once, or by the platform's login window it opens
    const refusalShown = stranger.page.getByText(REFUSAL).first();
    if (!(await refusalShown.isVisible())) {
      const win = await loginWindowOf(stranger.page, () => stranger.page.locator('zp-chat .launcher').click());
      await win.getByRole('alert').filter({ hasText: REFUSAL }).waitFor();
      expect(await win.getByLabel('密码', { exact: true }).count()).toBe(0);
      await win.close();
    }
    await screenshot(stranger.page, 'partner-origins-refused-1280', { fullPage: false });
    expect(await stranger.page.evaluate(() => localStorage.getItem('zp:session'))).toBeNull();

    // ---- on the listed site a visitor logs in inside the widget: a partner token
    // the demo student (a complete résumé, so the account pages open for them)
    const phone = demo.seeker.phone;
    const visitor = await openPerson(browser());
    await visitor.page.goto(`${listed}/`);
    await logInInWindow(await loginWindowOf(visitor.page, () => visitor.page.locator('zp-chat .launcher').click()), '求职者', phone);
    await visitor.page.getByRole('alert').filter({ hasText: '谨防诈骗' }).waitFor();
    const stored = await visitor.page.evaluate(() => JSON.parse(localStorage.getItem('zp:session') ?? 'null') as { token: string; expiresAt: number } | null);
    expect(stored?.token).toBeTruthy();
    const token = stored!.token;
    // short-lived: about two hours, not the platform's seven days
    expect(stored!.expiresAt - Date.now()).toBeLessThanOrEqual(2 * 3600_000);
    expect(stored!.expiresAt - Date.now()).toBeGreaterThan(3600_000);
    // no token in any URL the page requested
    const urls = await visitor.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(urls.filter((u) => u.includes(token))).toEqual([]);

    // on its own site: the person's identity, yes; the password, never
    expect((await callFromPage(visitor.page, `${baseUrl()}/api/sec/pc/currentUser`, { token })).body.code).toBe(0);
    const pwd = await callFromPage(visitor.page, `${baseUrl()}/api/sec/secuser/updatePwd?oldPwd=${md5(demo.password)}&newPwd=${md5('hacked-2026')}`, { method: 'POST', token });
    expect(pwd).toEqual({ status: 200, body: { code: 403, msg: '合作网站登录无权进行此操作，请到平台网站操作' } });
    await apiLogin('qz', phone, demo.password); // the password is unchanged

    // copied to another partner's page, or used without a page, the token is refused
    const elsewhere = await openPerson(browser());
    await elsewhere.page.goto(`${other}/`);
    const copied = await callFromPage(elsewhere.page, `${baseUrl()}/api/sec/pc/currentUser`, { token });
    expect(copied).toEqual({ status: 200, body: { code: 401, msg: '该登录仅限在签发它的合作网站上使用，请重新登录' } });
    const bare = await fetch(`${baseUrl()}/api/sec/pc/currentUser`, { headers: { token } });
    expect(((await bare.json()) as { code: number }).code).toBe(401);

    // ---- the person sees that login in the account page's login log and ends it
    const owner = await videoPerson(browser(), 'qz', phone, 1280);
    await owner.page.goto('/zppc/job_hunter/hunter_login');
    const section = owner.page.getByRole('region', { name: '合作网站登录' });
    const row = section.getByRole('row').filter({ hasText: listed });
    await row.getByText('某某大学就业指导中心').waitFor();
    await screenshot(owner.page, 'partner-origins-login-log-1280', { fullPage: false });
    await row.getByRole('button', { name: '结束在 某某大学就业指导中心 上的登录' }).click();
    await confirmDialog(owner.page, '结束');
    await toast(owner.page, '已结束该合作网站登录');
    await row.waitFor({ state: 'detached' });
    const ended = await callFromPage(visitor.page, `${baseUrl()}/api/sec/pc/currentUser`, { token });
    expect(ended.body.code).toBe(401);
  });
});
