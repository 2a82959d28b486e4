import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $session, clearSession, configureApi, LOGIN_WINDOW_MESSAGE } from '@zp/core/session';
import { LoginDialog, message, overlayLayer, useSession } from './index.js';

afterEach(() => {
  cleanup();
  clearSession();
  configureApi({ baseURL: '' });
  act(() => message.closeAll());
  vi.unstubAllGlobals();
});

const toasts = () => [...overlayLayer().querySelectorAll('.zp-message')].map((n) => n.textContent);
const settle = () => act(async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
});

/**
 * The browser's window.open, which happy-dom cannot give a second browsing context for: a test
 * fake at that boundary. It records what was opened and hands back a stand-in window.
 */
function fakeWindowOpen(blocked = false) {
  const opened: { url: string; features: string; win: { closed: boolean; focus: () => void; close: () => void } }[] = [];
  vi.stubGlobal('open', (url: string, _name: string, features: string) => {
    if (blocked) return null;
    const win = { closed: false, focus: vi.fn(), close: vi.fn(() => (win.closed = true)) };
    opened.push({ url, features, win });
    return win;
  });
  return opened;
}

function open(onLoggedIn = vi.fn(), onClose = vi.fn()) {
  render(<LoginDialog open title="登录后报名" siteOrigin="https://zp.example.com" onClose={onClose} onLoggedIn={onLoggedIn} />);
  return { dialog: screen.getByRole('dialog', { name: '登录后报名' }), onLoggedIn, onClose };
}

/** A launcher that shows the login to visitors only: the dialog unmounts as the session arrives. */
function VisitorOnly({ onLoggedIn }: { onLoggedIn: () => void }) {
  const session = useSession();
  return session ? <p>已登录</p> : <LoginDialog open title="登录后在线沟通" siteOrigin="" onClose={() => {}} onLoggedIn={onLoggedIn} />;
}

describe('LoginDialog (the widgets\' login: the platform\'s window, never a form on the partner page)', () => {
  it('has no field for a password or code, opens the platform\'s login window with this page\'s origin and a fresh state, and links to registering', () => {
    configureApi({ baseURL: 'https://zp.example.com' });
    const opened = fakeWindowOpen();
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelectorAll('input').length).toBe(0);
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0].url);
    expect(url.origin + url.pathname).toBe('https://zp.example.com/zppc/partner/login');
    expect(url.searchParams.get('origin')).toBe(window.location.origin);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(within(dialog).getByText(/请在弹出的平台窗口中登录/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: '没有账号？去注册' }).getAttribute('href')).toBe('https://zp.example.com/zppc/public/registered');
  });

  it('takes the login only from that window, on the platform\'s origin, with its state', async () => {
    configureApi({ baseURL: 'https://zp.example.com' });
    const opened = fakeWindowOpen();
    const { onLoggedIn } = open();
    const state = new URL(opened[0].url).searchParams.get('state')!;
    const grant = { token: 't'.repeat(32), expiresIn: 7200, userId: '2', roleId: 'qz', userName: '李明', phone: '13800000002' };
    const post = (data: unknown, origin: string, source: unknown) =>
      act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window })));
    await post({ type: LOGIN_WINDOW_MESSAGE, state, grant }, 'https://evil.example.com', opened[0].win);
    await post({ type: LOGIN_WINDOW_MESSAGE, state: 'x'.repeat(43), grant }, 'https://zp.example.com', opened[0].win);
    await post({ type: LOGIN_WINDOW_MESSAGE, state, grant }, 'https://zp.example.com', window);
    expect($session.get()).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();
    await post({ type: LOGIN_WINDOW_MESSAGE, state, grant }, 'https://zp.example.com', opened[0].win);
    await settle();
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
    expect($session.get()).toMatchObject({ userId: '2', roleId: 'qz', token: grant.token });
    expect(toasts()).toContain('登录成功');
  });

  it('hands the login on even when the widget unmounts it as the session arrives (a launcher that shows it to visitors only)', async () => {
    configureApi({ baseURL: 'https://zp.example.com' });
    const opened = fakeWindowOpen();
    const onLoggedIn = vi.fn();
    render(<VisitorOnly onLoggedIn={onLoggedIn} />);
    const state = new URL(opened[0].url).searchParams.get('state')!;
    const grant = { token: 't'.repeat(32), expiresIn: 7200, userId: '3', roleId: 'qz', userName: '张三', phone: '13800000003' };
    await act(() => void window.dispatchEvent(new MessageEvent('message', { data: { type: LOGIN_WINDOW_MESSAGE, state, grant }, origin: 'https://zp.example.com', source: opened[0].win as unknown as Window })));
    await settle();
    expect(screen.getByText('已登录')).toBeTruthy();
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser blocks the window, and 重试 opens it from the click', async () => {
    vi.stubGlobal('open', () => null);
    const { dialog } = open();
    await settle();
    expect(within(dialog).getByRole('alert').textContent).toMatch(/登录窗口被浏览器拦截/);
    const opened = fakeWindowOpen();
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    expect(opened).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says so when the window is closed without a login; closing the dialog closes the window', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const opened = fakeWindowOpen();
      const { dialog, onClose } = open();
      opened[0].win.closed = true;
      await act(async () => void vi.advanceTimersByTime(2000));
      expect(within(dialog).getByRole('alert').textContent).toBe('登录窗口已关闭，尚未登录。');
      fireEvent.click(within(dialog).getByRole('button', { name: '重新登录' }));
      expect(opened).toHaveLength(2);
      fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
      expect(opened[1].win.close).toHaveBeenCalled();
      expect(onClose).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on Escape, and renders nothing when closed', () => {
    fakeWindowOpen();
    const { onClose } = open();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    render(<LoginDialog open={false} title="登录后报名" siteOrigin="" onClose={() => {}} onLoggedIn={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
