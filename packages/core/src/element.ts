/**
 * The custom-element wrapper every widget uses: a lit ReactiveElement that owns a shadow root,
 * adopts the widget's styles there and renders a React component into it.
 *
 *   defineWidget('zp-feedback', Feedback, { attributes: ['login-role'], styles: css`...` })
 *
 * The component gets one string prop per observed attribute (kebab-case → camelCase, undefined
 * when absent) plus `host`, the element itself, for dispatching DOM events to the partner page.
 *
 * Every widget also takes the common attributes, handled here once:
 *   api-base     the platform's origin (API and site pages); default: where the widget's script
 *                came from when that is another origin than the page's (partnerOrigin), else ''.
 *                Configures the one API client of the page. Reaches the component as `apiBase`.
 *   theme-color  a CSS colour for primary buttons and accents (--zp-color-primary and its hover
 *                and soft shades, on the shadow root's mount node); an invalid value is ignored.
 *   locale       BCP 47 tag for dates and numbers (Intl), 'zh-CN' by default; the words stay
 *                Chinese (the only language the product has). Reaches the component as `locale`.
 */
import { ReactiveElement, css, type CSSResultGroup, type PropertyDeclarations, type PropertyValues } from 'lit';
import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { configureApi } from './session.js';
import { apiBaseOf, localeOf, partnerOrigin, themeColorOf, themeProperties, DEFAULT_LOCALE } from './attributes.js';

export { apiBaseOf, localeOf, partnerOrigin, themeColorOf, themeProperties, DEFAULT_LOCALE };

/** 'room-id' → 'roomId', at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type AttributeProps<A extends string> = { [K in A as CamelCase<K>]?: string };

/** Attributes every widget takes (see the top of this file). */
export const COMMON_ATTRIBUTES = ['api-base', 'theme-color', 'locale'] as const;
export type CommonAttribute = (typeof COMMON_ATTRIBUTES)[number];

export interface CommonProps {
  host: HTMLElement;
  /** The platform's origin without a trailing slash ('' on the platform's own site). */
  apiBase: string;
  /** The validated theme colour, undefined when none or invalid. */
  themeColor?: string;
  /** A locale Intl supports; 'zh-CN' by default. */
  locale: string;
}

export type WidgetProps<A extends string = never> = AttributeProps<Exclude<A, CommonAttribute>> & CommonProps;

export interface WidgetOptions<A extends string> {
  /** Observed attributes, kebab-case; each becomes a camelCase string prop. */
  attributes?: readonly A[];
  /** The widget's CSS (lit `css` tag); it lives only in the shadow root. */
  styles?: CSSResultGroup;
}

export function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

// Custom elements are inline by default; a widget is a block unless its styles say otherwise.
// A partner page's rules on the element itself ('* { font-size: 40px !important; color: red }')
// beat :host and would be inherited by everything inside: the mount node inherits nothing (all:
// initial keeps custom properties, the ui tokens) and sets the widget's own base instead.
const baseStyles = css`
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
  [part='root'] {
    all: initial;
    display: contents;
    font-family: var(--zp-font-family, system-ui, sans-serif);
    font-size: var(--zp-font-size, 14px);
    line-height: var(--zp-line-height, 1.5);
    color: var(--zp-color-text, #1f2329);
    text-align: left;
  }
`;

const THEME_PROPERTY_NAMES = Object.keys(themeProperties('#000'));

/**
 * Registers `tagName` once. A second call (the same bundle loaded twice on a partner page)
 * returns the element already registered instead of throwing.
 */
export function defineWidget<const A extends string = never>(
  tagName: string,
  Component: ComponentType<WidgetProps<A>>,
  options: WidgetOptions<A> = {},
): CustomElementConstructor {
  const existing = customElements.get(tagName);
  if (existing) return existing;

  const own = (options.attributes ?? []).filter((a) => !(COMMON_ATTRIBUTES as readonly string[]).includes(a));
  const attributes = [...own, ...COMMON_ATTRIBUTES].map((attribute) => ({ attribute, prop: camelCase(attribute) }));
  const properties: PropertyDeclarations = Object.fromEntries(
    attributes.map(({ attribute, prop }) => [prop, { type: String, attribute }]),
  );

  class Widget extends ReactiveElement {
    static override properties = properties;
    static override styles = [baseStyles, options.styles ?? []];

    #root: Root | null = null;
    #mount: HTMLElement | null = null;
    #theme: string | undefined;

    override connectedCallback(): void {
      super.connectedCallback();
      // Reconnected after the React tree was unmounted: render it again.
      if (!this.#root) this.requestUpdate();
    }

    protected override update(changed: PropertyValues): void {
      super.update(changed);
      if (!this.isConnected) return;
      if (!this.#root) {
        // A dedicated mount node: lit may put <style> fallbacks beside it in the shadow root.
        this.#mount = document.createElement('div');
        this.#mount.setAttribute('part', 'root');
        this.renderRoot.appendChild(this.#mount);
        this.#root = createRoot(this.#mount);
      }
      const props: Record<string, unknown> = { host: this };
      for (const { prop } of attributes) props[prop] = (this as unknown as Record<string, unknown>)[prop];
      const common = this.#common(props);
      Object.assign(props, common);
      const root = this.#root;
      // Synchronous, so that `await element.updateComplete` means the widget's DOM is current.
      flushSync(() => root.render(createElement(Component as ComponentType<Record<string, unknown>>, props)));
    }

    /** The common attributes resolved, and applied where they act outside the component. */
    #common(props: Record<string, unknown>): Omit<CommonProps, 'host'> {
      const apiBase = apiBaseOf(props.apiBase as string | undefined) || partnerOrigin();
      // One API client per page (the session core's): the platform's origin when it is elsewhere.
      if (apiBase) configureApi({ baseURL: apiBase });
      const themeColor = themeColorOf(props.themeColor as string | undefined);
      if (props.themeColor && !themeColor) console.warn(`<${tagName}>: theme-color "${String(props.themeColor)}" is not a colour; ignored`);
      const mount = this.#mount!;
      if (themeColor !== this.#theme) {
        const shades = themeColor ? themeProperties(themeColor) : null;
        for (const name of THEME_PROPERTY_NAMES) {
          if (shades) mount.style.setProperty(name, shades[name]);
          else mount.style.removeProperty(name);
        }
        this.#theme = themeColor;
      }
      const locale = localeOf(props.locale as string | undefined);
      mount.lang = locale;
      return { apiBase, themeColor, locale };
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      // Deferred: a page that moves the element (remove + insert in one task) keeps its state;
      // a real removal unmounts, running the component's effect clean-ups.
      queueMicrotask(() => {
        if (this.isConnected || !this.#root) return;
        this.#root.unmount();
        this.#root = null;
        this.#mount?.remove();
        this.#mount = null;
        this.#theme = undefined;
      });
    }
  }

  customElements.define(tagName, Widget);
  return Widget;
}
