/**
 * One-to-one video calls inside the chat (spec section 4), with Chromium's fake camera and
 * microphone: the demo HR calls job seekers registered for the journey (a free HR interviews a
 * seeker once a day) from the conversation's 视频通话 icon.
 * - Accepted: both remote pictures play (videoWidth > 0, received bytes grow); the seeker's
 *   second page stops ringing once the first answered; a third person's request to the HR in
 *   the call is answered line busy (对方忙线中); minimising and closing the panel keep the call;
 *   the hangup shows the same duration on both sides.
 * - Refused, cancelled, unanswered for 60 s (the HR's page on a test clock), and the seeker's
 *   camera failing on answering: idle on both sides with the record lines 已拒绝 / 已取消 /
 *   未接听 / 通话未接通.
 * - The seeker asks (QZ_REQ): refused, they read 对方已拒绝视频面试; asked again and approved,
 *   they are in the call with both pictures.
 * Screenshots at 1280 px (HR) and 375 px (seekers).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, screenshot, useBrowser } from '../lib/harness.js';
import { personWithChat, quickStart, registerSeeker, type Grant } from '../lib/chat.js';
import { collectPeerConnections, receivesVideo } from '../lib/video.js';

/** The start of RTC_FREE_NOTICE: the demo HR is a free HR, told the 20-minute rule before calling. */
const FREE_NOTICE = '非付费会员每次视频面试仅限20分钟';

let serial = 0;
const newPhone = () => `135${String(Date.now() + serial++).slice(-8)}`;

const chat = (page: Page) => page.locator('zp-chat');
const panel = (page: Page) => page.getByRole('dialog', { name: '在线沟通' });
const prompt = (page: Page) => chat(page).getByRole('alertdialog', { name: '视频通话邀请' });
const requestPrompt = (page: Page) => chat(page).getByRole('alertdialog', { name: '视频面试请求' });
const callWindow = (page: Page) => chat(page).getByRole('dialog', { name: '视频通话' });
const remoteVideo = (page: Page) => chat(page).locator('.call-remote video').first();
const records = (page: Page) => chat(page).locator('.call-record');
const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first();

interface Someone {
  page: Page;
  userId: string;
}

/** A person with the chat on the home page, whose peer connections the journey can read. */
async function withChat(browser: Browser, role: 'qz' | 'hr', phone: string, width: number, grant?: Grant, prepare?: (page: Page) => Promise<unknown>): Promise<Someone> {
  return personWithChat(browser, role, phone, width, grant, async (page) => {
    await collectPeerConnections(page);
    await prepare?.(page);
  });
}

async function freshSeeker(browser: Browser, width = 375): Promise<Someone & { grant: Grant }> {
  const phone = newPhone();
  const grant = await registerSeeker(phone);
  return { ...(await withChat(browser, 'qz', phone, width, grant)), grant };
}

/** Opens the panel on the conversation with `userId`. */
async function openConversation(p: Someone, userId: string) {
  if (!(await panel(p.page).count())) await chat(p.page).getByRole('button', { name: '消息', exact: true }).click();
  await panel(p.page).getByLabel('会话列表').waitFor();
  await quickStart(p.page, userId);
}

async function closePanel(page: Page) {
  await panel(page).getByRole('button', { name: '关闭', exact: true }).click();
  await panel(page).waitFor({ state: 'detached' });
}

/** The HR clicks 视频通话 in the conversation with `seeker` and agrees to the free HR's rule. */
async function hrCalls(hr: Someone, seeker: Someone) {
  await openConversation(hr, seeker.userId);
  await chat(hr.page).getByRole('button', { name: '视频通话', exact: true }).click();
  await hr.page.getByRole('alertdialog').filter({ hasText: FREE_NOTICE }).getByRole('button', { name: '发起通话' }).click();
  await callWindow(hr.page).getByText('等待对方接听').first().waitFor();
}

/** The last record line of the open conversation, once it reads `text`. */
async function lastRecord(page: Page, text: string | RegExp) {
  await expect.poll(async () => (await records(page).last().textContent().catch(() => '')) ?? '', { timeout: 20_000 }).toMatch(text);
  return (await records(page).last().textContent())!.trim();
}

async function shoot(people: [string, Someone | undefined][], name: string) {
  for (const [who, p] of people) if (p) await screenshot(p.page, `${name}-${who}`, { fullPage: false }).catch(() => {});
}

describe('one-to-one video calls in the chat', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('HR calls, the seeker answers on one of two pages: both pictures play, a third person hears 对方忙线中, hangup shows the same duration', { timeout: 300_000 }, async () => {
    let hr: Someone | undefined;
    let seeker: (Someone & { grant: Grant }) | undefined;
    let other: Someone | undefined;
    let third: Someone | undefined;
    try {
      seeker = await freshSeeker(browser());
      // The same seeker's second page, in the same browser.
      const page2 = await seeker.page.context().newPage();
      await collectPeerConnections(page2);
      await page2.goto('/zppc/');
      await chat(page2).locator('.launcher').waitFor();
      other = { page: page2, userId: seeker.userId };
      hr = await withChat(browser(), 'hr', demo.hr.phone, 1280);

      await hrCalls(hr, seeker);
      // Both of the seeker's pages ring, with the panel closed.
      await prompt(seeker.page).waitFor();
      await prompt(other.page).waitFor();
      await expect.poll(() => prompt(seeker!.page).textContent()).toContain('邀请你进行视频通话');
      await shoot([['seeker', seeker]], 'video-call-incoming-375');
      await shoot([['hr', hr]], 'video-call-dialling-1280');

      await prompt(seeker.page).getByRole('button', { name: '接听' }).click();
      // The other page stops ringing: the call was answered elsewhere.
      await prompt(other.page).waitFor({ state: 'detached' });
      await callWindow(other.page).waitFor({ state: 'hidden' });

      await receivesVideo(remoteVideo(hr.page));
      await receivesVideo(remoteVideo(seeker.page));
      await expect.poll(() => callWindow(hr!.page).getByTestId('call-status').textContent(), { timeout: 10_000 }).toMatch(/^00:00:0[1-9]/);
      await shoot([['hr', hr], ['seeker', seeker]], 'video-call-calling');
      // 切换画面: oneself large, the other person small; and back.
      const area = async (selector: string) => {
        const box = await chat(hr!.page).locator(selector).boundingBox();
        return box ? box.width * box.height : 0;
      };
      expect(await area('.call-remote')).toBeGreaterThan(await area('.call-local'));
      await callWindow(hr.page).getByRole('button', { name: '切换画面' }).click();
      await expect.poll(async () => (await area('.call-local')) > (await area('.call-remote'))).toBe(true);
      await shoot([['hr', hr]], 'video-call-swapped-1280');
      await callWindow(hr.page).getByRole('button', { name: '切换画面' }).click();
      await expect.poll(async () => (await area('.call-remote')) > (await area('.call-local'))).toBe(true);

      // A third person asks the HR, who is in a call: line busy, answered by itself.
      third = await freshSeeker(browser(), 1280);
      await openConversation(third, hr.userId);
      await chat(third.page).getByRole('button', { name: '视频通话', exact: true }).click();
      await toast(third.page, '对方忙线中').waitFor({ timeout: 20_000 });
      await lastRecord(third.page, '对方忙线中');
      await chat(third.page).getByRole('alertdialog', { name: '等待对方同意' }).waitFor({ state: 'detached' });
      await shoot([['third', third]], 'video-call-busy-1280');
      // The call goes on.
      await receivesVideo(remoteVideo(hr.page));

      // The seeker turns the camera off and on; minimises; the call survives closing the panel.
      const camera = callWindow(seeker.page).getByRole('button', { name: '摄像头' });
      await camera.click();
      await expect.poll(() => camera.getAttribute('aria-pressed')).toBe('false');
      await camera.click();
      await expect.poll(() => camera.getAttribute('aria-pressed')).toBe('true');
      await callWindow(hr.page).getByRole('button', { name: '最小化' }).click();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await chat(hr.page).getByRole('button', { name: '还原' }).waitFor();
      await shoot([['hr', hr]], 'video-call-minimised-1280');
      await closePanel(hr.page);
      await chat(hr.page).getByRole('button', { name: '消息', exact: true }).click();
      await panel(hr.page).getByLabel('会话列表').waitFor();
      await chat(hr.page).getByRole('button', { name: '还原' }).click();
      await callWindow(hr.page).waitFor();
      await receivesVideo(remoteVideo(hr.page));

      // The HR hangs up: both idle, the same duration on both sides, and it is what each side's
      // own timer showed (not only one message rendered twice).
      const seconds = (clock: string | null) => (clock ?? '').split(':').reduce((t, part) => t * 60 + Number(part), 0);
      const liveHr = seconds(await callWindow(hr.page).getByTestId('call-status').textContent());
      const liveSeeker = seconds(await callWindow(seeker.page).getByTestId('call-status').textContent());
      expect(Math.abs(liveHr - liveSeeker)).toBeLessThanOrEqual(2);
      await callWindow(hr.page).getByRole('button', { name: '挂断' }).click();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await toast(seeker.page, '通话已结束').waitFor();
      await callWindow(seeker.page).waitFor({ state: 'hidden' });
      await quickStart(hr.page, seeker.userId);
      const hrLine = await lastRecord(hr.page, /^通话时长 \d\d:\d\d:\d\d$/);
      await openConversation(seeker, hr.userId);
      const seekerLine = await lastRecord(seeker.page, /^通话时长 \d\d:\d\d:\d\d$/);
      expect(seekerLine).toBe(hrLine);
      const recorded = seconds(hrLine.replace('通话时长 ', ''));
      expect(recorded).toBeGreaterThanOrEqual(Math.min(liveHr, liveSeeker));
      expect(recorded).toBeLessThanOrEqual(Math.max(liveHr, liveSeeker) + 3);
      // The records read as words: never the signal's JSON.
      expect(await chat(seeker.page).locator('.messages').textContent()).not.toContain('call_id');
      await shoot([['hr', hr], ['seeker', seeker]], 'video-call-ended');
    } catch (err) {
      await shoot([['hr', hr], ['seeker', seeker], ['seeker2', other], ['third', third]], 'video-call-failed');
      throw err;
    }
  });

  it('refused, cancelled, unanswered for 60 s (on a test clock), and a camera that fails on answering: idle on both sides with the record lines', { timeout: 300_000 }, async () => {
    let hr: Someone | undefined;
    let seeker: Someone | undefined;
    try {
      seeker = await freshSeeker(browser());
      // The HR's page runs on a test clock: the 60 s pass when the journey says so.
      hr = await withChat(browser(), 'hr', demo.hr.phone, 1280, undefined, (page) => page.clock.install());

      // Refused.
      await hrCalls(hr, seeker);
      await prompt(seeker.page).getByRole('button', { name: '拒绝' }).click();
      await toast(hr.page, '对方已拒绝').waitFor();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await prompt(seeker.page).waitFor({ state: 'detached' });
      expect(await lastRecord(hr.page, '对方已拒绝')).toBe('对方已拒绝');

      // Cancelled while dialling.
      await chat(hr.page).getByRole('button', { name: '视频通话', exact: true }).click();
      await hr.page.getByRole('alertdialog').filter({ hasText: FREE_NOTICE }).getByRole('button', { name: '发起通话' }).click();
      await prompt(seeker.page).waitFor();
      await callWindow(hr.page).getByRole('button', { name: '取消' }).click();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await prompt(seeker.page).waitFor({ state: 'detached' });
      expect(await lastRecord(hr.page, '已取消')).toBe('已取消');

      // Unanswered: 60 s later (on the HR's clock) the call ends by itself on both sides.
      await chat(hr.page).getByRole('button', { name: '视频通话', exact: true }).click();
      await hr.page.getByRole('alertdialog').filter({ hasText: FREE_NOTICE }).getByRole('button', { name: '发起通话' }).click();
      await prompt(seeker.page).waitFor();
      await hr.page.clock.fastForward(61_000);
      await toast(hr.page, '对方未接听').waitFor();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await prompt(seeker.page).waitFor({ state: 'detached' });
      expect(await lastRecord(hr.page, '对方未接听')).toBe('对方未接听');

      // The seeker's camera cannot be opened (a failing device, stood in for by getUserMedia
      // refusing, as the browser does without permission): answering ends the call on both sides.
      await seeker.page.evaluate(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await chat(hr.page).getByRole('button', { name: '视频通话', exact: true }).click();
      await hr.page.getByRole('alertdialog').filter({ hasText: FREE_NOTICE }).getByRole('button', { name: '发起通话' }).click();
      await prompt(seeker.page).getByRole('button', { name: '接听' }).click();
      await toast(seeker.page, '请确认已连接摄像头和麦克风并授予其访问权限！').waitFor();
      await toast(hr.page, '对方设备异常，通话未接通').waitFor();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await callWindow(seeker.page).waitFor({ state: 'hidden' });
      expect(await lastRecord(hr.page, '通话未接通')).toBe('通话未接通');

      // The seeker's conversation: the records, from their side.
      await openConversation(seeker, hr.userId);
      await lastRecord(seeker.page, '通话未接通');
      const lines = await records(seeker.page).allTextContents();
      expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['已拒绝', '对方已取消', '未接听', '通话未接通']));
      await shoot([['hr', hr], ['seeker', seeker]], 'video-call-records');
    } catch (err) {
      await shoot([['hr', hr], ['seeker', seeker]], 'video-call-unanswered-failed');
      throw err;
    }
  });

  it('the seeker asks for an interview: refused they read 对方已拒绝视频面试; approved, the call runs with both pictures', { timeout: 300_000 }, async () => {
    let hr: Someone | undefined;
    let seeker: Someone | undefined;
    try {
      seeker = await freshSeeker(browser());
      hr = await withChat(browser(), 'hr', demo.hr.phone, 1280);
      await openConversation(seeker, hr.userId);
      const ask = async () => {
        await chat(seeker!.page).getByRole('button', { name: '视频通话', exact: true }).click();
        await chat(seeker!.page).getByRole('alertdialog', { name: '等待对方同意' }).waitFor();
        await requestPrompt(hr!.page).waitFor();
        await expect.poll(() => requestPrompt(hr!.page).textContent()).toContain('请求面试, 是否同意?');
      };

      await ask();
      await shoot([['seeker', seeker]], 'video-call-request-wait-375');
      await shoot([['hr', hr]], 'video-call-request-1280');
      await requestPrompt(hr.page).getByRole('button', { name: '拒绝' }).click();
      await toast(seeker.page, '对方已拒绝视频面试').waitFor();
      await chat(seeker.page).getByRole('alertdialog', { name: '等待对方同意' }).waitFor({ state: 'detached' });
      expect(await lastRecord(seeker.page, '对方已拒绝视频面试')).toBe('对方已拒绝视频面试');

      await ask();
      await requestPrompt(hr.page).getByRole('button', { name: '同意' }).click();
      // The HR opens the room; the seeker enters by itself.
      await receivesVideo(remoteVideo(hr.page));
      await receivesVideo(remoteVideo(seeker.page));
      await callWindow(seeker.page).getByRole('button', { name: '挂断' }).click();
      await callWindow(seeker.page).waitFor({ state: 'hidden' });
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await lastRecord(seeker.page, /^通话时长/);
    } catch (err) {
      await shoot([['hr', hr], ['seeker', seeker]], 'video-call-request-failed');
      throw err;
    }
  });
});
