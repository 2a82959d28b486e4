import { emojiUrl, textParts } from './emoji.js';

/** Message text with its emoji codes shown as the shipped images (the code stays as alt text, so copying keeps it). */
export function EmojiText({ text }: { text: string }) {
  return (
    <span className="text">
      {textParts(text).map((part, i) =>
        'emoji' in part ? <img key={i} className="emoji" src={emojiUrl(part.emoji)} alt={part.code} title={part.code} draggable={false} /> : part.text,
      )}
    </span>
  );
}
