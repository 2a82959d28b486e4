import { useId, useInsertionEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { ensureDocumentStyles } from './styles.js';
import { FOCUSABLE, useModal } from './modal.js';

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

/**
 * A modal dialog rendered into document.body (outside any widget's shadow root, like the
 * legacy UI's dialogs). Keeps focus inside while open and gives it back on close.
 */
export function Dialog({ open, title, onClose, children, footer, width, closeOnMask = true, showClose = true, initialFocus, className, role = 'dialog', container }: DialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const maskDown = useRef(false);

  // In document.body the dialog needs the ui styles in the document; a container elsewhere (a
  // widget's shadow root, the overlay layer) carries them itself, and the page stays untouched.
  useInsertionEffect(() => {
    if (!container) ensureDocumentStyles();
  }, [container]);

  const trapTab = useModal(boxRef, open, onClose, () => {
    const box = boxRef.current;
    const inside = (part: string) => box?.querySelector(part)?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
    return initialFocus?.current ?? inside('.zp-dialog__body') ?? inside('.zp-dialog__footer') ?? box;
  });

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes, as Escape and the × button do for the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: the same backdrop click; Escape is useModal's
    <div
      className="zp-mask"
      onMouseDown={(e) => (maskDown.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (closeOnMask && maskDown.current && e.target === e.currentTarget) onClose();
      }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: role is 'dialog' or 'alertdialog' (the prop); its keydown traps Tab */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal fits both roles the prop allows */}
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
