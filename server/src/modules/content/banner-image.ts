/**
 * The picture of a banner without an uploaded image: an SVG drawn from its title, subtitle and
 * colour, sized for its slot (the home page shows the four slots 212, 285, 212 and 141 px high).
 */
const SLOT_HEIGHTS: Record<string, number> = { b_01: 212, b_02: 285, b_03: 212, b_04: 141 };
const WIDTH = 1200;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A lighter or darker shade of #rrggbb (amount -1..1). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  );
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Rough width of a text in em: CJK characters are square, Latin ones about half as wide. */
const ems = (text: string) => [...text].reduce((w, c) => w + (c.charCodeAt(0) < 0x2e80 ? 0.56 : 1), 0);
/** The largest size up to `preferred` at which the text fits in `width` px. */
const fitText = (text: string, preferred: number, width: number) => Math.max(10, Math.min(preferred, Math.floor(width / Math.max(1, ems(text)))));

/**
 * The words of a banner at one scale: a bar, the title and the subtitle. `cls` names the group,
 * which the picture's own media query shows on wide or on narrow screens.
 */
function words(cls: string, b: { title: string; subtitle: string }, h: number, titleSize: number, subSize: number, gap: number, font: string, top = 0.48): string {
  const titleY = b.subtitle ? h * top : h * 0.58;
  return `<g class="${cls}">
<rect x="${h * 0.35}" y="${titleY - titleSize * 1.15}" width="${Math.max(6, h * 0.03)}" height="${titleSize * 1.35}" fill="#ffffff" fill-opacity="0.85"/>
<text x="${h * 0.35 + 24}" y="${titleY}" font-family="${font}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(b.title)}</text>
${b.subtitle ? `<text x="${h * 0.35 + 24}" y="${titleY + subSize * gap}" font-family="${font}" font-size="${subSize}" fill="#ffffff" fill-opacity="0.9">${escapeXml(b.subtitle)}</text>` : ''}
</g>`;
}

/**
 * On a phone the 1200-unit-wide picture is shown about 340 px wide, and words drawn for a
 * laptop shrink below reading size. The SVG carries a second, larger set of words and its own
 * media query (evaluated against the picture's rendered width) picks the set that reads.
 */
const NARROW_PX = 600;
/** Sizes in picture units that render as about 18 px (title) and 12 px (subtitle) at 340 px wide. */
const NARROW_TITLE = 63;
const NARROW_SUB = 42;

export function bannerSvg(b: { slot: string; title: string; subtitle: string; color: string }): string {
  const h = SLOT_HEIGHTS[b.slot] ?? 212;
  const color = /^#[0-9a-fA-F]{6}$/.test(b.color) ? b.color : '#c0392b';
  const room = WIDTH - h * 0.35 - 24 - 40;
  const font = `'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif`;
  const wide = words('wide', b, h, fitText(b.title, Math.round(h * 0.2), room), fitText(b.subtitle, Math.max(16, Math.round(h * 0.09)), room), 2, font);
  // The larger set, kept within the picture's height (the 141-unit slot is the tightest).
  const narrowTitle = fitText(b.title, Math.min(NARROW_TITLE, Math.round(h * (b.subtitle ? 0.36 : 0.45))), room);
  const narrowSub = fitText(b.subtitle, Math.min(NARROW_SUB, Math.round(h * 0.22)), room);
  // Higher up than on a laptop: the carousel's dots sit over the bottom of a phone-sized picture.
  const narrow = words('narrow', b, h, narrowTitle, narrowSub, 1.7, font, 0.42);
  // Unique per picture, so that several inlined in one page keep their own colours.
  const gid = `bg${color.slice(1)}${b.slot}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${h}" viewBox="0 0 ${WIDTH} ${h}" role="img" aria-label="${escapeXml(b.title)}">
<style>.narrow{display:none}@media (max-width:${NARROW_PX}px){.wide{display:none}.narrow{display:inline}}</style>
<defs>
<linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(color, 0.12)}"/><stop offset="1" stop-color="${shade(color, -0.28)}"/></linearGradient>
</defs>
<rect width="${WIDTH}" height="${h}" fill="url(#${gid})"/>
<circle cx="${WIDTH - h * 0.4}" cy="${h * 0.15}" r="${h * 0.75}" fill="#ffffff" fill-opacity="0.08"/>
<circle cx="${WIDTH - h * 1.3}" cy="${h * 1.05}" r="${h * 0.55}" fill="#ffffff" fill-opacity="0.06"/>
${wide}
${narrow}
</svg>`;
}
