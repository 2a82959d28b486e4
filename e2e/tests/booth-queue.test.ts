/**
 * Booth queues (排队面试) at the demo online fair, three seekers and the demo HR in their own
 * browsers: each seeker joins the demo enterprise's line from its booth in the hall and sees the
 * place; one leaves and the others move up on their pages without a reload; the HR, in 排队面试,
 * takes each in turn with 下一位, which rings the seeker through the chat's 1:1 call, and the call
 * connects (frames arrive both ways); 暂停排队 with a note closes the booth to newcomers; and a
 * seeker books an interview slot the HR opened at the booth (预约面试). Screenshots of both sides
 * at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiGrant } from '../lib/api.js';
import { giveResume, registerSeeker } from '../lib/chat.js';
import { demo, openLoggedIn, screenshot, settled, useBrowser, type Grant } from '../lib/harness.js';
import { collectPeerConnections, receivesVideo } from '../lib/video.js';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** The demo HR is a free HR: the call layer tells the 20-minute rule before each call. */
const FREE_NOTICE = '非付费会员每次视频面试仅限20分钟';

const chat = (page: Page) => page.locator('zp-chat');
const prompt = (page: Page) => chat(page).getByRole('alertdialog', { name: '视频通话邀请' });
const callWindow = (page: Page) => chat(page).getByRole('dialog', { name: '视频通话' });
const remoteVideo = (page: Page) => chat(page).locator('.call-remote video').first();
const bar = (page: Page) => page.locator('[data-queue-bar]');
const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first();

interface Seeker {
  page: Page;
  grant: Grant;
  name: string;
}

let serial = 0;

describe('booth queue', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('three seekers queue at a booth, one leaves, the HR takes the others in turn by video call', { timeout: 420_000 }, async () => {
    const hrGrant = await apiGrant('hr', demo.hr.phone);
    const company = (await apiCall<{ qyDwhrxxEntity: { dwmc: string; dwid: string } }>('/api/hr/qydwhrxx/getHrInfo', { token: hrGrant.token })).qyDwhrxxEntity;

    // The HR opens 排队面试 (which also makes the booth's HR online).
    const hr = await openLoggedIn(browser(), hrGrant, { viewport: DESKTOP });
    await collectPeerConnections(hr.page);
    await hr.page.goto('/zppc/enter_home/enter_queue');
    const line = hr.page.locator('[data-queue]').first();
    await line.waitFor();
    const hxid = (await line.getAttribute('data-queue'))!;

    // Three seekers of this run, each on the fair's hall filtered to the demo enterprise's booth.
    const hall = `/zppc/public/meetinghall/${hxid}/2?name=${encodeURIComponent(company.dwmc)}`;
    const seekers: Seeker[] = [];
    for (const [name, viewport] of [['林晓', PHONE], ['王磊', DESKTOP], ['陈静', DESKTOP]] as const) {
      const grant = await registerSeeker(`136${String(Date.now() + serial++).slice(-8)}`);
      await giveResume(grant.token, name);
      const { page } = await openLoggedIn(browser(), grant, { viewport });
      await collectPeerConnections(page);
      await page.goto(hall);
      seekers.push({ page, grant, name });
    }
    const [a, b, c] = seekers;
    const booth = (page: Page) => page.locator(`[data-booth="${company.dwid}"]`);

    for (const [i, s] of seekers.entries()) {
      await booth(s.page).getByRole('button', { name: '排队面试' }).click();
      await toast(s.page, `排队成功，你排在第 ${i + 1} 位`).waitFor();
      await expect.poll(() => bar(s.page).locator('[data-position]').textContent()).toBe(String(i + 1));
    }
    // Everyone's place, live: the first ones see the line grow behind them, the HR sees three.
    await expect.poll(() => line.locator('[data-waiting]').textContent()).toBe('3');
    await expect.poll(() => line.locator('.queue-row .queue-seeker__name').allTextContents()).toEqual(['林晓', '王磊', '陈静']);
    await booth(a.page).getByText('排队中 · 第 1 位').waitFor();
    await settled(a.page);
    await screenshot(a.page, 'queue-seeker-waiting-375', { fullPage: false });
    await c.page.locator('.booth-queue').first().scrollIntoViewIfNeeded();
    await settled(c.page);
    await screenshot(c.page, 'queue-seeker-waiting-1280', { fullPage: false });
    await settled(hr.page);
    await screenshot(hr.page, 'queue-hr-line-1280', { fullPage: false });

    // 王磊 leaves: 陈静 moves up to 2 on her page, and the HR's line drops to two.
    await bar(b.page).getByRole('button', { name: '离开队伍' }).click();
    await b.page.getByRole('alertdialog').getByRole('button', { name: '离开队伍' }).click();
    await toast(b.page, '已离开队伍').waitFor();
    await bar(b.page).waitFor({ state: 'detached' });
    await expect.poll(() => bar(c.page).locator('[data-position]').textContent()).toBe('2');
    await expect.poll(() => line.locator('.queue-row .queue-seeker__name').allTextContents()).toEqual(['林晓', '陈静']);

    // 下一位: 林晓 is called and her page rings; she answers and both pictures play.
    for (const [s, others] of [[a, [c]], [c, []]] as const) {
      await line.getByRole('button', { name: '下一位' }).click();
      await hr.page.getByRole('alertdialog').filter({ hasText: FREE_NOTICE }).getByRole('button', { name: '发起通话' }).click();
      await callWindow(hr.page).getByText('等待对方接听').first().waitFor();
      await bar(s.page).getByText('轮到你了！').waitFor();
      for (const o of others) await expect.poll(() => bar(o.page).locator('[data-position]').textContent()).toBe('1');
      await expect.poll(() => line.locator('.queue-current.is-mine .queue-seeker__name').textContent()).toBe(s.name);
      await prompt(s.page).waitFor();
      if (s === a) {
        await settled(a.page);
        await screenshot(a.page, 'queue-seeker-called-375', { fullPage: false });
      }
      await prompt(s.page).getByRole('button', { name: '接听' }).click();
      await receivesVideo(remoteVideo(hr.page));
      await receivesVideo(remoteVideo(s.page));
      if (s === a) await screenshot(hr.page, 'queue-hr-calling-1280', { fullPage: false });
      await callWindow(hr.page).getByRole('button', { name: '挂断' }).click();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await line.locator('.queue-current.is-mine').getByRole('button', { name: '面试结束' }).click();
      await toast(hr.page, '面试已结束').waitFor();
      await bar(s.page).waitFor({ state: 'detached' });
    }
    await expect.poll(() => line.locator('[data-waiting]').textContent()).toBe('0');
    await line.getByText('已面试 2 人').waitFor();

    // 暂停排队 with a note: the booth says so to a newcomer, who cannot join.
    await line.getByRole('button', { name: '暂停排队' }).click();
    const pause = hr.page.getByRole('dialog', { name: '暂停排队' });
    await pause.getByLabel('说明（求职者可见）').fill('午休，13:30 继续');
    await settled(hr.page);
    await pause.getByRole('button', { name: '暂停排队' }).click();
    await line.getByText('已暂停排队：午休，13:30 继续').waitFor();
    await b.page.reload();
    await booth(b.page).getByText('暂停排队：午休，13:30 继续').waitFor();
    expect(await booth(b.page).getByRole('button', { name: '排队面试' }).count()).toBe(0);
    await hr.page.setViewportSize(PHONE);
    await settled(hr.page);
    await screenshot(hr.page, 'queue-hr-paused-375', { fullPage: false });
    await line.getByRole('button', { name: '恢复排队' }).click();
    await toast(hr.page, '已恢复排队').waitFor();

    // 预约面试 at the booth: the HR opened a slot there (展位可约); 王磊, who applied to one of the
    // enterprise's jobs, books it from the booth, and finds it in 面试邀请.
    const jobs = (await apiCall<{ page: { list: { gwid: string; gwmc: string }[] } }>('/api/hr/qydwgwfbxx/findGwListHr', { token: hrGrant.token, query: { gwzt: '2', page: 1, limit: 100 } })).page.list;
    const job = jobs[jobs.length - 1]!;
    await apiCall('/api/qz/qyhxrxx/td', { token: b.grant.token, method: 'POST', query: { gwid: job.gwid } });
    const startsMs = Math.ceil((Date.now() + 6 * 86_400_000) / 3_600_000) * 3_600_000;
    const starts = new Date(startsMs + 8 * 3_600_000).toISOString();
    const published = await apiCall<{ code: number; msg: string }>('/api/hr/slots', {
      token: hrGrant.token,
      method: 'POST',
      body: { startsAt: `${starts.slice(0, 10)} ${starts.slice(11, 16)}`, minutes: 20, count: 1, mode: 'video', capacity: 1, jobIds: [job.gwid], cutoffHours: 0, atBooth: true },
    });
    expect(published.code, published.msg).toBe(0);
    await b.page.reload();
    await booth(b.page).getByRole('button', { name: '预约面试' }).click();
    const picker = b.page.getByRole('dialog', { name: `预约面试 · ${company.dwmc}` });
    await picker.getByText(`面试岗位：${job.gwmc}`).waitFor();
    await picker.locator('.slot-choice', { hasText: `${starts.slice(11, 16)}–` }).first().click();
    await settled(b.page);
    await screenshot(b.page, 'booth-book-1280', { fullPage: false });
    await picker.getByRole('button', { name: '确认预约' }).click();
    await toast(b.page, '可在「面试邀请」中查看、改约或下载日历').waitFor();
    await b.page.goto('/zppc/job_hunter/hunter_invite');
    await b.page.getByRole('tab', { name: /已接受/ }).click();
    await b.page.locator('.sk-invite').filter({ hasText: job.gwmc }).first().getByText(starts.slice(11, 16), { exact: false }).first().waitFor();
  });
});
