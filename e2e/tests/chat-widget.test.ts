/**
 * <zp-chat> between two people: a seeker starts a conversation with the demo HR by user ID, and
 * what the seeker sends (text, a dropped file, a revoke) is seen on the HR's side, with the
 * HR's unread badge rising and clearing, the seeker's 未读 turning 已读 and 对方正在输入… while
 * the HR types; an unapproved HR is sent to the company form; a blacklisted seeker is refused. The widget is the one the site's layout carries on every page.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, demo, screenshot, smsCode, type Grant } from '../lib/harness.js';
import { apiCall, apiGrant, apiLogin, md5, currentConsent } from '../lib/api.js';
import { badgeCount, giveResume, personWithChat, quickStart, registerSeeker, settledBadge } from '../lib/chat.js';
const stamp = String(Date.now()).slice(-6);

describe('chat widget', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it("a seeker's text, file and revoke reach the HR, whose unread badge rises and clears", async () => {
    const seeker = await personWithChat(browser(), 'qz', demo.seeker.phone);
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    const before = await settledBadge(hr.page);
    const text = `您好，我想了解一下这个职位 ${stamp}`;

    await seeker.page.locator('zp-chat .launcher').click();
    await seeker.page.getByRole('alert').filter({ hasText: '谨防诈骗' }).waitFor();
    await seeker.page.getByRole('button', { name: '发起会话' }).click();
    await seeker.page.getByLabel('用户ID').fill('@TIM#SYSTEM');
    await seeker.page.getByRole('button', { name: '确定' }).click();
    const notFound = seeker.page.locator('.zp-message').filter({ hasText: '没有找到该用户' });
    await notFound.first().waitFor();
    // A seeker writes to HR only: the operator's account (and another seeker's) is not found.
    await notFound.first().waitFor({ state: 'detached' });
    await seeker.page.getByLabel('用户ID').fill((await apiGrant('xs', demo.operator.phone)).userId);
    await seeker.page.getByRole('button', { name: '确定' }).click();
    await notFound.first().waitFor();
    await expect(seeker.page.locator('zp-chat .conversation').count()).resolves.toBe(0);

    await seeker.page.getByLabel('用户ID').fill(hr.userId);
    await seeker.page.getByRole('button', { name: '确定' }).click();
    const box = seeker.page.getByLabel('消息内容');
    await box.press('Enter');
    await seeker.page.locator('.zp-message').filter({ hasText: '不能发送空消息' }).first().waitFor();
    await box.fill(text);
    await box.press('Enter');
    const sent = seeker.page.locator('zp-chat .row.out').filter({ hasText: text });
    await sent.getByRole('button', { name: '撤回' }).waitFor(); // offered once the server took it
    // 1:1 read receipts: 未读 until the HR opens the conversation.
    await expect.poll(() => sent.locator('[data-receipt]').textContent()).toBe('未读');

    // The HR's panel is closed: the launcher's badge and the page title count it.
    await expect.poll(() => badgeCount(hr.page)).toBe(before + 1);
    await expect.poll(() => hr.page.title()).toMatch(new RegExp(`^\\(${before + 1}\\) `));
    await hr.page.locator('zp-chat .launcher').click();
    await hr.page.getByRole('alert').filter({ hasText: '求职者' }).waitFor();
    // Other journeys may have left unread messages in this same conversation (the demo pair):
    // reading it clears what its item counts, this line and those.
    const item = hr.page.locator('zp-chat .item').filter({ hasText: text });
    const inItem = Number((await item.locator('.count').textContent()) ?? '0');
    expect(inItem).toBeGreaterThanOrEqual(1);
    const after = before + 1 - inItem;
    await item.click();
    await hr.page.locator('zp-chat .row.in').filter({ hasText: text }).waitFor();
    // …and 已读 on the seeker's side, live, once the HR has it open.
    await expect.poll(() => sent.locator('[data-receipt]').textContent()).toBe('已读');
    await screenshot(seeker.page, 'chat-read-receipt', { fullPage: false });
    // While the HR writes, the seeker's header says so; emptying the box takes it away.
    const typing = seeker.page.locator('zp-chat .head .typing');
    await hr.page.getByLabel('消息内容').pressSequentially('您好');
    await expect.poll(() => typing.textContent()).toBe('对方正在输入…');
    await screenshot(seeker.page, 'chat-typing', { fullPage: false });
    await hr.page.getByLabel('消息内容').fill('');
    await expect.poll(() => typing.textContent()).toBe('');
    await expect.poll(() => badgeCount(hr.page)).toBe(after);
    // The title follows the badge (set once the count has rendered).
    await expect.poll(() => hr.page.title()).toMatch(after ? new RegExp(`^\\(${after}\\) `) : /^[^(]/);

    // A file dropped on the conversation arrives with its size.
    await seeker.page.locator('zp-chat .conversation').evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(3072)], `简历-${Date.now()}.pdf`, { type: 'application/pdf' }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await hr.page.locator('zp-chat .row.in').filter({ hasText: '3.00Kb' }).waitFor();

    // Revoked within 120 s: each side reads its own wording.
    // (The demo pair may have older recalled messages from other journeys: count new ones.)
    const mineTips = seeker.page.locator('zp-chat .tip').filter({ hasText: '你撤回了一条消息' });
    const theirTips = hr.page.locator('zp-chat .tip').filter({ hasText: '对方撤回了一条消息' });
    const [mineBefore, theirsBefore] = [await mineTips.count(), await theirTips.count()];
    await seeker.page.locator('zp-chat .row.out').filter({ hasText: text }).getByRole('button', { name: '撤回' }).click();
    await expect.poll(() => mineTips.count()).toBe(mineBefore + 1);
    await expect.poll(() => theirTips.count()).toBe(theirsBefore + 1);
    await expect(hr.page.locator('zp-chat .row.in').filter({ hasText: text }).count()).resolves.toBe(0);
    await screenshot(hr.page, 'chat-hr-1280', { fullPage: false });
    await screenshot(seeker.page, 'chat-seeker-1280', { fullPage: false });

    // A modal: Escape closes the panel and the launcher has the focus again.
    await hr.page.keyboard.press('Escape');
    await hr.page.getByRole('dialog', { name: '在线沟通' }).waitFor({ state: 'detached' });
    await expect.poll(() => hr.page.locator('zp-chat .launcher').evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
  });

  it("a seeker's page that never opened the chat shows the badge for a message sent meanwhile, live, and opening the panel shows the conversation", async () => {
    // A new seeker: nothing unread to begin with, so the badge counts only what is sent here.
    const grant = await registerSeeker(`135${String(Date.now()).slice(-8)}`);
    await giveResume(grant.token, '赵宁'); // found in talent search: an HR may write first
    const panelRequests: string[] = [];
    const seeker = await personWithChat(browser(), 'qz', grant.phone, 1280, grant, async (page) => {
      page.on('request', (r) => void (r.url().includes('/widgets/chat-panel') && panelRequests.push(r.url())));
    });
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    await hr.page.locator('zp-chat .launcher').click();
    await quickStart(hr.page, grant.userId);
    const box = hr.page.getByLabel('消息内容');
    const first = `您好，看到您的简历 ${stamp}`;
    await box.fill(first);
    await box.press('Enter');
    // The launcher alone counts it: the panel and the chat SDK were never loaded on this page.
    await expect.poll(() => badgeCount(seeker.page)).toBe(1);
    await expect.poll(() => seeker.page.title()).toMatch(/^\(1\) /);
    const second = `方便明天面试吗 ${stamp}`;
    await box.fill(second);
    await box.press('Enter');
    await expect.poll(() => badgeCount(seeker.page)).toBe(2);
    expect(await seeker.page.locator('zp-chat-panel').count()).toBe(0);
    expect(panelRequests).toEqual([]);

    // Opened: the panel takes over the same connection and lists the conversation with its count.
    await seeker.page.locator('zp-chat .launcher').click();
    const panel = seeker.page.getByRole('dialog', { name: '在线沟通' });
    const item = panel.locator('.item').filter({ hasText: second });
    await expect.poll(async () => (await item.count()) && item.locator('.count').textContent()).toBe('2');
    await item.click();
    await seeker.page.locator('zp-chat .row.in').filter({ hasText: first }).waitFor();
    await seeker.page.locator('zp-chat .row.in').filter({ hasText: second }).waitFor();
    await expect.poll(() => badgeCount(seeker.page)).toBe(0);
    // Still live after the hand-over: the next message arrives in the open conversation.
    const third = `下午三点可以吗 ${stamp}`;
    await box.fill(third);
    await box.press('Enter');
    await seeker.page.locator('zp-chat .row.in').filter({ hasText: third }).waitFor();
    expect(panelRequests.length).toBeGreaterThan(0);
  });

  it("the seeker centre's 未读消息 is the chat's count, live; it opens the chat, and Escape gives the focus back to the chat button", async () => {
    // The demo seeker (the centre wants a résumé); other journeys may have left it unread messages.
    const seeker = await personWithChat(browser(), 'qz', demo.seeker.phone);
    await seeker.page.goto('/zppc/job_hunter/hunter_home');
    const card = seeker.page.getByRole('listitem').filter({ hasText: '未读消息' });
    const shown = async () => Number(await card.locator('strong').textContent());
    // Once the chat has counted, the card shows its number (a dash until then).
    await expect.poll(() => card.locator('strong').textContent()).toMatch(/^\d+$/);
    const before = await shown();
    expect(await badgeCount(seeker.page)).toBe(before);

    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    await hr.page.locator('zp-chat .launcher').click();
    const seekerId = (await apiGrant('qz', demo.seeker.phone)).userId;
    await quickStart(hr.page, seekerId);
    const box = hr.page.getByLabel('消息内容');
    const last = `方便聊聊吗 ${stamp}`;
    for (const text of [`您好 ${stamp}`, last]) {
      await box.fill(text);
      await box.press('Enter');
    }
    // One number: the card says what the chat button and the page title say.
    await expect.poll(shown).toBe(before + 2);
    expect(await badgeCount(seeker.page)).toBe(before + 2);
    await expect.poll(() => seeker.page.title()).toMatch(new RegExp(`^\\(${before + 2}\\) `));
    await screenshot(seeker.page, 'chat-unread-card-seeker-1280');

    // The chat button's first click: its light button gives way to the panel, which lists the conversation.
    await seeker.page.locator('zp-chat .launcher').click();
    const panel = seeker.page.getByRole('dialog', { name: '在线沟通' });
    await panel.locator('.item').filter({ hasText: last }).click();
    await seeker.page.locator('zp-chat .row.in').filter({ hasText: last }).waitFor();
    await expect.poll(shown).toBeLessThanOrEqual(before);
    expect(await shown()).toBe(await badgeCount(seeker.page));

    // Escape closes it and the focus is on the chat button again, not lost to the page.
    const focused = () =>
      seeker.page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el ? `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent}]` : '';
      });
    await seeker.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('button[消息]');

    // The card opens the chat too; closed, the focus is back on the card.
    await card.getByRole('button').click();
    await panel.waitFor();
    await seeker.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(focused).toMatch(/^button\[\d+未读消息\]$/);
  }, 120_000);

  it("the HR sees a seeker's name by one rule: masked in the list, the conversation and its details until the seeker answers, then in full in all", async () => {
    const grant = await registerSeeker(`133${String(Date.now()).slice(-8)}`);
    await giveResume(grant.token, '钱多多'); // found in talent search: an HR may write first
    const seeker = await personWithChat(browser(), 'qz', grant.phone, 1280, grant);
    const nick = `应届生${stamp}`;
    await seeker.page.locator('zp-chat .launcher').click();
    const seekerPanel = seeker.page.getByRole('dialog', { name: '在线沟通' });
    await seekerPanel.locator('.me-button').click();
    await seekerPanel.getByRole('form', { name: '编辑资料' }).getByLabel('昵称').fill(nick);
    await seekerPanel.getByRole('form', { name: '编辑资料' }).getByRole('button', { name: '保存' }).click();
    await seekerPanel.locator('.me-button').filter({ hasText: nick }).waitFor();

    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    await hr.page.locator('zp-chat .launcher').click();
    await quickStart(hr.page, grant.userId);
    const panel = hr.page.getByRole('dialog', { name: '在线沟通' });
    const box = hr.page.getByLabel('消息内容');
    await box.fill(`您好，看了您的简历 ${stamp}`);
    await box.press('Enter');
    await hr.page.locator('zp-chat .row.out').filter({ hasText: `看了您的简历 ${stamp}` }).getByRole('button', { name: '撤回' }).waitFor();
    await panel.getByRole('button', { name: '详情' }).click();
    const names = async () => [
      await panel.locator(`.item[data-conversation="C2C${grant.userId}"] .name`).textContent(),
      await panel.locator('.conversation .head .title').textContent(),
      await panel.getByRole('complementary', { name: '会话详情' }).locator('b').textContent(),
    ];
    // Written to, not answered: the same masked name in all three places.
    await expect.poll(names).toEqual(['应**', '应**', '应**']);
    await screenshot(hr.page, 'chat-names-masked-hr-1280', { fullPage: false });

    // The seeker answers: in full everywhere, the answer's bubble included.
    await seekerPanel.locator('.item').filter({ hasText: `看了您的简历 ${stamp}` }).click();
    const reply = seeker.page.getByLabel('消息内容');
    await reply.fill(`您好，可以的 ${stamp}`);
    await reply.press('Enter');
    await hr.page.locator('zp-chat .row.in').filter({ hasText: `可以的 ${stamp}` }).filter({ hasText: nick }).waitFor();
    await expect.poll(names).toEqual([nick, nick, nick]);
    await screenshot(hr.page, 'chat-names-full-hr-1280', { fullPage: false });

    // The details show no raw account ID, and 举报 reaches the operator with the conversation as evidence.
    const details = panel.getByRole('complementary', { name: '会话详情' });
    await expect(details.textContent()).resolves.not.toMatch(/ID/);
    await details.getByRole('button', { name: '举报' }).click();
    const report = hr.page.getByRole('dialog', { name: '举报' });
    await report.getByLabel('收取费用（押金、培训费、贷款等）').check();
    await report.getByLabel('举报说明').fill(`聊天中索要押金 ${stamp}`);
    await report.getByRole('button', { name: '提交举报' }).click();
    await report.waitFor({ state: 'detached' });
    const operator = await apiLogin('xs', demo.operator.phone, demo.password);
    const reports = await apiCall<{ page: { list: { lx: string; dxid: string; sm: string; zj: string }[] } }>('/api/xs/admin/report/list', { token: operator, query: { lx: 'user' } });
    const sent = reports.page.list.find((r) => r.sm === `聊天中索要押金 ${stamp}`);
    expect(sent).toMatchObject({ lx: 'user', dxid: grant.userId });
    expect(sent!.zj).toContain(`我：您好，看了您的简历 ${stamp}`);
    expect(sent!.zj).toContain(`${nick}：您好，可以的 ${stamp}`);
  }, 120_000);

  it('an HR whose company is not approved is sent to the company form instead of the chat', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const since = Date.now();
    await apiCall('/api/sec/pc/registerValidateCode', { query: { phone, type: 'hr' } });
    const grant = await apiCall<Grant>('/api/sec/pc/registerHr', { body: { phone, pwd: md5(demo.password), validateCode: await smsCode(phone, { purpose: 'register', since }), consent: await currentConsent() } });
    const { page } = await personWithChat(browser(), 'hr', phone, 375, grant);
    await page.locator('zp-chat .launcher').click();
    await page.getByText('单位信息未审核或审核不通过,请修改单位信息!').waitFor();
    await expect(page.locator('zp-chat .panel').count()).resolves.toBe(0); // the question, not the chat
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/zppc/enter_home/enter_info');
  });

  it('while the network drops the IM login the panel says it is retrying, and it connects by itself once the network is back', async () => {
    let down = true;
    let refused = 0;
    const seeker = await personWithChat(browser(), 'qz', demo.seeker.phone, 1280, undefined, (page) =>
      page.route('**/api/sec/trtc/userSig', (route) => {
        if (!down) return route.continue();
        refused++;
        return route.abort('connectionreset');
      }),
    );
    await seeker.page.locator('zp-chat .launcher').click();
    const panel = seeker.page.getByRole('dialog', { name: '在线沟通' });
    await panel.getByText('聊天服务连接失败，正在重试…').waitFor();
    await screenshot(seeker.page, 'chat-retrying-1280', { fullPage: false });
    // Still down: another try comes by itself (every 5 s, LOGIN_RETRY_MS), and it too fails.
    const before = refused;
    await expect.poll(() => refused, { timeout: 12_000 }).toBeGreaterThan(before);
    down = false;
    // Back: the next try, without a reload or a click, logs in and the panel shows the lists.
    await panel.getByRole('tab', { name: '会话' }).waitFor({ timeout: 12_000 });
    await panel.getByText('聊天服务连接失败，正在重试…').waitFor({ state: 'detached' });
  });

  it('a fourth window of the same person takes over the chat: the first is told it was kicked out (多实例) and its panel closes', async () => {
    const phone = `134${String(Date.now()).slice(-8)}`;
    const grant = await registerSeeker(phone);
    const first = await personWithChat(browser(), 'qz', phone, 1280, grant);
    await first.page.locator('zp-chat .launcher').click();
    const panel = first.page.getByRole('dialog', { name: '在线沟通' });
    await panel.getByLabel('会话列表').waitFor();
    // Three more windows (CHAT_MAX_INSTANCES is 3): the last one to connect pushes the oldest out.
    for (let i = 0; i < 3; i++) await personWithChat(browser(), 'qz', phone, 1280, grant);
    await first.page.locator('.zp-message').filter({ hasText: '由于多实例登录被踢出，请重新登录。' }).first().waitFor();
    await panel.waitFor({ state: 'detached' });
    await screenshot(first.page, 'chat-kicked-1280', { fullPage: false });
  });

  it('a page that never opened the chat is told it was kicked out too (多实例): its launcher connection was the oldest', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const grant = await registerSeeker(phone);
    const first = await personWithChat(browser(), 'qz', phone, 1280, grant);
    // Its launcher's own connection is up (the badge's): the first of four instances.
    await expect.poll(() => first.page.evaluate(() => !!(globalThis as Record<symbol, unknown>)[Symbol.for('@zp/chat-sdk/light@1')])).toBe(true);
    for (let i = 0; i < 3; i++) await personWithChat(browser(), 'qz', phone, 1280, grant);
    await first.page.locator('.zp-message').filter({ hasText: '由于多实例登录被踢出，请重新登录。' }).first().waitFor();
    expect(await badgeCount(first.page)).toBe(0);
  });

  it('the details beside a conversation follow the 黑名单 tab: blocked there and lifted with 取消拉黑, at once (1280 px)', async () => {
    const grant = await registerSeeker(`136${String(Date.now()).slice(-8)}`);
    await giveResume(grant.token, '孙悦'); // found in talent search: an HR may write first
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone, 1280);
    await hr.page.locator('zp-chat .launcher').click();
    await quickStart(hr.page, grant.userId);
    await hr.page.getByRole('button', { name: '详情' }).click();
    const details = hr.page.getByRole('complementary', { name: '会话详情' });
    await details.getByRole('button', { name: '加入黑名单' }).click();
    await hr.page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
    await details.getByText('已在黑名单中').waitFor();
    // The tab lists them without a refresh.
    await hr.page.getByRole('tab', { name: '黑名单' }).click();
    const entry = hr.page.getByLabel('黑名单').locator(`.item[data-user-id="${grant.userId}"]`);
    await entry.getByRole('button', { name: '取消拉黑' }).click();
    // The open details say so at once.
    await details.getByText('已在黑名单中').waitFor({ state: 'detached' });
    await details.getByRole('button', { name: '加入黑名单' }).waitFor();
    await screenshot(hr.page, 'chat-details-blacklist-1280', { fullPage: false });
  });

  it('a seeker blacklisted by the HR is refused, and sends again once 取消拉黑 lifts it (HR at 375 px)', async () => {
    const seeker = await personWithChat(browser(), 'qz', demo.seeker.phone);
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone, 375);
    const errors: string[] = [];
    hr.page.on('pageerror', (e) => errors.push(e.message));

    await hr.page.locator('zp-chat .launcher').click();
    await hr.page.getByRole('tab', { name: '黑名单' }).click();
    await hr.page.getByText('黑名单还是空的').waitFor();
    await hr.page.getByRole('button', { name: '发起会话' }).waitFor({ state: 'detached' }); // no add button on this tab
    await hr.page.getByRole('tab', { name: '会话' }).click();
    await hr.page.getByRole('button', { name: '发起会话' }).click();
    await hr.page.getByLabel('用户ID').fill(seeker.userId);
    await hr.page.getByRole('button', { name: '确定' }).click();
    await hr.page.getByRole('button', { name: '详情' }).click();
    await hr.page.getByRole('button', { name: '加入黑名单' }).click();
    await hr.page.getByRole('button', { name: '确定' }).click();
    await hr.page.locator('.zp-message').filter({ hasText: '已加入黑名单' }).first().waitFor();

    await seeker.page.locator('zp-chat .launcher').click();
    await seeker.page.getByRole('button', { name: '发起会话' }).click();
    await seeker.page.getByLabel('用户ID').fill(hr.userId);
    await seeker.page.getByRole('button', { name: '确定' }).click();
    await seeker.page.getByLabel('消息内容').fill(`还在招人吗 ${stamp}`);
    await seeker.page.getByLabel('消息内容').press('Enter');
    await seeker.page.locator('.zp-message').filter({ hasText: '拉黑' }).first().waitFor();
    const failed = seeker.page.locator('zp-chat .row.out').filter({ hasText: `还在招人吗 ${stamp}` }).getByRole('button', { name: '重发' });
    await failed.waitFor();
    // The server's reason stays on the "!" after the toast has gone.
    expect(await failed.getAttribute('title')).toBe('发送失败，您已被对方拉黑，点击重发');

    await hr.page.getByRole('button', { name: '返回会话列表' }).click();
    await hr.page.getByRole('tab', { name: '黑名单' }).click();
    // Listed by name, without the raw user ID.
    const entry = hr.page.getByLabel('黑名单').locator(`.item[data-user-id="${seeker.userId}"]`);
    await entry.getByText(demo.seeker.name).waitFor();
    await expect(entry.textContent()).resolves.not.toContain(seeker.userId);
    await entry.getByRole('button', { name: '取消拉黑' }).click();
    await hr.page.getByText('黑名单还是空的').waitFor();
    await screenshot(hr.page, 'chat-hr-blacklist-375', { fullPage: false });

    await failed.click(); // a failed message resends on click
    await failed.waitFor({ state: 'detached' });
    await hr.page.getByRole('tab', { name: '会话' }).click();
    await hr.page.locator('zp-chat .item').filter({ hasText: `还在招人吗 ${stamp}` }).waitFor();
    expect(errors).toEqual([]);
  });
});
