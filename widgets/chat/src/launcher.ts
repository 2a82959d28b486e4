/**
 * <zp-chat> as a page first gets it: the floating button with the live unread badge, a few KB.
 * The panel (conversations, the chat SDK, calls: the Chat component as <zp-chat-panel>) loads on
 * first use: a click, a pointer over or focus on the button (fetched ahead), an open request from
 * the page (zp:chat-open), or a message only the full chat can handle (a call signal rings at
 * once). Until then the badge counts from a light connection to the chat service
 * (@zp/chat-sdk/light), which the panel's SDK takes over: one login, one instance per page.
 *
 * The element takes the same attributes as the panel (map-url, api-base, theme-color, locale)
 * and passes them on. Visitors: nothing on the platform's own site (they log in on its pages); on
 * a partner page the button, which opens the panel's login.
 */
import { $session, api, configureApi, type UserSession } from '@zp/core/session';
import { chatApi } from '@zp/core/routes';
import { apiBaseOf, partnerOrigin, themeColorOf, themeProperties } from '@zp/core/attributes';
import { OPEN_CONVERSATION_EVENT, hasPendingOpen, holdOpen, publishChatUnread, type OpenRequest } from '@zp/core/chat-open';
import { LightChat, setLightChat } from '@zp/chat-sdk/light';
import { tokensCss } from '@zp/ui/tokens';
import { badgeText } from '@zp/core/rules/badge';
import { titleWithUnread } from './badge.js';
import { launcherCss } from './launcher-css.js';
import { CHAT_TAG, PANEL_TAG } from './tags.js';
import { hasKeptCall } from './call/kept.js';

export { CHAT_TAG, PANEL_TAG };

export const CHAT_ATTRIBUTES = ['map-url', 'api-base', 'theme-color', 'locale'] as const;
/** After a light login that failed (the service restarting), the next try. */
const RETRY_MS = 5000;

type PanelElement = HTMLElement & { updateComplete?: Promise<unknown> };

const ICON =
  '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';

/**
 * Defines <zp-chat> (once per page); `loadPanel` imports the module that defines <zp-chat-panel>
 * (the widget's own chunk, or on the platform's site the widget's served panel script).
 */
export function defineChatLauncher(loadPanel: () => Promise<unknown>): CustomElementConstructor {
  const existing = customElements.get(CHAT_TAG);
  if (existing) return existing;
  let loading: Promise<unknown> | null = null;
  const load = () => (loading ??= loadPanel().then(() => customElements.whenDefined(PANEL_TAG)));

  class ZpChat extends HTMLElement {
    static observedAttributes = [...CHAT_ATTRIBUTES];

    #root: ShadowRoot;
    #wrap: HTMLDivElement;
    #button: HTMLButtonElement;
    #badge: HTMLSpanElement;
    #panel: PanelElement | null = null;
    #mounting: Promise<void> | null = null;
    #light: LightChat | null = null;
    #lightFor = '';
    #retry: ReturnType<typeof setTimeout> | undefined;
    #unsubscribe: (() => void) | null = null;
    #apiBase = '';

    constructor() {
      super();
      this.#root = this.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      // Custom elements are inline, and a page's rules on the element are not inherited inside (all: initial).
      style.textContent = `${tokensCss}:host{display:block}:host([hidden]){display:none}.zp-chat{all:initial;display:block;font:14px/1.5 var(--zp-font-family)}button{font:inherit;cursor:pointer}${launcherCss}`;
      this.#wrap = document.createElement('div');
      this.#wrap.className = 'zp-chat';
      this.#wrap.setAttribute('part', 'root');
      this.#button = document.createElement('button');
      this.#button.type = 'button';
      this.#button.className = 'launcher';
      this.#button.setAttribute('aria-label', '消息');
      this.#button.setAttribute('aria-expanded', 'false');
      this.#button.innerHTML = ICON;
      this.#badge = document.createElement('span');
      this.#badge.className = 'badge';
      this.#badge.dataset.testid = 'chat-badge';
      this.#badge.hidden = true;
      this.#button.append(this.#badge);
      this.#wrap.append(this.#button);
      this.#wrap.hidden = true;
      this.#root.append(style, this.#wrap);
      this.#button.addEventListener('click', () => void this.#open());
      // Fetched ahead when someone reaches for the button: the click then opens at once.
      for (const type of ['pointerenter', 'focus', 'touchstart'] as const) this.#button.addEventListener(type, () => void load().catch(() => undefined), { passive: true });
    }

    connectedCallback() {
      this.#applyAttributes();
      this.#unsubscribe ??= $session.subscribe((s) => this.#follow(s));
      window.addEventListener(OPEN_CONVERSATION_EVENT, this.#onOpenRequest);
      // A chat button clicked while this script was loading.
      if (hasPendingOpen()) void this.#mount();
    }

    disconnectedCallback() {
      window.removeEventListener(OPEN_CONVERSATION_EVENT, this.#onOpenRequest);
      this.#unsubscribe?.();
      this.#unsubscribe = null;
      this.#stopLight();
    }

    attributeChangedCallback(name: string, _old: string | null, value: string | null) {
      this.#applyAttributes();
      if (!this.#panel) return;
      if (value === null) this.#panel.removeAttribute(name);
      else this.#panel.setAttribute(name, value);
    }

    /** api-base configures the page's API client (as every widget does); theme-color colours the button. */
    #applyAttributes() {
      this.#apiBase = apiBaseOf(this.getAttribute('api-base')) || partnerOrigin();
      if (this.#apiBase) configureApi({ baseURL: this.#apiBase });
      const color = themeColorOf(this.getAttribute('theme-color'));
      this.#wrap.removeAttribute('style');
      if (color) for (const [k, v] of Object.entries(themeProperties(color))) this.#wrap.style.setProperty(k, v);
    }

    #follow(s: UserSession | null) {
      // A partner page offers its visitors the button (the panel logs them in); the site does not.
      this.#wrap.hidden = !s && !this.#apiBase;
      if (this.#panel) return;
      // A call under way before a reload: the panel's call layer takes it back at once.
      if (s && hasKeptCall(s.userId)) return void this.#mount();
      if (s?.userId === this.#lightFor) return;
      this.#stopLight();
      if (s) void this.#startLight(s.userId);
    }

    /** The badge's own login to the chat service (self-hosted); Tencent's service needs its SDK, so the panel comes. */
    async #startLight(userID: string) {
      this.#lightFor = userID;
      let sig: { userId: string; userSig: string; appID: number };
      try {
        sig = await api.call(chatApi.userSig);
      } catch {
        return this.#retryLight(userID);
      }
      if (this.#lightFor !== userID || this.#panel) return;
      if (sig.appID !== 0) return void this.#mount();
      const base = this.#apiBase || location.origin;
      const light = new LightChat({
        url: `${base.replace(/^http/, 'ws')}/api/chat/ws`,
        userID: sig.userId,
        userSig: sig.userSig,
        refresh: async () => {
          if ($session.get()?.userId !== userID) throw new Error('logged out');
          return (await api.call(chatApi.userSig)).userSig;
        },
        onCount: (n) => this.#show(n),
        onNeedsChat: () => void this.#mount(),
      });
      this.#light = light;
      setLightChat(light);
      light.ready.catch(() => {
        if (this.#light !== light || light.ended) return;
        this.#stopLight();
        this.#retryLight(userID);
      });
    }

    #retryLight(userID: string) {
      clearTimeout(this.#retry);
      this.#retry = setTimeout(() => {
        if (this.#panel || $session.get()?.userId !== userID) return;
        this.#lightFor = '';
        this.#follow($session.get());
      }, RETRY_MS);
    }

    #stopLight() {
      clearTimeout(this.#retry);
      this.#lightFor = '';
      const light = this.#light;
      this.#light = null;
      if (!light) return;
      setLightChat(null);
      light.stop();
      this.#show(0);
    }

    #show(count: number) {
      const text = badgeText(count);
      this.#badge.textContent = text;
      this.#badge.hidden = !text;
      document.title = titleWithUnread(document.title, count);
      publishChatUnread(count);
    }

    #onOpenRequest = (e: Event) => {
      if (this.#panel) return; // the panel listens itself
      // Kept for the panel, which takes it once it runs.
      holdOpen((e as CustomEvent<OpenRequest>).detail ?? {});
      void this.#mount();
    };

    /** The button: the panel's own button, clicked, does what it does (opens the chat, or the login). */
    async #open() {
      this.#button.setAttribute('aria-busy', 'true');
      try {
        await this.#mount();
      } finally {
        this.#button.removeAttribute('aria-busy');
      }
      (this.#panel?.shadowRoot?.querySelector('.launcher') as HTMLElement | null)?.click();
    }

    /** Loads the panel and puts it in place of this button; the panel's SDK takes the light connection over. */
    #mount(): Promise<void> {
      return (this.#mounting ??= (async () => {
        try {
          await load();
        } catch (err) {
          this.#mounting = null;
          loading = null;
          console.warn('[chat]', err);
          return;
        }
        const panel = document.createElement(PANEL_TAG) as PanelElement;
        for (const name of CHAT_ATTRIBUTES) {
          const value = this.getAttribute(name);
          if (value !== null) panel.setAttribute(name, value);
        }
        this.#panel = panel;
        this.#light = null; // the panel's now (or it logs in anew)
        clearTimeout(this.#retry);
        window.removeEventListener(OPEN_CONVERSATION_EVENT, this.#onOpenRequest);
        // The panel's own button takes this one's place (one button on the page at any time).
        this.#wrap.remove();
        this.#root.append(panel);
        await panel.updateComplete;
      })());
    }
  }

  customElements.define(CHAT_TAG, ZpChat);
  return ZpChat;
}
