/**
 * A job search box with suggestions (the home page's and the job search page's): as a person
 * types, their recent searches that hold the text and the titles of jobs on offer
 * (searchApi.suggest); with nothing typed, their recent searches. An ARIA combobox: arrows move
 * through the list, Enter takes the chosen one (or searches for what was typed), Escape closes it.
 * The box is plain HTML that works without this script (a GET form); the API client is loaded
 * on the first keystroke, so a visitor who never types loads none of it.
 */
import { forgetSearches, matchingRecent, recentSearches, rememberSearch, rememberSearchCity } from './recent-searches';

const DEBOUNCE_MS = 150;
const CLEAR = '\u0000clear';

interface Item {
  value: string;
  kind: 'recent' | 'title' | 'clear';
}

let titlesOf: ((key: string) => Promise<string[]>) | null = null;
async function fetchTitles(key: string): Promise<string[]> {
  if (!titlesOf) {
    const [{ api }, { searchApi }] = await Promise.all([import('@zp/core/session'), import('@zp/core/routes')]);
    titlesOf = async (k) => (await api.call(searchApi.suggest, { query: { key: k } })).list;
  }
  return titlesOf(key);
}

/** The small clock before a recent search. */
function clockIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'suggest__icon');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M8 1.75a6.25 6.25 0 1 1 0 12.5 6.25 6.25 0 0 1 0-12.5zM8 4.5V8l2.5 1.5');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '1.5');
  path.setAttribute('stroke-linecap', 'round');
  svg.append(path);
  return svg;
}

/**
 * Makes `form`'s keyword input (name="val") a combobox with a suggestion list; its city select
 * (name="city"), when present, is remembered with each search.
 */
export function attachSearchBox(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="val"]');
  const list = form.querySelector<HTMLUListElement>('[data-suggestions]');
  if (!input || !list) return;
  const city = form.querySelector<HTMLSelectElement>('select[name="city"]');
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  input.autocomplete = 'off';

  let items: Item[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;

  const optionId = (i: number) => `${list.id}-${i}`;
  const close = () => {
    items = [];
    active = -1;
    list.hidden = true;
    list.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };
  const render = () => {
    if (!items.length) return close();
    list.replaceChildren(
      ...items.map((item, i) => {
        const li = document.createElement('li');
        li.id = optionId(i);
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(i === active));
        li.className = `suggest suggest--${item.kind}`;
        if (item.kind === 'recent') {
          const hint = document.createElement('span');
          hint.className = 'zp-visually-hidden';
          hint.textContent = '最近搜索：';
          li.append(clockIcon(), hint);
        }
        li.append(item.kind === 'clear' ? '清除搜索记录' : item.value);
        // mousedown, not click: the input keeps the focus, so the list does not close first
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          choose(i);
        });
        return li;
      }),
    );
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    if (active >= 0) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
  };

  const show = async () => {
    const typed = input.value.trim();
    const recent = matchingRecent(typed, recentSearches());
    const ask = ++asked;
    const base: Item[] = recent.map((value) => ({ value, kind: 'recent' }));
    if (!typed) {
      items = base.length ? [...base, { value: CLEAR, kind: 'clear' }] : [];
      active = -1;
      return render();
    }
    items = base;
    active = -1;
    render();
    try {
      const titles = await fetchTitles(typed);
      if (ask !== asked) return; // a later keystroke asked again
      const seen = new Set([typed.toLowerCase(), ...recent.map((r) => r.toLowerCase())]);
      items = [...base, ...titles.filter((t) => !seen.has(t.toLowerCase())).map((value): Item => ({ value, kind: 'title' }))];
      render();
    } catch {
      // suggestions are a help: the search itself still works
    }
  };

  const choose = (i: number) => {
    const item = items[i];
    if (!item) return;
    if (item.kind === 'clear') {
      forgetSearches();
      close();
      return;
    }
    input.value = item.value;
    close();
    form.requestSubmit();
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void show(), DEBOUNCE_MS);
  });
  input.addEventListener('focus', () => void show());
  input.addEventListener('blur', () => {
    clearTimeout(timer);
    close();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (list.hidden) {
        void show();
        return;
      }
      e.preventDefault();
      const n = items.length;
      active = e.key === 'ArrowDown' ? (active + 1) % n : (active - 1 + n) % n;
      render();
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && !list.hidden) {
      e.preventDefault();
      close();
    }
  });
  // No empty fields in the address (全国, no keyword): one address per search.
  form.addEventListener('formdata', (e) => {
    for (const [k, v] of [...e.formData.entries()]) if (v === '') e.formData.delete(k);
  });
  form.addEventListener('submit', () => {
    rememberSearch(input.value);
    if (city) rememberSearchCity(city.value);
  });
}
