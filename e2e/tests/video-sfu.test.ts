/**
 * A video room through the media server (Janus, started by the product itself as `npm start`
 * does when it is installed), on a product of the journey's own: the HR, the seeker and a
 * colleague of the HR enter; from the third person on the room goes through Janus, so each
 * browser sends its camera exactly once (one connection with outbound video, in two simulcast
 * layers) and receives the two others' pictures with frames arriving. The enlarged picture comes
 * in the large layer, small tiles in the small one. The colleague shares their screen: it goes up
 * on the same uplink and the others get it large. Janus killed with -9 mid-call: the product
 * starts it again and every picture plays again within 15 s, nothing clicked.
 * Recording with consent: the HR asks, the seeker is asked 是否同意录制本次面试？ and agrees, both
 * see 录制中; after 20 s both hang up and the file is composed (seconds printed): ffprobe finds
 * video and audio of about 20 s, and both can download it. Asked again in another room and
 * declined: nothing is recorded. Screenshots at 1280 px (HR) and 375 px (seeker).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiGrant, md5 } from '../lib/api.js';
import { startProduct, type Product } from '../lib/product.js';
import { enterFromDeviceCheck, receivesVideo, receivesVideoFrom, room, tile, videoPerson } from '../lib/video.js';

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
    // The demo HR's enterprise pays: one seeker may be interviewed more than once a day.
    const base = product.url;
    const hrToken = (await apiGrant('hr', demo.hr.phone, { base })).token;
    const operator = (await apiGrant('xs', demo.operator.phone, { base })).token;
    const hrInfo = await apiCall<{ qyDwhrxxEntity: { dwid: string } }>('/api/hr/qydwhrxx/getHrInfo', { base, token: hrToken });
    const until = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    const set = await apiCall<{ code: number }>('/api/xs/admin/companies/vip', { base, token: operator, body: { dwid: hrInfo.qyDwhrxxEntity.dwid, vip: 1, vipEnd: until } });
    expect(set.code).toBe(0);
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

      // The enlarged picture is the large layer, a small tile the small one (twice as narrow; under
      // a CPU load the browser may lower both, so the test compares them rather than fixed sizes).
      await room(hr.page).locator(`.tile.focused[data-user="${seeker.userId}"]`).waitFor();
      const larger = async (big: string, small: string) => (await widthOf(hr.page, big)) >= 2 * (await widthOf(hr.page, small)) && (await widthOf(hr.page, small)) > 0;
      await expect.poll(() => larger(seeker.userId, mate.userId), { timeout: 30_000 }).toBe(true);
      await room(hr.page).getByRole('button', { name: '放大赵敏的画面' }).click();
      await expect.poll(() => larger(mate.userId, seeker.userId), { timeout: 30_000 }).toBe(true);
      await screenshot(hr.page, 'video-sfu-hr-1280');
      await screenshot(seeker.page, 'video-sfu-seeker-375');

      // The colleague shares their screen: it goes up on the same uplink in place of the camera,
      // and the two others get it large and wide (16:9; the camera is 4:3); then the camera again.
      await room(mate.page).getByRole('button', { name: '共享屏幕' }).click();
      for (const p of [hr, seeker]) {
        const shared = room(p.page).locator(`.tile.focused[data-user="screen:${mate.userId}"]`);
        await receivesVideo(shared.locator('video'));
        await expect.poll(() => shared.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth / v.videoHeight)).toBeCloseTo(16 / 9, 1);
      }
      expect((await outboundVideo(mate.page)).length).toBe(1);
      await screenshot(hr.page, 'video-sfu-screen-share-1280');
      await room(mate.page).getByRole('button', { name: '共享屏幕' }).click();
      for (const p of [hr, seeker]) {
        await tile(p.page, `screen:${mate.userId}`).waitFor({ state: 'detached' });
        await receivesVideoFrom(p.page, mate.userId);
      }

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

  it('recording with consent: asked, agreed by all, 20 s, hang-up: one file with audio and video both can download; declined: no file', { timeout: 300_000 }, async () => {
    const base = product.url;
    const hrToken = (await apiGrant('hr', demo.hr.phone, { base })).token;
    const seekerToken = (await apiGrant('qz', demo.seeker.phone, { base })).token;
    const hr = await videoPerson(browser(), 'hr', demo.hr.phone, 1280, { base });
    const seeker = await videoPerson(browser(), 'qz', demo.seeker.phone, 375, { base });
    const people = [hr, seeker];
    const recordings = (token: string) => apiCall<{ list: { id: number; roomId: number; state: string; seconds: number | null }[] }>('/api/sec/trtc/recordings', { base, token });
    try {
      const enter = async () => {
        const opened = await apiCall<{ code: number; data: number }>('/api/sec/trtc/hrOpenRoom', { base, method: 'POST', token: hrToken, query: { userId: seeker.userId } });
        for (const p of people) {
          await p.page.goto(`${base}/zppc/video?roomId=${opened.data}`);
          await enterFromDeviceCheck(p.page);
        }
        await receivesVideoFrom(hr.page, seeker.userId);
        await receivesVideoFrom(seeker.page, hr.userId);
        return opened.data;
      };
      const hangUp = async () => {
        for (const p of people) {
          await room(p.page).getByRole('button', { name: '离开', exact: true }).click();
          await p.page.getByRole('alertdialog').filter({ hasText: '确定要离开房间吗？' }).getByRole('button', { name: '离开' }).click();
        }
      };

      // Asked and agreed: 录制中 for both.
      const roomId = await enter();
      await room(hr.page).getByRole('button', { name: '录制', exact: true }).click();
      await room(hr.page).getByRole('status').filter({ hasText: '等待全员同意录制（1 人未确认）' }).waitFor();
      const question = seeker.page.getByRole('alertdialog').filter({ hasText: '是否同意录制本次面试？' });
      await screenshot(seeker.page, 'video-sfu-record-consent-375');
      // A person reads the question first: by then the pictures' last keyframes are long gone, and
      // the recording must still get one (the media server asks publishers for them).
      await new Promise((r) => setTimeout(r, 6000));
      await question.getByRole('button', { name: '同意', exact: true }).click();
      for (const p of people) await room(p.page).getByRole('status').filter({ hasText: '录制中' }).waitFor();
      // Through the media server now (a pair's room moves there to be recorded): pictures still play.
      await receivesVideoFrom(hr.page, seeker.userId);
      await receivesVideoFrom(seeker.page, hr.userId);
      await screenshot(hr.page, 'video-sfu-recording-1280');
      await new Promise((r) => setTimeout(r, 20_000));
      await hangUp();
      const hungUp = Date.now();
      let ready: { id: number; seconds: number | null } | undefined;
      await expect
        .poll(async () => {
          ready = (await recordings(hrToken)).list.find((r) => r.roomId === roomId && r.state === 'ready');
          return !!ready;
        }, { timeout: 90_000, interval: 500 })
        .toBe(true);
      console.log(`recording: hang-up to a playable file in ${((Date.now() - hungUp) / 1000).toFixed(1)} s for a ${ready!.seconds} s interview`);

      // Both can download it; ffprobe finds video and audio of about 20 s.
      for (const token of [hrToken, seekerToken]) {
        const link = await apiCall<{ code: number; url: string }>(`/api/sec/trtc/recordings/${ready!.id}`, { base, token });
        expect(link.code).toBe(0);
        const bytes = Buffer.from(await (await fetch(new URL(link.url, base))).arrayBuffer());
        const file = path.join(os.tmpdir(), `zp-recording-${ready!.id}-${Date.now()}.mp4`);
        fs.writeFileSync(file, bytes);
        const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file], { encoding: 'utf8' })) as {
          streams: { codec_type: string }[];
          format: { duration: string };
        };
        fs.rmSync(file, { force: true });
        expect(probe.streams.map((x) => x.codec_type).sort()).toEqual(['audio', 'video']);
        expect(Number(probe.format.duration)).toBeGreaterThan(15);
        expect(Number(probe.format.duration)).toBeLessThan(30);
      }
      await hr.page.goto(`${base}/zppc/enter_home/enter_interview`);
      await hr.page.getByRole('region', { name: '视频面试录像' }).getByText(`房间 ${roomId} 的面试录像`).waitFor();
      await screenshot(hr.page, 'video-sfu-recordings-hr-1280');

      // Asked again in a new room and declined: the HR is told, nothing is recorded.
      const second = await enter();
      await room(hr.page).getByRole('button', { name: '录制', exact: true }).click();
      await seeker.page.getByRole('alertdialog').filter({ hasText: '是否同意录制本次面试？' }).getByRole('button', { name: '不同意' }).click();
      await hr.page.locator('.zp-message').filter({ hasText: '不同意录制，本次不录制' }).first().waitFor();
      expect(await room(hr.page).getByRole('status').filter({ hasText: '录制中' }).count()).toBe(0);
      await hangUp();
      await new Promise((r) => setTimeout(r, 3000));
      expect((await recordings(hrToken)).list.filter((r) => r.roomId === second)).toEqual([]);
    } catch (err) {
      for (const [i, p] of people.entries()) await screenshot(p.page, `video-sfu-record-failed-${i}`).catch(() => {});
      throw err;
    }
  });
});
