/**
 * client:session — hydrate an island at once for a logged-in person (it shows their state: name,
 * badge, sign-up marks), otherwise on first intent (pointer over, focus, touch). A visitor's page
 * then loads no framework JavaScript until they reach for a control; the server-rendered HTML
 * (links, text) works before that. A click on a button that lands before the island is live is
 * held and replayed on the same button once it is.
 */
import type { ClientDirective } from 'astro';

const SESSION_KEY = 'zp:session';

function loggedIn(): boolean {
  try {
    const s = JSON.parse(localStorage.getItem(SESSION_KEY) || 'null') as { token?: string } | null;
    return !!s?.token;
  } catch {
    return false;
  }
}

/** Child-index path from the island root to a node, to find "the same button" after hydration. */
function pathTo(root: Element, node: Element): number[] {
  const path: number[] = [];
  for (let n: Element | null = node; n && n !== root; n = n.parentElement) {
    const parent: Element | null = n.parentElement;
    if (!parent) break;
    path.unshift([...parent.children].indexOf(n));
  }
  return path;
}

function follow(root: Element, path: number[]): Element | null {
  let n: Element | null = root;
  for (const i of path) n = n?.children[i] ?? null;
  return n;
}

const sessionDirective: ClientDirective = (load, _options, el) => {
  let started: Promise<void> | null = null;
  const intents = ['pointerover', 'focusin', 'touchstart'] as const;
  const start = () => {
    started ??= (async () => {
      for (const type of intents) el.removeEventListener(type, start);
      const hydrate = await load();
      await hydrate();
    })();
    return started;
  };
  const onClick = (e: Event) => {
    if (el.hasAttribute('ssr') === false) return; // live: React has it
    const target = (e.target as Element | null)?.closest('button, [role="button"], input, select, label');
    if (!target || !el.contains(target)) return; // links and text work without the island
    e.preventDefault();
    e.stopPropagation();
    const path = pathTo(el, target);
    void start().then(() => {
      (follow(el, path) as HTMLElement | null)?.click();
    });
  };

  if (loggedIn()) {
    void start();
    return;
  }
  for (const type of intents) el.addEventListener(type, start, { once: true, passive: true });
  el.addEventListener('click', onClick, true);
};

export default sessionDirective;
