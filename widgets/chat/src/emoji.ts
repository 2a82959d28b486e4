/**
 * The 142 emoji codes (spec section 9): '[微笑]' in a text message shows as the image the widget
 * ships in dist/emoji/ (build.mjs writes e<index>.svg from Microsoft's Fluent Emoji, MIT, via
 * @iconify-json/fluent-emoji-flat). emoji.json pairs each name with its Fluent icon; only the
 * names and their order matter at run time.
 */
import pairs from './emoji.json';

export const EMOJI_NAMES: readonly string[] = (pairs as [string, string][]).map(([name]) => name);
const indexOf = new Map(EMOJI_NAMES.map((name, i) => [`[${name}]`, i]));

/** The image file of emoji `index`, relative to the widget's own script. */
const emojiFile = (index: number) => `emoji/e${index}.svg`;

/** The code a person types or picks for emoji `index`: its name in square brackets. */
export const emojiCode = (index: number) => `[${EMOJI_NAMES[index]}]`;

export type TextPart = { text: string } | { emoji: number; code: string };

/** A text message cut into plain runs and known emoji codes; unknown '[…]' stays text. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[[^[\]\n]{1,8}\]/g)) {
    const index = indexOf.get(match[0]);
    if (index === undefined) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ emoji: index, code: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Where the widget's files are: beside its own script, on the site or on a partner's page. */
const widgetBase = new URL('./', import.meta.url).href;

/** The absolute address of emoji `index`'s image. */
export const emojiUrl = (index: number) => new URL(emojiFile(index), widgetBase).href;
