/**
 * <zp-chat> between three people — the demo seeker, the demo HR and a job seeker registered for
 * the journey: an image pasted by one is seen loaded by the other; the HR creates a group in the
 * dialog and the members see it and its messages; a stranger applies to join, the owner agrees in
 * the system notices and the newcomer talks in the group; a muted member is refused until the
 * mute is lifted; a member's unread badge rises for group messages and clears when they read; the
 * sender sees N人已读 rise as members open the group, and who read it.
 * Everything the journeys are about happens in the widget; the API only logs people in.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { connectBrowser, demo, screenshot } from '../lib/harness.js';
import { badgeCount, giveResume, personWithChat, quickStart, registerSeeker, settledBadge } from '../lib/chat.js';

const stamp = String(Date.now()).slice(-6);
let phoneSeq = 0;
/** A phone number no other journey uses: a fresh registration each time. */
const freshPhone = () => `137${String(Date.now() + phoneSeq++).slice(-8)}`;

interface Person {
  page: Page;
  userId: string;
  errors: string[];
  /** a journey's own seeker's session (for arranging over the API) */
  token?: string;
}

describe('chat groups', () => {
  let browser: Browser;
  let people: Person[] = [];

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterEach(async (ctx) => {
    // A failed journey leaves each person's screen behind, to see what they saw.
    if (ctx.task.result?.state === 'fail') {
      await Promise.all(people.map((p, i) => screenshot(p.page, `failed-${ctx.task.name.slice(0, 40)}-${i}`, { fullPage: false }).catch(() => {})));
    }
    // Each person holds a chat connection; closing them keeps the demo accounts under the
    // instance limit (a further login would kick the oldest out).
    await Promise.all(people.map((p) => p.page.context().close().catch(() => {})));
    people = [];
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function person(role: 'qz' | 'hr', phone: string, width = 1280, fresh = false): Promise<Person> {
    const grant = fresh ? await registerSeeker(phone) : undefined;
    const p = await personWithChat(browser, role, phone, width, grant);
    const errors: string[] = [];
    p.page.on('pageerror', (e) => errors.push(e.message));
    const one = { ...p, errors, token: grant?.token };
    people.push(one);
    return one;
  }

  const seeker = () => person('qz', demo.seeker.phone);
  const hr = () => person('hr', demo.hr.phone);
  const stranger = (width = 1280) => person('qz', freshPhone(), width, true);

  const toast = (page: Page, text: string) => page.locator('.zp-message').filter({ hasText: text }).first();
  const panel = (page: Page) => page.getByRole('dialog', { name: '在线沟通' });
  const tab = (page: Page, name: '会话' | '群组' | '好友') => panel(page).getByRole('tab', { name });
  const inRows = (page: Page, text: string) => page.locator('zp-chat .row.in').filter({ hasText: text });

  async function openPanel(page: Page) {
    await page.locator('zp-chat').getByRole('button', { name: '消息', exact: true }).click();
    await panel(page).getByRole('tablist').waitFor();
  }


  /** Sends text in the open conversation and waits until the server took it (撤回 offered). */
  async function say(page: Page, text: string) {
    const box = panel(page).getByLabel('消息内容');
    await box.fill(text);
    await box.press('Enter');
    await page.locator('zp-chat .row.out').filter({ hasText: text }).getByRole('button', { name: '撤回' }).waitFor();
  }

  /**
   * The HR creates a group in the 创建群组 dialog; the group's conversation then opens. Returns
   * the group ID as its details panel shows it.
   */
  async function createGroup(page: Page, name: string, options: { joinOption?: 'FreeAccess' | 'NeedPermission'; members?: string[] } = {}): Promise<string> {
    await tab(page, '群组').click();
    await panel(page).getByRole('button', { name: '创建群组' }).click();
    const form = page.getByRole('dialog', { name: '创建群组' }).getByRole('form', { name: '创建群组' });
    await form.getByLabel('群名称').fill(name);
    await form.getByLabel('群类型').selectOption('Public');
    if (options.joinOption) await form.getByLabel('加群方式').selectOption(options.joinOption);
    for (const id of options.members ?? []) {
      await form.getByLabel('成员用户ID').fill(id);
      await form.getByRole('button', { name: '添加' }).click();
      await form.locator('.tag').filter({ hasText: id }).waitFor();
    }
    await form.getByRole('button', { name: '创建', exact: true }).click();
    await toast(page, `群组：【${name}】创建成功`).waitFor();
    await panel(page).locator('.conversation .head .title').filter({ hasText: name }).waitFor();
    return groupIdShown(page);
  }

  async function groupIdShown(page: Page): Promise<string> {
    await panel(page).getByRole('button', { name: '详情' }).click();
    const field = panel(page).getByRole('complementary', { name: '群组详情' }).getByText(/^群ID：/);
    const id = ((await field.textContent()) ?? '').replace('群ID：', '').trim();
    await panel(page).getByRole('button', { name: '收起详情' }).click();
    expect(id).not.toBe('');
    return id;
  }

  /** Opens a group from the 群组 tab, where it must be listed. */
  async function openGroup(page: Page, name: string) {
    await tab(page, '群组').click();
    await panel(page).getByLabel('群组列表').getByRole('button', { name }).click();
    await panel(page).locator('.conversation .head .title').filter({ hasText: name }).waitFor();
  }

  const loaded = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth);

  it('an image pasted into the message box reaches the other person and loads', async () => {
    const [qz, boss] = await Promise.all([seeker(), hr()]);
    await openPanel(boss.page);
    await quickStart(boss.page, qz.userId);
    const theirImages = boss.page.locator('zp-chat .row.in img');
    const before = await theirImages.count(); // older images of this pair may show in the history

    await openPanel(qz.page);
    await quickStart(qz.page, boss.userId);
    // What a screenshot tool puts on the clipboard: a PNG named image.png, pasted into the box.
    await panel(qz.page).getByLabel('消息内容').evaluate(async (box) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 40;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#1677ff';
      g.fillRect(0, 0, 64, 40);
      g.fillStyle = '#fff';
      g.fillRect(8, 8, 24, 24);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
      const dt = new DataTransfer();
      dt.items.add(new File([blob], 'image.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    // Sent: the seeker's own bubble loses its 发送中 spinner and is offered for revoke.
    const mine = qz.page.locator('zp-chat .row.out').filter({ has: qz.page.locator('img') }).last();
    await mine.getByRole('button', { name: '撤回' }).waitFor();
    await expect.poll(() => loaded(mine.locator('img'))).toBeGreaterThan(0);

    await expect.poll(() => theirImages.count()).toBe(before + 1);
    const theirs = theirImages.last();
    await expect.poll(() => loaded(theirs)).toBe(64);
    expect(await theirs.getAttribute('alt')).toBe('图片');
    await screenshot(boss.page, 'chat-groups-image-hr-1280', { fullPage: false });
    expect([...qz.errors, ...boss.errors]).toEqual([]);
  });

  it('the HR creates a group with the seeker in the dialog; the seeker sees it and its messages', async () => {
    const [qz, boss] = await Promise.all([seeker(), hr()]);
    const name = `校招交流群${stamp}`;
    const hello = `欢迎加入 ${stamp}，面试安排周五公布`;

    await openPanel(boss.page);
    await createGroup(boss.page, name, { joinOption: 'NeedPermission', members: [qz.userId] });
    await say(boss.page, hello);

    await openPanel(qz.page);
    await openGroup(qz.page, name);
    await inRows(qz.page, hello).waitFor();
    // The HR's name is on the bubble, not a bare user ID.
    await expect(inRows(qz.page, hello).locator('.who .sender').textContent()).resolves.toBe(demo.hr.name);
    await screenshot(qz.page, 'chat-groups-created-seeker-1280', { fullPage: false });
    await screenshot(boss.page, 'chat-groups-created-hr-1280', { fullPage: false });
    expect([...qz.errors, ...boss.errors]).toEqual([]);
  });

  it('three people: a stranger applies to join, the owner agrees with a note, and the member already there sees the newcomer join and talk (stranger at 375 px)', async () => {
    const [boss, newcomer, qz] = await Promise.all([hr(), stranger(375), seeker()]);
    const name = `需验证群${stamp}`;
    const note = `欢迎你 ${stamp}`;
    const hi = `大家好，我是新来的 ${stamp}`;

    await openPanel(boss.page);
    const groupId = await createGroup(boss.page, name, { joinOption: 'NeedPermission', members: [qz.userId] });
    await openPanel(qz.page);
    await openGroup(qz.page, name);

    await openPanel(newcomer.page);
    await tab(newcomer.page, '群组').click();
    await panel(newcomer.page).getByLabel('群ID').fill(groupId);
    await panel(newcomer.page).getByRole('button', { name: '搜索' }).click();
    const found = panel(newcomer.page).locator('.item.found').filter({ hasText: name });
    await found.getByRole('button', { name: '加入' }).click();
    await toast(newcomer.page, '申请成功，等待群管理员确认。').waitFor();
    await expect(panel(newcomer.page).getByLabel('群组列表').getByRole('button', { name }).count()).resolves.toBe(0);

    // The owner reads the application among the system notices and agrees with a note.
    await tab(boss.page, '会话').click();
    await panel(boss.page).locator('.item[data-conversation="@TIM#SYSTEM"]').click();
    const application = panel(boss.page).locator('.notice').filter({ hasText: `${newcomer.userId} 申请加入群组【${name}】` });
    await application.getByLabel('处理附言').fill(note);
    await screenshot(boss.page, 'chat-groups-application-hr-1280', { fullPage: false });
    await application.getByRole('button', { name: '同意' }).click();
    await toast(boss.page, '已同意').waitFor();
    await application.waitFor({ state: 'detached' }); // handled notices go

    // The newcomer is told, with the note, and finds the group in their list.
    await tab(newcomer.page, '会话').click();
    await panel(newcomer.page).locator('.item[data-conversation="@TIM#SYSTEM"]').click();
    await panel(newcomer.page).locator('.notice').filter({ hasText: `同意你加入群组【${name}】：${note}` }).waitFor();
    await screenshot(newcomer.page, 'chat-groups-agreed-newcomer-375', { fullPage: false });
    await newcomer.page.getByRole('button', { name: '返回会话列表' }).click();
    await openGroup(newcomer.page, name);
    await say(newcomer.page, hi);

    await tab(boss.page, '会话').click();
    await panel(boss.page).locator(`.item[data-conversation="GROUP${groupId}"]`).click();
    await inRows(boss.page, hi).waitFor();
    // The third person, a member all along, saw the newcomer join and hears them.
    await qz.page.locator('zp-chat .tip').filter({ hasText: `${newcomer.userId} 加入群组` }).waitFor();
    await inRows(qz.page, hi).waitFor();
    await screenshot(newcomer.page, 'chat-groups-newcomer-talks-375', { fullPage: false });
    await screenshot(qz.page, 'chat-groups-newcomer-seen-by-member-1280', { fullPage: false });
    expect([...boss.errors, ...newcomer.errors, ...qz.errors]).toEqual([]);
  });

  it('a member the owner mutes is refused and their message never arrives; muting for 0 s lifts it', async () => {
    const [boss, member] = await Promise.all([hr(), stranger()]);
    const name = `禁言测试群${stamp}`;
    const refused = `被禁言时发的 ${stamp}`;
    const allowed = `解除禁言后发的 ${stamp}`;

    await openPanel(boss.page);
    await createGroup(boss.page, name, { members: [member.userId] });
    await openPanel(member.page);
    await openGroup(member.page, name);

    // The owner mutes the member for 600 s from the member list in the group's details.
    await panel(boss.page).getByRole('button', { name: '详情' }).click();
    const details = panel(boss.page).getByRole('complementary', { name: '群组详情' });
    const row = details.locator(`li[data-member="${member.userId}"]`);
    // 禁言 opens the duration (seconds, 600 offered, 0 lifts it) under the member's row.
    const muteFor = async (seconds: string) => {
      await row.getByRole('button', { name: '禁言' }).click();
      const duration = row.getByLabel('禁言时长（秒），0 为取消禁言');
      if (seconds === '600') expect(await duration.inputValue()).toBe('600');
      await duration.fill(seconds);
      await row.getByRole('button', { name: '确定' }).click();
    };
    await muteFor('600');
    await toast(boss.page, '禁言成功').waitFor();
    await row.getByText('禁言中').waitFor();
    // The group's line in the conversation list says what happened, not '[群提示消息]'.
    await boss.page.locator('zp-chat .item').filter({ hasText: name }).locator('.last').filter({ hasText: `${member.userId} 被禁言 600 秒` }).waitFor();
    await screenshot(boss.page, 'chat-groups-muted-hr-1280', { fullPage: false });

    const box = panel(member.page).getByLabel('消息内容');
    await box.fill(refused);
    await box.press('Enter');
    await member.page.getByRole('alert').filter({ hasText: '您已被禁言，暂时不能发送消息' }).waitFor();
    await member.page.locator('zp-chat .row.out').filter({ hasText: refused }).getByRole('button', { name: '重发' }).waitFor();
    await screenshot(member.page, 'chat-groups-muted-member-1280', { fullPage: false });

    await muteFor('0');
    await toast(boss.page, '已取消禁言').waitFor();
    await row.getByText('禁言中').waitFor({ state: 'detached' });

    await say(member.page, allowed);
    await inRows(boss.page, allowed).waitFor();
    // Messages arrive in order: the refused one, sent earlier, would be here by now.
    await expect(inRows(boss.page, refused).count()).resolves.toBe(0);
    expect([...boss.errors, ...member.errors]).toEqual([]);
  });

  it("a member's launcher badge and the group's unread count rise with the panel closed and clear once read", async () => {
    const [qz, boss] = await Promise.all([seeker(), hr()]);
    const name = `未读测试群${stamp}`;
    const first = `第一条通知 ${stamp}`;
    const second = `第二条通知 ${stamp}`;

    const before = await settledBadge(qz.page);

    await openPanel(boss.page);
    const groupId = await createGroup(boss.page, name, { members: [qz.userId] });
    await say(boss.page, first);
    await say(boss.page, second);

    const badge = qz.page.getByTestId('chat-badge');
    await expect.poll(() => badgeCount(qz.page)).toBe(before + 2);
    await expect.poll(() => qz.page.title()).toMatch(new RegExp(`^\\(${before + 2}\\) `));
    await screenshot(qz.page, 'chat-groups-unread-seeker-1280', { fullPage: false });

    await openPanel(qz.page);
    const item = panel(qz.page).locator(`.item[data-conversation="GROUP${groupId}"]`);
    await expect(item.locator('.count').textContent()).resolves.toBe('2');
    await expect(item.locator('.last').textContent()).resolves.toBe(second);
    await item.click();
    await inRows(qz.page, first).waitFor();
    await inRows(qz.page, second).waitFor();
    await item.locator('.count').waitFor({ state: 'detached' });
    if (before) await expect.poll(() => badgeCount(qz.page)).toBe(before);
    else await badge.waitFor({ state: 'detached' });
    await expect.poll(() => qz.page.title()).toMatch(before ? new RegExp(`^\\(${before}\\) `) : /^[^(]/);
    expect([...qz.errors, ...boss.errors]).toEqual([]);
  });
  it('roles: a plain member sees no owner actions; the owner names them, makes them admin and hands the group over; the new owner dismisses it', async () => {
    const [boss, member] = await Promise.all([hr(), stranger()]);
    const name = `转让测试群${stamp}`;
    const card = `小周${stamp}`;
    const details = (page: Page) => panel(page).getByRole('complementary', { name: '群组详情' });
    const tips = (page: Page, text: string) => page.locator('zp-chat .tip').filter({ hasText: text });

    await openPanel(boss.page);
    await createGroup(boss.page, name, { members: [member.userId] });
    await openPanel(member.page);
    await openGroup(member.page, name);

    // A plain member: quit only; no owner or admin actions.
    await panel(member.page).getByRole('button', { name: '详情' }).click();
    await details(member.page).getByRole('button', { name: '退出群组' }).waitFor();
    await details(member.page).locator(`li[data-member="${boss.userId}"]`).waitFor(); // the members are listed
    for (const action of ['解散群组', '转让群组', '设为管理员', '踢出', '禁言', '编辑群资料']) {
      await expect(details(member.page).getByRole('button', { name: action }).count(), action).resolves.toBe(0);
    }
    await panel(member.page).getByRole('button', { name: '收起详情' }).click();

    // The owner gives the member a name card, then makes them an admin.
    await panel(boss.page).getByRole('button', { name: '详情' }).click();
    const row = details(boss.page).locator(`li[data-member="${member.userId}"]`);
    await row.getByRole('button', { name: member.userId }).click();
    await row.getByLabel('成员资料').getByText(`用户ID：${member.userId}`).waitFor();
    await row.getByLabel('群名片').fill(card);
    await row.getByRole('button', { name: '保存' }).click();
    await toast(boss.page, '修改成功').waitFor();
    await row.getByRole('button', { name: card }).waitFor();
    await row.getByRole('button', { name: '设为管理员' }).click();
    await toast(boss.page, '已设为管理员').waitFor();
    await row.locator('.tag').filter({ hasText: '管理员' }).waitFor();
    await tips(member.page, `${member.userId} 成为管理员`).waitFor();

    // Handed over: the old owner may now only quit.
    await details(boss.page).getByLabel('新群主用户ID').fill(member.userId);
    await details(boss.page).getByRole('button', { name: '转让群组' }).click();
    await toast(boss.page, '转让成功').waitFor();
    await row.locator('.tag').filter({ hasText: '群主' }).waitFor();
    await details(boss.page).getByRole('button', { name: '退出群组' }).waitFor();
    await expect(details(boss.page).getByRole('button', { name: '解散群组' }).count()).resolves.toBe(0);
    await tips(member.page, `${member.userId} 成为新的群主`).waitFor();
    await screenshot(boss.page, 'chat-groups-transferred-hr-1280', { fullPage: false });

    // The new owner dismisses the group after a confirm; it leaves both people's lists.
    await panel(member.page).getByRole('button', { name: '详情' }).click();
    await details(member.page).getByRole('button', { name: '解散群组' }).click();
    await member.page.getByText('确定解散该群组？').waitFor();
    await member.page.getByRole('button', { name: '确定' }).click();
    await toast(member.page, '群组已解散').waitFor();
    await tab(member.page, '群组').click();
    await panel(member.page).getByLabel('群组列表').getByRole('button', { name }).waitFor({ state: 'detached' });
    await tab(boss.page, '群组').click();
    await panel(boss.page).getByRole('button', { name: '刷新' }).click();
    await panel(boss.page).getByLabel('群组列表').getByRole('button', { name }).waitFor({ state: 'detached' });
    expect([...boss.errors, ...member.errors]).toEqual([]);
  });
  it('a mention marks the group for the person named; arrow keys walk the list; kicked, they are told and delete the conversation', async () => {
    const [boss, member] = await Promise.all([hr(), stranger()]);
    // In talent search: the HR may also write to them 1:1 (a shared group alone does not allow it).
    await giveResume(member.token!, '郑好');
    const name = `提及测试群${stamp}`;
    const list = (page: Page) => panel(page).getByLabel('会话列表', { exact: true });
    const item = (page: Page, title: string) => list(page).locator('.item').filter({ has: page.locator('.name', { hasText: title }) });

    await openPanel(boss.page);
    await createGroup(boss.page, name, { members: [member.userId] });
    await say(boss.page, `@${member.userId} 请明天九点到场 ${stamp}`);
    // A later message does not hide the mention.
    await say(boss.page, `其他同学请准时 ${stamp}`);
    await tab(boss.page, '会话').click();
    await quickStart(boss.page, member.userId);
    await say(boss.page, `你好，我是招聘负责人 ${stamp}`);

    // The member has opened neither: the group is marked for them, with its unread count.
    await openPanel(member.page);
    await item(member.page, name).locator('.at').filter({ hasText: '[有人@我]' }).waitFor();
    await item(member.page, name).locator('.count').filter({ hasText: '2' }).waitFor();
    await expect(item(member.page, name).locator('.last').textContent()).resolves.toContain(`其他同学请准时 ${stamp}`);
    await panel(member.page).getByRole('button', { name: '刷新' }).click();
    await toast(member.page, '刷新成功').waitFor();
    await item(member.page, name).locator('.at').waitFor(); // reloaded from the server, still marked
    await tab(member.page, '好友').click();
    await panel(member.page).getByText('暂无好友').waitFor();
    await tab(member.page, '会话').click();

    // Arrow keys from the list move through the conversations and open each.
    await item(member.page, name).click();
    await panel(member.page).locator('.conversation .head .title').filter({ hasText: name }).waitFor();
    await item(member.page, name).locator('.at').waitFor({ state: 'detached' }); // read now
    const titles = await list(member.page).locator('.item .name').allTextContents();
    const next = titles[titles.indexOf(name) + 1] ?? titles[titles.indexOf(name) - 1]!;
    await list(member.page).press(titles.indexOf(name) + 1 < titles.length ? 'ArrowDown' : 'ArrowUp');
    await panel(member.page).locator('.conversation .head .title').filter({ hasText: next }).waitFor();
    await expect(item(member.page, next).getAttribute('class')).resolves.toContain('active');

    // Kicked: told in the system conversation; then they delete the group's conversation.
    await tab(boss.page, '群组').click();
    await openGroup(boss.page, name);
    await panel(boss.page).getByRole('button', { name: '详情' }).click();
    await panel(boss.page).getByRole('complementary', { name: '群组详情' }).locator(`li[data-member="${member.userId}"]`).getByRole('button', { name: '踢出' }).click();
    await toast(boss.page, '已移出群组').waitFor();
    await item(member.page, '系统通知').click();
    await member.page.locator('zp-chat .notice').filter({ hasText: `你已被移出群组【${name}】` }).waitFor();
    await item(member.page, name).getByRole('button', { name: '删除会话' }).click();
    await toast(member.page, `会话【${name}】删除成功!`).waitFor();
    await item(member.page, name).waitFor({ state: 'detached' });
    await screenshot(member.page, 'chat-groups-kicked-member-1280', { fullPage: false });
    expect([...boss.errors, ...member.errors]).toEqual([]);
  });

  it('read receipts in a group: 未读, then N人已读 live as members open it, and the list of who read it and who not', async () => {
    const [boss, first, second, third] = await Promise.all([hr(), stranger(), stranger(), stranger()]);
    const name = `回执测试群${stamp}`;
    await openPanel(boss.page);
    await createGroup(boss.page, name, { members: [first.userId, second.userId, third.userId] });
    const text = `明天九点一面，请回复确认 ${stamp}`;
    await say(boss.page, text);
    const receipt = boss.page.locator('zp-chat .row.out').filter({ hasText: text }).locator('[data-receipt]');
    await expect.poll(() => receipt.textContent()).toBe('未读');

    for (const [reader, n] of [[first, 1], [second, 2]] as const) {
      await openPanel(reader.page);
      await openGroup(reader.page, name);
      await inRows(reader.page, text).waitFor();
      await expect.poll(() => receipt.textContent()).toBe(`${n}人已读`);
    }
    await receipt.click();
    const dialog = boss.page.getByRole('dialog', { name: '消息接收人列表' });
    const readSide = dialog.getByRole('region', { name: '已读' });
    const unreadSide = dialog.getByRole('region', { name: '未读' });
    await expect.poll(() => readSide.getByRole('listitem').allTextContents()).toHaveLength(2);
    await expect(unreadSide.getByRole('listitem').allTextContents()).resolves.toEqual([third.userId]);
    await expect(readSide.getByRole('heading').textContent()).resolves.toBe('已读（2）');
    await screenshot(boss.page, 'chat-groups-receipts-1280', { fullPage: false });
    expect([...boss.errors, ...first.errors, ...second.errors, ...third.errors]).toEqual([]);
  });
});
