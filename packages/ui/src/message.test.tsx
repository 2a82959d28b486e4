import { act, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, notify, overlayLayer } from './index.js';

// Toasts render in the overlay layer's shadow root, out of the page's CSS.
const layer = () => within(overlayLayer());

describe('message toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => {
      message.closeAll();
      notify.closeAll();
    });
    vi.useRealTimers();
  });

  it('shows an error as an alert and removes it after 2 s', () => {
    act(() => {
      message.error('手机号或密码错误');
    });
    expect(layer().getByRole('alert').textContent).toBe('手机号或密码错误');
    act(() => vi.advanceTimersByTime(1999));
    expect(layer().queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(layer().queryByRole('alert')).toBeNull();
  });

  it('stacks several messages and closes one early', () => {
    let closeFirst = () => {};
    act(() => {
      closeFirst = message.success('报名成功');
      message.warning('请完善简历');
    });
    expect(layer().getAllByRole('status').map((e) => e.textContent)).toEqual(['报名成功', '请完善简历']);
    act(() => closeFirst());
    expect(layer().getAllByRole('status').map((e) => e.textContent)).toEqual(['请完善简历']);
  });

  it("renders in one overlay layer whose shadow root holds the styles, leaving the page's own styles alone", () => {
    act(() => {
      message.info('一');
      message.info('二');
    });
    const hosts = document.querySelectorAll('zp-overlays');
    expect(hosts).toHaveLength(1);
    expect(hosts[0]!.shadowRoot!.querySelector('style')!.textContent).toContain('--zp-color-primary');
    expect(document.querySelector('.zp-message')).toBeNull();
    expect(document.getElementById('zp-ui-styles')).toBeNull();
  });
});

describe('notification', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => notify.closeAll());
    vi.useRealTimers();
  });

  it('shows title and text for 3 s', () => {
    act(() => {
      notify({ title: '新消息', message: '王芳 邀请您参加视频面试', type: 'info' });
    });
    const box = layer().getByRole('status', { name: '新消息' });
    expect(box.textContent).toContain('王芳 邀请您参加视频面试');
    act(() => vi.advanceTimersByTime(2999));
    expect(layer().queryByRole('status', { name: '新消息' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(layer().queryByRole('status', { name: '新消息' })).toBeNull();
  });

  it('closes with its close button', () => {
    act(() => {
      notify({ title: '提交成功', duration: 0 });
    });
    act(() => layer().getByRole('button', { name: '关闭' }).click());
    expect(layer().queryByText('提交成功')).toBeNull();
  });
});
