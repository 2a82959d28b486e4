import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message, notify } from '../src/index.js';

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
    expect(screen.getByRole('alert').textContent).toBe('手机号或密码错误');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stacks several messages and closes one early', () => {
    let closeFirst = () => {};
    act(() => {
      closeFirst = message.success('报名成功');
      message.warning('请完善简历');
    });
    expect(screen.getAllByRole('status').map((e) => e.textContent)).toEqual(['报名成功', '请完善简历']);
    act(() => closeFirst());
    expect(screen.getAllByRole('status').map((e) => e.textContent)).toEqual(['请完善简历']);
  });

  it('puts its styles into the document once', () => {
    act(() => {
      message.info('一');
      message.info('二');
    });
    expect(document.querySelectorAll('style#zp-ui-styles')).toHaveLength(1);
    expect(document.getElementById('zp-ui-styles')!.textContent).toContain('--zp-color-primary');
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
    const box = screen.getByRole('status', { name: '新消息' });
    expect(box.textContent).toContain('王芳 邀请您参加视频面试');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('status', { name: '新消息' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status', { name: '新消息' })).toBeNull();
  });

  it('closes with its close button', () => {
    act(() => {
      notify({ title: '提交成功', duration: 0 });
    });
    act(() => screen.getByRole('button', { name: '关闭' }).click());
    expect(screen.queryByText('提交成功')).toBeNull();
  });
});
