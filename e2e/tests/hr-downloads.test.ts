import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, downloadedBytes, fitsWidth, openPerson, screenshot } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';


const toast = (page: Page, text: string | RegExp) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

async function login(page: Page, id: 2 | 3, who: string, lands: string) {
  await page.goto(`/zppc/public/login?id=${id}`);
  await page.getByLabel('手机号').fill(who);
  await page.getByLabel('密码', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`**${lands}`);
}

/** The demo seeker's 简历被下载次数 as the seeker's centre reads it. */
async function seekerDownloads(): Promise<number> {
  const token = await apiLogin('qz', demo.seeker.phone, demo.password);
  return (await apiCall<{ jlxzcs: number }>('/api/qz/qzgrjbxx/statistics', { token })).jlxzcs;
}

describe('an HR downloads résumés as files, and keeps the enterprise up to date', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('下载简历 saves a PDF, a Word file and a zip of the chosen ones; each counts once on the seeker’s side', async () => {
    const { page, context } = await openPerson(browser);
    await login(page, 2, demo.hr.phone, '/zppc/enter_home/enter_center');
    await page.goto('/zppc/enter_home/enter_downresume');
    const row = page.locator('.hr-card').filter({ hasText: demo.seeker.name }).first();
    await row.waitFor();
    const before = await seekerDownloads();

    await row.getByRole('button', { name: '下载简历' }).click();
    const dialog = page.getByRole('dialog', { name: `下载 ${demo.seeker.name} 的简历` });
    await dialog.waitFor();
    await screenshot(page, 'hr-download-dialog-1280', { fullPage: false });
    const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '在线简历（PDF）' }).click()]);
    expect(pdf.suggestedFilename()).toBe(`${demo.seeker.name}的简历.pdf`);
    const bytes = await downloadedBytes(pdf);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await toast(page, '简历已下载');
    await expect.poll(seekerDownloads).toBe(before + 1);

    await row.getByRole('button', { name: '下载简历' }).click();
    const [word] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '在线简历（Word）' }).click()]);
    expect(word.suggestedFilename()).toBe(`${demo.seeker.name}的简历.docx`);
    expect((await downloadedBytes(word)).subarray(0, 2).toString()).toBe('PK');
    await expect.poll(seekerDownloads).toBe(before + 2);

    // bulk: every résumé on the page as one zip
    await page.getByLabel('全选本页').check();
    await page.getByText(/已选 [1-9]\d* 人/).waitFor();
    await screenshot(page, 'hr-downresume-1280');
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出所选（zip）' }).click()]);
    expect(zip.suggestedFilename()).toMatch(/^简历导出_\d{8}_\d+份\.zip$/);
    expect((await downloadedBytes(zip)).subarray(0, 2).toString()).toBe('PK');
    await toast(page, /已导出 \d+ 份简历/);
    // the demo seeker is on the page once or more, and counts once for the zip
    await expect.poll(seekerDownloads).toBe(before + 3);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await row.waitFor();
    await fitsWidth(page);
    await screenshot(page, 'hr-downresume-375');
    await row.getByRole('button', { name: '下载简历' }).click();
    await dialog.waitFor();
    await screenshot(page, 'hr-download-dialog-375', { fullPage: false });
    await context.close();
  });

  it('the demo enterprise saves an edit', async () => {
    const { page, context } = await openPerson(browser);
    await login(page, 2, demo.hr.phone, '/zppc/enter_home/enter_center');
    await page.goto('/zppc/enter_home/enter_info');
    const intro = page.getByLabel('单位简介');
    await intro.waitFor();
    await expect.poll(() => page.getByLabel('统一社会信用代码', { exact: true }).inputValue()).toMatch(/^[0-9A-Z]{18}$/);
    await intro.fill('专注于企业级云服务与人工智能应用的高新技术企业，欢迎加入。');
    await page.getByRole('button', { name: '保存修改' }).click();
    await toast(page, '单位信息已保存');
    expect(await page.getByTestId('company-missing').count()).toBe(0);
    await screenshot(page, 'hr-enter-info-1280');
    await context.close();
  });

  it('the console does not offer 通过 for an enterprise without its licence, and says why', async () => {
    const { page, context } = await openPerson(browser);
    await login(page, 3, demo.operator.phone, '/zppc/admin');
    await page.goto('/zppc/admin/companies');
    // the demo's queue: enterprises that registered before a licence was required
    const card = page.locator('.hr-card').filter({ hasText: '宁波致远汽车零部件有限公司' });
    await card.waitFor();
    await card.getByText('该单位尚未上传营业执照，不能通过审核；请驳回并请企业上传营业执照').waitFor();
    await expect.poll(() => card.getByRole('button', { name: '通过' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-companies-no-licence-1280');
    await card.getByRole('button', { name: '驳回' }).click();
    await expect.poll(() => page.getByLabel('驳回理由').inputValue()).toContain('营业执照');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'admin-companies-reject-375', { fullPage: false });
    await context.close();
  });
});
