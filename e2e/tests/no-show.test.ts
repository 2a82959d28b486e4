/**
 * No-shows (未到场) of booked interview slots, seen on both sides: the demo seeker books one of the
 * slots the demo HR's invitation offers, does not come, and ten minutes after the start the slot
 * is marked 未到场 — for the HR in 面试管理 and the 企业中心 figures, for the seeker in 面试邀请;
 * the HR corrects it to 已到场. The clock is controlled through the data: a product of this
 * journey's own runs on PostgreSQL, where the journey moves the booked slot 40 minutes into the
 * past (as a clock 40 minutes ahead would see it); the server's own no-show round does the rest.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiGrant } from '../lib/api.js';
import { demo, openLoggedIn, screenshot, settled, useBrowser } from '../lib/harness.js';
import { startProduct, type Product } from '../lib/product.js';

const DATABASE_URL = process.env.DATABASE_URL;
const schema = `e2e_noshow_${crypto.randomBytes(4).toString('hex')}`;
const PHONE = { width: 375, height: 740 };

describe.skipIf(!DATABASE_URL)(`no-shows${DATABASE_URL ? '' : ' (skipped: needs DATABASE_URL, which .ci/run sets)'}`, () => {
  const browser = useBrowser({ closePeopleAfterEach: true });
  let product: Product;
  let db: pg.Client;

  beforeAll(async () => {
    product = await startProduct('no-show', { DATABASE_URL: DATABASE_URL!, DATABASE_SCHEMA: schema });
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await product?.dispose();
    await db?.query(`drop schema if exists ${schema} cascade`);
    await db?.end();
  });

  it('marks a booked seeker who did not come 未到场 on both sides, and the HR corrects it', { timeout: 300_000 }, async () => {
    const base = product.url;
    const seekerGrant = await apiGrant('qz', demo.seeker.phone, { base });
    const hrGrant = await apiGrant('hr', demo.hr.phone, { base });
    const offers = (await apiCall<{ list: { msid: string; slots: { id: string; mode: string }[] }[] }>('/api/qz/slots/offers', { token: seekerGrant.token, base })).list;
    const offer = offers[0]!;
    const slot = offer.slots.find((x) => x.mode === 'video')!;
    const booked = await apiCall<{ code: number; msg: string; booking: { id: string } }>('/api/qz/slots/book', { token: seekerGrant.token, base, method: 'POST', body: { msid: offer.msid, slotId: slot.id } });
    expect(booked.code, booked.msg).toBe(0);

    // Forty minutes later, as far as this booking is concerned.
    await db.query(`update ${schema}.interview_slots set starts_at = now() - interval '40 minutes' where id = $1`, [slot.id]);

    const hr = await openLoggedIn(browser(), hrGrant, { baseURL: base, viewport: { width: 1280, height: 800 } });
    await hr.page.goto('/zppc/enter_home/enter_interview');
    await hr.page.getByRole('tab', { name: '已结束' }).click();
    const card = hr.page.locator('.hr-card').filter({ has: hr.page.locator('.slot-bookers') }).first();
    // The server's no-show round runs every 30 s: read the list again until it has marked the booking.
    await expect
      .poll(
        async () => {
          await hr.page.getByRole('tab', { name: '即将开始' }).click();
          await hr.page.getByRole('tab', { name: '已结束' }).click();
          // Marked 未到场, the HR's way to correct it is offered (before, 已到场 / 未到场 mark by hand).
          return card.getByRole('button', { name: '改为已到场' }).count();
        },
        { timeout: 120_000, interval: 3000 },
      )
      .toBe(1);
    await settled(hr.page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(hr.page, 'no-show-hr-1280', { fullPage: false });

    const seeker = await openLoggedIn(browser(), seekerGrant, { baseURL: base, viewport: PHONE });
    await seeker.page.goto('/zppc/job_hunter/hunter_invite');
    await seeker.page.getByRole('tab', { name: /已接受/ }).click();
    await seeker.page.locator('.sk-invite').filter({ hasText: '未到场' }).first().waitFor();
    await settled(seeker.page);
    await screenshot(seeker.page, 'no-show-seeker-375', { fullPage: false });
    await seeker.page.goto('/zppc/job_hunter/hunter_message');
    await seeker.page.locator('.sk-msg').filter({ hasText: '面试未到场' }).first().waitFor();

    // The figures count it; the HR corrects it, and the count follows.
    await hr.page.goto('/zppc/enter_home/enter_center');
    const noShows = hr.page.locator('.hr-stat', { hasText: '近30天预约面试未到场' }).locator('.hr-stat__value');
    await expect.poll(() => noShows.textContent()).toBe('1');
    await hr.page.goto('/zppc/enter_home/enter_interview');
    await hr.page.getByRole('tab', { name: '已结束' }).click();
    await card.getByRole('button', { name: '改为已到场' }).click();
    await card.locator('.slot-bookers').getByText('已到场').waitFor();
    await hr.page.goto('/zppc/enter_home/enter_center');
    await expect.poll(() => noShows.textContent()).toBe('0');
  });
});
