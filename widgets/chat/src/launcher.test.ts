// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import { clearSession, startSession } from '@zp/core/session';
import { keptCallKey } from './call/kept.js';
import { holdOpen } from '@zp/core/chat-open';
import { defineChatLauncher, PANEL_TAG } from './launcher.js';

// The panel stands in as a plain element here: what the launcher does with it is under test.
const loadPanel = vi.fn(async () => {
  if (!customElements.get(PANEL_TAG)) customElements.define(PANEL_TAG, class extends HTMLElement {});
});
defineChatLauncher(loadPanel);

afterEach(() => {
  clearSession();
  document.body.replaceChildren();
  loadPanel.mockClear();
});

const launcher = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('.zp-chat');

test('<zp-chat> on the site shows no button to a visitor and loads nothing', () => {
  document.body.innerHTML = '<zp-chat></zp-chat>';
  const el = document.querySelector('zp-chat')!;
  expect(launcher(el)?.hidden).toBe(true);
  expect(loadPanel).not.toHaveBeenCalled();
});

test("<zp-chat> on a partner page (api-base) offers a visitor the button, styled in its shadow root with the theme colour", () => {
  document.body.innerHTML = '<zp-chat api-base="https://zp.example.com" theme-color="#c0392b"></zp-chat>';
  const el = document.querySelector('zp-chat')!;
  const root = launcher(el)!;
  expect(root.hidden).toBe(false);
  expect(root.querySelector('.launcher')?.getAttribute('aria-label')).toBe('消息');
  expect(root.style.getPropertyValue('--zp-color-primary')).toBe('#c0392b');
  expect(el.shadowRoot!.querySelector('style')?.textContent).toContain('.launcher');
  expect(document.querySelector('.launcher')).toBeNull();
  expect(el.shadowRoot!.querySelector('[data-testid="chat-badge"]')?.hasAttribute('hidden')).toBe(true);
});

test('an open request from the page loads the panel in place of the button, with the attributes passed on', async () => {
  document.body.innerHTML = '<zp-chat api-base="https://zp.example.com" map-url="https://map.example.com/?q={description}"></zp-chat>';
  const el = document.querySelector('zp-chat')!;
  window.dispatchEvent(new CustomEvent('zp:chat-open', { detail: { userID: '42' } }));
  await vi.waitFor(() => expect(el.shadowRoot!.querySelector(PANEL_TAG)).not.toBeNull());
  const panel = el.shadowRoot!.querySelector(PANEL_TAG)!;
  expect(loadPanel).toHaveBeenCalledTimes(1);
  expect(panel.getAttribute('map-url')).toBe('https://map.example.com/?q={description}');
  expect(panel.getAttribute('api-base')).toBe('https://zp.example.com');
  expect(launcher(el)).toBeNull();
  // Later attribute changes reach the panel.
  el.setAttribute('theme-color', 'teal');
  expect(panel.getAttribute('theme-color')).toBe('teal');
});

test('a chat button clicked while the script was loading is kept for the panel, which loads at once', async () => {
  holdOpen({ userID: '7' });
  document.body.innerHTML = '<zp-chat></zp-chat>';
  const el = document.querySelector('zp-chat')!;
  await vi.waitFor(() => expect(el.shadowRoot!.querySelector(PANEL_TAG)).not.toBeNull());
  const { takePendingOpen } = await import('@zp/core/chat-open');
  expect(takePendingOpen()).toEqual({ userID: '7' });
});

test('a call kept across a reload loads the panel at once, so that its call layer takes the call back', async () => {
  sessionStorage.setItem(keptCallKey('5'), JSON.stringify({ callId: 'c1', peer: '6', peerName: '', roomId: '77', outgoing: true }));
  try {
    startSession({ token: 't'.repeat(32), expiresIn: 3600, userId: '5', roleId: 'hr', userName: '王芳', phone: '' });
    document.body.innerHTML = '<zp-chat></zp-chat>';
    const el = document.querySelector('zp-chat')!;
    // No click, no open request: the kept call alone brings the panel.
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector(PANEL_TAG)).not.toBeNull());
  } finally {
    sessionStorage.clear();
  }
});
