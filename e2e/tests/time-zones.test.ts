/**
 * A person abroad (issue 27, item 9): the API sends Beijing wall-clock times without a zone, and a
 * browser set to America/New_York must show the same fair states (未开始/进行中/已结束), the same
 * Beijing times and ages (the hall's 会场动态), chat times on a Beijing clock, and the widgets
 * likewise; an interview time typed in New York is a Beijing time, and says so; a free HR's interview
 * counts its 20 minutes down from the server's clock, not 12 or 13 hours off.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demo, openLoggedIn, openPerson, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiGrant, apiLogin } from '../lib/api.js';
import { giveResume, quickStart, registerSeeker } from '../lib/chat.js';
import { enterFromDeviceCheck, receivesVideoFrom, room, videoPerson } from '../lib/video.js';

const ABROAD = 'America/New_York';
const STATE = { 1: '未开始', 2: '进行中', 3: '已结束' } as const;

/** The test's own reading of the API's strings: Beijing wall-clock times (UTC+8). */
const beijing = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);
const stateOf = (f: { hykssj: string; hyjssj: string }, now = Date.now()) => (now < beijing(f.hykssj) ? 1 : now <= beijing(f.hyjssj) ? 2 : 3);
/** 'M月D日 HH:mm' of a Beijing string, as the pages write a fair's start. */
const dayTime = (text: string) => `${Number(text.slice(5, 7))}月${Number(text.slice(8, 10))}日 ${text.slice(11, 16)}`;
/** A moment's 'HH:mm' on a Beijing clock. */
const beijingClock = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(11, 16);
const ago = (ms: number, now = Date.now()) => {
  const min = Math.max(0, Math.floor((now - ms) / 60000));
  return min < 1 ? '刚刚' : min < 60 ? `${min}分钟前` : min < 1440 ? `${Math.floor(min / 60)}小时前` : `${Math.floor(min / 1440)}天前`;
};

interface Fair {
  hxid: string;
  hymc: string;
  hykssj: string;
  hyjssj: string;
}

/** Someone in New York: a visitor, or logged in (session in localStorage before the first page). */
async function abroad(browser: Browser, who?: { role: 'qz' | 'hr'; phone: string }): Promise<{ page: Page; userId: string; token: string }> {
  if (!who) return { page: (await openPerson(browser, { timezoneId: ABROAD })).page, userId: '', token: '' };
  const grant = await apiGrant(who.role, who.phone);
  const { page } = await openLoggedIn(browser, grant, { timezoneId: ABROAD });
  return { page, userId: grant.userId, token: grant.token };
}

/** The browser really is in New York (else these journeys prove nothing). */
async function inNewYork(page: Page) {
  const zone = await page.evaluate(() => ({ name: Intl.DateTimeFormat().resolvedOptions().timeZone, offset: new Date().getTimezoneOffset() }));
  expect(zone.name).toBe(ABROAD);
  expect([240, 300]).toContain(zone.offset);
}

describe('in a browser set to America/New_York', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('fair lists, the hall and its 会场动态, and <zp-job-fairs> show the states and times of Beijing', { timeout: 120_000 }, async () => {
    const fairs = async (type: 1 | 2) => (await apiCall<{ page: { list: Fair[] } }>('/api/hr/bshxxx/findHxListByType', { query: { type, page: 1, limit: 50 } })).page.list.map((f) => ({ ...f, venue: type }));
    const all = new Map([...(await fairs(1)), ...(await fairs(2))].map((f) => [f.hxid, f]));
    const { page } = await abroad(browser());
    await page.goto('/zppc/public/meetinglist?venue=1');
    await inNewYork(page);

    const seen = new Set<number>();
    const cards = async () => {
      const list = page.locator('[data-fair-card]');
      await list.first().waitFor();
      for (const card of await list.all()) {
        const fair = all.get((await card.getAttribute('data-hxid'))!)!;
        const expected = stateOf(fair);
        seen.add(expected);
        expect(await card.locator('[data-fair-state]').textContent(), fair.hymc).toBe(STATE[expected]);
        expect(await card.locator('.fair-card__meta').textContent(), fair.hymc).toContain(dayTime(fair.hykssj));
        expect(await card.locator('.fair-card__meta').textContent(), fair.hymc).toContain('（北京时间）');
        const action = card.locator('[data-fair-action] > *');
        expect(await action.textContent()).toBe(expected === 1 ? '立即报名' : expected === 2 ? '进入会场' : '已结束');
        if (expected === 2) expect(await action.getAttribute('href')).toMatch(new RegExp(`/meetinghall/${fair.hxid}/2$`));
        // an ended fair keeps the count of jobs it showed (issue 28 item 14), not 岗位 0
        if (expected === 3) expect(await card.locator('.fair-card__figures').textContent()).toMatch(/岗位 [1-9]\d*/);
      }
    };
    // As the server rendered them and the page's clock script corrected them, then as the island computes them.
    await cards();
    await page.locator('[data-fair-card]').first().hover();
    await page.locator('astro-island:not([ssr])').filter({ has: page.locator('[data-fair-card]') }).first().waitFor();
    await cards();
    await page.goto('/zppc/public/meetinglist?venue=2');
    await cards();
    expect([...seen].sort()).toEqual([1, 2, 3]);
    await screenshot(page, 'time-zones-fairs-new-york', { fullPage: false });

    // A running fair's hall: its address carries ifks 2, its ticker ages are Beijing's.
    const running = [...all.values()].find((f) => stateOf(f) === 2)!;
    await page.goto(`/zppc/public/meetinglist?venue=${running.venue}`);
    await page.locator(`[data-fair-card][data-hxid="${running.hxid}"] [data-fair-action] a`).click();
    await page.waitForURL(new RegExp(`/meetinghall/${running.hxid}/2$`));
    await page.locator('.detail-hero').getByText(dayTime(running.hykssj)).first().waitFor();
    await page.locator('.detail-hero').getByText('（北京时间）').first().waitFor();
    const times = page.locator('.hall-ticker time[data-ago]');
    await times.first().waitFor();
    const ages: string[] = [];
    for (const t of await times.all()) {
      const at = (await t.getAttribute('data-ago'))!;
      const shown = (await t.textContent())!;
      // the minute may turn between the page's reading and this one
      expect([ago(beijing(at)), ago(beijing(at), Date.now() - 60_000)], at).toContain(shown);
      ages.push(shown);
    }
    // Ages older than New York's 12 or 13 hours behind would read 刚刚 if parsed in the browser's zone.
    expect(ages.some((a) => /小时前|天前/.test(a))).toBe(true);

    // The widget on a page in New York.
    await page.goto('/zppc/embed');
    const widget = page.locator('zp-job-fairs').first();
    await widget.locator('.jf-card:not(.jf-skeleton)').first().waitFor();
    for (const card of await widget.locator('.jf-card').all()) {
      const fair = all.get((await card.getAttribute('data-hxid'))!)!;
      expect(await card.getAttribute('data-ifks'), fair.hymc).toBe(String(stateOf(fair)));
      expect(await card.locator('.jf-time time').textContent()).toContain(fair.hykssj.slice(11, 16));
      expect(await card.locator('.jf-time time').getAttribute('datetime')).toBe(new Date(beijing(fair.hykssj)).toISOString());
      expect(await card.locator('.jf-zone').textContent()).toBe('（北京时间）');
    }
    await screenshot(page, 'time-zones-widget-new-york', { fullPage: false });
  });

  it('chat times are read on a Beijing clock', { timeout: 90_000 }, async () => {
    const hrId = (await apiGrant('hr', demo.hr.phone)).userId;
    const seeker = await abroad(browser(), { role: 'qz', phone: demo.seeker.phone });
    await seeker.page.goto('/zppc/');
    await inNewYork(seeker.page);
    await seeker.page.locator('zp-chat .launcher').click();
    await quickStart(seeker.page, hrId);
    const text = `纽约时间测试 ${Date.now() % 100000}`;
    const before = Date.now();
    await seeker.page.getByLabel('消息内容').fill(text);
    await seeker.page.getByLabel('消息内容').press('Enter');
    const row = seeker.page.locator('zp-chat .row.out').filter({ hasText: text });
    await row.getByRole('button', { name: '撤回' }).waitFor();
    const shown = (await row.locator('time').textContent())!.trim();
    expect([beijingClock(before), beijingClock(Date.now())]).toContain(shown);
    const item = seeker.page.locator(`zp-chat .item`).filter({ hasText: text }).first();
    expect([beijingClock(before), beijingClock(Date.now())]).toContain((await item.locator('time').textContent())!.trim());
    await screenshot(seeker.page, 'time-zones-chat-new-york', { fullPage: false });
  });

  it('an HR in New York invites for a Beijing time, and the seeker abroad reads it as one', { timeout: 120_000 }, async () => {
    // Arranged: the demo seeker applies to a job of the demo enterprise not applied to yet.
    const hrToken = await apiLogin('hr', demo.hr.phone, demo.password);
    const seekerToken = await apiLogin('qz', demo.seeker.phone, demo.password);
    const jobs = (await apiCall<{ page: { list: { gwid: string; gwmc: string }[] } }>('/api/hr/qydwgwfbxx/findGwListHr', { token: hrToken, query: { gwzt: '2', page: 1, limit: 100 } })).page.list;
    const applied = (await apiCall<{ tdzt: Record<string, number> }>('/api/qz/qyhxrxx/tdzt', { token: seekerToken, body: jobs.map((j) => j.gwid) })).tdzt;
    // nor been invited for (the demo seeds an invitation that offers slots, waiting for an answer)
    const waiting = (await apiCall<{ page: { list: { gwid: string }[] } }>('/api/hr/qyhxrxx/findMsjgList', { token: hrToken, query: { zt: '0', limit: 100 } })).page.list.map((i) => i.gwid);
    const job = jobs.find((j) => !applied[j.gwid] && !waiting.includes(j.gwid))!;
    expect(job, 'a job of the demo enterprise the demo seeker has neither applied to nor a waiting invitation for').toBeTruthy();
    await apiCall('/api/qz/qyhxrxx/td', { token: seekerToken, method: 'POST', query: { gwid: job.gwid } });

    const hr = await abroad(browser(), { role: 'hr', phone: demo.hr.phone });
    await hr.page.goto('/zppc/enter_home/enter_resume');
    await inNewYork(hr.page);
    const application = hr.page.locator('.hr-card', { hasText: job.gwmc }).first();
    await application.getByRole('button', { name: '邀请面试' }).click();
    const invite = hr.page.getByRole('dialog', { name: `邀请 ${demo.seeker.name} 面试` });
    const when = invite.getByLabel('面试时间（北京时间）');
    // Tomorrow 10:00 in Beijing, whatever New York's date is.
    const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86400_000).toISOString().slice(0, 10);
    expect(await when.inputValue()).toBe(`${tomorrow}T10:00`);
    // Two hours ago in Beijing is the past, although it is a time still to come in New York.
    const past = new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 16);
    await when.fill(past);
    await invite.getByLabel('面试地址').fill('线上视频面试');
    await invite.getByRole('button', { name: '发送邀请' }).click();
    await invite.getByText('面试时间须晚于当前时间').waitFor();
    const day = new Date(Date.now() + 8 * 3600_000 + 3 * 86400_000).toISOString().slice(0, 10);
    await when.fill(`${day}T14:30`);
    await invite.getByRole('button', { name: '发送邀请' }).click();
    await hr.page.locator('.zp-message').filter({ hasText: '面试邀请已发送' }).first().waitFor();
    await hr.page.goto('/zppc/enter_home/enter_interview');
    await hr.page.locator('.hr-card', { hasText: job.gwmc }).getByText(`时间：${day} 14:30（北京时间）`).waitFor();

    const seeker = await abroad(browser(), { role: 'qz', phone: demo.seeker.phone });
    await seeker.page.goto('/zppc/job_hunter/hunter_invite');
    await seeker.page.locator('.sk-invite', { hasText: job.gwmc }).getByText(`${day} 14:30（北京时间）`).waitFor();
    await screenshot(seeker.page, 'time-zones-invitation-new-york', { fullPage: false });
  });

  it("a free HR's interview room counts the 20 minutes down alike on both sides in New York", { timeout: 180_000 }, async () => {
    // A seeker registered for this journey: the free HR's one interview of the day with them is unspent.
    const grant = await registerSeeker(`135${String(Date.now()).slice(-8)}`);
    await giveResume(grant.token, '孙悦');
    const openedAt = Date.now();
    const hr = await videoPerson(browser(), 'hr', demo.hr.phone, 1280, { timezoneId: ABROAD });
    const seeker = await videoPerson(browser(), 'qz', grant.phone, 1280, { timezoneId: ABROAD });
    const opened = await apiCall<{ data: number }>('/api/sec/trtc/hrOpenRoom', { method: 'POST', token: hr.token, query: { userId: seeker.userId } });
    for (const p of [hr, seeker]) {
      await p.page.goto(`/zppc/video?roomId=${opened.data}`);
      await inNewYork(p.page);
      await enterFromDeviceCheck(p.page);
    }
    await receivesVideoFrom(hr.page, seeker.userId);
    // From the moment both are in: 20 minutes, on either clock the same to the second or two.
    const left = async (page: Page) => {
      const text = (await room(page).locator('.remaining').textContent()) ?? '';
      const m = /剩余 (\d\d):(\d\d)/.exec(text);
      return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
    };
    await expect.poll(() => left(hr.page), { timeout: 20_000 }).toBeGreaterThan(19 * 60);
    await expect.poll(() => left(seeker.page), { timeout: 20_000 }).toBeGreaterThan(19 * 60);
    expect(await left(hr.page)).toBeLessThanOrEqual(20 * 60);
    expect(Math.abs((await left(hr.page)) - (await left(seeker.page)))).toBeLessThanOrEqual(3);
    await screenshot(hr.page, 'time-zones-room-new-york', { fullPage: false });

    // The seeker's list of video invitations gives the room's time on a Beijing clock, and says so.
    await seeker.page.goto('/zppc/job_hunter/hunter_invite');
    const invitation = seeker.page.getByRole('region', { name: '视频面试邀请' }).locator('li').filter({ hasText: `房间号 ${opened.data}` });
    const meta = (await invitation.locator('.video-invites__meta').textContent())!;
    const at = (ms: number) => `${new Date(ms + 8 * 3600_000).toISOString().slice(5, 10)} ${beijingClock(ms)}（北京时间）`;
    expect([at(openedAt), at(Date.now())]).toContain(meta.replace(`房间号 ${opened.data} · `, ''));
    await screenshot(seeker.page, 'time-zones-video-invitation-new-york', { fullPage: false });
  });
});
