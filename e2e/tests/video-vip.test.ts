/**
 * The operator makes an enterprise a paying member in the console (付费会员, with a last day) and
 * its HR's video interviews have no limit: startVedio answers data 1, type 1 (no 20-minute notice;
 * after the video-room journey of the same run this is a seeker the HR already interviewed that
 * day); withdrawn, the free HR's rules are back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiGrant, apiLogin } from '../lib/api.js';
import { videoPerson } from '../lib/video.js';

const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first().waitFor();

describe("the operator's paying membership", () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('set with a last day in the console lifts the free HR limits; withdrawn, they are back', { timeout: 120_000 }, async () => {
    const hrToken = await apiLogin('hr', demo.hr.phone, demo.password);
    const seekerId = (await apiGrant('qz', demo.seeker.phone)).userId;
    const { qyDwhrxxEntity: hrInfo } = await apiCall<{ qyDwhrxxEntity: { dwmc: string } }>('/api/hr/qydwhrxx/getHrInfo', { token: hrToken });
    const startCheck = () => apiCall<{ data: number; type: number }>(`/api/sec/trtc/startVedio/${seekerId}`, { token: hrToken, method: 'POST' });
    expect((await startCheck()).type).toBe(0);

    const { page } = await videoPerson(browser(), 'xs', demo.operator.phone, 1280);
    try {
      await page.goto('/zppc/admin/companies');
      await page.getByRole('tab', { name: '已通过' }).click();
      await page.getByLabel('单位名称').fill(hrInfo.dwmc);
      await page.getByRole('button', { name: '查找' }).click();
      const card = page.locator('.hr-card').filter({ hasText: hrInfo.dwmc }).first();
      await card.getByRole('button', { name: '付费会员' }).click();
      const dialog = page.getByRole('dialog', { name: `「${hrInfo.dwmc}」的付费会员` });
      await dialog.getByText('非付费会员').waitFor();
      const end = new Date(Date.now() + 40 * 86400_000).toISOString().slice(0, 10);
      await dialog.getByLabel('会员到期日').fill(end);
      await screenshot(page, 'video-vip-console-1280', { fullPage: false });
      await dialog.getByRole('button', { name: '保存' }).click();
      await toast(page, '已设置付费会员');

      // The HR is a paying member now: no notice, no once-a-day limit; the HR's info says so.
      expect(await startCheck()).toMatchObject({ data: 1, type: 1 });
      expect((await apiCall<{ qyDwhrxxEntity: { vip: number } }>('/api/hr/qydwhrxx/getHrInfo', { token: hrToken })).qyDwhrxxEntity.vip).toBe(1);

      // Withdrawn: the free HR's rules again.
      await card.getByRole('button', { name: '付费会员' }).click();
      await dialog.getByText(`付费会员，至 ${end}`).waitFor();
      await dialog.getByRole('button', { name: '取消会员' }).click();
      await toast(page, '已取消付费会员');
      expect((await startCheck()).type).toBe(0);
    } catch (err) {
      await screenshot(page, 'video-vip-failed').catch(() => {});
      throw err;
    }
  });
});
