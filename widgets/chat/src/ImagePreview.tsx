import { useRef, useState } from 'react';
import { useModal } from '@zp/ui';
import { zoomed } from './logic.js';

/** Image previewer: zoom ±0.1 (min 0.1), rotate 90°, previous/next, counter. */
export function ImagePreview({ urls, start, onClose }: { urls: string[]; start: number; onClose: () => void }) {
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const [rotate, setRotate] = useState(0);
  const go = (step: number) => {
    setIndex((i) => (i + step + urls.length) % urls.length);
    setScale(1);
    setRotate(0);
  };
  // Modal over the panel: Escape closes the preview only, focus comes back to the picture.
  const box = useRef<HTMLDivElement>(null);
  const trapTab = useModal(box, true, onClose);
  return (
    <div className="preview" role="dialog" aria-modal="true" aria-label="图片预览" tabIndex={-1} ref={box} onKeyDown={trapTab} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <img src={urls[index]} alt="预览" style={{ transform: `scale(${scale}) rotate(${rotate}deg)` }} />
      <div className="preview-bar">
        <button type="button" onClick={() => go(-1)} aria-label="上一张">‹</button>
        <span className="counter">{index + 1} / {urls.length}</span>
        <button type="button" onClick={() => go(1)} aria-label="下一张">›</button>
        <button type="button" onClick={() => setScale((s) => zoomed(s, -1))} aria-label="缩小">−</button>
        <button type="button" onClick={() => setScale((s) => zoomed(s, 1))} aria-label="放大">+</button>
        <button type="button" onClick={() => setRotate((r) => r + 90)} aria-label="旋转">⟳</button>
        <button type="button" onClick={onClose} aria-label="关闭预览">×</button>
      </div>
    </div>
  );
}
