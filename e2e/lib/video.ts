/** The video room seen from a page: its tiles, what a remote picture really receives, entering. */
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openLoggedIn } from './harness.js';
import { apiGrant } from './api.js';

type PcWindow = { __pcs?: RTCPeerConnection[] };

/**
 * Keeps every RTCPeerConnection the page makes in window.__pcs, to read their stats; with
 * `relay`, each is made with iceTransportPolicy 'relay' (only TURN candidates: a call that
 * connects went through the TURN server).
 */
export const collectPeerConnections = (page: Page, { relay = false } = {}) =>
  page.addInitScript((relayOnly: boolean) => {
    const Native = window.RTCPeerConnection;
    const list: RTCPeerConnection[] = [];
    (window as unknown as PcWindow).__pcs = list;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(relayOnly ? { ...(config ?? {}), iceTransportPolicy: 'relay' } : config);
        list.push(this);
      }
    } as typeof RTCPeerConnection;
  }, relay);

export const room = (page: Page) => page.locator('zp-video-room');
export const tile = (page: Page, userId: string) => room(page).locator(`.tile[data-user="${userId}"]`);

/** A <video>'s decoded width (0 while nothing plays or it is not there). */
const videoWidthOf = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.videoWidth).catch(() => 0);

/** Video bytes received so far for the picture a <video> shows (matched by its track in the page's peer connections). */
const inboundBytesOf = (video: Locator) =>
  video
    .evaluate(async (v: HTMLVideoElement) => {
      const track = (v.srcObject as MediaStream | null)?.getVideoTracks()[0];
      if (!track) return 0;
      let total = 0;
      for (const pc of (window as unknown as PcWindow).__pcs ?? []) {
        if (pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; trackIdentifier?: string; bytesReceived?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video' && s.trackIdentifier === track.id) total += s.bytesReceived ?? 0;
        });
      }
      return total;
    })
    .catch(() => 0);

/** Video frames decoded so far for the picture a <video> shows (matched as inboundBytesOf does). */
const framesDecodedOf = (video: Locator) =>
  video
    .evaluate(async (v: HTMLVideoElement) => {
      const track = (v.srcObject as MediaStream | null)?.getVideoTracks()[0];
      if (!track) return 0;
      let total = 0;
      for (const pc of (window as unknown as PcWindow).__pcs ?? []) {
        if (pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; trackIdentifier?: string; framesDecoded?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video' && s.trackIdentifier === track.id) total += s.framesDecoded ?? 0;
        });
      }
      return total;
    })
    .catch(() => 0);

/** A remote picture really plays: videoWidth > 0, and more of it keeps arriving and being decoded (getStats). */
export async function receivesVideo(video: Locator) {
  await expect.poll(() => videoWidthOf(video), { timeout: 30_000 }).toBeGreaterThan(0);
  const before = await inboundBytesOf(video);
  const frames = await framesDecodedOf(video);
  await expect.poll(() => inboundBytesOf(video), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect.poll(() => framesDecodedOf(video), { timeout: 15_000 }).toBeGreaterThan(frames);
}

/** The microphones the page sends on its open connections (the labels of the audio senders' tracks). */
export const sentMicrophones = (page: Page) =>
  page.evaluate(() =>
    [...new Set(((window as unknown as PcWindow).__pcs ?? [])
      .filter((pc) => pc.connectionState !== 'closed')
      .flatMap((pc) => pc.getSenders().map((s) => s.track))
      .filter((t): t is MediaStreamTrack => t?.kind === 'audio' && t.readyState === 'live')
      .map((t) => t.label))],
  );

const tileVideo = (page: Page, userId: string) => tile(page, userId).locator('video').first();

/** `userId`'s picture plays on `page` (videoWidth > 0) and more of it keeps arriving (getStats). */
export const receivesVideoFrom = (page: Page, userId: string) => receivesVideo(tileVideo(page, userId));

/** The local candidate type of each connected peer connection's selected pair ('host', 'relay', …). */
export const selectedCandidateTypes = (page: Page) =>
  page.evaluate(async () => {
    const types: string[] = [];
    for (const pc of (window as unknown as PcWindow).__pcs ?? []) {
      if (pc.connectionState !== 'connected') continue;
      const stats = new Map<string, Record<string, unknown>>();
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        stats.set(s.id as string, s);
      });
      for (const s of stats.values()) {
        if (s.type !== 'transport' || !s.selectedCandidatePairId) continue;
        const pair = stats.get(s.selectedCandidatePairId as string);
        const local = pair && stats.get(pair.localCandidateId as string);
        types.push(String(local?.candidateType ?? 'unknown'));
      }
    }
    return types;
  });

/** From the device check (camera preview, microphone level) into the room. */
export async function enterFromDeviceCheck(page: Page) {
  await room(page).getByLabel('摄像头画面预览').waitFor();
  await room(page).getByRole('button', { name: '进入房间' }).click();
  await room(page).getByRole('button', { name: '摄像头' }).and(room(page).locator('[aria-pressed="true"]')).waitFor({ timeout: 20_000 });
}

/**
 * A person logged in with the demo password on the product at `base` (default: the shared one),
 * in a browser context of their own whose peer connections are collected (relay only with
 * `relay`).
 */
export async function videoPerson(browser: Browser, role: 'qz' | 'hr' | 'xs', phone: string, width: number, opts: { base?: string; relay?: boolean; timezoneId?: string } = {}) {
  const grant = await apiGrant(role, phone, { base: opts.base });
  const { page } = await openLoggedIn(browser, grant, { viewport: { width, height: 800 }, baseURL: opts.base, timezoneId: opts.timezoneId });
  await collectPeerConnections(page, { relay: opts.relay });
  return { page, userId: grant.userId, token: grant.token };
}
