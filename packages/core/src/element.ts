/**
 * The custom-element wrapper every widget uses: a lit ReactiveElement that owns a shadow root,
 * adopts the widget's styles there and renders a React component into it.
 *
 *   defineWidget('zp-feedback', Feedback, { attributes: ['login-role'], styles: css`...` })
 *
 * The component gets one string prop per observed attribute (kebab-case → camelCase, undefined
 * when absent) plus `host`, the element itself, for dispatching DOM events to the partner page.
 */
import { ReactiveElement, css, type CSSResultGroup, type PropertyDeclarations, type PropertyValues } from 'lit';
import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

/** 'room-id' → 'roomId', at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type AttributeProps<A extends string> = { [K in A as CamelCase<K>]?: string };

export type WidgetProps<A extends string = never> = AttributeProps<A> & { host: HTMLElement };

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
const baseStyles = css`
  :host {
    display: block;
  }
  :host([hidden]) {
    display: none;
  }
`;

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

  const attributes = (options.attributes ?? []).map((attribute) => ({ attribute, prop: camelCase(attribute) }));
  const properties: PropertyDeclarations = Object.fromEntries(
    attributes.map(({ attribute, prop }) => [prop, { type: String, attribute }]),
  );

  class Widget extends ReactiveElement {
    static override properties = properties;
    static override styles = [baseStyles, options.styles ?? []];

    #root: Root | null = null;
    #mount: HTMLElement | null = null;

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
      const root = this.#root;
      // Synchronous, so that `await element.updateComplete` means the widget's DOM is current.
      flushSync(() => root.render(createElement(Component as ComponentType<Record<string, unknown>>, props)));
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
      });
    }
  }

  customElements.define(tagName, Widget);
  return Widget;
}

/**
 * The platform's origin when a widget's script was loaded from it onto another site's page (a
 * partner page): the API and the site's pages are there, not on the page's own origin. '' on the
 * platform's own site. (Every chunk of a widget is served from the one origin.)
 */
export function partnerOrigin(): string {
  if (typeof location === 'undefined') return '';
  const script = new URL(import.meta.url);
  return /^https?:$/.test(script.protocol) && script.origin !== location.origin ? script.origin : '';
}
