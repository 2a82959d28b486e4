import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@zp/core/session';
import { useHydrated, useSession } from './index.js';

afterEach(() => {
  cleanup();
  clearSession();
});

function Who() {
  const s = useSession();
  return <span data-testid="who">{s ? s.userName : '未登录'}</span>;
}

const grant = { token: 'tok_cccccccccccccccccccccccc', expiresIn: 600, userId: '9', roleId: 'qz', userName: '李明', phone: '13800000001' };

describe('useSession', () => {
  it('follows logins and logouts', () => {
    render(<Who />);
    expect(screen.getByTestId('who').textContent).toBe('未登录');
    act(() => {
      startSession(grant);
    });
    expect(screen.getByTestId('who').textContent).toBe('李明');
    act(() => clearSession());
    expect(screen.getByTestId('who').textContent).toBe('未登录');
  });

  it('hydrates server HTML without a mismatch, then shows the stored person', async () => {
    startSession(grant);
    const html = renderToString(<Who />);
    expect(html).toContain('未登录');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Who />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe('李明');
    container.remove();
  });
});

function Submit() {
  const ready = useHydrated();
  return (
    <button type="button" disabled={!ready}>
      登录
    </button>
  );
}

describe('useHydrated', () => {
  it('is false in server HTML and true once hydrated', async () => {
    const html = renderToString(<Submit />);
    expect(html).toContain('disabled');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Submit />, { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('button')!.disabled).toBe(false);
    container.remove();
  });
});
