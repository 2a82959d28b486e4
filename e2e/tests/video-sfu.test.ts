/**
 * A video room through the media server (Janus, started by the product itself as `npm start`
 * does when it is installed), on a product of the journey's own: the HR, the seeker and a
 * colleague of the HR enter; from the third person on the room goes through Janus, so each
 * browser sends its camera exactly once (one connection with outbound video, in two simulcast
 * layers) and receives the two others' pictures with frames arriving. The enlarged picture comes
 * in the large layer, small tiles in the small one. Janus killed with -9 mid-call: the product
 * starts it again and every picture plays again within 15 s, nothing clicked.
 * Screenshots at 1280 px (HR) and 375 px (seeker).
 */
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiGrant, md5 } from '../lib/api.js';
import { startProduct, type Product } from '../lib/product.js';
import { enterFromDeviceCheck, receivesVideoFrom, room, tile, videoPerson } from '../lib/video.js';

type PcWindow = { __pcs?: RTCPeerConnection[] };

/** Per live connection of the page: how many outbound video encodings it has, and their bytes sent. */
const outboundVideo = (page: Page) =>
  page.evaluate(async () => {
    const out: { encodings: number; bytes: number }[] = [];
    for (const pc of (window as unknown as PcWindow).__pcs ?? []) {
      if (pc.connectionState === 'closed') continue;
      let encodings = 0;
      let bytes = 0;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesSent?: number }) => {
        if (s.type === 'outbound-rtp' && s.kind === 'video') {
          encodings++;
          bytes += s.bytesSent ?? 0;
        }
      });
      if (encodings) out.push({ encodings, bytes });
    }
    return out;
  });

/** The decoded width of the picture in `userId`'s tile. */
const widthOf = (page: Page, userId: string) =>
  tile(page, userId)
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement) => v.videoWidth)
    .catch(() => 0);

/**
 * Marks the track `userId`'s tile plays now (mark), or tells whether it plays another one since
 * (the media server names its tracks alike, so the object is what tells them apart).
 */
const playsNewTrack = (page: Page, userId: string, mark = false) =>
  tile(page, userId)
    .locator('video')
    .first()
    .evaluate((v: HTMLVideoElement, marking: boolean) => {
      const track = (v.srcObject as MediaStream | null)?.getVideoTracks()[0] as (MediaStreamTrack & { seen?: boolean }) | undefined;
      if (!track) return false;
      if (marking) track.seen = true;
      return !track.seen;
    }, mark)
    .catch(() => false);

/** The Janus the product started (its configuration lives in the product's data directory). */
function janusPid(dataDirMark: string): number {
  const out = execFileSync('pgrep', ['-f', `${dataDirMark}.*/janus/janus.jcfg`], { encoding: 'utf8' }).trim().split('\n').map(Number);
  // The shell that runs it matches too: Janus itself is the one whose command is the binary.
  for (const pid of out) {
    const cmd = execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    if (cmd === 'janus') return pid;
  }
  throw new Error(`no janus among ${out.join(', ')}`);
}

describe('video room through the media server (Janus)', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });
  let product: Product;
  beforeAll(async () => {
    product = await startProduct('sfu', { JANUS: 'on', JANUS_RTP_PORTS: '43000-43999' });
  });
  afterAll(async () => {
    await product?.dispose();
  });

  it('three people: each sends once and sees two; large and small layers; Janus killed -9 and the pictures come back', { timeout: 300_000 }, async () => {
    const base = product.url;
    // A session of its own for arranging: the page's token is rotated by its page loads.
    const hrToken = (await apiGrant('hr', demo.hr.phone, { base })).token;
    const hr = await videoPerson(browser(), 'hr', demo.hr.phone, 1280, { base });
    const seeker = await videoPerson(browser(), 'qz', demo.seeker.phone, 375, { base });
    const matePhone = `136${String(Date.now()).slice(-8)}`;
    await apiCall('/api/hr/qyhrjrqysh/addSubAccount', { base, token: hrToken, body: { phone: matePhone, pwd: md5(demo.password), xm: '赵敏', zw: '技术面试官' } });
    const mate = await videoPerson(browser(), 'hr', matePhone, 1280, { base });
    const people = [hr, seeker, mate];
    try {
      const opened = await apiCall<{ code: number; data: number }>('/api/sec/trtc/hrOpenRoom', { base, method: 'POST', token: hrToken, query: { userId: seeker.userId } });
      expect(opened.code).toBe(0);
      const roomId = opened.data;

      // A sub-account agrees to the platform's documents on its first page.
      await mate.page.goto(`${base}/zppc/enter_home/enter_interview`);
      const consent = mate.page.getByRole('alertdialog', { name: /《用户服务协议》和《隐私政策》/ });
      await consent.getByRole('button', { name: '同意并继续使用' }).click();
      await consent.waitFor({ state: 'detached' });

      for (const p of people) {
        await p.page.goto(`${base}/zppc/video?roomId=${roomId}`);
        await enterFromDeviceCheck(p.page);
      }

      // Each sees the two others, frames arriving.
      for (const p of people) {
        for (const o of people) if (o !== p) await receivesVideoFrom(p.page, o.userId);
        await expect.poll(() => room(p.page).locator('.tile').count()).toBe(3);
      }
      // Each browser sends its camera once: one connection with outbound video (the uplink to
      // Janus), in two simulcast encodings, and its bytes grow. A mesh would have two.
      for (const p of people) {
        const first = await outboundVideo(p.page);
        expect(first.length, 'connections sending video').toBe(1);
        expect(first[0]!.encodings).toBe(2);
        await expect.poll(async () => (await outboundVideo(p.page))[0]?.bytes ?? 0, { timeout: 10_000 }).toBeGreaterThan(first[0]!.bytes);
      }

      // The enlarged picture is the large layer (640 wide from the fake camera), a small tile the small one.
      await room(hr.page).locator(`.tile.focused[data-user="${seeker.userId}"]`).waitFor();
      await expect.poll(() => widthOf(hr.page, seeker.userId), { timeout: 20_000 }).toBe(640);
      await expect.poll(() => widthOf(hr.page, mate.userId), { timeout: 20_000 }).toBe(320);
      await room(hr.page).getByRole('button', { name: '放大赵敏的画面' }).click();
      await expect.poll(() => widthOf(hr.page, mate.userId), { timeout: 20_000 }).toBe(640);
      await expect.poll(() => widthOf(hr.page, seeker.userId), { timeout: 20_000 }).toBe(320);
      await screenshot(hr.page, 'video-sfu-hr-1280');
      await screenshot(seeker.page, 'video-sfu-seeker-375');

      // Janus dies mid-call: started again by the product; every picture comes anew (a new
      // subscription, so a new track in each tile) and plays, within 15 s, nothing clicked.
      const pairs = people.flatMap((p) => people.filter((o) => o !== p).map((o) => [p, o] as const));
      for (const [p, o] of pairs) await playsNewTrack(p.page, o.userId, true);
      process.kill(janusPid('zp-e2e-sfu-'), 'SIGKILL');
      const killedAt = Date.now();
      await Promise.all(pairs.map(([p, o]) => expect.poll(() => playsNewTrack(p.page, o.userId), { timeout: 15_000 }).toBe(true)));
      const resumed = Date.now() - killedAt;
      for (const [p, o] of pairs) await receivesVideoFrom(p.page, o.userId);
      console.log(`Janus killed -9: every picture on a new subscription after ${resumed} ms`);
      for (const p of people) expect((await outboundVideo(p.page)).length).toBe(1);
      await screenshot(seeker.page, 'video-sfu-seeker-after-janus-restart-375');
    } catch (err) {
      for (const [i, p] of people.entries()) await screenshot(p.page, `video-sfu-failed-${i}`).catch(() => {});
      throw err;
    }
  });
});
