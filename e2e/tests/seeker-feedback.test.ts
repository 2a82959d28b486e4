import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, openPerson, screenshot } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';

/** A real 1×1 PNG: the server checks the bytes, not only the name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const stamp = String(Date.now()).slice(-6);

const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

async function openDialog(page: Page) {
  await page.locator('footer').getByRole('button', { name: '意见反馈' }).click();
  const dialog = page.getByRole('dialog', { name: '意见反馈' });
  await dialog.waitFor();
  return dialog;
}

/** The operator, logged in through the login page, on the console's feedback list. */
async function operatorConsole(browser: Browser): Promise<Page> {
  const { page } = await openPerson(browser);
  await page.goto('/zppc/public/login?id=3');
  await page.getByLabel('手机号').fill(demo.operator.phone);
  await page.getByLabel('密码', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/zppc/admin**');
  await page.goto('/zppc/admin/feedback');
  return page;
}

interface AdminRow {
  bsid: string;
  wtms: string;
  phone: string;
  imgUrl: string;
  dm: string;
}

describe('feedback through the footer dialog', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor must give a category, a text and a phone, attaches an image, and sends it', async () => {
    const { context, page } = await openPerson(browser, { viewport: { width: 375, height: 812 } });
    await page.goto('/zppc/');
    const dialog = await openDialog(page);

    await dialog.getByRole('button', { name: '提交' }).click();
    for (const text of ['请选择问题类型', '请输入问题内容', '请输入联系方式']) await dialog.getByText(text).waitFor();

    await dialog.getByRole('radio', { name: '性能建议' }).check();
    const text = `首页在手机上打开较慢 ${stamp}`;
    await dialog.getByLabel('问题描述').fill(text);
    await dialog.getByLabel('联系方式').fill('13912345678');
    // Not an image: refused with the spec's message, nothing attached.
    await dialog.getByLabel('选择图片').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toast(page, '上传图片只能是图片格式!');
    await dialog.getByLabel('选择图片').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('img', { name: '已上传的图片' }).waitFor();
    await screenshot(page, 'feedback-visitor-mobile');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast(page, '提交成功');
    await dialog.waitFor({ state: 'detached' });

    // The operator's console lists it, with the phone and the image.
    const operator = await operatorConsole(browser);
    const card = operator.locator('.hr-card', { hasText: text });
    await card.getByText('13912345678').waitFor();
    await card.getByRole('img', { name: '反馈图片' }).waitFor();
    await operator.context().close();
    await context.close();
  });

  it('a seeker sends feedback without a phone and reads the operator answer in the history', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(demo.seeker.phone);
    await page.getByLabel('密码', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/job_hunter/hunter_home');

    let dialog = await openDialog(page);
    expect(await dialog.getByLabel('联系方式').count()).toBe(0);
    await dialog.getByRole('radio', { name: '功能建议' }).check();
    const text = `希望投递记录可以按时间筛选 ${stamp}`;
    await dialog.getByLabel('问题描述').fill(text);
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast(page, '提交成功');
    // After sending, a logged-in person sees their history, the new entry waiting.
    const entry = dialog.locator('li', { hasText: text });
    await entry.getByText('待处理').waitFor();

    // The operator answers in the console.
    const answer = '感谢建议，下个版本的投递记录将支持按时间筛选。';
    const operator = await operatorConsole(browser);
    const card = operator.locator('.hr-card', { hasText: text });
    await card.getByRole('button', { name: '答复' }).click();
    await operator.getByLabel(/处理结果/).fill(answer);
    await operator.getByRole('button', { name: '发送答复' }).click();
    await operator.locator('.zp-message').filter({ hasText: '答复已发送' }).first().waitFor();
    await operator.context().close();

    // In the dialog's history ...
    await page.keyboard.press('Escape');
    dialog = await openDialog(page);
    await dialog.getByRole('tab', { name: '反馈记录' }).click();
    await dialog.locator('li', { hasText: text }).getByText(answer).waitFor();
    await screenshot(page, 'feedback-seeker-history');
    await page.keyboard.press('Escape');

    // ... and on the centre's feedback page.
    await page.goto('/zppc/job_hunter/hunter_survey');
    const item = page.locator('.sk-feedback', { hasText: text });
    await item.getByText('已回复').waitFor();
    expect(await item.getByTestId('feedback-answer').textContent()).toBe(answer);
    await context.close();
  });

  it('works on a partner page with one script tag (no site layout, no site styles)', async () => {
    const { context, page } = await openPerson(browser);
    // The partner page is served by the test on the product's origin, so the widget reaches the
    // API as it would behind the partner's reverse proxy.
    const partner = '/partner/jobs.html';
    await page.route(`**${partner}`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>合作单位</title></head>
          <body><h1>合作单位招聘专栏</h1><button id="fb" onclick="window.dispatchEvent(new Event('zp:feedback-open'))">问题反馈</button>
          <script type="module" src="/zppc/widgets/feedback.js"></script><zp-feedback></zp-feedback></body></html>`,
      }),
    );
    await page.goto(partner);
    await page.waitForFunction(() => !!customElements.get('zp-feedback'));
    await page.getByRole('button', { name: '问题反馈' }).click();
    const dialog = page.getByRole('dialog', { name: '意见反馈' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: '其他' }).check();
    const text = `合作页面上的反馈 ${stamp}`;
    await dialog.getByLabel('问题描述').fill(text);
    await dialog.getByLabel('联系方式').fill('13700001111');
    await dialog.getByRole('button', { name: '提交' }).click();
    await toast(page, '提交成功');
    // The widget's styles stay in its shadow root: the partner's page gets none of them.
    expect(await page.evaluate(() => [...document.styleSheets].some((s) => [...s.cssRules].some((r) => r.cssText.includes('fb-dialog'))))).toBe(false);
    const xs = await apiLogin('xs', demo.operator.phone, demo.password);
    const list = await apiCall<{ page: { list: AdminRow[] } }>('/api/xs/feedback/list', { token: xs, query: { page: 1, limit: 50 } });
    expect(list.page.list.find((r) => r.wtms === text)).toMatchObject({ phone: '13700001111', dm: 'yk' });
    await context.close();
  });
});
