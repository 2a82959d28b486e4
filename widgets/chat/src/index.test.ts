// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import './index.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

afterEach(() => document.body.replaceChildren());

test('<zp-chat> renders its title in its shadow root', async () => {
  document.body.innerHTML = '<zp-chat></zp-chat>';
  const el = document.querySelector('zp-chat') as WidgetElement;
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe('消息');
  expect(el.children).toHaveLength(0);
});
