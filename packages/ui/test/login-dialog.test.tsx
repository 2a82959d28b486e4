import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $session, clearSession } from '@zp/core/session';
import { LoginDialog, message, overlayLayer } from '../src/index.js';

afterEach(() => {
  cleanup();
  clearSession();
  act(() => message.closeAll());
  vi.unstubAllGlobals();
});

const toasts = () => [...overlayLayer().querySelectorAll('.zp-message')].map((n) => n.textContent);
const settle = () => act(async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
});

function open(onLoggedIn = vi.fn(), onClose = vi.fn()) {
  render(<LoginDialog open title="登录后报名" siteOrigin="https://zp.example.com" onClose={onClose} onLoggedIn={onLoggedIn} />);
  return { dialog: screen.getByRole('dialog', { name: '登录后报名' }), onLoggedIn, onClose };
}

describe('LoginDialog (the one login form of the widgets)', () => {
  it('is a labelled modal with the roles, the fields and the register link on the platform', () => {
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getAllByRole('radio').map((r) => [r.textContent, r.getAttribute('aria-checked')])).toEqual([['求职者', 'true'], ['企业HR', 'false']]);
    expect(within(dialog).getByLabelText('手机号')).toBe(document.activeElement); // focus goes in
    expect(within(dialog).getByRole('link', { name: '没有账号？去注册' }).getAttribute('href')).toBe('https://zp.example.com/zppc/public/registered');
  });

  it('checks the phone and the password before asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { dialog } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    await settle();
    expect(toasts()).toContain('请输入正确的手机号');
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13800000002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    await settle();
    expect(toasts()).toContain('请输入密码');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('logs in with the chosen role through the session core (shared by every widget), or shows the refusal', async () => {
    const bodies: Array<{ url: string; body: unknown }> = [];
    let refuse = true;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      bodies.push({ url: String(url), body: JSON.parse(String(init.body)) });
      const reply = refuse ? { code: 1, msg: '手机号或密码错误' } : { code: 0, msg: 'success', token: 't'.repeat(32), expiresIn: 600, userId: '2', roleId: 'hr', userName: '王经理', phone: '13800000002' };
      return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
    });
    const { dialog, onLoggedIn } = open();
    fireEvent.click(within(dialog).getByRole('radio', { name: '企业HR' }));
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13800000002' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'zp123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    await settle();
    expect(toasts()).toContain('手机号或密码错误');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(bodies[0].url).toContain('/api/sec/pc/logonHr');
    expect(bodies[0].body).toMatchObject({ phone: '13800000002', logintype: 0 });
    expect((bodies[0].body as { pwd: string }).pwd).toMatch(/^[0-9a-f]{32}$/); // the MD5, never the password

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));
    await settle();
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
    expect($session.get()?.roleId).toBe('hr');
    expect(toasts()).toContain('登录成功');
  });

  it('closes on ×, on Escape, and renders nothing when closed', () => {
    const { dialog, onClose } = open();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    cleanup();
    render(<LoginDialog open={false} title="登录后报名" siteOrigin="" onClose={() => {}} onLoggedIn={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
