/**
 * <zp-chat> through a server outage (issue 10, finding 14), on a product of the journey's own so
 * that stopping it leaves the other journeys alone. The server is killed mid-conversation: the
 * panel says it is reconnecting and keeps its conversations and the person's name; a line sent
 * meanwhile spins, and once the server is back it goes by itself and arrives once on the other
 * side. A line that waits too long offline turns into the "!" that resends it, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demo, screenshot, useBrowser } from '../lib/harness.js';
import { personWithChat, quickStart } from '../lib/chat.js';
import { startProduct, type Product } from '../lib/product.js';

const stamp = String(Date.now()).slice(-6);
const RECONNECTING = '连接已断开，正在重连…';

describe('chat through a server outage', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });
  let product: Product;
  beforeAll(async () => {
    product = await startProduct('chat-outage');
  });
  afterAll(async () => {
    await product?.dispose();
  });

  /** The seeker in a conversation with the demo HR (HR's panel open on it), one line exchanged. */
  async function conversation(first: string) {
    const seeker = await personWithChat(browser(), 'qz', demo.seeker.phone, 1280, undefined, undefined, product.url);
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone, 1280, undefined, undefined, product.url);
    await seeker.page.locator('zp-chat .launcher').click();
    await quickStart(seeker.page, hr.userId);
    await send(seeker.page, first);
    await seeker.page.locator('zp-chat .row.out').filter({ hasText: first }).getByRole('button', { name: '撤回' }).waitFor();
    await hr.page.locator('zp-chat .launcher').click();
    await hr.page.locator('zp-chat .item').filter({ hasText: first }).click();
    await hr.page.locator('zp-chat .row.in').filter({ hasText: first }).waitFor();
    return { seeker: seeker.page, hr: hr.page };
  }

  async function send(page: Page, text: string) {
    const box = page.getByLabel('消息内容');
    await box.fill(text);
    await box.press('Enter');
  }

  const panelOf = (page: Page) => page.getByRole('dialog', { name: '在线沟通' });
  const notice = (page: Page) => panelOf(page).getByRole('status').filter({ hasText: RECONNECTING });

  /** The HR's conversation shows `text` once, also when its history is loaded again from the server. */
  async function arrivedOnce(hr: Page, text: string) {
    const rows = hr.locator('zp-chat .row.in').filter({ hasText: text });
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(1);
    await panelOf(hr).getByRole('button', { name: '关闭', exact: true }).click();
    await hr.locator('zp-chat .launcher').click();
    await hr.locator('zp-chat .item').filter({ hasText: text }).click();
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
  }

  it('says it is reconnecting, keeps the conversations and names, and a line sent meanwhile goes by itself once the server is back, arriving once', async () => {
    const first = `断线前 ${stamp}`;
    const during = `断线时发的 ${stamp}`;
    const { seeker, hr } = await conversation(first);

    await product.stop('SIGKILL');
    await notice(seeker).waitFor();
    // Closed and opened again while the server is down: what it last knew is still there.
    await panelOf(seeker).getByRole('button', { name: '关闭', exact: true }).click();
    await seeker.locator('zp-chat .launcher').click();
    await notice(seeker).waitFor();
    const item = panelOf(seeker).locator('.item').filter({ hasText: demo.hr.name });
    await item.waitFor();
    await panelOf(seeker).locator('.me-button').filter({ hasText: demo.seeker.name }).waitFor();
    expect(await panelOf(seeker).getByText('暂无会话').count()).toBe(0);
    await item.click();
    await seeker.locator('zp-chat .row.out').filter({ hasText: first }).waitFor();

    await send(seeker, during);
    const row = seeker.locator('zp-chat .row.out').filter({ hasText: during });
    await row.getByLabel('发送中').waitFor();
    await screenshot(seeker, 'chat-reconnecting-1280', { fullPage: false });

    await product.start();
    // Reconnected (the SDK's back-off is at most 10 s): the notice goes, the spinner ends in 撤回.
    await notice(seeker).waitFor({ state: 'detached', timeout: 30_000 });
    await row.getByRole('button', { name: '撤回' }).waitFor({ timeout: 30_000 });
    expect(await row.getByLabel('发送中').count()).toBe(0);
    expect(await row.getByRole('button', { name: '重发' }).count()).toBe(0);
    expect(await seeker.locator('zp-chat .row.out').filter({ hasText: during }).count()).toBe(1);
    await arrivedOnce(hr, during);
  }, 180_000);

  it('a line that waits too long for the server turns into the "!" that resends it, and it arrives once', async () => {
    const first = `再次断线前 ${stamp}`;
    const late = `久等的一句 ${stamp}`;
    const { seeker, hr } = await conversation(first);

    await product.stop('SIGKILL');
    await notice(seeker).waitFor();
    await send(seeker, late);
    const row = seeker.locator('zp-chat .row.out').filter({ hasText: late });
    await row.getByLabel('发送中').waitFor();
    // Bounded: about 30 s without a connection and the spinner gives way to the "!".
    const resend = row.getByRole('button', { name: '重发' });
    await resend.waitFor({ timeout: 45_000 });
    expect(await row.getByLabel('发送中').count()).toBe(0);
    await screenshot(seeker, 'chat-send-failed-offline-1280', { fullPage: false });

    await product.start();
    await notice(seeker).waitFor({ state: 'detached', timeout: 30_000 });
    await resend.click();
    await row.getByRole('button', { name: '撤回' }).waitFor({ timeout: 30_000 });
    expect(await seeker.locator('zp-chat .row.out').filter({ hasText: late }).count()).toBe(1);
    await arrivedOnce(hr, late);
  }, 180_000);
});
