import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, openPerson, screenshot } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';

const stamp = String(Date.now()).slice(-6);
const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

async function login(page: Page, id: 2 | 3, phone: string, lands: string) {
  await page.goto(`/zppc/public/login?id=${id}`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`**${lands}`);
}

describe('feedback in the operator console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the operator sees a visitor's feedback with its phone, answers it, and an HR reads the answer to theirs in the enterprise centre", async () => {
    // Arranged: a visitor's feedback (the dialog itself is the seeker-feedback journey) and an HR's.
    const visitorText = `招聘会列表希望能按城市筛选 ${stamp}`;
    await apiCall('/api/qz/qzfkbz/addFk', { body: { wtlx: 10, wtms: visitorText, phone: '13912340000' } });
    const hrToken = await apiLogin('hr', demo.hr.phone, demo.password);
    const hrText = `简历下载希望支持批量 ${stamp}`;
    await apiCall('/api/qz/qzfkbz/addFk', { token: hrToken, body: { wtlx: 30, wtms: hrText } });

    const { context, page } = await openPerson(browser, { viewport: { width: 375, height: 812 } });
    await login(page, 3, demo.operator.phone, '/zppc/admin');
    await page.getByText('未答复的反馈').waitFor();
    await page.goto('/zppc/admin/feedback');

    const visitor = page.locator('.hr-card', { hasText: visitorText });
    await visitor.getByText('游客').waitFor();
    await visitor.getByText('13912340000').waitFor();
    await visitor.getByRole('button', { name: '答复' }).click();
    let dialog = page.getByRole('dialog', { name: '答复反馈' });
    await dialog.getByRole('button', { name: '发送答复' }).click();
    await dialog.getByText('请输入处理结果').waitFor();
    await dialog.getByLabel('处理结果').fill('已排期，下个版本支持按城市筛选。');
    await dialog.getByRole('button', { name: '发送答复' }).click();
    await toast(page, '答复已发送');
    await visitor.waitFor({ state: 'detached' });
    await screenshot(page, 'hr-console-feedback-mobile');

    const hrs = page.locator('.hr-card', { hasText: hrText });
    await hrs.getByRole('button', { name: '答复' }).click();
    dialog = page.getByRole('dialog', { name: '答复反馈' });
    await dialog.getByLabel('处理结果').fill('批量下载已在计划中，感谢建议。');
    await dialog.getByRole('button', { name: '发送答复' }).click();
    await toast(page, '答复已发送');

    // Both answers are listed as answered.
    await page.getByRole('tab', { name: '已答复' }).click();
    await page.locator('.hr-card', { hasText: visitorText }).getByText('已排期，下个版本支持按城市筛选。', { exact: false }).waitFor();
    await context.close();

    // The HR reads the answer on the enterprise centre's feedback page.
    const hr = await openPerson(browser);
    await login(hr.page, 2, demo.hr.phone, '/zppc/enter_home/enter_center');
    await hr.page.goto('/zppc/Enter_home/Enter_survey');
    const mine = hr.page.locator('.hr-card', { hasText: hrText });
    await mine.getByText('已答复').waitFor();
    await mine.getByText('批量下载已在计划中，感谢建议。', { exact: false }).waitFor();
    await screenshot(hr.page, 'hr-survey-answer');
    await hr.context.close();
  });
});
