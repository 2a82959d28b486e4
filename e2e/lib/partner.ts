/** A partner's site for journeys: a page of e2e/fixtures served on another origin, listed by the operator. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { baseUrl, demo, smsCode } from './harness.js';
import { apiCall, apiLogin } from './api.js';
import { E2E_DIR } from './env.js';

/** A fixture page (e2e/fixtures/<name>) with {{PLATFORM}} replaced by the product's origin. */
export const partnerFixture = (name: string) => fs.readFileSync(path.join(E2E_DIR, 'fixtures', name), 'utf8').replaceAll('{{PLATFORM}}', baseUrl());

export interface PartnerServer {
  /** http://localhost:<port>: against the platform's 127.0.0.1 another origin as well as another port */
  origin: string;
  close(): Promise<void>;
}

/** Serves `page(url)` as HTML on a free port of its own. */
export async function servePartner(page: (url: string) => string): Promise<PartnerServer> {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(page(req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The operator lists `origin` as a partner site (运营后台 › 合作网站), as the console does: only listed origins may embed. */
export async function listPartner(origin: string, name: string, contact: string): Promise<void> {
  const operator = await apiLogin('xs', demo.operator.phone, demo.password);
  await apiCall('/api/xs/admin/partner/save', { token: operator, body: { mc: name, origin, lxr: contact, sfqy: 1 } });
}

export type LoginWay = { password: string } | { code: true };

/**
 * The platform's login window that `open` makes a widget on `page` open (a click on 登录 or the
 * launcher): returns the window (a popup, or a new tab on a phone) once its page is there.
 */
export async function loginWindowOf(page: Page, open: () => Promise<unknown>): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await open();
  const win = await popup;
  await win.waitForLoadState('domcontentloaded');
  return win;
}

/**
 * Logs in in the platform's login window, as the person does there: the role's tab, the phone and
 * the password, or 验证码登录 with the code the SMS brought (使用其他账号登录 first when another
 * account is logged in on the platform in this browser). Resolves when the window has closed
 * itself (the partner page has its token then).
 */
export async function logInInWindow(win: Page, role: '求职者' | '企业HR', phone: string, way: LoginWay = { password: demo.password }) {
  // Someone already logged in on the platform in this browser: the window offers 授权登录 for them first.
  const other = win.getByRole('button', { name: '使用其他账号登录' });
  await win.getByLabel('手机号', { exact: true }).or(other).first().waitFor();
  if (await other.isVisible()) await other.click();
  if (role === '企业HR') await win.getByRole('link', { name: '企业登录' }).click();
  await win.getByRole('link', { name: role === '企业HR' ? '企业登录' : '人才登录' }).and(win.locator('[aria-current="page"]')).waitFor();
  const closed = win.waitForEvent('close');
  await win.getByLabel('手机号', { exact: true }).fill(phone);
  if ('password' in way) {
    await win.getByLabel('密码', { exact: true }).fill(way.password);
  } else {
    await win.getByRole('tab', { name: '验证码登录' }).click();
    const since = Date.now();
    await win.getByRole('button', { name: '获取验证码' }).click();
    await win.getByLabel('验证码', { exact: true }).fill(await smsCode(phone, { purpose: 'login', since }));
  }
  await win.getByRole('button', { name: '登录', exact: true }).click();
  await closed;
}

/** 授权登录 in the window, for a person already logged in on the platform; resolves when the window has closed. */
export async function authorizeInWindow(win: Page) {
  const closed = win.waitForEvent('close');
  await win.getByRole('button', { name: '授权登录' }).click();
  await closed;
}
