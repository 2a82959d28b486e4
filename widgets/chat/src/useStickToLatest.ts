import { useRef, useState } from 'react';
import { SCROLL_BOTTOM_PX } from './logic.js';

/**
 * The message list's scroll: it follows the latest message while the reader is within 20 px of
 * it (`stick`); scrolled further up, 回到最新位置 shows (`farFromBottom`).
 */
export function useStickToLatest() {
  const listRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [farFromBottom, setFarFromBottom] = useState(false);

  const toBottom = () => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  const onScroll = () => {
    const el = listRef.current!;
    const far = el.scrollHeight - el.scrollTop - el.clientHeight > SCROLL_BOTTOM_PX;
    stick.current = !far;
    setFarFromBottom(far);
  };

  return { listRef, stick, farFromBottom, toBottom, onScroll };
}

export type StickToLatest = ReturnType<typeof useStickToLatest>;
