import { emojiUrl, textParts } from './emoji.js';

/** Message text with its emoji codes shown as the shipped images (the code stays as alt text, so copying keeps it). */
export function EmojiText({ text }: { text: string }) {
  // Each image is keyed by where its code starts in the text: the same code may come twice.
  let at = 0;
  return (
    <span className="text">
      {textParts(text).map((part) => {
        const start = at;
        at += 'emoji' in part ? part.code.length : part.text.length;
        return 'emoji' in part ? <img key={start} className="emoji" src={emojiUrl(part.emoji)} alt={part.code} title={part.code} draggable={false} /> : part.text;
      })}
    </span>
  );
}
