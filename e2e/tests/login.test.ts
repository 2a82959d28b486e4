import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { connectBrowser, demo, openPerson, screenshot, smsCode } from '../lib/harness.js';

describe('login', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a job seeker logs in with phone and password from the home page and sees their name in the nav', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/');
    const header = page.locator('header');
    await header.getByRole('link', { name: '人才登录' }).click();
    await page.waitForURL('**/zppc/public/login?id=1');

    await page.getByLabel('手机号').fill(demo.seeker.phone);
    await page.getByLabel('密码', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/job_hunter/hunter_home');

    await page.goto('/zppc/');
    await header.getByText(demo.seeker.name, { exact: true }).waitFor();
    expect(await header.getByRole('link', { name: '人才登录' }).count()).toBe(0);
    // Job viewing shows for job seekers only.
    expect(await header.getByRole('link', { name: '职位查看' }).count()).toBe(1);
    await screenshot(page, 'login-seeker-home');

    // Logging out goes back to the home page, logged out.
    await header.getByRole('button', { name: demo.seeker.name }).click();
    await header.getByRole('button', { name: '退出登录' }).click();
    await header.getByRole('link', { name: '人才登录' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/zppc/');
    expect(await page.evaluate(() => localStorage.getItem('zp:session'))).toBeNull();
    await context.close();
  });

  it('a wrong password shows the server message and keeps the person on the login page', async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(demo.seeker.phone);
    await page.getByLabel('密码', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '手机号或密码错误' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/zppc/public/login');
    expect(await page.evaluate(() => localStorage.getItem('zp:session'))).toBeNull();
    await context.close();
  });

  it("the operator finds their door: the talent page names it, and the footer's 运营登录 leads to it and on to the console", async () => {
    const { context, page } = await openPerson(browser);
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(demo.operator.phone);
    await page.getByLabel('密码', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '该手机号是平台运营账号，请在运营登录页（/zppc/public/login?id=3）登录' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('zp:session'))).toBeNull();

    await page.goto('/zppc/');
    const door = page.locator('footer').getByRole('link', { name: '运营登录' });
    await door.scrollIntoViewIfNeeded();
    await screenshot(page, 'footer-operator-login', { fullPage: false });
    await door.click();
    await page.waitForURL('**/zppc/public/login?id=3');
    await page.getByLabel('手机号').fill(demo.operator.phone);
    await page.getByLabel('密码', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/admin');
    await context.close();
  });

  it('an HR logs in with an SMS code on a phone-sized screen', async () => {
    const { context, page } = await openPerson(browser, { viewport: { width: 375, height: 812 } });
    await page.goto('/zppc/public/login?id=2');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    await page.getByLabel('手机号').fill(demo.hr.phone);
    const since = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByRole('textbox', { name: '验证码' }).fill(await smsCode(demo.hr.phone, { purpose: 'login', since }));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/enter_home/enter_center');

    await page.goto('/zppc/');
    await page.locator('header').getByText(demo.hr.name, { exact: true }).waitFor();
    await screenshot(page, 'login-hr-mobile');
    await context.close();
  });

  it('the code step says at once when a number cannot use it, and sends nothing: registering a registered phone, resetting an unknown one', async () => {
    const { context, page } = await openPerson(browser, { viewport: { width: 375, height: 812 } });
    const refusedWithoutCode = async (phone: string, purpose: 'register' | 'reset', words: string, shot: string) => {
      const since = Date.now();
      await page.getByLabel('手机号').fill(phone);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.locator('.zp-message').filter({ hasText: words }).first().waitFor();
      await screenshot(page, shot, { fullPage: false });
      // no wait for a code that is not coming, and none in the SMS log
      expect(await page.getByRole('button', { name: '获取验证码' }).isEnabled()).toBe(true);
      await expect(smsCode(phone, { purpose, since, timeoutMs: 1500 })).rejects.toThrow(/no SMS code/);
    };
    await page.goto('/zppc/public/registered');
    await page.getByRole('radio', { name: '求职者' }).click();
    await refusedWithoutCode(demo.seeker.phone, 'register', '该手机号已注册，请直接登录', 'register-code-refused-375');
    await page.goto('/zppc/public/forgotpassword');
    await refusedWithoutCode(`137${String(Date.now()).slice(-8)}`, 'reset', '该手机号尚未注册', 'reset-code-refused-375');
    await context.close();
  });
});
