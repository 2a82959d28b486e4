/**
 * 发起视频面试 reaching the candidate, and the room two people see (issue 28, items 3 and 5):
 * the HR opens a room for a seeker registered for the journey; the seeker's open page rings (the
 * chat's prompt, as a call rings) and 进入面试 takes them into the room; a 消息提醒 entry is
 * there too. In the room at 1280×720 (HR) and 375×667 (seeker), each sees the other person large,
 * themself small, and the controls without scrolling; pictures play (videoWidth > 0). The seeker
 * leaves: the HR reads 〈姓名〉已离开房间 and 重新邀请 rings the seeker's page again. Once the room
 * has ended, the seeker's invitation list says 已结束 and the chat's message 房间已结束 instead of
 * offering it. Screenshots of the room with two people at both sizes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, screenshot, useBrowser, type Grant } from '../lib/harness.js';
import { apiCall } from '../lib/api.js';
import { giveResume, personWithChat, quickStart, registerSeeker } from '../lib/chat.js';
import { collectPeerConnections, enterFromDeviceCheck, receivesVideoFrom, room, tile, videoPerson } from '../lib/video.js';

const ring = (page: Page) => page.locator('zp-chat').getByRole('alertdialog', { name: '视频面试邀请' });

/** Whether a box lies inside the window, whole. */
async function inView(page: Page, box: { x: number; y: number; width: number; height: number } | null) {
  const { width, height } = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;
}

/** The room as a person sees it: the other person large, oneself small, the controls in view without scrolling. */
async function seesOtherLarge(page: Page, me: string, other: string) {
  await room(page).locator(`.tile.focused[data-user="${other}"]`).waitFor();
  const big = await tile(page, other).boundingBox();
  const small = await tile(page, me).boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(big && small).toBeTruthy();
  expect(big!.width * big!.height).toBeGreaterThan(4 * small!.width * small!.height);
  // the large picture takes most of the window's width (beside the member list on a wide screen)
  expect(big!.width).toBeGreaterThan(width * (width > 720 ? 0.6 : 0.9));
  expect(big!.height).toBeGreaterThan(height * 0.3);
  expect(await inView(page, big)).toBe(true);
  expect(await inView(page, small)).toBe(true);
  for (const name of ['摄像头', '麦克风']) expect(await inView(page, await room(page).getByRole('button', { name, exact: true }).boundingBox()), name).toBe(true);
  expect(await inView(page, await room(page).getByRole('button', { name: '离开', exact: true }).boundingBox())).toBe(true);
}

describe('an HR-started video interview reaches the candidate', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('rings the seeker, who enters; both see the other large at 1280×720 and 375 px; leaving is named and 重新邀请 rings again', { timeout: 300_000 }, async () => {
    const phone = `136${String(Date.now()).slice(-8)}`;
    const grant: Grant = await registerSeeker(phone);
    await giveResume(grant.token, '孙悦');
    const seeker = await personWithChat(browser(), 'qz', phone, 375, grant, (page) => collectPeerConnections(page));
    await seeker.page.setViewportSize({ width: 375, height: 667 });
    const hr = await videoPerson(browser(), 'hr', demo.hr.phone, 1280);
    await hr.page.setViewportSize({ width: 1280, height: 720 });
    const people = { hr, seeker };
    try {
      // 发起视频面试 for this seeker (what the HR centre's button calls), then into the room.
      const opened = await apiCall<{ code: number; data: number }>('/api/sec/trtc/hrOpenRoom', { method: 'POST', token: hr.token, query: { userId: seeker.userId } });
      expect(opened.code).toBe(0);
      const roomId = String(opened.data);
      await hr.page.goto(`/zppc/video?roomId=${roomId}`);
      await enterFromDeviceCheck(hr.page);

      // The seeker's open page rings with the HR's invitation; 进入面试 leads into the room.
      await ring(seeker.page).waitFor({ timeout: 30_000 });
      expect(await ring(seeker.page).textContent()).toContain(`房间号 ${roomId}`);
      await screenshot(seeker.page, 'video-reach-ringing-375', { fullPage: false });
      await ring(seeker.page).getByRole('button', { name: '进入面试' }).click();
      await seeker.page.waitForURL(new RegExp(`/zppc/video\\?roomId=${roomId}$`));
      await enterFromDeviceCheck(seeker.page);

      // and a 消息提醒 entry waits in their messages
      const reminders = await apiCall<{ page: { list: { bt: string; tzlj: string }[] } }>('/api/qz/qzxxtx/list/all/1/20', { token: grant.token });
      expect(reminders.page.list).toContainEqual(expect.objectContaining({ bt: '视频面试邀请', tzlj: `/zppc/video?roomId=${roomId}` }));

      await receivesVideoFrom(hr.page, seeker.userId);
      await receivesVideoFrom(seeker.page, hr.userId);
      await seesOtherLarge(hr.page, hr.userId, seeker.userId);
      await seesOtherLarge(seeker.page, seeker.userId, hr.userId);
      // the free HR's 20 minutes now run from when both are in
      await expect.poll(() => room(hr.page).locator('.remaining').textContent()).toMatch(/剩余 (20:00|19:[0-5]\d)/);
      await screenshot(hr.page, 'video-room-two-1280x720', { fullPage: false });
      await screenshot(seeker.page, 'video-room-two-375', { fullPage: false });
      // and the other way round: the HR on a phone, the seeker at a desk
      await hr.page.setViewportSize({ width: 375, height: 667 });
      await seeker.page.setViewportSize({ width: 1280, height: 720 });
      await seesOtherLarge(hr.page, hr.userId, seeker.userId);
      await seesOtherLarge(seeker.page, seeker.userId, hr.userId);
      await screenshot(hr.page, 'video-room-two-hr-375', { fullPage: false });
      await hr.page.setViewportSize({ width: 1280, height: 720 });
      await seeker.page.setViewportSize({ width: 375, height: 667 });

      // The seeker leaves: the HR is told who, and may invite them again, which rings their page.
      await room(seeker.page).getByRole('button', { name: '离开', exact: true }).click();
      await seeker.page.getByRole('alertdialog').filter({ hasText: '确定要离开房间吗？' }).getByRole('button', { name: '离开' }).click();
      await room(seeker.page).getByText('您已离开房间').waitFor();
      const left = room(hr.page).getByRole('status').filter({ hasText: '孙悦已离开房间' });
      await left.waitFor({ timeout: 40_000 });
      await screenshot(hr.page, 'video-room-left-1280x720', { fullPage: false });
      await left.getByRole('button', { name: '重新邀请' }).click();
      await ring(seeker.page).waitFor({ timeout: 30_000 });
      await ring(seeker.page).getByRole('button', { name: '拒绝' }).click();
      await hr.page.getByText('对方已拒绝视频面试').first().waitFor({ timeout: 30_000 });

      // The HR leaves; the room, empty, ends: the seeker's invitation says so and offers nothing.
      await room(hr.page).getByRole('button', { name: '离开', exact: true }).click();
      await hr.page.getByRole('alertdialog').filter({ hasText: '确定要离开房间吗？' }).getByRole('button', { name: '离开' }).click();
      await room(hr.page).getByText('您已离开房间').waitFor();
      await seeker.page.goto('/zppc/job_hunter/hunter_invite');
      const invitation = seeker.page.getByRole('region', { name: '视频面试邀请' }).locator('li').filter({ hasText: `房间号 ${roomId}` });
      await invitation.getByText('已结束').waitFor();
      expect(await invitation.getByRole('link', { name: '进入视频面试' }).count()).toBe(0);

      // In the chat too, the invitation message no longer offers 进入房间 but says the room has ended.
      await seeker.page.locator('zp-chat .launcher').click();
      await quickStart(seeker.page, hr.userId);
      const message = seeker.page.locator(`zp-chat .conversation[data-conversation="C2C${hr.userId}"] .row.in`).filter({ hasText: `房间号 ${roomId}` });
      await message.first().waitFor();
      await expect.poll(async () => (await message.locator('.room-ended').count()) === (await message.count())).toBe(true);
      expect(await message.getByText('（房间已结束）').count()).toBe(await message.count());
      expect(await message.getByRole('link', { name: '进入房间' }).count()).toBe(0);
      await screenshot(seeker.page, 'video-reach-chat-ended-375', { fullPage: false });
    } catch (err) {
      for (const [name, p] of Object.entries(people)) await screenshot(p.page, `video-reach-failed-${name}`, { fullPage: false }).catch(() => {});
      throw err;
    }
  });
});
