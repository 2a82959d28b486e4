/**
 * What the law and every Chinese job site expect of the public pages (issue 28, item 23): the footer
 * carries the operator's ICP备案号, 人力资源服务许可证, service phone and 举报 channels, all set in the
 * console; a job's page has 举报, which reaches the operator's console with the job as it was.
 */
import { describe, expect, it } from 'vitest';
import { demo, fitsWidth, hydrated, openLoggedIn, openPerson, screenshot, useBrowser } from '../lib/harness.js';
import { apiCall, apiGrant } from '../lib/api.js';

const stamp = String(Date.now()).slice(-6);

describe('the footer and 举报', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  it('the operator sets how many days interview recordings are kept, and the log says so', async () => {
    const grant = await apiGrant('xs', demo.operator.phone);
    const operator = await openLoggedIn(browser(), grant);
    await operator.page.goto('/zppc/admin/site');
    const form = operator.page.getByRole('form', { name: '录像保存设置' });
    const days = form.getByLabel('录像保存天数');
    await expect.poll(() => days.inputValue()).toMatch(/^\d+$/);
    const before = Number(await days.inputValue());
    await days.fill('0');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('请填写 1 至 3650 之间的整数天数').waitFor();
    await days.fill('90');
    await form.getByRole('button', { name: '保存' }).click();
    await operator.page.locator('.zp-message').filter({ hasText: '已保存：录像保存 90 天' }).first().waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshot(operator.page, 'admin-recording-days-1280', { fullPage: false });
    await operator.page.goto('/zppc/admin/log');
    await operator.page.getByRole('cell', { name: '设置录像保存天数' }).first().waitFor();
    // As it was, for the other journeys on this product.
    await apiCall('/api/xs/admin/rtc/recording', { token: (await apiGrant('xs', demo.operator.phone)).token, body: { recordingDays: before } });
  });

  it('the operator sets the footer in 网站信息 and every page shows it, at 1280 and 375 px', async () => {
    const facts = {
      icp: `京ICP备${stamp}号-1`,
      gaba: `京公网安备 110108${stamp}号`,
      rlzyxkz: `京人服证字〔2026〕第${stamp}号`,
      fwdh: '400-800-1234',
      jbdh: '010-12345678',
      jbyx: `jubao${stamp}@example.cn`,
    };
    const operator = await openLoggedIn(browser(), await apiGrant('xs', demo.operator.phone));
    await operator.page.goto('/zppc/admin/site');
    const form = operator.page.getByRole('form', { name: '网站信息' });
    const fill = async (label: string, value: string) => form.getByLabel(label, { exact: true }).fill(value);
    await fill('ICP备案号', facts.icp);
    await fill('公安备案号', facts.gaba);
    await fill('人力资源服务许可证', facts.rlzyxkz);
    await fill('客服电话', facts.fwdh);
    await fill('举报电话', facts.jbdh);
    // A malformed address is refused where it is typed.
    await fill('举报邮箱', 'jubao@');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('举报邮箱格式不正确').waitFor();
    await fill('举报邮箱', facts.jbyx);
    await form.getByRole('button', { name: '保存' }).click();
    await operator.page.locator('.zp-message').filter({ hasText: '网站信息已保存，页脚随即更新' }).first().waitFor();

    for (const width of [1280, 375]) {
      const { page } = await openPerson(browser(), { viewport: { width, height: 800 } });
      for (const path of ['/zppc/', '/zppc/public/meetinglist?venue=1']) {
        await page.goto(path);
        const legal = page.getByLabel('备案与举报');
        await expect(legal.getByRole('link', { name: facts.icp }).getAttribute('href')).resolves.toBe('https://beian.miit.gov.cn/');
        await expect(legal.getByRole('link', { name: facts.gaba }).getAttribute('href')).resolves.toContain(`code=110108${stamp}`);
        await legal.getByText(`人力资源服务许可证：${facts.rlzyxkz}`).waitFor();
        await expect(legal.getByRole('link', { name: facts.fwdh }).getAttribute('href')).resolves.toBe('tel:4008001234');
        await expect(legal.getByRole('link', { name: facts.jbdh }).getAttribute('href')).resolves.toBe('tel:01012345678');
        await expect(legal.getByRole('link', { name: facts.jbyx }).getAttribute('href')).resolves.toBe(`mailto:${facts.jbyx}`);
        await legal.getByRole('link', { name: '网上有害信息举报' }).waitFor();
      }
      await fitsWidth(page);
      await page.getByLabel('备案与举报').scrollIntoViewIfNeeded();
      await screenshot(page, `footer-legal-${width}`, { fullPage: false });
    }
  });

  it("a visitor reports a job from its page; the operator finds it with the job as it was, and records what was done", async () => {
    const job = (await apiCall<{ page: { list: { gwid: string; gwmc: string; dwmc: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 1 } })).page.list[0]!;
    const visitor = await openPerson(browser(), { viewport: { width: 375, height: 800 } });
    await visitor.page.goto(`/zppc/public/postdetail?gwid=${job.gwid}`);
    const open = visitor.page.getByRole('button', { name: '举报', exact: true });
    // A visitor's islands wake on intent.
    await open.hover();
    await hydrated(visitor.page, open);
    await open.click();
    const dialog = visitor.page.getByRole('dialog', { name: '举报' });
    await dialog.getByText(`举报对象：${job.gwmc}（${job.dwmc}）`).waitFor();
    // Nothing is sent until the reason, the account of it and a phone to check back are there.
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await dialog.getByText('请选择举报原因').waitFor();
    await dialog.getByText('请写明举报的具体情况').waitFor();
    await dialog.getByText('请输入正确的手机号，以便平台核实').waitFor();
    await dialog.getByLabel('收取费用（押金、培训费、贷款等）').check();
    const account = `面试前要求交 500 元培训费 ${stamp}`;
    await dialog.getByLabel('举报说明').fill(account);
    await dialog.getByLabel('联系电话').fill('13912345678');
    await screenshot(visitor.page, 'job-report-visitor-375', { fullPage: false });
    await dialog.getByRole('button', { name: '提交举报' }).click();
    await visitor.page.locator('.zp-message').filter({ hasText: '举报已提交，平台将尽快核实处理' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const operator = await openLoggedIn(browser(), await apiGrant('xs', demo.operator.phone));
    await operator.page.goto('/zppc/admin/reports');
    const card = operator.page.getByLabel(`举报：${job.gwmc}（${job.dwmc}）`).filter({ hasText: account });
    await card.getByText('原因：收取费用（押金、培训费、贷款等）').waitFor();
    await card.getByText('举报人：游客 · 13912345678').waitFor();
    await expect(card.getByRole('link', { name: `${job.gwmc}（${job.dwmc}）` }).getAttribute('href')).resolves.toContain(job.gwid);
    await card.getByText('证据（举报时的内容）').click();
    await card.getByText(`岗位：${job.gwmc}`).waitFor();
    await card.getByText(`单位：${job.dwmc}`).waitFor();
    await screenshot(operator.page, 'job-report-operator-1280', { fullPage: false });

    await card.getByRole('button', { name: '处理' }).click();
    const handle = operator.page.getByRole('dialog', { name: '处理举报' });
    await handle.getByLabel('处理结果').fill(`已核实，岗位已下架并警告该单位 ${stamp}`);
    await handle.getByRole('button', { name: '保存' }).click();
    await operator.page.locator('.zp-message').filter({ hasText: '已记录处理结果' }).first().waitFor();
    await operator.page.getByRole('tab', { name: '已处理' }).click();
    await operator.page.getByLabel(`举报：${job.gwmc}（${job.dwmc}）`).filter({ hasText: account }).getByText(`已核实，岗位已下架并警告该单位 ${stamp}`).waitFor();
  });
});
