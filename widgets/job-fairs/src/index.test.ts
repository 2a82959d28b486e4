// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import './index.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

afterEach(() => document.body.replaceChildren());

test('<zp-job-fairs> renders its title and city filter in its shadow root', async () => {
  document.body.innerHTML = '<zp-job-fairs></zp-job-fairs>';
  const el = document.querySelector('zp-job-fairs') as WidgetElement;
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe('招聘会');
  expect(el.shadowRoot!.querySelector('.city')!.textContent).toBe('全部城市');
  expect(el.children).toHaveLength(0);

  el.setAttribute('city-code', '4201');
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('.city')!.textContent).toBe('城市代码 4201');
});
