import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, Dialog, confirm, overlayLayer } from './index.js';

afterEach(cleanup);

function Page({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>打开</button>
      <Dialog
        open={open}
        title="意见反馈"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<Button variant="primary">提交</Button>}
      >
        <input aria-label="问题内容" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it("in a widget's shadow root it renders there and adds nothing to the page's styles", () => {
    document.getElementById('zp-ui-styles')?.remove();
    const host = document.createElement('div');
    document.body.appendChild(host);
    const inside = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
    render(
      <Dialog open title="创建群组" onClose={() => {}} container={inside}>
        <input aria-label="群名称" />
      </Dialog>,
    );
    expect(within(inside as HTMLElement).getByRole('dialog', { name: '创建群组' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.getElementById('zp-ui-styles')).toBeNull();
    host.remove();
  });

  it('opens as a labelled modal with focus on its first field, and Escape closes it and returns focus', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: '打开' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '意见反馈' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('问题内容'));
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on the × button and on a click on the mask, not on a click inside', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.mouseDown(screen.getByLabelText('问题内容'));
    fireEvent.click(screen.getByLabelText('问题内容'));
    expect(onClose).not.toHaveBeenCalled();
    const mask = screen.getByRole('dialog').parentElement!;
    fireEvent.mouseDown(mask);
    fireEvent.click(mask);
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    const submit = screen.getByRole('button', { name: '提交' });
    submit.focus();
    fireEvent.keyDown(submit, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
  });

  it('closes only the innermost of two open dialogs on Escape', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Dialog open title="外层" onClose={outer} />
        <Dialog open title="内层" onClose={inner} />
      </>,
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});

// confirm() renders in the overlay layer's shadow root, like the toasts.
const layer = () => within(overlayLayer());

describe('confirm', () => {
  it('resolves true on 确定, with focus on it', async () => {
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = confirm({ message: '未登录，请您登录后，进行报名。', confirmText: '去登录' });
    });
    const dialog = layer().getByRole('alertdialog', { name: '提示' });
    expect(dialog.textContent).toContain('未登录，请您登录后，进行报名。');
    const ok = layer().getByRole('button', { name: '去登录' });
    expect(overlayLayer().getRootNode() instanceof ShadowRoot && (overlayLayer().getRootNode() as ShadowRoot).activeElement).toBe(ok);
    await act(async () => ok.click());
    expect(await answer).toBe(true);
    expect(layer().queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on Escape and on 取消', async () => {
    let answer: Promise<boolean> = Promise.resolve(true);
    await act(async () => {
      answer = confirm({ message: 'Are you sure?' });
    });
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(await answer).toBe(false);

    await act(async () => {
      answer = confirm({ message: '确定离开房间吗？' });
    });
    await act(async () => layer().getByRole('button', { name: '取消' }).click());
    expect(await answer).toBe(false);
  });
});
