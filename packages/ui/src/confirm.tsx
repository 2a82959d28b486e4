import { useRef, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Dialog } from './dialog.js';
import { Button } from './button.js';
import { ToneIcon, type Tone } from './icons.js';
import { overlayLayer } from './host.js';

export interface ConfirmOptions {
  message: ReactNode;
  title?: string;
  confirmText?: string;
  cancelText?: string;
  /** Icon before the message; 'warning' by default. */
  type?: Tone;
  /** Red confirm button, for destructive actions. */
  danger?: boolean;
}

function ConfirmDialog({ options, container, onDone }: { options: ConfirmOptions; container: Element; onDone: (ok: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const finish = (ok: boolean) => {
    setOpen(false);
    onDone(ok);
  };
  return (
    <Dialog
      open={open}
      role="alertdialog"
      container={container}
      title={options.title ?? '提示'}
      width={420}
      closeOnMask={false}
      initialFocus={confirmRef}
      onClose={() => finish(false)}
      footer={
        <>
          <Button onClick={() => finish(false)}>{options.cancelText ?? '取消'}</Button>
          <Button ref={confirmRef} variant={options.danger ? 'danger' : 'primary'} onClick={() => finish(true)}>
            {options.confirmText ?? '确定'}
          </Button>
        </>
      }
    >
      <div className="zp-confirm__content">
        <ToneIcon tone={options.type ?? 'warning'} />
        <div>{options.message}</div>
      </div>
    </Dialog>
  );
}

/**
 * Asks a yes/no question: `if (await confirm({message: '未登录，请您登录后，进行报名。', confirmText: '去登录'})) …`.
 * Resolves true on the confirm button, false on cancel, ×, or Escape.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  if (typeof document === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    // In the overlay layer, like the toasts: a partner page's CSS cannot restyle the question.
    const layer = overlayLayer();
    const container = document.createElement('div');
    layer.appendChild(container);
    const root = createRoot(container);
    root.render(
      <ConfirmDialog
        options={options}
        container={layer}
        onDone={(ok) => {
          resolve(ok);
          // After React has committed the close (focus goes back to where it was).
          setTimeout(() => {
            root.unmount();
            container.remove();
          });
        }}
      />,
    );
  });
}
