/**
 * An HR reaches a job seeker from where they work: 在线沟通 on an application in 收到的简历, on
 * the résumé itself, on a talent-search result and on an interview invitation opens <zp-chat> on
 * that seeker (and 发起视频面试 sits beside it). Screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { demo, screenshot, useBrowser } from '../lib/harness.js';
import { apiGrant } from '../lib/api.js';
import { personWithChat } from '../lib/chat.js';

describe('HR reaches a seeker from their work', () => {
  const browser = useBrowser({ closePeopleAfterEach: true });

  for (const width of [1280, 375]) {
    it(`在线沟通 opens the chat on the seeker from applications, résumé, talent search and interviews (${width} px)`, async () => {
      const seeker = await apiGrant('qz', demo.seeker.phone);
      const { page } = await personWithChat(browser(), 'hr', demo.hr.phone, width);
      const panel = page.getByRole('dialog', { name: '在线沟通' });

      /** Clicks 在线沟通 in `scope`; the panel opens on that seeker's conversation; closes it again. */
      const reach = async (scope: ReturnType<Page['locator']>, shot: string, userId = seeker.userId) => {
        await scope.getByRole('button', { name: '发起视频面试' }).first().waitFor();
        await scope.scrollIntoViewIfNeeded();
        await screenshot(page, `${shot}-page-${width}`, { fullPage: false });
        await scope.getByRole('button', { name: '在线沟通', exact: true }).first().click();
        await panel.locator(`.conversation[data-conversation="C2C${userId}"]`).getByLabel('消息内容').waitFor();
        await screenshot(page, `${shot}-${width}`, { fullPage: false });
        await panel.getByRole('button', { name: '关闭', exact: true }).click();
        await panel.waitFor({ state: 'detached' });
      };
      const cardOf = (p: Page) => p.locator('.hr-card').filter({ has: p.locator(`a[href*="qzbsid=${seeker.userId}"]`) }).first();

      await page.goto('/zppc/Enter_home/Enter_resume');
      await reach(cardOf(page), 'hr-reach-applications');

      await page.goto(`/zppc/private/personalresume?qzbsid=${seeker.userId}`);
      await reach(page.locator('.hr-resume__buttons'), 'hr-reach-resume');

      await page.goto('/zppc/enter_home/enter_interview');
      await reach(cardOf(page), 'hr-reach-interviews');

      await page.goto('/zppc/public/personalsearch');
      const talent = page.locator('.hr-card').first();
      const href = await talent.locator('a[href*="qzbsid="]').first().getAttribute('href');
      await reach(talent, 'hr-reach-talent', new URL(href!, 'http://x').searchParams.get('qzbsid')!);
    });
  }
});
