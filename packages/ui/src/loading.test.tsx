import { act, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { overlayLayer, withLoading } from './index.js';

// In the overlay layer's shadow root with the toasts: the page's CSS does not restyle it.
const screen = { getByRole: (role: string) => within(overlayLayer()).getByRole(role), queryByRole: (role: string) => within(overlayLayer()).queryByRole(role) };

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('full-screen loading overlay', () => {
  it('covers the page while a request is in flight and stays until the last of several ends', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    let a!: Promise<string>;
    let b!: Promise<string>;
    await act(async () => {
      a = withLoading(first.promise);
      b = withLoading(() => second.promise, '提交中…');
    });
    expect(screen.getByRole('status').textContent).toBe('提交中…');
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(document.body.querySelector('.zp-loading')).toBeNull(); // not in the page itself

    await act(async () => {
      first.resolve('ok');
      await a;
    });
    expect(screen.queryByRole('status')).not.toBeNull();

    await act(async () => {
      second.reject(new Error('请求错误，请重试'));
      await b.catch(() => {});
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('passes the result through', async () => {
    let result = '';
    await act(async () => {
      result = await withLoading(Promise.resolve('done'));
    });
    expect(result).toBe('done');
  });
});
