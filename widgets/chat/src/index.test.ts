// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import { clearSession, startSession } from '@zp/core/session';
import './index.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

afterEach(() => {
  clearSession();
  document.body.replaceChildren();
});

test('<zp-chat> shows no launcher to a visitor', async () => {
  document.body.innerHTML = '<zp-chat></zp-chat>';
  const el = document.querySelector('zp-chat') as WidgetElement;
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('.launcher')).toBeNull();
});

test('<zp-chat> shows the launcher, styled inside its shadow root, once someone is logged in', async () => {
  startSession({ token: 't', expiresIn: 3600, userId: '5', roleId: 'qz', userName: '求职者', phone: '13800000001' });
  document.body.innerHTML = '<zp-chat></zp-chat>';
  const el = document.querySelector('zp-chat') as WidgetElement;
  await el.updateComplete;
  const button = el.shadowRoot!.querySelector('.launcher');
  expect(button?.getAttribute('aria-label')).toBe('消息');
  expect(el.shadowRoot!.querySelector('.badge')).toBeNull();
  expect(document.querySelector('.launcher')).toBeNull();
});
