// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import './index.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

afterEach(() => document.body.replaceChildren());

async function mount(html: string): Promise<WidgetElement> {
  document.body.innerHTML = html;
  const el = document.querySelector('zp-video-room') as WidgetElement;
  await el.updateComplete;
  return el;
}

test('<zp-video-room> renders its header and room in its shadow root', async () => {
  const el = await mount('<zp-video-room room-id="20240518"></zp-video-room>');
  expect(el.shadowRoot!.querySelector('h2')!.textContent).toBe('视频通话');
  expect(el.shadowRoot!.querySelector('.room-id')!.textContent).toBe('房间号 20240518');
  expect(el.children).toHaveLength(0);
});

test('<zp-video-room> shows the default room until one is set, then follows the attribute', async () => {
  const el = await mount('<zp-video-room></zp-video-room>');
  expect(el.shadowRoot!.querySelector('.room-id')!.textContent).toBe('房间号 888888');
  el.setAttribute('room-id', '123');
  await el.updateComplete;
  expect(el.shadowRoot!.querySelector('.room-id')!.textContent).toBe('房间号 123');
});
