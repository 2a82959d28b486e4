// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SESSION_STORAGE_KEY } from '@zp/core/session';
import { MSG, checkImage, validateFeedback } from './index.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

const flush = () => new Promise((r) => setTimeout(r, 0));
const root = (el: Element) => el.shadowRoot!;
const texts = (el: Element, selector: string) => [...root(el).querySelectorAll(selector)].map((n) => n.textContent);
// Toasts render in the page's one overlay layer (<zp-overlays>), in its shadow root.
const toasts = () => [...(document.querySelector('zp-overlays')?.shadowRoot?.querySelectorAll('.zp-message') ?? [])].map((n) => n.textContent);

async function mount(attrs = ''): Promise<WidgetElement> {
  document.body.insertAdjacentHTML('beforeend', `<zp-feedback ${attrs}></zp-feedback>`);
  const el = document.querySelector('zp-feedback') as WidgetElement;
  await el.updateComplete;
  await flush();
  return el;
}

async function submit(el: Element) {
  (root(el).querySelector('button[type="submit"]') as HTMLButtonElement).click();
  await flush();
}

function logIn() {
  const session = { token: 't'.repeat(32), userId: '1', roleId: 'qz', userName: '李明', phone: '13800000001', avatar: '', expiresAt: Date.now() + 3600_000 };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: JSON.stringify(session) }));
}

beforeEach(() => {
  localStorage.clear();
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null }));
});
afterEach(() => document.body.replaceChildren());

describe('validation rules (spec section 5)', () => {
  test('category and content are required; the phone only when not logged in', () => {
    expect(validateFeedback({ wtlx: null, wtms: '  ', phone: '' }, false)).toEqual({ wtlx: '请选择问题类型', wtms: '请输入问题内容', phone: '请输入联系方式' });
    expect(validateFeedback({ wtlx: null, wtms: '', phone: '' }, true)).toEqual({ wtlx: '请选择问题类型', wtms: '请输入问题内容' });
    expect(validateFeedback({ wtlx: 20, wtms: '加载慢', phone: '' }, true)).toEqual({});
    expect(validateFeedback({ wtlx: 30, wtms: '建议', phone: '13912345678' }, false)).toEqual({});
  });

  test('content is at most 500 characters; a visitor phone must be a mobile number', () => {
    expect(validateFeedback({ wtlx: 10, wtms: '字'.repeat(500), phone: '' }, true)).toEqual({});
    expect(validateFeedback({ wtlx: 10, wtms: '字'.repeat(501), phone: '' }, true).wtms).toBe('问题内容不能超过 500 字');
    expect(validateFeedback({ wtlx: 10, wtms: '好', phone: '12345' }, false).phone).toBe('请输入正确的手机号');
  });

  test('images: jpeg, png and jpg only, under 2 MB', () => {
    expect(checkImage({ type: 'image/png', size: 1000, name: 'a.png' })).toBeNull();
    expect(checkImage({ type: 'image/jpeg', size: 2 * 1024 * 1024 - 1, name: 'a.jpg' })).toBeNull();
    expect(checkImage({ type: 'image/gif', size: 1000, name: 'a.gif' })).toBe('上传图片只能是图片格式!');
    expect(checkImage({ type: 'application/pdf', size: 1000, name: 'a.pdf' })).toBe('上传图片只能是图片格式!');
    expect(checkImage({ type: 'image/png', size: 2 * 1024 * 1024, name: 'big.png' })).toBe('上传图片大小不能超过 2MB!');
  });
});

describe('<zp-feedback>', () => {
  test('stays closed until opened by the attribute or the zp:feedback-open event, and closes again', async () => {
    const el = await mount();
    expect(root(el).querySelector('[role="dialog"]')).toBeNull();
    window.dispatchEvent(new Event('zp:feedback-open'));
    await flush();
    expect(root(el).querySelector('#fb-title')?.textContent).toBe('意见反馈');
    (root(el).querySelector('button[aria-label="关闭"]') as HTMLButtonElement).click();
    await flush();
    expect(root(el).querySelector('[role="dialog"]')).toBeNull();

    el.setAttribute('open', '');
    await el.updateComplete;
    await flush();
    expect(root(el).querySelector('[role="dialog"]')).not.toBeNull();
    expect(el.children).toHaveLength(0); // everything lives in the shadow root
    (root(el).querySelector('button[aria-label="关闭"]') as HTMLButtonElement).click();
    await el.updateComplete;
    await flush();
    expect(el.hasAttribute('open')).toBe(false);
    expect(root(el).querySelector('[role="dialog"]')).toBeNull();
    // The footer opens it again by setting the attribute.
    el.setAttribute('open', '');
    await el.updateComplete;
    await flush();
    expect(root(el).querySelector('[role="dialog"]')).not.toBeNull();
  });

  test('a visitor submitting an empty form sees the three messages and nothing is sent', async () => {
    const el = await mount('open');
    expect(root(el).querySelector('#fb-phone')).not.toBeNull();
    expect(root(el).querySelector('[role="tablist"]')).toBeNull(); // no history for visitors
    await submit(el);
    expect(texts(el, '.fb-error')).toEqual([MSG.category, MSG.content, MSG.phone]);
  });

  test('a logged-in person has no phone field, and the history tab', async () => {
    logIn();
    const el = await mount('open');
    expect(root(el).querySelector('#fb-phone')).toBeNull();
    expect(texts(el, '[role="tab"]')).toEqual(['提交反馈', '反馈记录']);
    await submit(el);
    expect(texts(el, '.fb-error')).toEqual([MSG.category, MSG.content]);
  });

  test('with a category and text, only the visitor phone is missing; the counter follows the text', async () => {
    const el = await mount('open');
    const radio = root(el).querySelector('input[value="20"]') as HTMLInputElement;
    radio.click();
    const area = root(el).querySelector('#fb-wtms') as HTMLTextAreaElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(area, '页面打开很慢');
    area.dispatchEvent(new Event('input', { bubbles: true }));
    await flush();
    expect(root(el).querySelector('.fb-count')?.textContent).toBe('6/500');
    await submit(el);
    expect(texts(el, '.fb-error')).toEqual([MSG.phone]);
  });

  test('picking a gif or a 3 MB png shows the spec message and attaches nothing', async () => {
    const el = await mount('open');
    const input = root(el).querySelector('input[type="file"]') as HTMLInputElement;
    const choose = async (file: File) => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await flush();
    };
    await choose(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(toasts()).toContain('上传图片只能是图片格式!');
    await choose(new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(toasts()).toContain('上传图片大小不能超过 2MB!');
    expect(root(el).querySelector('.fb-image')).toBeNull();
  });
});
