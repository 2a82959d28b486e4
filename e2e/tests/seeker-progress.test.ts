import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, fitsWidth, openPerson, screenshot, smsCode } from '../lib/harness.js';
import { apiCall, apiLogin, currentConsent, md5 } from '../lib/api.js';

const tail = String(Date.now()).slice(-8);
const phone = `137${tail}`;
const password = 'abc-job-2026';
/** A small file that is a PDF by its bytes (the server checks them). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n', 'latin1');

const toast = (page: Page, text: string | RegExp) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

/** A seeker past 60 % without work experience or city (so the centre has something to ask for), with two applications. */
async function arrange(): Promise<{ token: string; jobs: string[] }> {
  const since = Date.now();
  await apiCall('/api/sec/pc/registerValidateCode', { method: 'POST', query: { phone } });
  const { token } = await apiCall<{ token: string }>('/api/sec/pc/registerQz', { body: { phone, pwd: md5(password), validateCode: await smsCode(phone, { purpose: 'register', since }), consent: await currentConsent() } });
  await apiCall('/api/qz/qzgrjbxx/save', { token, body: { xm: '林晓', xbm: 'xb_002', csrq: '1998-03-01', yx: 'linxiao@example.com', zwpj: '两年产品运营经验。' } });
  await apiCall('/api/qz/qzgrjbxx/updateQzzt/zt_004', { token, method: 'POST' });
  await apiCall('/api/qz/qzqzyx/save', { token, body: { sjm: '440000', cjm: '440300', zwmo: 'gwlb_01', zwmt: 'gwlb_0102', zwm: 'gwlb_010201' } });
  await apiCall('/api/qz/qzjyjl/save', { token, body: { xxmc: '暨南大学', xl: 'xl_04', rxsj: '2016-09', bysj: '2020-06' } });
  const hr = await apiLogin('hr', demo.hr.phone, demo.password);
  const list = await apiCall<{ page: { list: { gwid: string; gwmc: string }[] } }>('/api/hr/qydwgwfbxx/findGwListHr', { token: hr, query: { zt: 1, page: 1, limit: 5 } });
  const jobs = list.page.list.slice(0, 2);
  for (const j of jobs) await apiCall('/api/qz/qyhxrxx/td', { token, method: 'POST', query: { gwid: j.gwid } });
  // three attachment résumés: the limit
  for (const name of ['简历一.pdf', '简历二.pdf', '简历三.pdf']) {
    const { info } = await apiCall<{ info: { host: string; dir: string; fields: Record<string, string>; upid: string } }>('/api/qz/qzFile/getOssKey', { token, query: { fileType: 10 } });
    const form = new FormData();
    for (const [k, v] of Object.entries(info.fields)) form.append(k, v);
    form.append('key', `${info.dir}cv.pdf`);
    form.append('file', new Blob([new Uint8Array(PDF)]), 'cv.pdf');
    expect((await fetch(info.host, { method: 'POST', body: form })).ok).toBe(true);
    await apiCall('/api/qz/qzFile/save', { token, body: { keyName: `${info.dir}cv.pdf`, wjmc: name, wjbm: name, wjgs: 'pdf', wjdx: PDF.length, upid: info.upid, host: info.host, wjlx: 10 } });
  }
  return { token, jobs: jobs.map((j) => j.gwmc) };
}

describe('the seeker centre says what is missing, how far each application got, and what is full', () => {
  let browser: Browser;
  let arranged: Awaited<ReturnType<typeof arrange>>;
  beforeAll(async () => {
    browser = await connectBrowser();
    arranged = await arrange();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function logIn(page: Page) {
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(phone);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/job_hunter/hunter_home');
  }

  it('the home names each figure for what it counts and links each missing part of the résumé', async () => {
    const { page, context } = await openPerson(browser);
    await logIn(page);
    const stats = page.getByRole('list', { name: '我的求职数据' });
    await stats.waitFor();
    const labels = await stats.locator('.sk-stat span').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['投递记录', '投递被查看', '简历被浏览次数', '简历被收藏', '简历被下载次数']));
    // no two figures read alike
    expect(labels.filter((l) => l.includes('被查看'))).toEqual(['投递被查看']);

    const gaps = page.getByTestId('wsd-gaps');
    await gaps.waitFor();
    const wsd = Number((await page.getByTestId('wsd').textContent())!.replace('%', ''));
    await expect.poll(() => gaps.textContent()).toContain(`还差 ${100 - wsd}%：`);
    expect(await gaps.textContent()).toContain('添加工作经历');
    expect(await gaps.textContent()).toContain('填写现居城市');
    await screenshot(page, 'seeker-home-gaps-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await fitsWidth(page);
    await screenshot(page, 'seeker-home-gaps-375');

    await gaps.getByRole('link', { name: '添加工作经历' }).click();
    await page.waitForURL('**/private/resume#section-gzjl');
    const section = page.locator('#section-gzjl');
    await section.waitFor();
    await expect.poll(() => section.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight && el.getBoundingClientRect().bottom > 0)).toBe(true);
    await context.close();
  });

  it('投递进度 shows each step with its time; 撤回投递 takes back an application nobody read yet', async () => {
    const { page, context } = await openPerson(browser);
    await logIn(page);
    await page.goto('/zppc/job_hunter/hunter_invest');
    const row = page.locator('.sk-row').filter({ hasText: arranged.jobs[0] });
    await row.waitFor();
    await row.getByRole('button', { name: '投递进度' }).click();
    const steps = row.getByRole('list', { name: '投递进度' });
    await steps.getByText('投递简历').waitFor();
    expect(await steps.locator('time').first().textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await screenshot(page, 'seeker-applications-timeline-1280');

    await row.getByRole('button', { name: '撤回投递' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: '撤回' }).click();
    await toast(page, '已撤回投递');
    await expect.poll(() => page.locator('.sk-row').filter({ hasText: arranged.jobs[0] }).count()).toBe(0);
    const left = await apiCall<{ page: { total: number } }>('/api/qz/qyhxrxx/listAll/1/10', { token: arranged.token });
    expect(left.page.total).toBe(1);

    await page.setViewportSize({ width: 375, height: 800 });
    const other = page.locator('.sk-row').filter({ hasText: arranged.jobs[1] });
    await other.getByRole('button', { name: '投递进度' }).click();
    await other.getByRole('list', { name: '投递进度' }).waitFor();
    await fitsWidth(page);
    await screenshot(page, 'seeker-applications-timeline-375');
    await context.close();
  });

  it('the demo seeker’s hired application reads as a history of dated steps', async () => {
    const { page, context } = await openPerson(browser);
    await page.goto('/zppc/public/login?id=1');
    await page.getByLabel('手机号').fill(demo.seeker.phone);
    await page.getByLabel('密码', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/zppc/job_hunter/hunter_home');
    await page.goto('/zppc/job_hunter/hunter_invest');
    const hired = page.locator('.sk-row').filter({ has: page.getByTestId('application-state').filter({ hasText: '已录用' }) }).first();
    await hired.getByRole('button', { name: '投递进度' }).click();
    const steps = hired.getByRole('list', { name: '投递进度' });
    await steps.getByText('已录用').waitFor();
    const labels = await steps.locator('.sk-timeline__label').allTextContents();
    expect(labels[0]).toBe('投递简历');
    expect(labels.at(-1)).toBe('已录用');
    // no 撤回投递 once the enterprise has read it
    expect(await hired.getByRole('button', { name: '撤回投递' }).count()).toBe(0);
    await screenshot(page, 'seeker-applications-hired-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await fitsWidth(page);
    await screenshot(page, 'seeker-applications-hired-375');
    await context.close();
  });

  it('at three attachment résumés the upload is disabled with the reason, before any file is chosen', async () => {
    const { page, context } = await openPerson(browser);
    await logIn(page);
    await page.goto('/zppc/job_hunter/hunter_resume');
    const upload = page.locator('.sk-attach').getByRole('button', { name: '上传附件简历' });
    await upload.waitFor();
    await expect.poll(() => upload.isDisabled()).toBe(true);
    await page.getByText('附件简历最多 3 份，请删除不常用的附件简历后再上传').first().waitFor();
    await page.getByText('已有 3 份，已达上限，删除一份后才能上传').waitFor();
    await screenshot(page, 'seeker-attachments-full-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await fitsWidth(page);
    await screenshot(page, 'seeker-attachments-full-375');
    await context.close();
  });
});
