import { createContext, useContext, type ReactNode } from 'react';
import { Dialog, type DialogProps } from '@zp/ui';

/** The element inside the widget's shadow root where its dialogs render, beside the panel. */
export const DialogLayer = createContext<Element | null>(null);

/**
 * A dialog of the chat panel (create group, quick start): the one @zp/ui Dialog, rendered inside
 * the widget's shadow root so its styles come along and a partner page's CSS stays out.
 */
export function PanelDialog(props: Omit<DialogProps, 'container'> & { children: ReactNode }) {
  const layer = useContext(DialogLayer);
  return layer ? <Dialog {...props} container={layer} /> : null;
}
