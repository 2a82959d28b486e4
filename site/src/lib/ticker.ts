/**
 * The one-line tickers (notices on the home page, the hall's 会场动态): one line at a time, moving
 * up every 3 s; paused while pointed at or focused, still for people who ask for less motion.
 */
export function rotateTickers(selector: string, lineHeight = 36) {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const win of document.querySelectorAll<HTMLElement>(selector)) {
    const list = win.querySelector('ul');
    const count = list?.children.length ?? 0;
    if (!list || count < 2) continue;
    let i = 0;
    let paused = false;
    for (const [type, value] of [['mouseenter', true], ['mouseleave', false], ['focusin', true], ['focusout', false]] as const) {
      win.addEventListener(type, () => (paused = value));
    }
    setInterval(() => {
      if (paused) return;
      i = (i + 1) % count;
      list.style.transform = `translateY(${-lineHeight * i}px)`;
    }, 3000);
  }
}
