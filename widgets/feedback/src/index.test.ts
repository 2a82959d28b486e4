// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import './index.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

afterEach(() => document.body.replaceChildren());

test('<zp-feedback> renders its title in its shadow root', async () => {
  document.body.innerHTML = '<zp-feedback></zp-feedback>';
  const el = document.querySelector('zp-feedback') as WidgetElement;
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe('意见反馈');
  expect(el.children).toHaveLength(0);
});
