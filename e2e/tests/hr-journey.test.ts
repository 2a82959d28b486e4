import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, openPerson, screenshot, smsCode } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';

/** A phone no other test uses: 136 + the last 8 digits of the clock. */
const phone = `136${String(Date.now()).slice(-8)}`;
const password = 'hr123456a';
const stamp = String(Date.now()).slice(-6);
const companyName = `青禾数字科技有限公司${stamp}`;
/** 18 characters of the unified social credit code's alphabet, unique per run. */
const creditCode = `91440300MA5F${stamp}`;
const jobTitle = `数据分析师${stamp}`;
/** A real 1×1 PNG: the server checks the bytes, not only the name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const toast = (page: Page, text: string | RegExp) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

async function login(page: Page, id: 1 | 2 | 3, who: string, secret: string, lands: string) {
  await page.goto(`/zppc/public/login?id=${id}`);
  await page.getByLabel('手机号').fill(who);
  await page.getByLabel('密码', { exact: true }).fill(secret);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`**${lands}`);
}

/** Picks the option with this text in the <select> with this accessible name, once the code tables filled it. */
async function pick(page: Page, name: string, option: string | number) {
  const select = page.getByLabel(name, { exact: true });
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  await select.selectOption(typeof option === 'number' ? { index: option } : { label: option });
}

describe('an HR from registration to an interview invitation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers a company, is rejected with a reason, fixes it, is approved in the console, posts a job and invites the demo seeker to an interview; the seeker sees it', async () => {
    const hr = await openPerson(browser);
    const operator = await openPerson(browser);
    const page = hr.page;

    // ---- the HR registers (the SMS code comes from the server log)
    await page.goto('/zppc/public/registered');
    await page.getByRole('radio', { name: '企业HR' }).click();
    await page.getByLabel('手机号').fill(phone);
    const since = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByLabel('验证码').fill(await smsCode(phone, { purpose: 'register', since }));
    await page.getByLabel('设置密码').fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.getByLabel('姓名').fill('赵敏');
    await page.getByLabel('职务').fill('人事主管');
    await page.getByLabel('我已阅读并同意').check();
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await page.waitForURL('**/zppc/enter_home/**');

    // ---- without an enterprise the centre says so, and posting is closed
    await page.goto('/zppc/Enter_home/Enter_post');
    await page.getByText('尚未登记单位').waitFor();

    // ---- registers the enterprise with its licence (signed-policy upload)
    await page.goto('/zppc/enter_home/enter_info');
    await page.getByRole('tab', { name: '登记新单位' }).waitFor();
    await page.getByRole('button', { name: '提交审核' }).click();
    for (const text of ['请输入单位名称（至少 2 个字）', '请上传营业执照']) await page.getByText(text).waitFor();
    await page.getByLabel('单位名称', { exact: true }).fill(companyName);
    await page.getByLabel('统一社会信用代码', { exact: true }).fill(creditCode);
    await pick(page, '单位性质', 1);
    await pick(page, '所属行业', 1);
    await pick(page, '单位规模', 1);
    await pick(page, '所在省份', '广东省');
    await pick(page, '所在城市', '深圳市');
    await page.getByLabel('详细地址').fill('深圳市福田区深南大道 1 号');
    await page.getByLabel('联系人', { exact: true }).fill('赵敏');
    await page.getByLabel('联系电话', { exact: true }).fill('0755-88886666');
    await page.getByLabel('单位简介').fill('专注于企业数据分析与数字化咨询。');
    // Not an allowed type: refused before anything is sent.
    await page.getByLabel('上传营业执照').setInputFiles({ name: 'licence.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await toast(page, '营业执照只能上传 jpg、jpeg、png、pdf 格式的文件');
    await page.getByLabel('上传营业执照').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, '上传成功');
    await page.getByRole('img', { name: '营业执照' }).waitFor();
    await page.getByRole('button', { name: '提交审核' }).click();
    await toast(page, '单位信息已提交，请等待审核');
    await page.getByText('单位信息审核中').waitFor();
    await screenshot(page, 'hr-company-pending');

    // ---- the operator rejects it with a reason
    await login(operator.page, 3, demo.operator.phone, demo.password, '/zppc/admin');
    const console_ = operator.page;
    await console_.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '单位审核' }).click();
    const card = console_.locator('.hr-card', { hasText: companyName });
    await card.getByRole('button', { name: '驳回' }).click();
    const reject = console_.getByRole('dialog', { name: `驳回「${companyName}」` });
    await reject.getByRole('button', { name: '驳回' }).click();
    await reject.getByText('请填写驳回理由，告诉企业需要修改什么').waitFor();
    await reject.getByLabel('驳回理由').fill('营业执照图片不清晰，请重新上传');
    await reject.getByRole('button', { name: '驳回' }).click();
    await toast(console_, '已驳回，已通知企业');
    await card.waitFor({ state: 'detached' });

    // ---- the HR reads the reason, fixes the licence and saves: back to review
    await page.reload();
    await page.getByText('单位信息审核未通过').waitFor();
    await page.getByText('审核说明：营业执照图片不清晰，请重新上传').waitFor();
    await page.getByLabel('重新上传营业执照').setInputFiles({ name: '营业执照-清晰.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, '上传成功');
    await page.getByRole('button', { name: '保存修改' }).click();
    await toast(page, '单位信息已保存，请等待重新审核');
    await page.getByText('单位信息审核中').waitFor();

    // ---- the operator approves it
    await console_.reload();
    await card.getByRole('button', { name: '通过' }).click();
    await console_.getByRole('alertdialog').getByRole('button', { name: '通过' }).click();
    await toast(console_, '已通过审核，已通知企业');
    await screenshot(console_, 'hr-console-review');

    // ---- the HR is told, and may post now
    await page.goto('/zppc/Enter_home/Enter_news');
    await page.locator('.hr-message', { hasText: '单位审核已通过' }).waitFor();
    await page.goto('/zppc/enter_home/enter_info');
    await page.getByText('单位信息已审核通过').waitFor();

    // ---- posts a job through the form with the code-table pickers
    await page.goto('/zppc/private/enter_postcreate');
    await page.getByRole('button', { name: '立即发布' }).click();
    await page.getByText('请输入岗位名称（至少 2 个字）').waitFor();
    await page.getByLabel('岗位名称').fill(jobTitle);
    await pick(page, '工作性质', 1);
    await pick(page, '一级类别', 1);
    await pick(page, '二级类别', 1);
    await pick(page, '三级类别', 1);
    await pick(page, '工作省份', '广东省');
    await pick(page, '工作城市', '深圳市');
    await page.getByLabel('最低月薪').fill('15000');
    await page.getByLabel('最高月薪').fill('12000');
    await page.getByRole('button', { name: '立即发布' }).click();
    await page.getByText('最低月薪不能高于最高月薪').waitFor();
    await page.getByLabel('最高月薪').fill('25000');
    await page.getByLabel('招聘人数').fill('2');
    await pick(page, '学历要求', 1);
    await pick(page, '经验要求', 1);
    await page.getByLabel('岗位描述').fill('负责业务数据的采集、清洗与分析，输出分析报告。');
    await page.getByRole('button', { name: '五险一金' }).click();
    await page.getByRole('button', { name: '立即发布' }).click();
    await page.waitForURL('**/zppc/enter_home/enter_post');
    await toast(page, '岗位已发布');
    const post = page.locator('.hr-card', { hasText: jobTitle });
    await post.getByText('招聘中').waitFor();
    const gwid = new URL((await post.getByRole('link', { name: '编辑' }).getAttribute('href'))!, 'http://x').searchParams.get('gwid')!;
    expect(gwid).toMatch(/^\d+$/);
    await screenshot(page, 'hr-posts');

    // ---- arranged: the demo seeker applies to it (their side is another journey)
    const seekerToken = await apiLogin('qz', demo.seeker.phone, demo.password);
    await apiCall('/api/qz/qyhxrxx/td', { token: seekerToken, method: 'POST', query: { gwid } });

    // ---- the HR opens the application and invites the seeker to an interview
    await page.goto('/zppc/Enter_home/Enter_resume');
    const application = page.locator('.hr-card', { hasText: jobTitle });
    await application.getByText('已投递').waitFor();
    await application.getByRole('button', { name: '邀请面试' }).click();
    const invite = page.getByRole('dialog', { name: `邀请 ${demo.seeker.name} 面试` });
    await invite.getByRole('button', { name: '发送邀请' }).click();
    await invite.getByText('请输入面试地址（线上面试可填写“线上视频面试”）').waitFor();
    await invite.getByLabel('面试地址').fill('深圳市福田区深南大道 1 号 12 楼');
    await invite.getByRole('button', { name: '发送邀请' }).click();
    await toast(page, '面试邀请已发送');
    await application.getByText('邀请面试', { exact: true }).waitFor();
    await page.goto('/zppc/enter_home/enter_interview');
    await page.locator('.hr-card', { hasText: jobTitle }).getByText('待答复').waitFor();
    await screenshot(page, 'hr-interviews');

    // ---- the seeker sees the new state and a badge
    const seeker = await openPerson(browser);
    await login(seeker.page, 1, demo.seeker.phone, demo.password, '/zppc/job_hunter/hunter_home');
    await seeker.page.goto('/zppc/job_hunter/hunter_invest');
    const row = seeker.page.locator('.sk-row', { hasText: jobTitle });
    await expect.poll(() => row.getByTestId('application-state').textContent()).toBe('邀请面试');
    const badge = seeker.page.locator('[data-badge="hunter_message"]');
    await expect.poll(async () => ((await badge.isVisible()) ? Number(await badge.textContent()) : 0)).toBeGreaterThan(0);
    await screenshot(seeker.page, 'hr-journey-seeker-sees-interview');

    await seeker.context.close();
    await operator.context.close();
    await hr.context.close();
  });
});
