// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { css } from 'lit';
import { createElement as h, useEffect, useState } from 'react';
import { apiBaseOf, camelCase, defineWidget, localeOf, themeColorOf, type WidgetProps } from './element.js';
import { api } from './session.js';
import { authApi } from './routes.gen.js';

type Probe = HTMLElement & { updateComplete: Promise<boolean> };

const log: string[] = [];

function Greeting({ userName, roomId, host }: WidgetProps<'user-name' | 'room-id'>) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    log.push('mounted');
    return () => void log.push('unmounted');
  }, []);
  return h(
    'div',
    null,
    h('p', { className: 'name' }, userName ?? '未设置'),
    h('p', { className: 'room' }, roomId ?? '无房间'),
    h(
      'button',
      {
        type: 'button',
        onClick: () => {
          setClicks((n) => n + 1);
          host.dispatchEvent(new CustomEvent('zp-click', { bubbles: true, composed: true }));
        },
      },
      `点击 ${clicks}`,
    ),
  );
}

const seen: Array<{ apiBase: string; themeColor?: string; locale: string }> = [];
function Common({ apiBase, themeColor, locale }: WidgetProps<'api-base'>) {
  seen.push({ apiBase, themeColor, locale });
  return h('button', { type: 'button', className: 'primary' }, `${apiBase}|${themeColor ?? ''}|${locale}`);
}
// 'api-base' listed by the widget as before: taken once, with the others.
defineWidget('zp-test-common', Common, {
  attributes: ['api-base'],
  styles: css`
    .primary {
      background: var(--zp-color-primary, rgb(1, 2, 3));
    }
  `,
});

defineWidget('zp-test-greeting', Greeting, {
  attributes: ['user-name', 'room-id'],
  styles: css`
    p {
      color: rgb(255, 0, 0);
    }
  `,
});

async function mount(html: string): Promise<Probe> {
  document.body.insertAdjacentHTML('beforeend', html);
  const el = document.body.lastElementChild as Probe;
  await el.updateComplete;
  return el;
}

const shadowText = (el: Element, selector: string) => el.shadowRoot!.querySelector(selector)?.textContent;

afterEach(async () => {
  document.body.replaceChildren();
  document.head.replaceChildren();
  await Promise.resolve();
  log.length = 0;
  seen.length = 0;
  vi.unstubAllGlobals();
});

describe('defineWidget', () => {
  test('attributes reach the component as camelCase props and changes re-render it', async () => {
    const el = await mount('<zp-test-greeting user-name="张三" room-id="888888"></zp-test-greeting>');
    expect(shadowText(el, '.name')).toBe('张三');
    expect(shadowText(el, '.room')).toBe('888888');

    el.setAttribute('user-name', '李四');
    el.removeAttribute('room-id');
    await el.updateComplete;
    expect(shadowText(el, '.name')).toBe('李四');
    expect(shadowText(el, '.room')).toBe('无房间');
  });

  test('renders into the shadow root only, and React events work there', async () => {
    const el = await mount('<zp-test-greeting user-name="张三"></zp-test-greeting>');
    expect(el.querySelector('p')).toBeNull();
    let heard = 0;
    document.body.addEventListener('zp-click', () => heard++);
    (el.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    await el.updateComplete;
    expect(shadowText(el, 'button')).toBe('点击 1');
    expect(heard).toBe(1);
  });

  test('styles apply inside the shadow root and neither leak out nor in', async () => {
    const page = document.createElement('style');
    page.textContent = 'p { color: rgb(0, 0, 255); }';
    document.head.append(page);
    document.body.insertAdjacentHTML('beforeend', '<p id="outside">页面</p>');
    const el = await mount('<zp-test-greeting></zp-test-greeting>');

    const inside = el.shadowRoot!.querySelector('p')!;
    expect(getComputedStyle(inside).color).toBe('rgb(255, 0, 0)');
    expect(getComputedStyle(document.getElementById('outside')!).color).toBe('rgb(0, 0, 255)');

    const headCss = [...document.head.querySelectorAll('style')].map((s) => s.textContent).join('');
    expect(headCss).not.toContain('255, 0, 0');
    const documentSheets = document.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText));
    expect(documentSheets.join('')).not.toContain('255, 0, 0');
  });

  test('removal unmounts the React tree; re-adding mounts it again', async () => {
    const el = await mount('<zp-test-greeting></zp-test-greeting>');
    expect(log).toEqual(['mounted']);
    el.remove();
    await Promise.resolve();
    expect(log).toEqual(['mounted', 'unmounted']);
    expect(el.shadowRoot!.querySelector('p')).toBeNull();

    document.body.append(el);
    await el.updateComplete;
    expect(log).toEqual(['mounted', 'unmounted', 'mounted']);
    expect(shadowText(el, '.name')).toBe('未设置');
  });

  test('moving the element within the page keeps its state', async () => {
    const el = await mount('<zp-test-greeting></zp-test-greeting>');
    (el.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    await el.updateComplete;
    const box = document.createElement('section');
    document.body.append(box);
    box.append(el);
    await Promise.resolve();
    expect(log).toEqual(['mounted']);
    expect(shadowText(el, 'button')).toBe('点击 1');
  });

  test('defining the same tag twice returns the first definition instead of throwing', () => {
    const first = customElements.get('zp-test-greeting');
    const again = defineWidget('zp-test-greeting', () => h('p', null, 'other'));
    expect(again).toBe(first);
  });

  test('camelCase maps kebab-case attribute names', () => {
    expect(camelCase('room-id')).toBe('roomId');
    expect(camelCase('api-base-url')).toBe('apiBaseUrl');
    expect(camelCase('open')).toBe('open');
  });
});

describe('common attributes', () => {
  const mountNode = (el: Element) => el.shadowRoot!.querySelector('[part="root"]') as HTMLElement;

  test('api-base, theme-color and locale reach every widget resolved, with defaults', async () => {
    const el = await mount('<zp-test-common></zp-test-common>');
    // Loaded from the page's own origin in tests: no partner origin.
    expect(seen.at(-1)).toEqual({ apiBase: '', themeColor: undefined, locale: 'zh-CN' });
    el.setAttribute('api-base', 'https://zp.example.com/');
    el.setAttribute('theme-color', '#C0392B');
    el.setAttribute('locale', 'en-us');
    await el.updateComplete;
    expect(seen.at(-1)).toEqual({ apiBase: 'https://zp.example.com', themeColor: '#C0392B', locale: 'en-US' });
    expect(mountNode(el).lang).toBe('en-US');
  });

  test('api-base configures the page\'s one API client', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request) => new Response(JSON.stringify({ code: 0, msg: 'success' }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await mount('<zp-test-common api-base="https://api.partner-test.cn"></zp-test-common>');
    await api.call(authApi.logout).catch(() => {});
    expect(String(fetch.mock.calls[0][0])).toMatch(/^https:\/\/api\.partner-test\.cn\/api\//);
  });

  test('theme-color sets the primary colour and its shades inside the shadow root; invalid or removed leaves the default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const el = await mount('<zp-test-common theme-color="#0a7d5a"></zp-test-common>');
    const root = mountNode(el);
    expect(root.style.getPropertyValue('--zp-color-primary')).toBe('#0a7d5a');
    expect(root.style.getPropertyValue('--zp-color-primary-soft')).toContain('#0a7d5a');
    expect(el.style.getPropertyValue('--zp-color-primary')).toBe(''); // nothing on the page's element

    el.setAttribute('theme-color', 'red; background: url(https://evil.example/x)');
    await el.updateComplete;
    expect(root.style.getPropertyValue('--zp-color-primary')).toBe('');
    expect(seen.at(-1)!.themeColor).toBeUndefined();
    expect(warn).toHaveBeenCalled();

    el.setAttribute('theme-color', 'rgb(200, 30, 30)');
    await el.updateComplete;
    expect(root.style.getPropertyValue('--zp-color-primary')).toBe('rgb(200, 30, 30)');
    el.removeAttribute('theme-color');
    await el.updateComplete;
    expect(root.style.getPropertyValue('--zp-color-primary')).toBe('');
    warn.mockRestore();
  });

  test('a hostile page rule on every element does not reach inside: the mount node inherits nothing', async () => {
    const page = document.createElement('style');
    page.textContent = '* { font-size: 40px !important; color: red }';
    document.head.append(page);
    const el = await mount('<zp-test-common></zp-test-common>');
    expect(getComputedStyle(el).fontSize).toBe('40px'); // the page owns the element itself
    const sheets = [...el.shadowRoot!.adoptedStyleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    expect(sheets).toMatch(/\[part="?'?root'?"?\]\s*\{[^}]*all: initial/);
  });

  test('validators', () => {
    expect(themeColorOf('#abc')).toBe('#abc');
    expect(themeColorOf('hsl(210 80% 40%)')).toBe('hsl(210 80% 40%)');
    expect(themeColorOf('SeaGreen')).toBe('seagreen');
    for (const bad of ['', '#abcd1', 'var(--x)', 'url(x)', 'red blue', 'transparent', 'expression(alert(1))', 'rgb(1,2,3);color:red']) expect(themeColorOf(bad)).toBeUndefined();
    expect(localeOf(undefined)).toBe('zh-CN');
    expect(localeOf('en-gb')).toBe('en-GB');
    expect(localeOf('not a locale!')).toBe('zh-CN');
    expect(apiBaseOf('https://zp.example.com/')).toBe('https://zp.example.com');
    expect(apiBaseOf('https://zp.example.com/platform/')).toBe('https://zp.example.com/platform');
    expect(apiBaseOf('javascript:alert(1)')).toBe('');
    expect(apiBaseOf('zp.example.com')).toBe('');
  });
});
