import { useEffect, useRef } from 'react';
import { EMOJI_NAMES, emojiCode, emojiUrl } from './emoji.js';

/** The emoji picker of the send box: 142 codes; a click hands the code to the text area. Escape or a click outside closes it. */
export function EmojiPicker({ onPick, onClose }: { onPick: (code: string) => void; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
    // The picker lives in the shadow root: composedPath() tells whether a click was inside it.
    const outside = (e: MouseEvent) => {
      if (ref.current && !e.composedPath().includes(ref.current)) onClose();
    };
    const timer = setTimeout(() => document.addEventListener('click', outside), 0);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', outside);
    };
  }, []);
  return (
    <div className="emoji-picker" role="dialog" aria-label="选择表情" ref={ref} onKeyDown={(e) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    }}>
      {EMOJI_NAMES.map((name, i) => (
        <button key={name} type="button" title={name} aria-label={emojiCode(i)} onClick={() => onPick(emojiCode(i))}>
          <img src={emojiUrl(i)} alt="" loading="lazy" width={24} height={24} draggable={false} />
        </button>
      ))}
    </div>
  );
}
