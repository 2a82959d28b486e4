/**
 * A video interview between two people, with Chromium's fake camera and microphone: the demo HR
 * starts one from the interview list (发起视频面试: the free HR's notice, then the room), the
 * seeker enters from the invitation that reached their invitation page through chat; each side's
 * remote video plays (videoWidth > 0) and its received bytes grow (getStats of the page's peer
 * connections, gathered by a script the test puts in the page); the seeker's camera off shows the
 * mask on the HR's screen; the HR reloads and both see each other again; the seeker leaves after
 * confirming and the HR sees them go; a second interview of the same seeker that day is refused
 * with the spec's notice. Screenshots at 1280 px (HR) and 375 px (seeker).
 */
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, demo, screenshot } from '../lib/harness.js';
import { personWithChat } from '../lib/chat.js';

/** The start of RTC_FREE_NOTICE (packages/core/src/contract/rtc.ts), the words of spec section 8. */
const FREE_NOTICE = '非付费会员每次视频面试仅限20分钟';

/** Keeps every RTCPeerConnection the page makes in window.__pcs, to read their stats. */
const collectPeerConnections = (page: Page) =>
  page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const list: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = list;
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        list.push(this);
      }
    } as typeof RTCPeerConnection;
  });

/** Video bytes received so far over the page's open peer connections. */
const inboundVideoBytes = (page: Page) =>
  page.evaluate(async () => {
    let total = 0;
    for (const pc of (window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? []) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') total += s.bytesReceived ?? 0;
      });
    }
    return total;
  });

const room = (page: Page) => page.locator('zp-video-room');
const tile = (page: Page, userId: string) => room(page).locator(`.tile[data-user="${userId}"]`);
const videoWidth = (page: Page, userId: string) =>
  tile(page, userId)
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => v.videoWidth)
    .catch(() => 0);

/** The remote picture plays and more of it keeps arriving. */
async function receivesVideoFrom(page: Page, userId: string) {
  await expect.poll(() => videoWidth(page, userId), { timeout: 30_000 }).toBeGreaterThan(0);
  const before = await inboundVideoBytes(page);
  await expect.poll(() => inboundVideoBytes(page), { timeout: 15_000 }).toBeGreaterThan(before);
}

/** From the device check (camera preview, microphone level) into the room. */
async function enterFromDeviceCheck(page: Page) {
  await room(page).getByLabel('摄像头画面预览').waitFor();
  await room(page).getByRole('button', { name: '进入房间' }).click();
  await room(page).getByRole('button', { name: '摄像头' }).and(room(page).locator('[aria-pressed="true"]')).waitFor({ timeout: 20_000 });
}

describe('video interview room', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('HR and seeker see and hear each other; camera off masks; a reload comes back; leaving is confirmed and seen', { timeout: 240_000 }, async () => {
    const seeker = await personWithChat(browser(), 'qz', demo.seeker.phone, 375, undefined, collectPeerConnections);
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone, 1280, undefined, collectPeerConnections);
    onTestFailed(async () => {
      await screenshot(hr.page, 'video-room-failed-hr').catch(() => {});
      await screenshot(seeker.page, 'video-room-failed-seeker').catch(() => {});
    });

    // The HR starts the interview from the invitation sent to the demo seeker.
    await hr.page.goto('/zppc/enter_home/enter_interview');
    const row = hr.page.locator('.hr-card').filter({ hasText: demo.seeker.name }).first();
    await row.getByRole('button', { name: '发起视频面试' }).click();
    // A free HR is told the 20-minute rule before the room opens.
    const notice = hr.page.getByRole('alertdialog').filter({ hasText: FREE_NOTICE });
    await notice.getByRole('button', { name: '发起面试' }).click();
    await hr.page.waitForURL(/\/zppc\/video\?roomId=\d+/);
    const roomId = new URL(hr.page.url()).searchParams.get('roomId')!;
    await enterFromDeviceCheck(hr.page);
    await room(hr.page).getByRole('alert').filter({ hasText: '手机号、邮箱' }).waitFor();
    await room(hr.page).getByText('等待对方进入房间').waitFor();
    await room(hr.page).getByRole('tab', { name: '面试者' }).waitFor();

    // The invitation reaches the seeker through chat; their invitation page offers the room.
    await seeker.page.goto('/zppc/job_hunter/hunter_invite');
    const invitation = seeker.page.getByRole('region', { name: '视频面试邀请' }).locator('li').filter({ hasText: `房间号 ${roomId}` });
    await invitation.getByRole('link', { name: '进入视频面试' }).click();
    await seeker.page.waitForURL(new RegExp(`/zppc/video\\?roomId=${roomId}$`));
    await enterFromDeviceCheck(seeker.page);
    await room(seeker.page).getByRole('alert').filter({ hasText: '谨防诈骗' }).waitFor();

    await receivesVideoFrom(hr.page, seeker.userId);
    await receivesVideoFrom(seeker.page, hr.userId);
    await room(hr.page).getByText('等待对方进入房间').waitFor({ state: 'detached' });
    // The promoter's tabs show the seeker in the room; the seeker's list names the interviewer.
    await room(hr.page).getByRole('tabpanel', { name: '面试者' }).getByText('在房间').waitFor();
    await room(seeker.page).getByText('面试官').first().waitFor();
    await screenshot(hr.page, 'video-room-hr-1280');
    await screenshot(seeker.page, 'video-room-seeker-375');

    // The seeker turns the camera off: the HR sees the mask over the seeker's video.
    await room(seeker.page).getByRole('button', { name: '摄像头' }).click();
    await room(seeker.page).locator('[aria-pressed="false"]').filter({ hasText: '摄像头' }).waitFor();
    await tile(hr.page, seeker.userId).locator('.mask').filter({ hasText: '摄像头未开启' }).waitFor();
    await screenshot(hr.page, 'video-room-hr-camera-off-1280');
    await room(seeker.page).getByRole('button', { name: '摄像头' }).click();
    await tile(hr.page, seeker.userId).locator('.mask').waitFor({ state: 'detached' });

    // The HR reloads: back in the room at once, and both see each other again.
    await hr.page.reload();
    await room(hr.page).getByRole('button', { name: '离开' }).waitFor();
    expect(await room(hr.page).getByLabel('摄像头画面预览').count()).toBe(0);
    await receivesVideoFrom(hr.page, seeker.userId);
    await receivesVideoFrom(seeker.page, hr.userId);

    // Leaving asks first; the HR sees the seeker go.
    await room(seeker.page).getByRole('button', { name: '离开', exact: true }).click();
    const ask = seeker.page.getByRole('alertdialog').filter({ hasText: '确定要离开房间吗？' });
    await ask.getByRole('button', { name: '取消' }).click();
    await ask.waitFor({ state: 'detached' });
    await room(seeker.page).getByRole('button', { name: '离开', exact: true }).click();
    await seeker.page.getByRole('alertdialog').filter({ hasText: '确定要离开房间吗？' }).getByRole('button', { name: '离开' }).click();
    await room(seeker.page).getByText('您已离开房间').waitFor();
    await tile(hr.page, seeker.userId).waitFor({ state: 'detached', timeout: 20_000 });
    await room(hr.page).getByText('等待对方进入房间').waitFor();
    await screenshot(seeker.page, 'video-room-seeker-left-375');

    // A free HR interviews one seeker once a day: a second interview today is refused.
    await room(hr.page).getByRole('button', { name: '离开', exact: true }).click();
    await hr.page.getByRole('alertdialog').filter({ hasText: '确定要离开房间吗？' }).getByRole('button', { name: '离开' }).click();
    await hr.page.goto('/zppc/enter_home/enter_interview');
    await hr.page.locator('.hr-card').filter({ hasText: demo.seeker.name }).first().getByRole('button', { name: '发起视频面试' }).click();
    await hr.page.locator('.zp-message').filter({ hasText: FREE_NOTICE }).first().waitFor();
    expect(hr.page.url()).toContain('/enter_home/enter_interview');
  });
});
