/**
 * Interview slots, both sides in a browser: the demo HR publishes two 10-minute video slots in
 * 面试管理, invites a seeker from 收到的简历 offering them, the seeker (on a phone) books one in
 * 面试邀请, downloads its .ics (parsed with ical.js: the start in China time), and the reminder 2
 * minutes before pops up on the page; 进入面试 opens the chat with the HR. Screenshots at 1280 and
 * 375 px of the publish dialog, the HR's list, the invitation's slot picker and the seeker's picker;
 * then the HR's scorecard (the list sums it up) and 发 offer, which the seeker reads as a notice
 * and as the stage of the application in 我的投递.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { apiCall, apiGrant } from '../lib/api.js';
import { giveResume, registerSeeker } from '../lib/chat.js';
import { demo, downloadedBytes, openLoggedIn, screenshot, settled, useBrowser } from '../lib/harness.js';

const PHONE = { width: 375, height: 740 };

/** A moment as Beijing's date and time ('YYYY-MM-DD', 'HH:mm'). */
function beijing(ms: number) {
  const iso = new Date(ms + 8 * 3600_000).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

describe('interview slots', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('HR publish slots and offer them, the seeker books one, gets its calendar file and the reminder', { timeout: 420_000 }, async () => {
    // Arranged: a seeker of this run applied to one of the demo enterprise's jobs.
    const grant = await registerSeeker(`137${String(Date.now()).slice(-8)}`);
    await giveResume(grant.token, '周婷');
    const hrGrant = await apiGrant('hr', demo.hr.phone);
    const jobs = (await apiCall<{ page: { list: { gwid: string; gwmc: string }[] } }>('/api/hr/qydwgwfbxx/findGwListHr', { token: hrGrant.token, query: { gwzt: '2', page: 1, limit: 100 } })).page.list;
    await apiCall('/api/qz/qyhxrxx/td', { token: grant.token, method: 'POST', query: { gwid: jobs[0]!.gwid } });

    // The first slot starts 4–5 minutes from now: soon enough for its 2-minute reminder to come during the test.
    const startMs = Math.ceil((Date.now() + 4 * 60_000) / 60_000) * 60_000;
    const start = beijing(startMs);
    const end = beijing(startMs + 10 * 60_000);

    const hr = await openLoggedIn(browser(), hrGrant);
    await hr.page.goto('/zppc/enter_home/enter_interview');
    await hr.page.getByRole('button', { name: '发布时段' }).click();
    const publish = hr.page.getByRole('dialog', { name: '发布面试时段' });
    await publish.getByLabel('日期（北京时间）').fill(start.day);
    await publish.getByLabel('开始时间').fill(start.time);
    await publish.getByLabel('每个时段时长').selectOption('10');
    await publish.getByLabel('连续时段数').fill('2');
    await publish.getByLabel('改约截止').selectOption('0');
    await publish.getByText(`开始于 ${start.time}、${end.time}`).waitFor();
    await settled(hr.page);
    await screenshot(hr.page, 'slots-publish-1280', { fullPage: false });
    await publish.getByRole('button', { name: '发布' }).click();
    await hr.page.locator('.zp-message').filter({ hasText: '已发布 2 个面试时段' }).first().waitFor();
    const card = hr.page.locator('.hr-card').filter({ hasText: `${start.time}–${end.time}` }).first();
    await card.getByText('已约 0/1').waitFor();

    // 收到的简历 → 邀请面试, offering the first of the two slots
    await hr.page.goto('/zppc/enter_home/enter_resume');
    const application = hr.page.locator('.hr-card').filter({ has: hr.page.locator(`a[href*="qzbsid=${grant.userId}"]`) }).first();
    await application.getByRole('button', { name: '邀请面试' }).click();
    const invite = hr.page.getByRole('dialog', { name: '邀请 周婷 面试' });
    await invite.getByLabel('由求职者预约时段').check();
    await invite.locator('.slot-choice', { hasText: `${start.time}–${end.time}` }).click();
    await invite.locator('.slot-choice', { hasText: `${end.time}–` }).first().click();
    await settled(hr.page);
    await screenshot(hr.page, 'slots-invite-1280', { fullPage: false });
    await invite.getByRole('button', { name: '发送邀请' }).click();
    await hr.page.locator('.zp-message').filter({ hasText: '面试邀请已发送，求职者可预约其中一个时段' }).first().waitFor();

    // The seeker, on a phone, books the first slot.
    const seeker = await openLoggedIn(browser(), grant, { viewport: PHONE });
    await seeker.page.goto('/zppc/job_hunter/hunter_invite');
    const row = seeker.page.locator('.sk-invite').filter({ hasText: jobs[0]!.gwmc }).first();
    await row.getByText('请从 HR 提供的时段中预约').waitFor();
    await row.getByRole('button', { name: '预约面试' }).click();
    const picker = seeker.page.getByRole('dialog', { name: '预约面试时段' });
    await picker.locator('.slot-choice', { hasText: `${start.time}–${end.time}` }).click();
    await settled(seeker.page);
    await screenshot(seeker.page, 'slots-book-375', { fullPage: false });
    await picker.getByRole('button', { name: '确认预约' }).click();
    await seeker.page.locator('.zp-message').filter({ hasText: '已预约' }).first().waitFor();
    await seeker.page.getByRole('tab', { name: /已接受/ }).click();
    const booked = seeker.page.locator('.sk-invite').filter({ hasText: jobs[0]!.gwmc }).first();
    await booked.getByText('已预约').waitFor();
    await booked.getByText(`${start.time}–${end.time}（北京时间）`).waitFor();
    await screenshot(seeker.page, 'slots-booked-375', { fullPage: false });

    // The calendar file: the event at the slot's start, in China time.
    const [download] = await Promise.all([seeker.page.waitForEvent('download'), booked.getByRole('button', { name: '下载日历' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^面试预约-\d{4}-\d{2}-\d{2}-\d+\.ics$/);
    const calendar = new ICAL.Component(ICAL.parse((await downloadedBytes(download)).toString('utf8')));
    for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.zone.tzid).toBe('Asia/Shanghai');
    expect(event.startDate.toString().slice(0, 16)).toBe(`${start.day}T${start.time}`);
    expect(event.startDate.toUnixTime() * 1000).toBe(startMs);

    // The HR's list names who booked; at 375 px too.
    await hr.page.goto('/zppc/enter_home/enter_interview');
    await hr.page.locator('.hr-card').filter({ hasText: `${start.time}–${end.time}` }).first().getByText('周婷').waitFor();
    await screenshot(hr.page, 'slots-list-1280', { fullPage: false });
    await hr.page.setViewportSize(PHONE);
    await hr.page.locator('#slots-title').scrollIntoViewIfNeeded();
    await screenshot(hr.page, 'slots-list-375', { fullPage: false });

    // Within 10 minutes of the start, 进入面试 opens the chat with the HR, where the call comes.
    await booked.getByRole('button', { name: '进入面试' }).click();
    await seeker.page.locator(`zp-chat .conversation[data-conversation="C2C${hrGrant.userId}"]`).getByLabel('消息内容').waitFor();
    await seeker.page.getByRole('dialog', { name: '在线沟通' }).getByRole('button', { name: '关闭', exact: true }).click();

    // The reminder 2 minutes before comes on the open page (the server checks every 10 s).
    const reminder = seeker.page.locator('.zp-notification').filter({ hasText: '面试提醒：' });
    await reminder.waitFor({ timeout: Math.max(30_000, startMs - 2 * 60_000 - Date.now() + 60_000) });
    expect(await reminder.textContent()).toContain(`${start.time}–${end.time}`);
    await screenshot(seeker.page, 'slots-reminder-375', { fullPage: false });

    // The interview is about to begin: the HR fills a scorecard, which the list then sums up.
    await hr.page.setViewportSize({ width: 1280, height: 800 });
    await hr.page.goto('/zppc/enter_home/enter_interview');
    const invitation = hr.page.locator('.hr-card').filter({ has: hr.page.locator(`a[href*="qzbsid=${grant.userId}"]`) }).filter({ hasText: '面试评分' }).first();
    await invitation.getByRole('button', { name: '面试评分' }).click();
    const scoring = hr.page.getByRole('dialog', { name: `周婷 · ${jobs[0]!.gwmc} 的面试评分` });
    for (const [criterion, score] of [['专业能力', 4], ['沟通表达', 5], ['岗位匹配', 3]] as const) {
      await scoring.getByRole('group', { name: criterion }).getByText(String(score), { exact: true }).click();
    }
    await scoring.getByLabel('通过', { exact: true }).check();
    await scoring.getByLabel('评语').fill('项目经验扎实，沟通清楚。');
    await settled(hr.page);
    await screenshot(hr.page, 'scorecard-1280', { fullPage: false });
    await scoring.getByRole('button', { name: '提交评分' }).click();
    await invitation.getByText('评分 1 份 · 均分 4.0 · 通过 1').waitFor();
    await hr.page.setViewportSize(PHONE);
    await invitation.getByRole('button', { name: '面试评分' }).click();
    await hr.page.getByRole('dialog', { name: `周婷 · ${jobs[0]!.gwmc} 的面试评分` }).getByRole('button', { name: '保存修改' }).waitFor();
    await settled(hr.page);
    await screenshot(hr.page, 'scorecard-375', { fullPage: false });

    // The HR sends an offer; the seeker reads it in 消息提醒, in words meant for them (no scores).
    await hr.page.setViewportSize({ width: 1280, height: 800 });
    await hr.page.goto('/zppc/enter_home/enter_resume');
    const applied = hr.page.locator('.hr-card').filter({ has: hr.page.locator(`a[href*="qzbsid=${grant.userId}"]`) }).first();
    await applied.getByRole('button', { name: '发 offer' }).click();
    await hr.page.getByRole('alertdialog').getByRole('button', { name: '发 offer' }).click();
    await applied.getByText('已发 offer').waitFor();
    await seeker.page.goto('/zppc/job_hunter/hunter_message');
    const notice = seeker.page.locator('.sk-msg').filter({ hasText: '收到 offer' }).first();
    await notice.getByText(`「${jobs[0]!.gwmc}」的录用意向（offer）`, { exact: false }).waitFor();
    expect(await seeker.page.locator('body').textContent()).not.toContain('项目经验扎实');
    await screenshot(seeker.page, 'offer-seeker-375', { fullPage: false });
    // …and in 我的投递 the application's stage reads 已发 offer.
    await seeker.page.goto('/zppc/job_hunter/hunter_invest');
    const mine = seeker.page.locator('.sk-row', { hasText: jobs[0]!.gwmc }).first();
    await expect.poll(() => mine.getByTestId('application-state').textContent()).toBe('已发 offer');
  });
});
