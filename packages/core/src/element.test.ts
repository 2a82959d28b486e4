// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import { css } from 'lit';
import { createElement as h, useEffect, useState } from 'react';
import { camelCase, defineWidget, type WidgetProps } from './element.js';

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
        onClick: () => {
          setClicks((n) => n + 1);
          host.dispatchEvent(new CustomEvent('zp-click', { bubbles: true, composed: true }));
        },
      },
      `点击 ${clicks}`,
    ),
  );
}

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
