/** People with the chat widget: logged in over the API, on a site page that carries <zp-chat>. */
import type { Browser, Page } from 'playwright-core';
import { demo, openLoggedIn, smsCode, type Grant } from './harness.js';
import { apiCall, apiGrant, md5, currentConsent } from './api.js';

/**
 * A person whose session is in localStorage before the first page runs, on the site's home page
 * with the chat launcher showing. `given` is a grant from a registration; otherwise the demo
 * password logs `phone` in.
 */
export async function personWithChat(
  browser: Browser, role: 'qz' | 'hr', phone: string, width = 1280, given?: Grant,
  /** Runs on the new page before it loads anything (e.g. to cut a request with page.route). */
  prepare?: (page: Page) => Promise<unknown>,
  /** a product of the journey's own (lib/product.ts) instead of the shared one */
  base?: string,
): Promise<{ page: Page; userId: string }> {
  const grant = given ?? (await apiGrant(role, phone, { base }));
  const { page } = await openLoggedIn(browser, grant, { viewport: { width, height: 800 }, baseURL: base });
  await prepare?.(page);
  // The site's layout carries <zp-chat> and loads its launcher for logged-in people (the panel on first use).
  await page.goto('/zppc/');
  await page.locator('zp-chat .launcher').waitFor();
  return { page, userId: grant.userId };
}

/** A job seeker registered just now with the SMS code the demo sender logged: their grant. */
export async function registerSeeker(phone: string): Promise<Grant> {
  const since = Date.now();
  await apiCall('/api/sec/pc/registerValidateCode', { query: { phone } });
  const validateCode = await smsCode(phone, { purpose: 'register', since });
  return apiCall<Grant>('/api/sec/pc/registerQz', { body: { phone, pwd: md5(demo.password), validateCode, consent: await currentConsent() } });
}

/** The launcher's unread badge as a number (0 when hidden; '99+' reads as 99). */
export async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('chat-badge');
  return (await badge.count()) ? Number((await badge.textContent())?.replace('+', '')) : 0;
}

/**
 * The badge once the person's chat has synced (the panel lists the conversations), with the panel
 * closed again. Other journeys may have left this demo account unread messages, so a journey
 * compares the badge with this rather than with zero.
 */
export async function settledBadge(page: Page): Promise<number> {
  const panel = page.getByRole('dialog', { name: '在线沟通' });
  await page.locator('zp-chat').getByRole('button', { name: '消息', exact: true }).click();
  await panel.getByLabel('会话列表').waitFor();
  await panel.getByRole('button', { name: '关闭', exact: true }).click();
  await panel.waitFor({ state: 'detached' });
  return badgeCount(page);
}

/**
 * 发起会话 with `userId` in the open panel, and waits for that conversation's message box (not
 * the box of a conversation open before it).
 */
export async function quickStart(page: Page, userId: string): Promise<void> {
  await page.getByRole('dialog', { name: '在线沟通' }).getByRole('button', { name: '发起会话' }).click();
  const dialog = page.getByRole('dialog', { name: '发起会话' });
  await dialog.getByLabel('用户ID').fill(userId);
  await dialog.getByRole('button', { name: '确定' }).click();
  await page.locator(`zp-chat .conversation[data-conversation="C2C${userId}"]`).getByLabel('消息内容').waitFor();
}

/**
 * Gives a seeker registered for a journey a résumé with `name` (the seeker centre, where the
 * invitation lists live, asks for one first).
 */
export async function giveResume(token: string, name: string): Promise<void> {
  await apiCall('/api/qz/qzgrjbxx/save', { token, body: { xm: name, xbm: 'xb_002', csrq: '1998-03-01', dqszs: '440000', dqszcs: '440300', yx: 'sunyue@example.com', zwpj: '两年前端开发经验。' } });
  await apiCall('/api/qz/qzgrjbxx/updateQzzt/zt_004', { token, method: 'POST' });
  await apiCall('/api/qz/qzqzyx/save', { token, body: { sjm: '440000', cjm: '440300', zwmo: 'gwlb_01', zwmt: 'gwlb_0102', zwm: 'gwlb_010201' } });
  await apiCall('/api/qz/qzjyjl/save', { token, body: { xxmc: '华南理工大学', xl: 'xl_04', rxsj: '2016-09', bysj: '2020-06' } });
}
