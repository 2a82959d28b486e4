/**
 * The Content-Security-Policy lets the real pages run: the home page, a job page, the login page,
 * a job seeker's centre, the enterprise centre and the operator console load, hydrate and log in
 * with no `securitypolicyviolation` and no CSP message in the console; the policy has no
 * 'unsafe-inline' for scripts and forbids framing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectBrowser, demo, openPerson } from '../lib/harness.js';
import { apiCall } from '../lib/api.js';

interface Watch {
  violations: string[];
  console: string[];
}

/** Records every CSP violation (from the document and its workers) and every console error. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { violations: [], console: [] };
  await page.exposeFunction('__zpCspViolation', (v: string) => w.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __zpCspViolation(v: string): void }).__zpCspViolation(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) w.console.push(m.text());
  });
  return w;
}

/** Opens `path` and waits until the page has loaded and the network is quiet (islands hydrated, calls made). */
async function visit(page: Page, path: string) {
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res?.status(), path).toBeLessThan(400);
  await page.waitForLoadState('networkidle');
  return res!;
}

async function logIn(page: Page, id: 1 | 2 | 3, phone: string, lands: string) {
  await visit(page, `/zppc/public/login?id=${id}`);
  await page.getByLabel('手机号').fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`**${lands}`);
  await page.waitForLoadState('networkidle');
}

describe('content security policy on the real pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('public pages: home, a job, the job list and the login page run with no violation', async () => {
    const { context, page } = await openPerson(browser);
    const w = await watch(page);
    const home = await visit(page, '/zppc/');
    const csp = (await home.allHeaders())['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The home page's carousel and session-aware header are scripts: they ran.
    await page.locator('html[data-auth="out"]').waitFor({ state: 'attached' });

    const jobs = await apiCall<{ page: { list: { gwid: string }[] } }>('/api/xs/app/search/gwpc', { query: { page: 1, limit: 1 } });
    const gwid = jobs.page.list[0]?.gwid;
    expect(gwid).toBeTruthy();
    await visit(page, `/zppc/public/postdetail?gwid=${gwid}`);
    await visit(page, '/zppc/public/jobretrieve');
    await visit(page, '/zppc/public/login?id=1');
    expect(w.violations).toEqual([]);
    expect(w.console).toEqual([]);
    await context.close();
  });

  it('private pages: a seeker centre, the enterprise centre and the operator console run with no violation', async () => {
    for (const [id, phone, lands] of [
      [1, demo.seeker.phone, '/zppc/job_hunter/hunter_home'],
      [2, demo.hr.phone, '/zppc/enter_home/enter_center'],
      [3, demo.operator.phone, '/zppc/admin'],
    ] as const) {
      const { context, page } = await openPerson(browser);
      const w = await watch(page);
      await logIn(page, id, phone, lands);
      const res = await visit(page, lands);
      expect((await res.allHeaders())['x-frame-options']).toBe('DENY');
      expect(w.violations, lands).toEqual([]);
      expect(w.console, lands).toEqual([]);
      await context.close();
    }
  });
});
