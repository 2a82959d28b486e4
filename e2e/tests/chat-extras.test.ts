/**
 * The rest of what a conversation offers, between a job seeker who registered just now and the
 * demo HR: the seeker names themself in the profile popover, re-edits a recalled text, rates the
 * conversation (the SDK demo's 自定义消息 and raw IDs are shown to nobody, 评价 to the seeker
 * only), then sends two pictures; the HR sees each under the new
 * name and looks at the pictures in the previewer (counter, next, zoom, rotate). And a long
 * history: loaded a page at a time, with the way back to the latest message. 回复 with a quote that
 * goes to its original; 置顶聊天 and drafts, each kept across a reload.
 */
import { describe, expect, it } from 'vitest';
import type { FileChooser, Page } from 'playwright-core';
import { useBrowser, demo, screenshot } from '../lib/harness.js';
import { personWithChat, quickStart, registerSeeker } from '../lib/chat.js';

const stamp = String(Date.now()).slice(-6);

describe('chat extras', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  const panel = (page: Page) => page.getByRole('dialog', { name: '在线沟通' });
  const list = (page: Page) => page.locator('zp-chat .messages');
  const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first();

  /** Two small PNGs drawn by the browser, as a person's picture files. */
  async function pictures(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
    const urls = await page.evaluate(() =>
      ['#e6a23c', '#67c23a'].map((colour) => {
        const canvas = document.createElement('canvas');
        canvas.width = 80;
        canvas.height = 50;
        const g = canvas.getContext('2d')!;
        g.fillStyle = colour;
        g.fillRect(0, 0, 80, 50);
        return canvas.toDataURL('image/png');
      }),
    );
    return urls.map((url, i) => ({ name: `作品${i + 1}.png`, mimeType: 'image/png', buffer: Buffer.from(url.split(',')[1]!, 'base64') }));
  }

  /** A job seeker registered now (phone starting `prefix`) and the demo HR; the seeker's panel is open on their conversation. */
  async function newSeekerTalkingToHr(prefix: string) {
    const phone = `${prefix}${String(Date.now()).slice(-8)}`;
    const seeker = await personWithChat(browser(), 'qz', phone, 1280, await registerSeeker(phone));
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    await seeker.page.locator('zp-chat .launcher').click();
    await quickStart(seeker.page, hr.userId);
    return { seeker, hr };
  }

  /** Picks `file` with one of the send box's pickers; each offers only its own types. */
  async function pick(page: Page, button: '图片' | '文件' | '视频', file: Parameters<FileChooser['setFiles']>[0]) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), panel(page).getByRole('button', { name: button, exact: true }).click()]);
    expect(await chooser.element().getAttribute('accept')).toBe({ 图片: '.jpg,.jpeg,.png,.gif', 视频: '.mp4,video/mp4', 文件: '' }[button]);
    await chooser.setFiles(file);
  }

  /** A one-second mp4 the browser records from a canvas, as a person's video file. */
  async function clip(page: Page): Promise<Buffer> {
    const bytes = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      const g = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/mp4' });
      const parts: Blob[] = [];
      recorder.ondataavailable = (e) => parts.push(e.data);
      let frame = 0;
      const paint = setInterval(() => {
        g.fillStyle = `hsl(${frame++ * 24}, 70%, 50%)`;
        g.fillRect(0, 0, 160, 120);
      }, 60);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      recorder.stop();
      await stopped;
      clearInterval(paint);
      return Array.from(new Uint8Array(await new Blob(parts).arrayBuffer()));
    });
    return Buffer.from(bytes);
  }

  it('profile name, re-edit, rating and two pictures reach the HR, who previews them; no demo buttons or raw IDs', async () => {
    const phone = `136${String(Date.now()).slice(-8)}`;
    const seeker = await personWithChat(browser(), 'qz', phone, 1280, await registerSeeker(phone));
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    const errors: string[] = [];
    for (const p of [seeker.page, hr.page]) p.on('pageerror', (e) => errors.push(e.message));
    const nick = `应届生小周${stamp}`;

    // Profile: an avatar without http is refused; a nick alone is saved.
    await seeker.page.locator('zp-chat .launcher').click();
    const me = panel(seeker.page).locator('.me-button');
    // The profile button reads as a person would: no raw account ID.
    await expect(me.textContent()).resolves.not.toMatch(/ID|\d{6}/);
    await me.click();
    const profile = panel(seeker.page).getByRole('form', { name: '编辑资料' });
    await profile.getByLabel('头像地址').fill('ftp://example.com/a.png');
    await profile.getByRole('button', { name: '保存' }).click();
    await toast(seeker.page, '头像地址需包含 http').waitFor();
    await expect(profile.getByLabel('头像地址').inputValue()).resolves.toBe('');
    await profile.getByLabel('昵称').fill(nick);
    await profile.getByRole('button', { name: '保存' }).click();
    await toast(seeker.page, '修改成功').waitFor();
    await me.filter({ hasText: nick }).waitFor();

    await quickStart(seeker.page, hr.userId);
    const box = panel(seeker.page).getByLabel('消息内容');

    // A text recalled and re-edited: the box gets it back, corrected it goes again.
    await box.fill(`请问明天上午十点面试吗 ${stamp}`);
    await box.press('Enter');
    await seeker.page.locator('zp-chat .row.out').filter({ hasText: `上午十点面试吗 ${stamp}` }).getByRole('button', { name: '撤回' }).click();
    await panel(seeker.page).getByRole('button', { name: '重新编辑' }).click();
    await expect(box.inputValue()).resolves.toBe(`请问明天上午十点面试吗 ${stamp}`);
    await box.fill(`请问明天下午三点面试吗 ${stamp}`);
    await box.press('Enter');

    // The rating opens at 5; one star less and a suggestion.
    await panel(seeker.page).getByRole('button', { name: '评价', exact: true }).click();
    const rating = panel(seeker.page).getByRole('form', { name: '评价' });
    await expect(rating.getByRole('radio', { name: '5 分' }).getAttribute('aria-checked')).resolves.toBe('true');
    await rating.getByRole('radio', { name: '4 分' }).click();
    await rating.getByLabel('建议').fill(`回复很及时 ${stamp}`);
    await rating.getByRole('button', { name: '提交' }).click();

    // The SDK demo's raw custom-message form is offered to nobody.
    await expect(panel(seeker.page).getByRole('button', { name: '自定义消息', exact: true }).count()).resolves.toBe(0);
    // The rating reads as one in the conversation list too, not as the SDK's '[自定义消息]'.
    await panel(seeker.page).locator('.item .last').filter({ hasText: `服务评价：★★★★☆ 4 分` }).waitFor();
    await expect(panel(seeker.page).locator('.item').first().textContent()).resolves.not.toContain('自定义消息');

    // Two pictures picked one after the other with 图片, whose chooser offers jpg/jpeg/png/gif only.
    const [first, second] = await pictures(seeker.page);
    await pick(seeker.page, '图片', first!);
    await pick(seeker.page, '图片', second!);
    // A file that is not a picture, picked with 图片 anyway, is refused with the reason.
    await pick(seeker.page, '图片', { name: '简历.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await toast(seeker.page, '请选择 jpg、jpeg、png 或 gif 格式的图片').waitFor();
    await expect.poll(() => seeker.page.locator('zp-chat .row.out img[alt="图片"]').count()).toBe(2);
    await screenshot(seeker.page, 'chat-extras-seeker-1280', { fullPage: false });

    // The HR finds the conversation under the seeker's new name and reads it all.
    await hr.page.locator('zp-chat .launcher').click();
    await panel(hr.page).locator('.item').filter({ hasText: nick }).click();
    const incoming = (text: string) => hr.page.locator('zp-chat .row.in').filter({ hasText: text });
    await incoming(`下午三点面试吗 ${stamp}`).waitFor();
    await expect(incoming(`上午十点面试吗 ${stamp}`).count()).resolves.toBe(0);
    await hr.page.locator('zp-chat .tip').filter({ hasText: '对方撤回了一条消息' }).waitFor();
    await incoming(`服务评价：★★★★☆ 4 分，建议：回复很及时 ${stamp}`).waitFor();
    await expect(incoming(nick).count()).resolves.toBe(4); // the sender's name heads each bubble
    // The HR rates no one and sees no demo buttons or raw IDs beside the conversations.
    await expect(panel(hr.page).getByRole('button', { name: '评价', exact: true }).count()).resolves.toBe(0);
    await expect(panel(hr.page).getByRole('button', { name: '自定义消息', exact: true }).count()).resolves.toBe(0);
    await expect(panel(hr.page).locator('.side').textContent()).resolves.not.toMatch(/ID：/);

    // The previewer: counter, next, zoom in 0.1 steps, rotate 90°, Escape closes.
    const images = hr.page.locator('zp-chat .row.in img[alt="图片"]');
    await expect.poll(() => images.count()).toBe(2);
    await images.first().click();
    const preview = hr.page.getByRole('dialog', { name: '图片预览' });
    await preview.locator('.counter').filter({ hasText: '1 / 2' }).waitFor();
    await preview.getByRole('button', { name: '下一张' }).click();
    await preview.locator('.counter').filter({ hasText: '2 / 2' }).waitFor();
    await preview.getByRole('button', { name: '放大' }).click();
    await preview.getByRole('button', { name: '旋转' }).click();
    const shown = preview.getByRole('img', { name: '预览' });
    await expect(shown.getAttribute('style')).resolves.toMatch(/scale\(1\.1\) rotate\(90deg\)/);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(80);
    await screenshot(hr.page, 'chat-extras-preview-hr-1280', { fullPage: false });
    await hr.page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });
    await expect(panel(hr.page).isVisible()).resolves.toBe(true); // Escape closed the preview only
    expect(errors).toEqual([]);
  });
  it('a two-line text (Ctrl+Enter) and an mp4 sent with 视频, shown as sending with its progress until stored, reach the HR; the video plays there', async () => {
    const { seeker, hr } = await newSeekerTalkingToHr('133');

    // Ctrl+Enter breaks the line; Enter sends both lines as one message.
    const box = panel(seeker.page).getByLabel('消息内容');
    await box.fill(`期望薪资 ${stamp}`);
    await box.press('Control+Enter');
    await box.pressSequentially('到岗时间：一周内');
    await expect(box.inputValue()).resolves.toBe(`期望薪资 ${stamp}\n到岗时间：一周内`);
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe('');

    // A picked emoji goes where the caret is, not at the end.
    await box.fill(`请查收 ${stamp}`);
    await box.press('Home');
    await panel(seeker.page).getByRole('button', { name: '表情', exact: true }).click();
    await panel(seeker.page).getByRole('button', { name: '[OK]' }).click();
    await expect(box.inputValue()).resolves.toBe(`[OK]请查收 ${stamp}`);
    await box.press('End');
    await box.press('Enter');

    // The upload is held back: meanwhile the bubble says 发送中 and shows its progress.
    const video = await clip(seeker.page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await seeker.page.route('**/api/chat/upload**', async (route) => {
      await held;
      await route.continue();
    });
    await pick(seeker.page, '视频', { name: `自我介绍${stamp}.mp4`, mimeType: 'video/mp4', buffer: video });
    const sending = seeker.page.locator('zp-chat .row.out').filter({ has: seeker.page.locator('video') });
    await sending.getByLabel('发送中').waitFor();
    await sending.locator('progress').waitFor();
    await expect(sending.getByRole('button', { name: '撤回' }).count()).resolves.toBe(0);
    await screenshot(seeker.page, 'chat-extras-video-sending-1280', { fullPage: false });
    release();
    await sending.getByRole('button', { name: '撤回' }).waitFor();
    await sending.getByLabel('发送中').waitFor({ state: 'detached' });
    await seeker.page.unroute('**/api/chat/upload**');
    // A broken mp4 (the server takes only what is an mp4 by its first bytes, an ftyp box): it
    // goes, but no browser can play it.
    const broken = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex'), Buffer.alloc(2048, 7)]);
    await pick(seeker.page, '视频', { name: `损坏${stamp}.mp4`, mimeType: 'video/mp4', buffer: broken });

    await hr.page.locator('zp-chat .launcher').click();
    await panel(hr.page).locator('.item').filter({ has: hr.page.locator('.name', { hasText: seeker.userId }) }).click();
    const lines = hr.page.locator('zp-chat .row.in .bubble').filter({ hasText: `期望薪资 ${stamp}` });
    // biome-ignore lint/performance/useDomNodeTextContent: the line break the bubble renders is the point; textContent has none
    await expect(lines.innerText()).resolves.toBe(`期望薪资 ${stamp}\n到岗时间：一周内`);
    await hr.page.locator('zp-chat .row.in .bubble').filter({ hasText: `请查收 ${stamp}` }).locator('img.emoji[alt="[OK]"]').waitFor();
    const played = hr.page.locator('zp-chat .row.in video').first();
    await played.waitFor();
    // The stored file is a real video: the HR's browser reads its length.
    await expect.poll(() => played.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? Math.round(v.duration) : 0)), { timeout: 15_000 }).toBeGreaterThan(0);
    // The broken one says why it does not play (spec section 8).
    await hr.page.locator('zp-chat .row.in .video-error').filter({ hasText: '视频无法播放' }).waitFor();
    await screenshot(hr.page, 'chat-extras-video-hr-1280', { fullPage: false });
  });

  it('a long history loads 15 at a time with 查看更多 until no more, and 回到最新位置 brings the latest back', async () => {
    const { seeker, hr } = await newSeekerTalkingToHr('135');
    const box = panel(seeker.page).getByLabel('消息内容');
    for (let n = 1; n <= 20; n++) {
      await box.fill(`第${n}条 ${stamp}`);
      await box.press('Enter');
      await seeker.page.locator('zp-chat .row.out').filter({ has: seeker.page.locator('.bubble').getByText(`第${n}条 ${stamp}`, { exact: true }) }).getByRole('button', { name: '撤回' }).waitFor();
    }

    // The HR opens it: the latest 15, then 查看更多 brings the first 5 and the end of history.
    await hr.page.locator('zp-chat .launcher').click();
    await panel(hr.page).locator('.item').filter({ hasText: `第20条 ${stamp}` }).click();
    const rows = hr.page.locator('zp-chat .row.in');
    await rows.filter({ hasText: `第20条 ${stamp}` }).waitFor();
    await expect.poll(() => rows.count()).toBe(15);
    await expect(rows.first().textContent()).resolves.toContain(`第6条 ${stamp}`);
    await list(hr.page).evaluate((el) => el.scrollTo({ top: 0 }));
    await screenshot(hr.page, 'chat-extras-history-hr-1280', { fullPage: false });
    await panel(hr.page).getByRole('button', { name: '查看更多' }).click();
    await panel(hr.page).getByText('已经没有更多的历史消息了哦').waitFor();
    await expect.poll(() => rows.count()).toBe(20);
    await expect(rows.first().textContent()).resolves.toContain(`第1条 ${stamp}`);

    // Scrolled up beyond 20 px from the bottom: the prompt appears and takes the HR back down.
    await list(hr.page).evaluate((el) => el.scrollTo({ top: 0 }));
    const latest = panel(hr.page).getByRole('button', { name: '回到最新位置' });
    await latest.click();
    await latest.waitFor({ state: 'detached' });
    await expect.poll(() => list(hr.page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(20);
  });

  it('回复 quotes a message: the quote shows above the answer, a click goes to the original 40 messages up, and a revoked original says so', async () => {
    const { seeker, hr } = await newSeekerTalkingToHr('137');
    const box = panel(seeker.page).getByLabel('消息内容');
    const originalText = `请问实习期多久？${stamp}`;
    await box.fill(originalText);
    await box.press('Enter');
    for (let n = 1; n <= 40; n++) {
      await box.fill(`补充${n} ${stamp}`);
      await box.press('Enter');
    }
    const row = (page: Page, text: string) => page.locator('zp-chat .row').filter({ has: page.locator('.bubble').getByText(text, { exact: true }) });
    await row(seeker.page, `补充40 ${stamp}`).getByRole('button', { name: '撤回' }).waitFor();

    // The seeker answers their own first question from far up; the send box names what it quotes.
    // (回复 shows on the message under the pointer.)
    await row(seeker.page, originalText).hover();
    await row(seeker.page, originalText).getByRole('button', { name: '回复' }).click();
    await panel(seeker.page).getByRole('status').filter({ hasText: `回复` }).filter({ hasText: originalText }).waitFor();
    const answer = `也想知道转正条件 ${stamp}`;
    await box.fill(answer);
    await box.press('Enter');
    await panel(seeker.page).locator('.send .replying').waitFor({ state: 'detached' });

    // The HR sees the latest 15: the answer with its quote, not the original.
    await hr.page.locator('zp-chat .launcher').click();
    await panel(hr.page).locator('.item').filter({ hasText: answer }).click();
    const quoted = row(hr.page, answer).locator('.quote');
    await expect.poll(() => quoted.textContent()).toMatch(new RegExp(`：${originalText.replace(/[？?]/g, '.')}$`));
    await expect(row(hr.page, originalText).count()).resolves.toBe(0);
    await quoted.click();
    const original = row(hr.page, originalText);
    await original.waitFor();
    const inView = () => original.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const l = el.closest('.messages')!.getBoundingClientRect();
      return r.top >= l.top && r.bottom <= l.bottom;
    });
    await expect.poll(inView).toBe(true);
    await screenshot(hr.page, 'chat-quote-jump', { fullPage: false });

    // Revoked, the original is no longer quoted: 原消息已撤回.
    await row(seeker.page, originalText).getByRole('button', { name: '撤回' }).click();
    await expect.poll(() => quoted.textContent()).toBe('原消息已撤回');
  });

  it('置顶聊天 keeps a conversation on top of the HR\'s list after a reload, and a half-written message survives a reload as [草稿]', async () => {
    const { seeker: first, hr } = await newSeekerTalkingToHr('135');
    const firstText = `想了解实习岗位 ${stamp}`;
    await panel(first.page).getByLabel('消息内容').fill(firstText);
    await panel(first.page).getByLabel('消息内容').press('Enter');
    await first.page.locator('zp-chat .row.out').filter({ hasText: firstText }).getByRole('button', { name: '撤回' }).waitFor();
    const phone = `134${String(Date.now()).slice(-8)}`;
    const second = await personWithChat(browser(), 'qz', phone, 1280, await registerSeeker(phone));
    await second.page.locator('zp-chat .launcher').click();
    await quickStart(second.page, hr.userId);
    const secondText = `请问还招人吗 ${stamp}`;
    await panel(second.page).getByLabel('消息内容').fill(secondText);
    await panel(second.page).getByLabel('消息内容').press('Enter');

    // The HR's list: the newer conversation above, until the older one is pinned.
    await hr.page.locator('zp-chat .launcher').click();
    const items = panel(hr.page).locator('.item[data-conversation]');
    const older = items.filter({ hasText: firstText });
    await items.filter({ hasText: secondText }).waitFor();
    await expect.poll(async () => (await items.allTextContents()).findIndex((t) => t.includes(secondText)) < (await items.allTextContents()).findIndex((t) => t.includes(firstText))).toBe(true);
    await older.click();
    await panel(hr.page).getByRole('button', { name: '详情' }).click();
    await panel(hr.page).getByLabel('置顶聊天').check();
    await toast(hr.page, '已置顶').waitFor();
    await expect.poll(() => items.first().textContent()).toContain(firstText);
    await screenshot(hr.page, 'chat-pinned', { fullPage: false });
    await hr.page.reload();
    await hr.page.locator('zp-chat .launcher').click();
    await expect.poll(() => items.first().getAttribute('data-pinned')).toBe('true');
    await expect(items.first().textContent()).resolves.toContain(firstText);
    // 取消置顶: back in the order of the last messages.
    await items.first().click();
    await panel(hr.page).getByRole('button', { name: '详情' }).click();
    await panel(hr.page).getByLabel('置顶聊天').uncheck();
    await toast(hr.page, '已取消置顶').waitFor();
    await expect.poll(() => older.getAttribute('data-pinned')).toBe(null);

    // A draft: typed, not sent, listed as [草稿], and back in the box after a reload.
    const draft = `明天下午三点可以面试吗 ${stamp}`;
    await panel(first.page).getByLabel('消息内容').fill(draft);
    const mine = panel(first.page).locator(`.item[data-conversation="C2C${hr.userId}"]`);
    await expect.poll(() => mine.locator('.last').textContent()).toBe(`[草稿]${draft}`);
    await first.page.reload();
    await first.page.locator('zp-chat .launcher').click();
    await expect.poll(() => mine.locator('.last').textContent()).toBe(`[草稿]${draft}`);
    await mine.click();
    await expect.poll(() => panel(first.page).getByLabel('消息内容').inputValue()).toBe(draft);
    await screenshot(first.page, 'chat-draft', { fullPage: false });
    // Sent, it is no draft any more.
    await panel(first.page).getByLabel('消息内容').press('Enter');
    await expect.poll(() => mine.locator('.last').textContent()).toBe(draft);
  });
});
