/**
 * The SDK in Debian's Chromium with a fake camera and microphone: people in one room (one page
 * each) really connect peer to peer. The signalling server is replaced by RelayHub, a test fake at
 * the Signalling boundary (the real socket has its own tests); everything below it — capture,
 * peer connections, negotiation, playback — is the browser's real WebRTC.
 */
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { RoomMember, SignallingEvent } from './index.js';
import type { RelayFrame } from './testing/browser-page.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  // The room plays remote sound without a click on the page, as after the "join" click.
  '--autoplay-policy=no-user-gesture-required',
];

const ROOM = '1001';
/** Generous: the waits end as soon as the state is reached; only a stuck call uses it up (slow shared CI machines). */
const WAIT_MS = 60_000;

/** A test fake of the signalling server: one room, relaying between the pages of this test. */
class RelayHub {
  readonly members = new Map<string, RoomMember & { page: Page; away: boolean }>();
  readonly #queues = new Map<Page, Promise<unknown>>();

  async attach(page: Page, userId: string): Promise<void> {
    await page.exposeFunction('__signal', (frame: RelayFrame) => this.#handle(page, userId, frame));
  }

  /** Delivers in order, one page at a time, as a socket would. */
  deliver(page: Page, event: SignallingEvent): void {
    if (process.env.DEBUG_RELAY) {
      const from = 'from' in event ? event.from : 'member' in event ? event.member.userId : '';
      console.log('deliver', event.type, from, event.type === 'peer-message' ? event.message.type : '');
    }
    const previous = this.#queues.get(page) ?? Promise.resolve();
    this.#queues.set(
      page,
      previous.then(() => page.evaluate((e) => window.__deliver(e), event)).catch(() => {}), // the page has closed
    );
  }

  #others(userId: string) {
    return [...this.members.values()].filter((m) => m.userId !== userId);
  }

  #handle(page: Page, userId: string, frame: RelayFrame): unknown {
    const self = this.members.get(userId);
    switch (frame.op) {
      case 'join': {
        const { request } = frame;
        const member = { userId, session: request.session, audio: request.audio, video: request.video };
        this.members.set(userId, { ...member, page, away: false });
        for (const other of this.#others(userId)) this.deliver(other.page, { type: 'member-joined', member });
        return { members: this.#others(userId).map(plain), iceServers: [], resumed: false, mode: 'mesh' };
      }
      case 'relay': {
        const target = this.members.get(frame.to);
        if (process.env.DEBUG_RELAY) console.log('relay', userId, '->', frame.to, frame.message.type, !!target, target?.away, frame.toSession === target?.session);
        // As the server: relays to or from a member whose socket is down are lost.
        if (!self || self.away || !target || target.away || (frame.toSession && frame.toSession !== target.session)) return null;
        this.deliver(target.page, { type: 'peer-message', from: userId, session: self.session, message: frame.message });
        return null;
      }
      case 'media': {
        if (!self || self.away) return null;
        Object.assign(self, frame.media);
        for (const other of this.#others(userId)) this.deliver(other.page, { type: 'member-media', member: plain(self) });
        return null;
      }
      case 'leave': {
        if (!self) return null;
        this.members.delete(userId);
        for (const other of this.#others(userId)) this.deliver(other.page, { type: 'member-left', userId });
        return null;
      }
    }
    return null;
  }

  /** The member's socket drops: they are told they are reconnecting; relays are lost meanwhile. */
  drop(userId: string): void {
    const member = this.members.get(userId)!;
    member.away = true;
    this.deliver(member.page, { type: 'connection', state: 'RECONNECTING' });
  }

  /** …and comes back within the grace period: the same session, resumed. */
  back(userId: string): void {
    const member = this.members.get(userId)!;
    member.away = false;
    this.deliver(member.page, { type: 'rejoined', result: { members: this.#others(userId).map(plain), iceServers: [], resumed: true, mode: 'mesh' } });
  }
}

const plain = ({ userId, session, audio, video }: RoomMember): RoomMember => ({ userId, session, audio, video });

let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let hub: RelayHub;

beforeAll(async () => {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./testing/browser-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const script = bundle.outputFiles[0]!.text;
  const html = `<!doctype html><meta charset="utf-8"><style>.tile,#local{width:320px;height:240px;display:inline-block}</style><div id="local"></div><script type="module" src="/page.js"></script>`;
  server = createServer((req, res) => {
    if (req.url === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // localhost is a secure context: getUserMedia is available over plain http.
  origin = `http://localhost:${(server.address() as { port: number }).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
}, 60_000);

afterEach(async () => {
  await context?.close();
}, 60_000);

/** A person: a page with the SDK, camera and microphone on, in the room. */
async function person(userId: string, { camera = true, profile = '480p' } = {}): Promise<Page> {
  const page = await context.newPage();
  await hub.attach(page, userId);
  await page.goto(origin);
  await page.waitForFunction(() => !!window.zp);
  await page.evaluate(
    async ({ userId, camera, room, profile }) => {
      if (camera) await window.zp.trtc.startLocalVideo({ view: 'local', option: { profile: profile as '480p' } });
      await window.zp.trtc.startLocalAudio();
      await window.zp.trtc.enterRoom({ sdkAppId: 0, userId, userSig: 'test', strRoomId: room });
    },
    { userId, camera, room: ROOM, profile },
  );
  return page;
}

/** Waits until this page shows the member's video with real frames. */
async function seesVideoOf(page: Page, userId: string): Promise<void> {
  await page.waitForFunction((id) => (window.zp.remoteWidths()[id] ?? 0) > 0, userId, { timeout: WAIT_MS }).catch(async (error) => {
    throw new Error(`${error.message}\n${JSON.stringify(await diagnose(page), null, 1)}`);
  });
}

/** What a failed wait prints: the page's events and its connections' states. */
function diagnose(page: Page) {
  return page.evaluate(() => ({
    events: window.zp.events.map((e) => `${e.name} ${JSON.stringify(e.payload)}`.slice(0, 200)),
    connections: window.zp.connections.map((pc) => [pc.signalingState, pc.iceConnectionState, pc.connectionState, pc.getTransceivers().map((t) => `${t.mid}:${t.direction}:${t.currentDirection}:${t.sender.track?.kind}`)]),
    widths: window.zp.remoteWidths(),
    signals: window.zp.signals.filter((line) => !line.startsWith('peer-message') || !line.includes('candidate')),
    html: document.body.innerHTML.slice(0, 500),
  }));
}

/** Waits until every connection of the page has received more video bytes than now (getStats). */
async function videoBytesGrow(page: Page): Promise<number[]> {
  const before = await page.evaluate(() => window.zp.inboundVideoBytes());
  await page.waitForFunction(
    async (before) => {
      const now = await window.zp.inboundVideoBytes();
      return now.length === before.length && now.every((bytes, i) => bytes > before[i]! && bytes > 0);
    },
    before,
    { timeout: WAIT_MS, polling: 250 },
  );
  return page.evaluate(() => window.zp.inboundVideoBytes());
}

const count = (page: Page, name: string, userId?: string) => page.evaluate(([n, u]) => window.zp.count(n!, u), [name, userId] as const);
const waitCount = (page: Page, name: string, userId: string, atLeast: number) =>
  page.waitForFunction(([n, u, c]) => window.zp.count(n as string, u as string) >= (c as number), [name, userId, atLeast] as const, { timeout: WAIT_MS });

describe('a room in Chromium', () => {
  test('two people see each other: frames arrive, inbound bytes grow, sound plays, quality is measured', async () => {
    hub = new RelayHub();
    context = await browser.newContext();
    const alice = await person('101');
    const bob = await person('102');

    await Promise.all([seesVideoOf(alice, '102'), seesVideoOf(bob, '101')]);
    for (const page of [alice, bob]) expect(await videoBytesGrow(page)).toHaveLength(1);
    // 480p by default: the fake camera delivers 640x480 and the other side decodes that size.
    expect(await alice.evaluate(() => (document.querySelector('#remote-102 video') as HTMLVideoElement).videoWidth)).toBe(640);
    expect(await count(alice, 'remote-user-enter', '102')).toBe(1);
    expect(await count(alice, 'remote-audio-available', '102')).toBe(1);
    expect(await count(alice, 'first-video-frame', '102')).toBe(1);
    // Remote sound plays by itself (no view): a live received track and no autoplay refusal.
    await alice.waitForFunction(() => window.zp.trtc.getAudioTrack('102')?.readyState === 'live' && window.zp.count('autoplay-failed') === 0);
    // NETWORK_QUALITY from getStats, with a mark per member.
    await alice.waitForFunction(() => window.zp.quality()?.peers?.[0]?.userId === '102', undefined, { timeout: WAIT_MS });
    const quality = (await alice.evaluate(() => window.zp.quality()))!; // waited for above
    console.log('network quality seen by 101:', JSON.stringify(quality));
    // Measured (1 excellent … 5 very bad), neither unknown (0) nor disconnected (6); how good
    // depends on how busy the machine is.
    for (const value of [quality.uplinkNetworkQuality, quality.downlinkNetworkQuality, quality.peers[0].downlinkNetworkQuality]) {
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(5);
    }

    // Camera off (mute): the other side is told the video is unavailable, and back.
    await alice.evaluate(() => window.zp.trtc.updateLocalVideo({ mute: true }));
    await waitCount(bob, 'remote-video-unavailable', '101', 1);
    expect(await alice.evaluate(() => window.zp.trtc.getVideoTrack()!.enabled)).toBe(false);
    await alice.evaluate(() => window.zp.trtc.updateLocalVideo({ mute: false }));
    await waitCount(bob, 'remote-video-available', '101', 2);
    // Microphone off likewise.
    await bob.evaluate(() => window.zp.trtc.updateLocalAudio({ mute: true }));
    await waitCount(alice, 'remote-audio-unavailable', '102', 1);

    // Bob's signalling socket drops for a while and comes back: the call goes on meanwhile, and
    // his page says reconnecting, then connected.
    hub.drop('102');
    await bob.waitForFunction(() => window.zp.events.some((e) => e.name === 'connection-state-changed' && e.payload?.isReconnecting));
    await videoBytesGrow(alice);
    await videoBytesGrow(bob);
    hub.back('102');
    await bob.waitForFunction(() => window.zp.events.at(-1)?.name === 'connection-state-changed' && window.zp.events.at(-1)?.payload?.state === 'CONNECTED');
    const states = await bob.evaluate(() => window.zp.events.filter((e) => e.name === 'connection-state-changed').map((e) => e.payload?.state));
    expect(states).toEqual(['CONNECTING', 'CONNECTED', 'DISCONNECTED', 'CONNECTING', 'CONNECTED']);
    expect(await count(alice, 'remote-user-exit', '102')).toBe(0);
    await videoBytesGrow(alice);
    expect(await alice.evaluate(() => window.zp.connections.length)).toBe(1); // the same connection all along
  }, 240_000);

  test('three people, one turns the camera on after entering, one leaves, one reloads the page', async () => {
    hub = new RelayHub();
    context = await browser.newContext();
    // 240p: six streams encoded and decoded at once on one machine (the 480p default is checked above).
    const alice = await person('201', { profile: '240p' });
    const bob = await person('202', { profile: '240p' });
    const carol = await person('203', { camera: false });

    // Carol sees both; nobody sees Carol's camera, which is off.
    await Promise.all([seesVideoOf(carol, '201'), seesVideoOf(carol, '202'), seesVideoOf(alice, '202'), seesVideoOf(bob, '201')]);
    expect(await count(alice, 'remote-video-available', '203')).toBe(0);

    // Camera on after entering: it reaches both (no renegotiation needed, same connections).
    await carol.evaluate(() => window.zp.trtc.startLocalVideo({ view: 'local', option: { profile: '240p' } }));
    await Promise.all([seesVideoOf(alice, '203'), seesVideoOf(bob, '203')]);
    expect(await videoBytesGrow(alice)).toHaveLength(2);
    expect(await alice.evaluate(() => Object.keys(window.zp.remoteWidths()).sort())).toEqual(['202', '203']);

    // Bob leaves: the others see him go, his media unavailable first.
    await bob.evaluate(() => window.zp.trtc.exitRoom());
    await waitCount(alice, 'remote-user-exit', '202', 1);
    await waitCount(carol, 'remote-user-exit', '202', 1);
    expect(await alice.evaluate(() => window.zp.events.filter((e) => e.payload?.userId === '202').map((e) => e.name).slice(-3))).toEqual([
      'remote-audio-unavailable',
      'remote-video-unavailable',
      'remote-user-exit',
    ]);

    // Alice reloads her page: a new session; Carol connects to the new page and sees her again.
    const before = await count(carol, 'first-video-frame', '201');
    await alice.reload();
    await alice.waitForFunction(() => !!window.zp);
    await alice.evaluate(async () => {
      await window.zp.trtc.startLocalVideo({ view: 'local', option: { profile: '240p' } });
      await window.zp.trtc.enterRoom({ sdkAppId: 0, userId: '201', userSig: 'test', strRoomId: '1001' });
    });
    await carol.waitForFunction(([n]) => window.zp.count('first-video-frame', '201') > (n as number), [before] as const, { timeout: WAIT_MS });
    await seesVideoOf(alice, '203');
    expect(await count(carol, 'remote-user-exit', '201')).toBe(0);
  }, 240_000);
});
