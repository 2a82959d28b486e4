import { useLayoutEffect, useRef, type RefObject } from 'react';
import { deepActiveElement } from './host.js';

export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open modals, innermost last: only the innermost one answers Escape.
const stack: object[] = [];
let savedOverflow = '';

/**
 * What makes a box modal while `open`: focus moves in (to what `initialFocus` gives, else the
 * box) and comes back on close, the page behind stops scrolling, Escape asks the innermost modal
 * to close. Returns the keydown handler for the box that keeps Tab inside it. The Dialog uses it,
 * and so does a widget's own panel (in a shadow root: focus is looked for through shadow roots).
 */
export function useModal(
  boxRef: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
  initialFocus?: () => HTMLElement | null,
): (e: { key: string; shiftKey: boolean; preventDefault(): void }) => void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const focusRef = useRef(initialFocus);
  focusRef.current = initialFocus;

  // A layout effect: Escape and the focus work from the moment the box is in the page (a passive
  // effect waits for the next frame in Preact, and a key pressed at once would be lost).
  useLayoutEffect(() => {
    if (!open) return;
    const token = {};
    stack.push(token);
    if (stack.length === 1) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    const previous = deepActiveElement() as HTMLElement | null;
    (focusRef.current?.() ?? boxRef.current)?.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && stack[stack.length - 1] === token) {
        e.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(token), 1);
      if (stack.length === 0) document.body.style.overflow = savedOverflow;
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  return (e) => {
    const box = boxRef.current;
    if (e.key !== 'Tab' || !box) return;
    const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = deepActiveElement();
    if (e.shiftKey && (active === first || active === box)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };
}
