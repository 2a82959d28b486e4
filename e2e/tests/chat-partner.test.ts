/**
 * A partner's page on another origin embeds <zp-chat> with the element and one script tag
 * (fixtures/partner.html). A visitor logs in with a platform account in the platform's login window and chats
 * with an HR who is on the platform's own site; the partner's heavy-handed CSS reaches neither
 * the widget nor its toasts, and the widget's CSS reaches none of the partner's elements, even
 * those that reuse the widget's class names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, openPerson, screenshot } from '../lib/harness.js';
import { personWithChat, registerSeeker } from '../lib/chat.js';
import { listPartner, loginWindowOf, logInInWindow, partnerFixture, servePartner, type PartnerServer } from '../lib/partner.js';

const stamp = String(Date.now()).slice(-6);

/** The partner's own elements and the properties its CSS gives them. */
const PARTNER_PROBES = ['#partner-panel', '#partner-button', '#partner-badge', 'header', 'body'];
const PROPS = ['position', 'background-color', 'color', 'font-family', 'font-size', 'border-top-style', 'width', 'display', 'padding-top', 'text-transform', 'text-indent', 'font-style'];

/** What the partner's body would hand down to anything inside it (text-transform, indent, italics, word spacing, cursor). */
const inherited = (el: Element) => {
  const s = getComputedStyle(el);
  return { transform: s.textTransform, indent: s.textIndent, style: s.fontStyle, words: s.wordSpacing, cursor: s.cursor };
};
const PLAIN = { transform: 'none', indent: '0px', style: 'normal', words: '0px', cursor: 'auto' };

function partnerStyles(page: Page) {
  return page.evaluate(
    ([probes, props]) => probes.map((sel) => {
      const style = getComputedStyle(document.querySelector(sel)!);
      return [sel, props.map((p) => style.getPropertyValue(p))];
    }),
    [PARTNER_PROBES, PROPS] as const,
  );
}

describe('<zp-chat> on a partner page', () => {
  let browser: Browser;
  let site: PartnerServer;
  let partner = '';

  beforeAll(async () => {
    browser = await connectBrowser();
    const page = partnerFixture('partner.html');
    // The same page without the widget, to compare the partner's own styles against.
    const bare = page.replace(/<zp-chat>[\s\S]*chat\.js"><\/script>/, '');
    site = await servePartner((url) => (url.startsWith('/bare') ? bare : page));
    partner = site.origin;
    await listPartner(partner, '某某大学就业指导中心', '就业指导中心');
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('a visitor logs in through the platform\'s window and chats with an HR on the platform site; no style crosses either way (1280 px)', async () => {
    const hr = await personWithChat(browser, 'hr', demo.hr.phone);
    // A student registered on the platform for this journey: no unread left by other journeys.
    const visitorPhone = `136${String(Date.now()).slice(-8)}`;
    await registerSeeker(visitorPhone);
    const { page } = await openPerson(browser, { viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${partner}/bare`);
    const before = await partnerStyles(page);
    await page.goto(`${partner}/`);
    const launcher = page.locator('zp-chat .launcher');
    await launcher.waitFor();
    // Out: the partner's elements look exactly as without the widget, though they reuse its class names.
    expect(await partnerStyles(page)).toEqual(before);
    // In: the partner's `button { … !important }` and `* { font-family }` do not reach the widget.
    const look = await launcher.evaluate((el) => {
      const s = getComputedStyle(el);
      return { position: s.position, background: s.backgroundColor, border: s.borderTopStyle };
    });
    expect(look).toEqual({ position: 'fixed', background: 'rgb(26, 102, 217)', border: 'none' }); // the platform's primary, --zp-color-primary
    await screenshot(page, 'chat-partner-visitor-1280', { fullPage: false });

    const win = await loginWindowOf(page, () => launcher.click());
    const login = page.getByRole('dialog', { name: '登录后在线沟通' });
    await login.waitFor();
    expect(await login.getByRole('heading').evaluate(inherited)).toEqual(PLAIN);
    const loginButtonFont = await login.getByRole('button', { name: '重新打开登录窗口' }).evaluate((el) => getComputedStyle(el).fontSize);
    expect(loginButtonFont).not.toBe('20px');
    expect(await login.getByRole('heading').evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Georgia');
    await screenshot(page, 'chat-partner-login-1280', { fullPage: false });

    // The password is typed in the platform's window only; a wrong one is refused there.
    await win.getByLabel('手机号', { exact: true }).fill(visitorPhone);
    await win.getByLabel('密码', { exact: true }).fill('wrong-password');
    await win.getByRole('button', { name: '登录', exact: true }).click();
    await win.locator('.zp-message--error').first().waitFor();
    await logInInWindow(win, '求职者', visitorPhone);
    // The toast on the partner page is the widget's own, untouched by the page's styles.
    const welcome = page.locator('.zp-message').filter({ hasText: '登录成功' }).first();
    await welcome.waitFor();
    expect(await welcome.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('Georgia');
    expect(await welcome.locator('span').last().evaluate(inherited)).toEqual(PLAIN);
    await page.getByRole('alert').filter({ hasText: '谨防诈骗' }).waitFor();
    // The session is the partner origin's own: the widget keeps it across a reload.
    await page.reload();
    await launcher.click();
    await page.getByRole('button', { name: '发起会话' }).click();
    await page.getByLabel('用户ID').fill(hr.userId);
    await page.getByRole('button', { name: '确定' }).click();
    const box = page.getByLabel('消息内容');
    await box.fill(`您好，我在学校就业网看到贵公司的招聘 ${stamp}`);
    await page.getByRole('button', { name: '表情', exact: true }).click();
    await page.getByRole('button', { name: '[握手]' }).click();
    await box.press('Enter');

    await hr.page.locator('zp-chat .launcher').click();
    await hr.page.locator('zp-chat .item').filter({ hasText: stamp }).click();
    const arrived = hr.page.locator('zp-chat .row.in').filter({ hasText: stamp });
    await arrived.waitFor();
    await expect.poll(() => arrived.locator('img.emoji[alt="[握手]"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The HR's answer reaches the partner page: in the open conversation, and as a badge once closed.
    const hrBox = hr.page.getByLabel('消息内容');
    await hrBox.fill(`欢迎投递，明天上午可以面试 ${stamp}`);
    await hrBox.press('Enter');
    await page.locator('zp-chat .row.in').filter({ hasText: `明天上午可以面试 ${stamp}` }).waitFor();
    expect(await page.locator('zp-chat .row.in .text').filter({ hasText: `明天上午可以面试 ${stamp}` }).evaluate(inherited)).toEqual(PLAIN);
    await page.getByRole('button', { name: '关闭', exact: true }).first().click();
    await hrBox.fill(`请带上简历 ${stamp}`);
    await hrBox.press('Enter');
    await page.locator('zp-chat .badge').filter({ hasText: '1' }).waitFor();
    expect(await partnerStyles(page)).toEqual(before);
    await screenshot(page, 'chat-partner-badge-1280', { fullPage: false });
    await launcher.click();
    await page.locator('zp-chat .item').filter({ hasText: `请带上简历 ${stamp}` }).click();
    await page.locator('zp-chat .row.in').filter({ hasText: `请带上简历 ${stamp}` }).waitFor();
    await page.locator('zp-chat .badge').waitFor({ state: 'detached' });
    await screenshot(page, 'chat-partner-conversation-1280', { fullPage: false });
    expect(errors).toEqual([]);
  });

  it('on a phone (375 px) the login and the panel fill the screen without spilling over', async () => {
    const { page } = await openPerson(browser, { viewport: { width: 375, height: 740 } });
    await page.goto(`${partner}/`);
    const win = await loginWindowOf(page, () => page.locator('zp-chat .launcher').click());
    const login = page.getByRole('dialog', { name: '登录后在线沟通' });
    const box = (await login.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'chat-partner-login-375', { fullPage: false });
    await logInInWindow(win, '企业HR', demo.hr.phone);
    await page.getByRole('alert').filter({ hasText: '求职者' }).waitFor();
    const panel = (await page.getByRole('dialog', { name: '在线沟通' }).boundingBox())!;
    expect(panel.width).toBe(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'chat-partner-panel-375', { fullPage: false });
  });
});
