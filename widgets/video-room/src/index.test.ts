// @vitest-environment happy-dom
import { afterEach, expect, test } from 'vitest';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { clearSession, startSession } from '@zp/core/session';
import './index.js';
import { Tile } from './Room.js';
import { DeviceCheck } from './DeviceCheck.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

afterEach(() => {
  clearSession();
  document.body.replaceChildren();
});

async function mount(html: string): Promise<WidgetElement> {
  document.body.innerHTML = html;
  const el = document.querySelector('zp-video-room') as WidgetElement;
  await el.updateComplete;
  return el;
}

function render(node: ReturnType<typeof createElement>): HTMLElement {
  const box = document.createElement('div');
  document.body.appendChild(box);
  flushSync(() => createRoot(box).render(node));
  return box;
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

test('without a session the room says the login has lapsed and offers to log in', async () => {
  const el = await mount('<zp-video-room room-id="5"></zp-video-room>');
  const alert = el.shadowRoot!.querySelector('[role=alert]')!;
  expect(alert.textContent).toContain('登录失效，请重新登录');
  expect(alert.querySelector('a')!.getAttribute('href')).toMatch(/^\/zppc\/public\/login\?id=1&redirect=/);
});

test('a room number outside the contract\'s range is refused before anything is asked of the server', async () => {
  startSession({ token: 't', expiresIn: 3600, userId: '5', roleId: 'qz', userName: '求职者', phone: '13800000001' });
  const el = await mount('<zp-video-room room-id="abc"></zp-video-room>');
  expect(el.shadowRoot!.querySelector('[role=alert]')!.textContent).toBe('房间号无效');
});

test('a tile whose camera is off shows the mask; with the camera on the picture shows', () => {
  const props = { id: '7', name: '张三', tag: '求职者', link: '/zppc/private/personalresume?qzbsid=7', focused: false, audioOn: false, quality: 'fair' as const, viewRef: () => {}, onFocus: () => {} };
  const off = render(createElement(Tile, { ...props, videoOn: false }));
  expect(off.querySelector('.mask')!.textContent).toBe('摄像头未开启');
  expect(off.querySelector('.tile')!.getAttribute('data-video')).toBe('off');
  expect(off.querySelector('[aria-label="麦克风已关闭"]')).not.toBeNull();
  expect(off.querySelector('[aria-label="网络一般"]')).not.toBeNull();
  expect(off.querySelector('.label a')!.getAttribute('target')).toBe('_blank');
  expect(off.querySelector('button')!.getAttribute('aria-label')).toBe('放大张三的画面');
  const on = render(createElement(Tile, { ...props, videoOn: true, audioOn: true, focused: true }));
  expect(on.querySelector('.mask')).toBeNull();
  expect(on.querySelector('[aria-label="麦克风已关闭"]')).toBeNull();
  // the large one has nothing to enlarge
  expect(on.querySelector('.tile-hit')).toBeNull();
});

test('the device check says so when the browser cannot capture media', () => {
  const box = render(createElement(DeviceCheck, { initial: { cameraId: '', microphoneId: '', speakerId: '' }, onJoin: () => {} }));
  expect(box.querySelector('[role=alert]')!.textContent).toContain('Your browser is not compatible with TRTC! Please download Chrome M72+');
});
