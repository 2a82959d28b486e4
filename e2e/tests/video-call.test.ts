/**
 * One-to-one video calls inside the chat (spec section 4), with Chromium's fake camera and
 * microphone: the demo HR calls job seekers registered for the journey (a free HR interviews a
 * seeker once a day) from the conversation's 视频通话 icon.
 * - Accepted: both remote pictures play (videoWidth > 0, received bytes grow); the seeker's
 *   second page stops ringing once the first answered; a third person's request to the HR in
 *   the call is answered line busy (对方忙线中); minimising and closing the panel keep the call;
 *   the hangup shows the same duration on both sides.
 * - Refused (对方已拒绝视频面试, the spec's words), cancelled, unanswered for 60 s (the HR's page
 *   on a test clock), and the seeker's camera failing on answering: idle on both sides with the
 *   record lines 已拒绝视频面试 / 已取消 / 未接听 / 通话未接通.
 * - The seeker asks (QZ_REQ): refused, they read 对方已拒绝视频面试; asked again and approved,
 *   they are in the call with both pictures.
 * - A free HR's call: 剩余 mm:ss on both sides and the minute's warning; a reload on either side
 *   goes back into the call by itself, both pictures again, the time left going on from the
 *   server's clock; a side away while the other hung up is told so and keeps no call.
 * Screenshots at 1280 px (HR) and 375 px (seekers).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, screenshot, useBrowser, type Grant } from '../lib/harness.js';
import { giveResume, personWithChat, quickStart, registerSeeker } from '../lib/chat.js';
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
  await giveResume(grant.token, '周航'); // found in talent search: the HR may call first
  return { ...(await withChat(browser, 'qz', phone, width, grant)), grant };
}

/** Opens the panel on the conversation with `userId`. */
async function openConversation(p: Someone, userId: string) {
  if (!(await panel(p.page).count())) await chat(p.page).getByRole('button', { name: '消息', exact: true }).click();
  await panel(p.page).getByLabel('会话列表', { exact: true }).waitFor();
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
      // the spec's words (section 8), in the notice and the conversation's record
      await toast(hr.page, '对方已拒绝视频面试').waitFor();
      await callWindow(hr.page).waitFor({ state: 'hidden' });
      await prompt(seeker.page).waitFor({ state: 'detached' });
      expect(await lastRecord(hr.page, '对方已拒绝视频面试')).toBe('对方已拒绝视频面试');

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
      expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['已拒绝视频面试', '对方已取消', '未接听', '通话未接通']));
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

  it("a free HR's call: the time left and the minute's warning, the window beside the panel's 发送, a reload on either side back into the call", { timeout: 300_000 }, async () => {
    let hr: Someone | undefined;
    let seeker: Someone | undefined;
    try {
      seeker = await freshSeeker(browser());
      hr = await withChat(browser(), 'hr', demo.hr.phone, 1280);
      await hrCalls(hr, seeker);
      await prompt(seeker.page).getByRole('button', { name: '接听' }).click();
      await receivesVideo(remoteVideo(hr.page));
      await receivesVideo(remoteVideo(seeker.page));

      // At 1280 the call window and the open panel do not cover each other: 发送 and 关闭 stay free.
      const box = async (l: ReturnType<Page['locator']>) => (await l.boundingBox())!;
      const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
        a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      const win = await box(callWindow(hr.page));
      expect(apart(win, await box(panel(hr.page).getByRole('button', { name: '发送', exact: true })))).toBe(true);
      expect(apart(win, await box(panel(hr.page).getByRole('button', { name: '关闭', exact: true })))).toBe(true);
      await shoot([['hr', hr]], 'video-call-beside-panel-1280');

      // The time left of the free HR's 20 minutes, on both sides.
      for (const p of [hr, seeker]) {
        await expect.poll(() => callWindow(p!.page).getByTestId('call-remaining').textContent(), { timeout: 10_000 }).toMatch(/^剩余 (20:00|19:[0-5]\d)$/);
      }

      // The duration runs from when both were in.
      const seconds = (clock: string | null) => (clock ?? '').split(':').reduce((t, part) => t * 60 + Number(part), 0);
      await expect.poll(async () => seconds(await callWindow(hr!.page).getByTestId('call-status').textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

      // A reload on either side goes back into the call by itself: the pictures again both ways,
      // and the time left and the duration go on from the server's clock (not back to 20:00).
      const remainingOf = async (page: Page) => seconds(((await callWindow(page).getByTestId('call-remaining').textContent()) ?? '').replace('剩余 ', ''));
      for (const [who, p] of [['hr', hr], ['seeker', seeker]] as const) {
        const left = await remainingOf(p.page);
        const ran = seconds(await callWindow(p.page).getByTestId('call-status').textContent());
        if (who === 'seeker') {
          // A browser whose autoplay policy refuses the sound after a reload until a click, stood
          // in for by <audio>.play() refusing while the page has had none.
          await p.page.addInitScript(() => {
            let clicked = false;
            window.addEventListener('click', () => (clicked = true), true);
            const play = HTMLMediaElement.prototype.play;
            HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
              if (this instanceof HTMLAudioElement && !clicked) return Promise.reject(new DOMException('a click first', 'NotAllowedError'));
              return play.call(this);
            };
          });
        }
        const reloadedAt = Date.now();
        await p.page.reload();
        await callWindow(p.page).waitFor({ timeout: 30_000 });
        await callWindow(p.page).getByTestId('call-remaining').waitFor({ timeout: 15_000 });
        const away = Math.ceil((Date.now() - reloadedAt) / 1000);
        const leftAfter = await remainingOf(p.page);
        expect(leftAfter).toBeLessThanOrEqual(left);
        expect(leftAfter).toBeGreaterThanOrEqual(left - away - 2);
        expect(seconds(await callWindow(p.page).getByTestId('call-status').textContent())).toBeGreaterThanOrEqual(ran);
        await receivesVideo(remoteVideo(hr.page));
        await receivesVideo(remoteVideo(seeker.page));
        await shoot([[who, p]], `video-call-reloaded-${who}`);
        if (who === 'seeker') {
          // One click brings the sound; the call goes on.
          await callWindow(p.page).getByRole('button', { name: '点击恢复声音' }).click();
          await callWindow(p.page).getByRole('button', { name: '点击恢复声音' }).waitFor({ state: 'detached' });
        }
      }

      // 19 minutes later (the HR's page on a test clock from now): the warning, a minute before
      // the end, as the room gives it.
      await hr.page.clock.install();
      await hr.page.clock.fastForward(19 * 60_000 + 5_000);
      await callWindow(hr.page).getByRole('alert').filter({ hasText: '面试将在 1 分钟后结束' }).waitFor();
      await expect.poll(() => callWindow(hr!.page).getByTestId('call-remaining').textContent()).toMatch(/^剩余 00:[0-5]\d$/);
      await shoot([['hr', hr]], 'video-call-warning-1280');

      // The seeker, back from a reload, hangs up: the record's duration counts from when both
      // were in, not from the reload.
      const live = seconds(await callWindow(seeker.page).getByTestId('call-status').textContent());
      await callWindow(seeker.page).getByRole('button', { name: '挂断' }).click();
      await callWindow(seeker.page).waitFor({ state: 'hidden' });
      await openConversation(seeker, hr.userId);
      const line = await lastRecord(seeker.page, /^通话时长 \d\d:\d\d:\d\d$/);
      expect(seconds(line.replace('通话时长 ', ''))).toBeGreaterThanOrEqual(live);
    } catch (err) {
      await shoot([['hr', hr], ['seeker', seeker]], 'video-call-clock-failed');
      throw err;
    }
  });

  it('a call kept across a reload whose other side hung up meanwhile is dropped with a clear message, on either side', { timeout: 300_000 }, async () => {
    let hr: Someone | undefined;
    let seeker: Someone | undefined;
    try {
      hr = await withChat(browser(), 'hr', demo.hr.phone, 1280);
      // One fresh seeker per call: a free HR interviews a seeker once a day.
      for (const away of ['seeker', 'hr'] as const) {
        seeker = await freshSeeker(browser());
        await hrCalls(hr, seeker);
        await prompt(seeker.page).getByRole('button', { name: '接听' }).click();
        await receivesVideo(remoteVideo(hr.page));
        await receivesVideo(remoteVideo(seeker.page));
        const [gone, stays] = away === 'seeker' ? [seeker, hr] : [hr, seeker];
        // One side's tab goes to another site (its call kept in the tab); the other hangs up meanwhile.
        await gone.page.goto('about:blank');
        await callWindow(stays.page).getByRole('button', { name: '挂断' }).click();
        await callWindow(stays.page).waitFor({ state: 'hidden' });
        await gone.page.goto('/zppc/');
        await toast(gone.page, '对方已挂断，通话已结束').waitFor({ timeout: 30_000 });
        await shoot([[away, gone]], `video-call-hung-up-while-away-${away}`);
        expect(await callWindow(gone.page).isVisible()).toBe(false);
        // Dropped for good: the tab keeps no call that a next reload would try again.
        expect(await gone.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('zp:call:')))).toEqual([]);
        await seeker.page.context().close();
        seeker = undefined;
      }
    } catch (err) {
      await shoot([['hr', hr], ['seeker', seeker]], 'video-call-hung-up-while-away-failed');
      throw err;
    }
  });
});
