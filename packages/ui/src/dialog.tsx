import { useEffect, useId, useInsertionEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { ensureDocumentStyles } from './styles.js';
import { deepActiveElement } from './host.js';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Asked to close: Escape, the × button or a click on the mask. */
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  /** CSS width, e.g. 420 or '80%'. */
  width?: number | string;
  closeOnMask?: boolean;
  showClose?: boolean;
  /** What gets focus on open; the first field or button inside otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra class on the dialog box. */
  className?: string;
  role?: 'dialog' | 'alertdialog';
  /** Where it renders; document.body by default (its content may use the page's own styles). */
  container?: Element;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open dialogs, innermost last: only the innermost one answers Escape.
const stack: object[] = [];
let savedOverflow = '';

/**
 * A modal dialog rendered into document.body (outside any widget's shadow root, like the
 * legacy UI's dialogs). Keeps focus inside while open and gives it back on close.
 */
export function Dialog({ open, title, onClose, children, footer, width, closeOnMask = true, showClose = true, initialFocus, className, role = 'dialog', container }: DialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const maskDown = useRef(false);

  // In document.body the dialog needs the ui styles in the document; a container elsewhere (a
  // widget's shadow root, the overlay layer) carries them itself, and the page stays untouched.
  useInsertionEffect(() => {
    if (!container) ensureDocumentStyles();
  }, [container]);

  useEffect(() => {
    if (!open) return;
    const token = {};
    stack.push(token);
    if (stack.length === 1) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    const previous = deepActiveElement() as HTMLElement | null;
    const box = boxRef.current;
    const inside = (part: string) => box?.querySelector(part)?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
    const target = initialFocus?.current ?? inside('.zp-dialog__body') ?? inside('.zp-dialog__footer') ?? box;
    target?.focus();

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
  }, [open, initialFocus]);

  if (!open || typeof document === 'undefined') return null;

  const trapTab = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab' || !boxRef.current) return;
    const items = [...boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = deepActiveElement();
    if (e.shiftKey && (active === first || active === boxRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="zp-mask"
      onMouseDown={(e) => (maskDown.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (closeOnMask && maskDown.current && e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={boxRef}
        className={['zp-dialog', className].filter(Boolean).join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={width !== undefined ? { maxWidth: typeof width === 'number' ? `${width}px` : width } : undefined}
        onKeyDown={trapTab}
      >
        <div className="zp-dialog__header">
          <h2 className="zp-dialog__title" id={titleId}>
            {title}
          </h2>
          {showClose ? (
            <button type="button" className="zp-close" aria-label="关闭" onClick={onClose}>
              ×
            </button>
          ) : null}
        </div>
        {children !== undefined ? <div className="zp-dialog__body">{children}</div> : null}
        {footer ? <div className="zp-dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    container ?? document.body,
  );
}
