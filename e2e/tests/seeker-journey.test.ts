import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, hydrated, openPerson, screenshot, smsCode } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';

/** A phone no other test uses: 137 + the last 8 digits of the clock. */
const phone = `137${String(Date.now()).slice(-8)}`;
const password = 'abc-job-2026';

const toast = (page: Page, text: string | RegExp) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

/** Chooses, in the <select> labelled `name` (a required one's label starts with *), the option whose text is `label`. */
async function pick(page: Page, name: string, label: string) {
  const select = page.getByLabel(new RegExp(`^\\*?${name.replace(/[()]/g, '\\$&')}$`));
  await expect.poll(() => select.locator('option', { hasText: label }).count()).toBeGreaterThan(0);
  await select.selectOption({ label });
}

describe('a job seeker from registration to an interview', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers, fills the résumé past 60 %, uploads an attachment, signs up for a fair, applies, and later sees the new state and a badge', async () => {
    const { context, page } = await openPerson(browser);

    // ---- register (the SMS code comes from the server log)
    await page.goto('/zppc/public/registered');
    await page.getByRole('radio', { name: '求职者' }).click();
    await page.getByLabel('手机号').fill(phone);
    const since = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByLabel('验证码').fill(await smsCode(phone, { purpose: 'register', since }));
    await page.getByLabel('设置密码').fill(password);
    await page.getByLabel('确认密码').fill('abc12346');
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByLabel('确认密码').fill(password);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.getByText('请阅读并同意《用户服务协议》和《隐私政策》').waitFor();
    await page.getByLabel('我已阅读并同意').check();
    await page.getByRole('button', { name: '注册', exact: true }).click();

    // ---- a new seeker lands on the résumé editor
    await page.waitForURL('**/zppc/private/resume');
    const wsd = page.getByTestId('wsd');
    await wsd.waitFor();
    expect(await wsd.textContent()).toBe('0%');

    // the centre is closed until the résumé reaches 60 %
    await page.goto('/zppc/Job_hunter/Hunter_home');
    await page.waitForURL('**/zppc/private/resume');
    await toast(page, '简历完成度不足60%,请先完善简历');

    // base information
    const base = page.getByRole('form', { name: '编辑基本信息' });
    await base.getByLabel('姓名').fill('张晓');
    await base.getByRole('radio', { name: '女' }).check();
    await base.getByLabel('出生日期').fill('1999-03-08');
    await base.getByLabel('电子邮箱').fill('zhangxiao@example.com');
    await pick(page, '求职状态', '应届生-毕业后到岗');
    await pick(page, '现居省份', '广东省');
    await pick(page, '现居城市', '深圳市');
    await base.getByLabel('自我评价').fill('计算机专业应届毕业生，熟悉 React 与 TypeScript，做过两个完整的 Web 项目。');
    await base.getByRole('button', { name: '保存' }).click();
    await toast(page, '保存成功');
    const percent = async () => Number((await wsd.textContent())?.replace('%', ''));
    await expect.poll(percent).toBeGreaterThan(0);
    const afterBase = await percent();

    // an intention: 深圳市, Web前端
    await page.getByRole('button', { name: '添加求职意向' }).click();
    const intention = page.getByRole('form', { name: '添加求职意向' });
    await pick(page, '期望省份', '广东省');
    await pick(page, '期望城市', '深圳市');
    await pick(page, '期望职类(一级)', '互联网/IT');
    await pick(page, '期望职类(二级)', '前端/移动开发');
    await pick(page, '期望职类', 'Web前端');
    await intention.getByRole('button', { name: '保存' }).click();
    await toast(page, '保存成功');
    await expect.poll(percent).toBeGreaterThan(afterBase);
    const afterIntention = await percent();

    // education: a required field left out is named
    await page.getByRole('button', { name: '添加教育经历' }).click();
    const education = page.getByRole('form', { name: '添加教育经历' });
    await education.getByLabel('学校名称').fill('深圳大学');
    await education.getByRole('button', { name: '保存' }).click();
    await education.getByText('请选择学历').waitFor();
    await pick(page, '学历', '本科');
    await education.getByLabel('所学专业').fill('计算机科学与技术');
    await education.getByLabel('入学时间').fill('2017-09');
    await education.getByLabel('毕业时间').fill('2021-06');
    await education.getByRole('button', { name: '保存' }).click();
    await toast(page, '保存成功');
    await expect.poll(percent).toBeGreaterThan(afterIntention);
    expect(await percent()).toBeGreaterThanOrEqual(60);
    await page.getByText('深圳大学').waitFor();

    // an attachment résumé through the signed-policy upload, with its progress bar
    const pdf = path.join(os.tmpdir(), `zp-resume-${phone}.pdf`);
    fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await page.getByTestId('attachment-input').setInputFiles({ name: '张晓-前端.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(pdf) });
    await toast(page, '上传成功');
    const attachments = page.locator('#section-attachments');
    await attachments.getByText('张晓-前端.pdf').waitFor();
    // over 10 MB: refused before anything is sent
    await page.getByTestId('attachment-input').setInputFiles({ name: '大文件.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await toast(page, '附件大小不能超过 10MB');
    // at most three: with three the editor says so and offers no fourth
    for (const name of ['张晓-英文.pdf', '张晓-作品集.pdf']) {
      await page.getByTestId('attachment-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: fs.readFileSync(pdf) });
      await attachments.getByText(name).waitFor();
    }
    await attachments.getByText('附件简历最多 3 份，请删除不常用的附件简历后再上传').waitFor();
    // the upload is disabled with the reason beside it: no fourth file travels
    await expect.poll(() => attachments.getByRole('button', { name: '上传附件简历' }).isDisabled()).toBe(true);
    await attachments.getByText('已有 3 份，已达上限，删除一份后才能上传').waitFor();
    await attachments.locator('.sk-row', { hasText: '张晓-作品集.pdf' }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
    await toast(page, '删除成功');
    await expect.poll(() => attachments.getByText('附件简历最多 3 份，请删除不常用的附件简历后再上传').count()).toBe(0);
    await expect.poll(() => attachments.getByRole('button', { name: '上传附件简历' }).isDisabled()).toBe(false);
    // renamed, and downloadable through its signed link
    await attachments.locator('.sk-row', { hasText: '张晓-英文.pdf' }).getByRole('button', { name: '重命名' }).click();
    await page.getByLabel('文件名称').fill('张晓-英文简历.pdf');
    await page.getByRole('dialog', { name: '重命名附件简历' }).getByRole('button', { name: '保存' }).click();
    await toast(page, '修改成功');
    const renamed = attachments.locator('.sk-row', { hasText: '张晓-英文简历.pdf' });
    const href = await renamed.getByRole('link', { name: '下载' }).getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.ok()).toBe(true);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'seeker-resume-filled');

    // ---- the generated (电子) résumé: a Word document of what was filled in, downloaded at once
    const downloading = page.waitForEvent('download');
    await page.getByTestId('generate-docx').click();
    const docx = await downloading;
    expect(docx.suggestedFilename()).toMatch(/\.docx$/);
    await toast(page, /已生成 .+的简历_\d{8}\.docx，正在下载/);

    // ---- sign up for a fair from the home page's online tab
    await page.goto('/zppc/');
    const signUp = page.getByRole('button', { name: '立即报名' }).first();
    await signUp.waitFor();
    await hydrated(page, signUp);
    const card = page.locator('.fair-card', { has: signUp });
    const fairName = (await card.locator('h3, .fair-card__title').first().textContent())?.trim() ?? '';
    await signUp.click();
    await toast(page, '报名成功');
    await page.goto('/zppc/job_hunter/hunter_delivery');
    await page.getByRole('link', { name: fairName }).waitFor();

    // ---- apply to a recommended job from the centre's home
    await page.goto('/zppc/job_hunter/hunter_home');
    const apply = page.getByRole('button', { name: /投递简历：/ }).first();
    await apply.waitFor();
    await hydrated(page, apply);
    const jobTitle = ((await apply.getAttribute('aria-label')) ?? '').replace('投递简历：', '');
    await apply.click();
    await toast(page, '投递成功');
    await page.goto('/zppc/job_hunter/hunter_invest');
    const row = page.locator('.sk-row', { hasText: jobTitle });
    await expect.poll(() => row.getByTestId('application-state').textContent()).toBe('已投递');

    // ---- later: the HR (arranged over the API) invites the seeker to an interview
    const hr = await apiLogin('hr', demo.hr.phone, demo.password);
    const received = await apiCall<{ page: { list: { bsid: string; gwmc: string; xm: string }[] } }>('/api/hr/qyhxrxx/findAllHxrList', { token: hr, query: { xm: '张晓', page: 1, limit: 10 } });
    const application = received.page.list.find((a) => a.gwmc === jobTitle);
    expect(application).toBeTruthy();
    await apiCall('/api/hr/qyhxrxx/updateHxrYyzt', { token: hr, method: 'POST', query: { bsid: application!.bsid, type: 4 } });

    // no reload: the reminder comes over the notification socket and the page follows it
    await expect.poll(() => row.getByTestId('application-state').textContent(), { timeout: 10_000 }).toBe('邀请面试');
    // the unread badge on 消息提醒 in the centre's menu
    const badge = page.locator('[data-badge="hunter_message"]');
    await expect.poll(async () => ((await badge.isVisible()) ? Number(await badge.textContent()) : 0)).toBeGreaterThan(0);
    await screenshot(page, 'seeker-applications-interview');

    // the reminder is there, and reading it clears the badge
    await page.goto('/zppc/job_hunter/hunter_message');
    const reminder = page.locator('.sk-msg--unread').first();
    await reminder.waitFor();
    // the list's tabs are the previous client's categories; the interview invitation is under 面试消息
    await page.getByRole('tab', { name: '面试消息' }).click();
    await page.locator('.sk-msg', { hasText: '邀请面试' }).waitFor();
    await screenshot(page, 'seeker-messages-interviews');
    await page.getByRole('tab', { name: '全部' }).click();
    await reminder.waitFor();
    await page.getByRole('button', { name: '全部标为已读' }).click();
    await toast(page, /已将 \d+ 条消息标为已读/);
    await expect.poll(() => badge.isVisible()).toBe(false);
    await context.close();
  });
});
