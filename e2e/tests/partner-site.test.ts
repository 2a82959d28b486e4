/**
 * A school's careers page on another origin (fixtures/partner-site.html) with <zp-job-fairs>,
 * <zp-chat> and <zp-feedback>, one script tag each, and a hostile stylesheet
 * (`* { font-size: 40px !important; color: red }`). A visitor meets the three refusals of spec
 * section 5 in the fair widget (not logged in, résumé under 60 %, enterprise not approved), logs in
 * once (in the platform's login window) and the chat knows it (an HR's message shows as its badge), sends feedback with an
 * image, logs out once and every widget knows it, and a complete seeker signs up for a fair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, demo, openPerson, screenshot, smsCode, useBrowser, type Grant } from '../lib/harness.js';
import { apiCall, apiLogin, md5, currentConsent } from '../lib/api.js';
import { badgeCount, giveResume, personWithChat, quickStart, registerSeeker } from '../lib/chat.js';
import { listPartner, loginWindowOf, logInInWindow, partnerFixture, servePartner, type PartnerServer } from '../lib/partner.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const stamp = String(Date.now()).slice(-6);
const RED = 'rgb(255, 0, 0)';

const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

/** The font size and colour an element is drawn with. */
const look = (target: Locator) => target.evaluate((el) => ({ size: getComputedStyle(el).fontSize, color: getComputedStyle(el).color }));

/** The fair widget's login (named after what it leads to): `open` opens the platform's window, the person logs in there. */
async function logInThere(page: Page, open: () => Promise<unknown>, name: string, role: '求职者' | '企业HR', phone: string) {
  const win = await loginWindowOf(page, open);
  await page.getByRole('dialog', { name }).waitFor();
  await logInInWindow(win, role, phone);
  await page.getByRole('dialog', { name }).waitFor({ state: 'detached' });
}

/** The card of the first fair still open for sign-up (online tab, then on-site): its button says 立即报名. */
async function openFair(page: Page): Promise<Locator> {
  const fairs = page.locator('zp-job-fairs');
  for (const tab of ['线上招聘会', '线下招聘会']) {
    await fairs.getByRole('tab', { name: tab }).click();
    await fairs.locator('.jf-card:not(.jf-skeleton)').first().waitFor();
    const card = fairs.locator('.jf-card').filter({ has: page.getByRole('button', { name: /^立即报名：/ }) }).first();
    if (await card.count()) return card;
  }
  throw new Error('no fair open for sign-up on the partner page');
}
const signUpButton = (card: Locator) => card.getByRole('button', { name: /^立即报名：/ });

/** Logs out through the fair widget's header and waits until every widget is logged out. */
async function logOut(page: Page) {
  await page.locator('zp-job-fairs .jf-user').getByRole('button', { name: '退出' }).click();
  await toast(page, '已退出登录');
  await page.locator('zp-job-fairs button.jf-user').waitFor();
}

describe('a partner site with the fair, chat and feedback widgets', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });
  let site: PartnerServer;
  let partner = '';

  beforeAll(async () => {
    const html = partnerFixture('partner-site.html');
    site = await servePartner(() => html);
    partner = site.origin;
    await listPartner(partner, '某某大学就业信息网', '就业指导中心');
  });
  afterAll(async () => {
    await site?.close();
  });

  it('the three refusals, one login for every widget, feedback with an image, one logout, and a sign-up (1280 px)', { timeout: 240_000 }, async () => {
    const { context, page } = await openPerson(browser(), { viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${partner}/`);
    const fairs = page.locator('zp-job-fairs');
    await fairs.locator('.jf-card:not(.jf-skeleton)').first().waitFor();

    // The partner's stylesheet rules its own page and nothing inside the widgets.
    expect(await look(page.locator('#partner-title'))).toEqual({ size: '40px', color: RED });
    const name = await look(fairs.locator('.jf-name').first());
    expect(name.size).not.toBe('40px');
    expect(name.color).not.toBe(RED);
    const tab = await look(fairs.getByRole('tab', { name: '线上招聘会' }));
    expect(tab.size).not.toBe('40px');
    const launcher = page.locator('zp-chat .launcher');
    await launcher.waitFor();
    expect(await launcher.evaluate((el) => getComputedStyle(el).borderTopStyle)).not.toBe('dashed');
    await screenshot(page, 'partner-site-1280', { fullPage: false });

    // 1. Not logged in: the spec's confirm, whose 去登录 opens the widget's own login.
    const seekerPhone = `135${String(Date.now()).slice(-8)}`;
    const seeker = await registerSeeker(seekerPhone); // a new account: résumé far under 60 %
    await signUpButton(await openFair(page)).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('未登录，请您登录后，进行报名。').waitFor();
    const win = await loginWindowOf(page, () => confirm.getByRole('button', { name: '去登录' }).click());
    await page.getByRole('dialog', { name: '登录后报名' }).waitFor();
    await screenshot(page, 'partner-site-login-1280', { fullPage: false });

    // 2. Logged in with an incomplete résumé: '请完善简历', and the platform's résumé page opens in
    // a new tab (a partner login may not edit it; the window's login is the platform's too).
    const tabs: Page[] = [];
    context.on('page', (p) => tabs.push(p));
    await logInInWindow(win, '求职者', seekerPhone);
    await toast(page, '请完善简历');
    await expect.poll(() => tabs.filter((p) => p !== win).length).toBe(1);
    const opened = tabs.find((p) => p !== win)!;
    await opened.waitForURL(/\/zppc\/(private\/resume|public\/login)/);
    expect(decodeURIComponent(opened.url())).toContain('/zppc/private/resume');
    await opened.close();
    expect(page.url()).toBe(`${partner}/`); // the partner's page stays
    expect(await page.locator('zp-job-fairs .jf-user__name').textContent()).toBeTruthy();
    // The scoped token in the partner's storage is bound to this origin: refused from the platform's.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('zp:session') ?? 'null') as { token: string; userId: string } | null);
    expect(stored?.userId).toBe(seeker.userId);
    expect(stored?.token).not.toBe(seeker.token);
    await expect(apiCall('/api/sec/pc/currentUser', { token: stored!.token })).rejects.toThrow(/401/);

    // 3. One login for every widget: the chat connects with it and shows an HR's message as its badge.
    // (The résumé completed meanwhile puts the seeker in talent search, where an HR may write first.)
    await giveResume(seeker.token, '吴桐');
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    await hr.page.locator('zp-chat .launcher').click();
    await quickStart(hr.page, seeker.userId);
    const box = hr.page.getByLabel('消息内容');
    await box.fill(`同学你好，欢迎来我们展位 ${stamp}`);
    await box.press('Enter');
    await expect.poll(() => badgeCount(page), { timeout: 20_000 }).toBe(1);
    await screenshot(page, 'partner-site-chat-badge-1280', { fullPage: false });
    await launcher.click();
    await page.locator('zp-chat .item').filter({ hasText: stamp }).click();
    await page.locator('zp-chat .row.in').filter({ hasText: `欢迎来我们展位 ${stamp}` }).waitFor();
    expect((await look(page.locator('zp-chat .row.in .text').filter({ hasText: stamp }))).size).not.toBe('40px');
    await page.getByRole('button', { name: '关闭', exact: true }).first().click();

    // Feedback with an image, as the person logged in above (no phone asked).
    await page.locator('#feedback-button').click();
    const feedback = page.getByRole('dialog', { name: '意见反馈' });
    await feedback.waitFor();
    expect(await feedback.getByLabel('联系方式').count()).toBe(0);
    await feedback.getByRole('radio', { name: '功能建议' }).check();
    await feedback.getByLabel('问题描述').fill(`希望招聘会列表能按专业筛选 ${stamp}`);
    await feedback.getByLabel('选择图片').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await feedback.getByRole('img', { name: '已上传的图片' }).waitFor();
    expect((await look(feedback.getByRole('button', { name: '提交' }))).size).not.toBe('40px');
    await screenshot(page, 'partner-site-feedback-1280', { fullPage: false });
    await feedback.getByRole('button', { name: '提交' }).click();
    await toast(page, '提交成功');
    // A logged-in person sees their history then, the new entry waiting (the partner login reads it).
    await feedback.locator('li', { hasText: stamp }).getByText('待处理').waitFor();
    await feedback.getByRole('button', { name: '关闭' }).click();
    await feedback.waitFor({ state: 'detached' });
    const operator = await apiLogin('xs', demo.operator.phone, demo.password);
    const sent = await apiCall<{ page: { list: { wtms: string; imgUrl: string }[] } }>('/api/xs/feedback/list', { token: operator, query: { page: 1, limit: 50 } });
    expect(sent.page.list.find((r) => r.wtms.includes(stamp))?.imgUrl).toBeTruthy();

    // One logout for every widget: the chat offers its login again.
    await logOut(page);
    await launcher.click();
    await page.getByRole('dialog', { name: '登录后在线沟通' }).waitFor();
    await page.getByRole('dialog', { name: '登录后在线沟通' }).getByRole('button', { name: '关闭' }).click();

    // 4. An HR whose enterprise is not approved: the spec's confirm, 去修改 opens the platform's page.
    const hrPhone = `139${String(Date.now()).slice(-8)}`;
    const since = Date.now();
    await apiCall('/api/sec/pc/registerValidateCode', { query: { phone: hrPhone, type: 'hr' } });
    await apiCall<Grant>('/api/sec/pc/registerHr', { body: { phone: hrPhone, pwd: md5(demo.password), validateCode: await smsCode(hrPhone, { purpose: 'register', since }), consent: await currentConsent() } });
    await logInThere(page, () => fairs.locator('button.jf-user').click(), '登录平台账号', '企业HR', hrPhone);
    await signUpButton(await openFair(page)).click();
    await confirm.getByText('单位信息未审核或审核不通过,请修改单位信息!').waitFor();
    await screenshot(page, 'partner-site-hr-unapproved-1280', { fullPage: false });
    const companyTab = context.waitForEvent('page');
    await confirm.getByRole('button', { name: '去修改' }).click();
    const company = await companyTab;
    await company.waitForURL(/\/zppc\//);
    expect(decodeURIComponent(company.url())).toContain('/zppc/enter_home/enter_info');
    await company.close();
    await logOut(page);

    // A seeker with a complete résumé signs up: 报名成功, and the card says 已报名.
    await logInThere(page, () => fairs.locator('button.jf-user').click(), '登录平台账号', '求职者', demo.seeker.phone);
    const card = await openFair(page);
    const hxid = await card.getAttribute('data-hxid');
    await signUpButton(card).click();
    await toast(page, '报名成功');
    await page.locator(`zp-job-fairs .jf-card[data-hxid="${hxid}"] .jf-btn--done`).filter({ hasText: '已报名' }).waitFor();
    await screenshot(page, 'partner-site-signed-up-1280', { fullPage: false });
    expect(errors).toEqual([]);
  });

  it('on a phone (375 px) the fair list and its login fit the screen, untouched by the page\'s styles', async () => {
    const { page } = await openPerson(browser(), { viewport: { width: 375, height: 800 } });
    await page.goto(`${partner}/`);
    const fairs = page.locator('zp-job-fairs');
    await fairs.locator('.jf-card:not(.jf-skeleton)').first().waitFor();
    const widget = (await fairs.boundingBox())!;
    expect(widget.x).toBeGreaterThanOrEqual(0);
    expect(widget.x + widget.width).toBeLessThanOrEqual(375);
    for (const card of await fairs.locator('.jf-card').all()) {
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect((await look(fairs.locator('.jf-name').first())).size).not.toBe('40px');
    await screenshot(page, 'partner-site-375', { fullPage: false });
    await fairs.locator('button.jf-user').click();
    const login = page.getByRole('dialog', { name: '登录平台账号' });
    const box = (await login.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'partner-site-login-375', { fullPage: false });
  });
});

describe('the embed page', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('shows each widget with its snippet naming this platform, its attributes, and the fair list live', async () => {
    const { context, page } = await openPerson(browser(), { viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/zppc/embed');
    for (const tag of ['zp-job-fairs', 'zp-chat', 'zp-feedback', 'zp-video-room']) {
      await page.getByRole('heading', { name: new RegExp(`<${tag}>`) }).waitFor();
    }
    const snippets = await page.locator('[data-snippet]').allTextContents();
    expect(snippets).toHaveLength(4);
    for (const [i, name] of ['job-fairs', 'chat', 'feedback', 'video-room'].entries()) {
      expect(snippets[i]).toContain(`<script type="module" src="${baseUrl()}/zppc/widgets/${name}.js"></script>`);
    }
    await expect.poll(() => page.locator('#job-fairs table.attrs code').allTextContents()).toEqual(
      expect.arrayContaining(['city', 'type', 'month', 'mode', 'compact', 'page-size', 'api-base', 'theme-color', 'locale']),
    );
    // Live: both examples list the demo fairs.
    await page.locator('zp-job-fairs').first().locator('.jf-card:not(.jf-skeleton)').first().waitFor();
    await page.locator('zp-job-fairs[compact] .jf-card:not(.jf-skeleton)').first().waitFor();
    const copy = page.locator('#job-fairs').getByRole('button', { name: '复制代码' });
    await copy.click();
    await page.locator('#job-fairs').getByRole('button', { name: '已复制' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippets[0]);
    await screenshot(page, 'embed-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'embed-375');
  });
});
