/** What e2e tests use: the running product, people in browser contexts, SMS codes, screenshots. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { ARTIFACTS_DIR } from './env.js';

export const baseUrl = () => inject('baseUrl');

/** Connects to the browser the global setup launched; close it at the end of the file. */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('wsEndpoint'));
}

/**
 * The browser for a file's journeys, connected before them and closed after; call it inside
 * describe. With `closePeopleAfterEach`, the people (contexts) of each journey are closed once it
 * ends: each holds a chat connection, and the demo accounts must stay under the instance limit.
 */
export function useBrowser({ closePeopleAfterEach = false } = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  if (closePeopleAfterEach) {
    afterEach(async () => {
      await Promise.all((browser?.contexts() ?? []).map((c) => c.close().catch(() => {})));
    });
  }
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export interface Person {
  context: BrowserContext;
  page: Page;
}

export interface PersonOptions {
  viewport?: { width: number; height: number };
  /** the product's origin (default: the one the global setup started) */
  baseURL?: string;
  /** the computer's time zone (default Asia/Shanghai; a person abroad: e.g. America/New_York) */
  timezoneId?: string;
}

/**
 * One person: a browser context of their own (own localStorage, so own session) with one page.
 * Open several for scenarios between people (a seeker and an HR).
 */
export async function openPerson(browser: Browser, options: PersonOptions = {}): Promise<Person> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    locale: 'zh-CN',
    timezoneId: options.timezoneId ?? 'Asia/Shanghai',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    permissions: ['camera', 'microphone'],
  });
  const page = await context.newPage();
  return { context, page };
}

/** What the login and register routes answer (lib/api.ts apiGrant, a registration). */
export interface Grant {
  token: string;
  expiresIn: number;
  userId: string;
  roleId: string;
  userName: string;
  phone: string;
}

/**
 * A person logged in by `grant` (lib/api.ts apiGrant, or a registration's reply): their session is
 * in localStorage before their first page runs, as the login page would leave it. Only when absent:
 * the site rotates the token on each page load and keeps the new one, which a reload must find (the
 * first token stops working a minute after it was rotated), and a logout must stay one.
 */
export async function openLoggedIn(browser: Browser, grant: Grant, options: PersonOptions = {}): Promise<Person> {
  const person = await openPerson(browser, options);
  const session = { token: grant.token, userId: grant.userId, roleId: grant.roleId, userName: grant.userName, phone: grant.phone, avatar: '', expiresAt: Date.now() + grant.expiresIn * 1000 };
  await person.context.addInitScript((s) => {
    if (!localStorage.getItem('zp:session')) localStorage.setItem('zp:session', JSON.stringify(s));
  }, session);
  return person;
}

export type SmsPurpose = 'register' | 'login' | 'reset' | 'old_phone' | 'new_phone' | 'close_account';

interface SmsLine {
  time: number;
  sms: { phone: string; purpose: SmsPurpose; code: string };
}

function smsLines(): SmsLine[] {
  const lines = fs.readFileSync(inject('serverLog'), 'utf8').split('\n');
  const found: SmsLine[] = [];
  for (const line of lines) {
    if (!line.includes('"sms"')) continue;
    try {
      const rec = JSON.parse(line) as Partial<SmsLine>;
      if (rec.sms?.code && typeof rec.time === 'number') found.push(rec as SmsLine);
    } catch {
      // not a JSON log line
    }
  }
  return found;
}

/**
 * The SMS code the demo sender printed for `phone` (and `purpose`), waiting for one logged at or
 * after `since` (ms epoch; pass the time just before clicking 获取验证码).
 */
export async function smsCode(phone: string, options: { purpose?: SmsPurpose; since?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const hit = smsLines()
      .reverse()
      .find((l) => l.sms.phone === phone && (!options.purpose || l.sms.purpose === options.purpose) && l.time >= (options.since ?? 0));
    if (hit) return hit.sms.code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${phone} (${options.purpose ?? 'any purpose'}) in the server log`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Saves a screenshot to e2e/artifacts/<name>.png and returns its path: the whole page, or with
 * `fullPage: false` what the screen shows (a fixed overlay such as the chat panel, as seen).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Waits until the island holding `target` has hydrated (Astro drops the island's ssr attribute
 * then): a click on server-rendered HTML before that does nothing, which a loaded machine shows.
 */
export async function hydrated(page: Page, target: Locator): Promise<void> {
  await page.locator('astro-island:not([ssr])').filter({ has: target }).first().waitFor();
}

/** No sideways scrolling: the page fits the screen it is shown on. */
export async function fitsWidth(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(width);
}

/** The demo accounts the product seeds with DEMO=1 (server/src/db/seed.ts). */
export const demo = {
  password: 'zp123456',
  seeker: { phone: '13800000001', name: '李明' },
  hr: { phone: '13800000002', name: '王芳' },
  operator: { phone: '13800000003', name: '平台运营' },
} as const;

/** A download's bytes (the browser runs in another process: saveAs copies them here). */
export async function downloadedBytes(d: Download): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zp-dl-')), d.suggestedFilename());
  await d.saveAs(file);
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

/** Waits until no animation runs on the page (a dialog has finished opening), so a screenshot shows it still. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}
