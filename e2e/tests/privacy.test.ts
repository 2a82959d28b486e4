import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, downloadedBytes, fitsWidth, openPerson, screenshot, settled, smsCode } from '../lib/harness.js';
import { apiCall, apiLogin, currentConsent, md5 } from '../lib/api.js';

const tail = String(Date.now()).slice(-7);
/** Distinct phones for the journeys of this file. */
const phoneOf = (n: number) => `137${n}${tail}`;
const password = 'lm-zhaopin-2026';

/** Registers over the API (as the previous client does: `consent` only when given). */
async function register(phone: string, consent?: { terms: number; privacy: number }) {
  const since = Date.now();
  await apiCall('/api/sec/pc/registerValidateCode', { method: 'POST', query: { phone } });
  return apiCall<{ token: string }>('/api/sec/pc/registerQz', { body: { phone, pwd: md5(password), validateCode: await smsCode(phone, { purpose: 'register', since }), ...(consent ? { consent } : {}) } });
}

async function logIn(page: Page, phone: string) {
  await page.goto('/zppc/public/login?id=1');
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

describe('personal information: consent, the documents, 注销账号', () => {
  let browser: Browser;
  /**
   * When the accounts of the later journeys registered: their registration code counts for the
   * one-code-a-minute rule, so they register first and ask for their next code a minute later.
   */
  let registeredAt = 0;
  const minuteSinceRegistering = () => expect.poll(() => Date.now() - registeredAt, { timeout: 65_000, interval: 1_000 }).toBeGreaterThan(61_000);
  beforeAll(async () => {
    browser = await connectBrowser();
    registeredAt = Date.now();
    const consent = await currentConsent();
    for (const n of [4, 5, 6]) await register(phoneOf(n), consent);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [1280, 375]) {
    it(`registration at ${width} px asks consent to the 用户服务协议 and the 隐私政策, both readable, and records it`, async () => {
      const phone = phoneOf(width === 1280 ? 1 : 2);
      const { context, page } = await openPerson(browser, { viewport: { width, height: width === 1280 ? 800 : 812 } });
      await page.goto('/zppc/public/registered');
      await page.getByRole('radio', { name: '求职者' }).click();
      await page.getByLabel('手机号').fill(phone);
      const since = Date.now();
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      await page.getByLabel('验证码').fill(await smsCode(phone, { purpose: 'register', since }));
      await page.getByLabel('设置密码').fill(password);
      await page.getByLabel('确认密码').fill(password);
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await page.getByText('请阅读并同意《用户服务协议》和《隐私政策》').waitFor();
      await screenshot(page, `register-consent-${width}`);

      // The 隐私政策 opens in full, and agreeing to it there ticks the box.
      await page.getByRole('button', { name: '《隐私政策》' }).click();
      const dialog = page.getByRole('dialog', { name: '隐私政策' });
      await dialog.getByText('六、注销账号').waitFor();
      await screenshot(page, `register-privacy-dialog-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: '同意并继续' }).click();
      expect(await page.getByLabel('我已阅读并同意').isChecked()).toBe(true);
      await fitsWidth(page);
      await page.getByRole('button', { name: '注册', exact: true }).click();
      await page.waitForURL('**/zppc/private/resume');

      // Consent to the current versions was recorded: nothing is pending for this person.
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('zp:session')!).token as string);
      expect((await apiCall<{ pending: unknown[] }>('/api/sec/pc/consent', { token })).pending).toEqual([]);
      await context.close();
    });
  }

  it('the documents have pages of their own, linked from the footer; the operator publishes a correction in the console and the page shows it', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/');
    await page.locator('footer').getByRole('link', { name: '隐私政策' }).click();
    await page.waitForURL('**/zppc/public/privacy');
    await page.getByRole('heading', { name: '隐私政策', level: 1 }).waitFor();
    await page.getByText('七、注销后用人单位能看到什么').waitFor();
    const before = await page.locator('.policy-meta').textContent();

    await page.goto('/zppc/public/login?id=3');
    await page.getByLabel('手机号').fill(demo.operator.phone);
    await page.getByLabel('密码', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/admin');
    await page.goto('/zppc/admin/policies');
    await page.getByRole('button', { name: '发布新版本' }).click();
    const form = page.getByRole('dialog', { name: /发布新版本/ });
    const content = form.getByLabel('正文');
    await content.fill(`${await content.inputValue()}\n\n（本版本更正了文字错误。）`);
    // A correction: nobody is asked again.
    await form.getByLabel(/重大变更/).uncheck();
    await form.getByRole('button', { name: '发布', exact: true }).click();
    await page.locator('.zp-message').filter({ hasText: '已发布' }).first().waitFor();
    await page.getByText('当前版本').first().waitFor();

    // The public page shows the new version (the page cache keeps a copy at most 30 s).
    await expect.poll(async () => {
      await page.goto('/zppc/public/privacy');
      return page.locator('.policy-meta').textContent();
    }, { timeout: 45_000, interval: 2_000 }).not.toBe(before);
    await page.getByText('（本版本更正了文字错误。）').waitFor();
    await context.close();
  });

  it("a person who has not agreed to the current documents (registered with the previous client) is asked on the site, and may agree or log out", async () => {
    const phone = phoneOf(3);
    await register(phone);
    const { context, page } = await openPerson(browser);
    await logIn(page, phone);
    const prompt = page.getByRole('alertdialog', { name: /《用户服务协议》和《隐私政策》已更新/ });
    await prompt.getByRole('button', { name: '同意并继续使用' }).waitFor();
    await settled(page);
    await screenshot(page, 'consent-prompt-1280', { fullPage: false });
    await prompt.getByRole('button', { name: '同意并继续使用' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('header').waitFor();
    // Asked once: after agreeing, the next page asks nothing.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`注销账号 at ${width} px: the person downloads their data, confirms with the SMS code, and the account is gone`, async () => {
      const phone = phoneOf(width === 1280 ? 4 : 5);
      const { context, page } = await openPerson(browser, { viewport: { width, height: width === 1280 ? 800 : 812 } });
      await logIn(page, phone);
      // A new seeker has no résumé: the centre's guard sends them on to the editor. Wait for that
      // last stop, or its redirect could overtake the next navigation.
      await page.waitForURL(/\/zppc\/private\/resume/);
      await page.goto('/zppc/job_hunter/hunter_card');
      const section = page.getByRole('region', { name: '注销账号' });
      await section.waitFor();
      await fitsWidth(page);

      // 下载我的数据: a JSON file with the person's account.
      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: '下载我的数据' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^我的数据-\d{4}-\d{2}-\d{2}\.json$/);
      const saved = JSON.parse((await downloadedBytes(download)).toString('utf8'));
      expect(saved.account).toMatchObject({ phone, role: 'qz' });

      await section.getByRole('button', { name: '注销账号' }).click();
      const dialog = page.getByRole('alertdialog', { name: '注销账号' });
      await dialog.getByRole('button', { name: '确认注销' }).click();
      await dialog.getByText('请输入验证码').waitFor();
      await minuteSinceRegistering();
      const since = Date.now();
      await dialog.getByRole('button', { name: '获取验证码' }).click();
      await dialog.getByRole('button', { name: /秒后重新获取/ }).waitFor();
      await dialog.getByLabel('短信验证码').fill(await smsCode(phone, { purpose: 'close_account', since }));
      await dialog.getByRole('checkbox').check();
      await screenshot(page, `close-account-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: '确认注销' }).click();

      const done = page.getByRole('alertdialog', { name: '账号已注销' });
      await done.getByText('账号已注销，相关个人信息已删除').waitFor();
      await screenshot(page, `close-account-done-${width}`, { fullPage: false });
      await done.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL((u) => u.pathname === '/zppc/');
      expect(await page.evaluate(() => localStorage.getItem('zp:session'))).toBeNull();
      // The phone and password no longer open anything.
      await expect(apiLogin('qz', phone, password)).rejects.toThrow('手机号或密码错误');
      await context.close();
    }, 150_000);
  }

  it('after five wrong passwords from here, the right one asks for the SMS code beside it, and the owner gets in', async () => {
    const phone = phoneOf(6);
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(phone);
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('密码', { exact: true }).fill(`not-it-${i}`);
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/sec/pc/logonQz')), page.getByRole('button', { name: '登录', exact: true }).click()]);
      expect((await answer.json()).msg).toBe('手机号或密码错误');
    }
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // Not refused: the form asks for the code and keeps the password.
    await page.getByRole('alert').filter({ hasText: '请获取短信验证码，与密码一同登录' }).waitFor();
    const code = page.getByLabel('短信验证码');
    await code.waitFor();
    await screenshot(page, 'login-second-factor-1280');
    await minuteSinceRegistering();
    const since = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await code.fill(await smsCode(phone, { purpose: 'login', since }));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/zppc\/(private\/resume|job_hunter)/);
    await context.close();
  }, 150_000);
});
