import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, openPerson, screenshot, smsCode } from '../lib/harness.js';
import { apiCall, apiLogin, md5, currentConsent } from '../lib/api.js';

/** A real 1×1 PNG (the server checks the bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const tail = String(Date.now()).slice(-8);
const phone = `136${tail}`;
const newPhone = `135${tail}`;
const password = 'abc-job-2026';

const toast = (page: Page, text: string | RegExp) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();
const confirmDialog = (page: Page, button: string) => page.getByRole('alertdialog').getByRole('button', { name: button }).click();

/** A seeker with a résumé past 60 %, an application to the demo HR's enterprise and an interview invitation — all arranged over the API. */
async function arrangeSeeker(): Promise<{ token: string; company: string; job: string }> {
  const since = Date.now();
  await apiCall('/api/sec/pc/registerValidateCode', { method: 'POST', query: { phone } });
  const { token } = await apiCall<{ token: string }>('/api/sec/pc/registerQz', { body: { phone, pwd: md5(password), validateCode: await smsCode(phone, { purpose: 'register', since }), consent: await currentConsent() } });
  await apiCall('/api/qz/qzgrjbxx/save', { token, body: { xm: '周宁', xbm: 'xb_001', csrq: '1997-05-01', dqszs: '440000', dqszcs: '440300', yx: 'zhouning@example.com', zwpj: '三年测试开发经验。' } });
  await apiCall('/api/qz/qzgrjbxx/updateQzzt/zt_004', { token, method: 'POST' });
  await apiCall('/api/qz/qzqzyx/save', { token, body: { sjm: '440000', cjm: '440300', zwmo: 'gwlb_01', zwmt: 'gwlb_0102', zwm: 'gwlb_010201' } });
  await apiCall('/api/qz/qzjyjl/save', { token, body: { xxmc: '中山大学', xl: 'xl_04', rxsj: '2015-09', bysj: '2019-06' } });

  const hr = await apiLogin('hr', demo.hr.phone, demo.password);
  const info = await apiCall<{ qyDwhrxxEntity: { dwid: string; dwmc: string } }>('/api/hr/qydwhrxx/getHrInfo', { token: hr });
  const jobs = await apiCall<{ page: { list: { gwid: string; gwmc: string; zt: number }[] } }>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr, query: { zt: 1, page: 1, limit: 5 } });
  const job = jobs.page.list[0];
  const applied = await apiCall<{ bsid: string }>('/api/qz/qyhxrxx/td', { token, method: 'POST', query: { gwid: job.gwid } });
  const when = new Date(Date.now() + 3 * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);
  await apiCall('/api/hr/qyhxrxx/addHrMy', { token: hr, method: 'POST', query: { hxrbsid: applied.bsid, mymc: '初试', mssj: `${when} 10:00`, msxxdz: '深圳市南山区科技园科苑路 15 号', lxr: '王芳', sjhm: demo.hr.phone } });
  return { token, company: info.qyDwhrxxEntity.dwmc, job: job.gwmc };
}

describe('the job-seeker centre', () => {
  let browser: Browser;
  let arranged: Awaited<ReturnType<typeof arrangeSeeker>>;
  beforeAll(async () => {
    browser = await connectBrowser();
    arranged = await arrangeSeeker();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function logIn(page: Page, who: string, pwd: string) {
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(who);
    await page.getByLabel('密码', { exact: true }).fill(pwd);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/job_hunter/hunter_home');
  }

  it('answers an invitation, shields an enterprise, hides the résumé, changes avatar and e-mail, and prunes the login log', async () => {
    const { context, page } = await openPerson(browser);
    await logIn(page, phone, password);

    // ---- the invitation: accepted with a note
    await page.goto('/zppc/Job_hunter/Hunter_invite');
    const invitation = page.locator('.sk-invite', { hasText: arranged.job });
    await invitation.getByText('深圳市南山区科技园科苑路 15 号').waitFor();
    await invitation.getByRole('button', { name: '接受' }).click();
    await page.getByLabel('给 HR 的留言（选填）').fill('好的，准时到。');
    await page.getByRole('button', { name: '确认接受' }).click();
    await toast(page, '已接受面试邀请');
    await page.getByRole('tab', { name: /已接受/ }).click();
    await page.locator('.sk-invite', { hasText: arranged.job }).getByText('好的，准时到。').waitFor();

    // ---- shielding the enterprise found by name, then lifting it
    await page.goto('/zppc/job_hunter/shield_company');
    await page.getByLabel('单位名称').fill(arranged.company.slice(0, 4));
    await page.getByRole('button', { name: '搜索' }).click();
    await page.locator('.sk-finder__item', { hasText: arranged.company }).getByRole('button', { name: '屏蔽' }).click();
    await toast(page, `已屏蔽「${arranged.company}」`);
    const shielded = page.locator('.sk-row', { hasText: arranged.company });
    await shielded.waitFor();
    await shielded.getByRole('button', { name: '取消屏蔽' }).click();
    await confirmDialog(page, '取消屏蔽');
    await toast(page, '已取消屏蔽');
    await page.getByText('暂无屏蔽的单位').waitFor();

    // ---- the résumé hidden and public again; the daily refresh once
    await page.goto('/zppc/job_hunter/hunter_myresume');
    await page.getByRole('button', { name: '隐藏简历' }).click();
    await confirmDialog(page, '隐藏简历');
    await toast(page, '简历已隐藏');
    await page.getByText('已隐藏', { exact: true }).waitFor();
    await page.getByRole('button', { name: '公开简历' }).click();
    await toast(page, '简历已公开');
    // A résumé created today counts as refreshed today: once a day, so not again.
    expect(await page.getByRole('button', { name: '今日已刷新' }).isDisabled()).toBe(true);

    // ---- a new avatar through the signed-policy upload
    await page.goto('/zppc/private/resume');
    await page.getByLabel('选择头像图片').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await toast(page, '上传成功');
    await expect.poll(() => page.locator('.sk-base__avatar img').getAttribute('src')).toMatch(/^(https?:)?\/\//);

    // ---- e-mail and phone (a code to each number)
    await page.goto('/zppc/job_hunter/hunter_card');
    await page.getByRole('textbox', { name: '邮箱', exact: true }).fill('zhou.ning@example.com');
    await page.getByRole('button', { name: '保存邮箱' }).click();
    await toast(page, '邮箱已修改');
    // ---- the login log: filtered to today, one entry deleted
    await page.goto('/zppc/job_hunter/hunter_login');
    const rows = page.locator('.sk-table tbody tr');
    await rows.first().waitFor();
    const before = await rows.count();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    await page.getByLabel('开始日期').fill(today);
    await page.getByLabel('结束日期').fill(today);
    await page.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => rows.count()).toBe(before);
    await rows.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: '删除所选' }).click();
    await confirmDialog(page, '删除');
    await toast(page, '已删除 1 条记录');
    await expect.poll(() => rows.count()).toBe(before - 1);
    await screenshot(page, 'seeker-login-log');

    await context.close();
  });

  it('changes the phone with a code to each number, then the password, which ends the session', { timeout: 120_000 }, async () => {
    const { context, page } = await openPerson(browser);
    await logIn(page, phone, password);
    await page.goto('/zppc/job_hunter/hunter_card');
    await page.getByRole('button', { name: '更换手机号' }).click();
    const dialog = page.getByRole('dialog', { name: '更换手机号' });
    let since = Date.now();
    await dialog.getByRole('button', { name: '获取验证码' }).first().click();
    // Registration sent this number a code moments ago: the server asks to wait (60 s per number).
    const busy = page.locator('.zp-message').filter({ hasText: /验证码发送过于频繁，请 \d+ 秒后再试/ }).first();
    if (await busy.waitFor({ timeout: 2000 }).then(() => true, () => false)) {
      const seconds = Number(/请 (\d+) 秒/.exec((await busy.textContent()) ?? '')?.[1] ?? 60);
      await page.waitForTimeout((seconds + 1) * 1000);
      since = Date.now();
      await dialog.getByRole('button', { name: '获取验证码' }).first().click();
    }
    await dialog.getByLabel(/原手机号/).fill(await smsCode(phone, { purpose: 'old_phone', since }));
    await dialog.getByLabel(/^\*?新手机号$/).fill(newPhone);
    since = Date.now();
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByLabel(/新手机号的验证码/).fill(await smsCode(newPhone, { purpose: 'new_phone', since }));
    await dialog.getByRole('button', { name: '确认更换' }).click();
    await toast(page, '手机号已更换');
    await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe(newPhone);

    // ---- a new password ends the session; the new one logs in
    await page.goto('/zppc/job_hunter/hunter_card');
    await page.getByLabel('原密码').fill(password);
    await page.getByLabel(/^\*?新密码$/).fill('xyz98765');
    await page.getByLabel(/确认新密码/).fill('xyz98765');
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.getByRole('alertdialog').getByText('密码已修改，请使用新密码重新登录').waitFor();
    await confirmDialog(page, '去登录');
    await page.waitForURL('**/zppc/public/login**');
    expect(await page.evaluate(() => localStorage.getItem('zp:session'))).toBeNull();
    await page.getByLabel('手机号').fill(newPhone);
    await page.getByLabel('密码', { exact: true }).fill('xyz98765');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/job_hunter/hunter_home');
    await context.close();
  });
});
