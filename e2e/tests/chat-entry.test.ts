/**
 * The chat's entry points on the site: a job page opens a conversation with the HR who posted the
 * job, and a company page and a fair hall's booth offer each of the company's HR: 与 … 沟通 while
 * online, 给 … 留言 otherwise; what the seeker sends from there reaches that HR.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, demo, screenshot } from '../lib/harness.js';
import { apiCall, apiLogin } from '../lib/api.js';
import { personWithChat } from '../lib/chat.js';

const stamp = String(Date.now()).slice(-6);

describe('chat entry points', () => {
  const browser = useBrowser();

  it("a job page's 在线沟通, a company page's and a fair booth's HR button open a conversation with that HR", async () => {
    const token = await apiLogin('hr', demo.hr.phone, demo.password);
    const jobs = await apiCall<{ page: { list: { gwid: string; gwmc: string; zt: number }[] } }>('/api/hr/qydwgwfbxx/findGwListHr', { token, query: { zt: 1, mine: 1, page: 1, limit: 1 } });
    const job = jobs.page.list[0]!;
    const company = await apiCall<{ BsKhglEntity: { dwid: string; dwmc: string } }>('/api/hr/bskhgl/findDwInfoHr', { token });
    // A fair the company signed up for that is on now (ifks 2), whose hall shows its booth.
    const fairs = await apiCall<{ page: { list: { hxid: string; hymc: string; ifks: number }[] } }>('/api/hr/bshxxx/findYdHxPageAllListByDw', { token, query: { page: 1, limit: 50 } });
    const fair = fairs.page.list.find((f) => f.ifks === 2)!;
    expect(fair, 'the demo company is at a fair that is on now').toBeTruthy();

    // The HR is on the site with the chat connected: online for the company page.
    const hr = await personWithChat(browser(), 'hr', demo.hr.phone);
    const seeker = await personWithChat(browser(), 'qz', demo.seeker.phone);
    const panel = seeker.page.getByRole('dialog', { name: '在线沟通' });

    // The chat's script held back until after the click (a slow network): the click is not lost,
    // the panel opens on the HR once the widget runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await seeker.page.route('**/zppc/widgets/chat.js', async (route) => {
      await held;
      await route.continue();
    });
    await seeker.page.goto(`/zppc/public/postdetail?gwid=${job.gwid}`);
    await seeker.page.getByRole('button', { name: '在线沟通', exact: true }).click();
    release();
    await panel.locator('.head .title').filter({ hasText: demo.hr.name }).waitFor();
    await seeker.page.unroute('**/zppc/widgets/chat.js');
    /** Sends in the open conversation and waits until the server took it (撤回 offered). */
    const send = async (text: string) => {
      await panel.getByLabel('消息内容').fill(text);
      await panel.getByLabel('消息内容').press('Enter');
      await panel.locator('.row.out').filter({ hasText: text }).getByRole('button', { name: '撤回' }).waitFor();
    };
    await send(`您好，我对「${job.gwmc}」感兴趣 ${stamp}`);
    await screenshot(seeker.page, 'chat-entry-job-1280', { fullPage: false });

    await seeker.page.goto(`/zppc/public/enterdetail?dwid=${company.BsKhglEntity.dwid}`);
    const entry = seeker.page.getByRole('button', { name: new RegExp(`^与 ${demo.hr.name}`) });
    await entry.click();
    await panel.locator('.head .title').filter({ hasText: demo.hr.name }).waitFor();
    await send(`贵公司还招实习生吗 ${stamp}`);
    await screenshot(seeker.page, 'chat-entry-company-1280', { fullPage: false });

    await seeker.page.goto(`/zppc/public/meetinghall/${fair.hxid}/2?name=${encodeURIComponent(company.BsKhglEntity.dwmc)}`);
    const booth = seeker.page.locator('[data-chat-slot="booth"]').getByRole('button', { name: new RegExp(`^与 ${demo.hr.name}`) });
    await booth.click();
    await panel.locator('.head .title').filter({ hasText: demo.hr.name }).waitFor();
    await send(`在「${fair.hymc}」看到贵公司的展位 ${stamp}`);
    await screenshot(seeker.page, 'chat-entry-booth-1280', { fullPage: false });

    // A booth whose HR is not online keeps a button: 给 … 留言 opens the conversation, and the
    // message is kept for them.
    await seeker.page.goto(`/zppc/public/meetinghall/${fair.hxid}/2`);
    await seeker.page.locator('[data-chat-slot="booth"][aria-busy="false"]').first().waitFor({ state: 'attached' });
    const leave = seeker.page.locator('[data-chat-slot="booth"]').getByRole('button', { name: /^给 .+ 留言$/ }).first();
    await leave.scrollIntoViewIfNeeded();
    await screenshot(seeker.page, 'chat-entry-booth-offline-1280', { fullPage: false });
    await leave.click();
    await panel.locator('.conversation[data-conversation^="C2C"]').getByLabel('消息内容').waitFor();
    await send(`留言：想了解贵单位的岗位 ${stamp}`);

    await hr.page.locator('zp-chat .launcher').click();
    await hr.page.locator('zp-chat .item').filter({ hasText: `看到贵公司的展位 ${stamp}` }).click();
    await hr.page.locator('zp-chat .row.in').filter({ hasText: `我对「${job.gwmc}」感兴趣 ${stamp}` }).waitFor();
    await hr.page.locator('zp-chat .row.in').filter({ hasText: `贵公司还招实习生吗 ${stamp}` }).waitFor();
    await hr.page.locator('zp-chat .row.in').filter({ hasText: `看到贵公司的展位 ${stamp}` }).waitFor();
    // The HR sees no button to chat with themself on their own company's page.
    await hr.page.goto(`/zppc/public/enterdetail?dwid=${company.BsKhglEntity.dwid}`);
    await hr.page.locator('[data-chat-slot="company"][aria-busy="false"]').waitFor({ state: 'attached' }); // the online HRs have been asked for (an empty slot is hidden)
    await expect(hr.page.getByRole('button', { name: new RegExp(`^与 ${demo.hr.name}`) }).count()).resolves.toBe(0);
  });
});
