import { failureText } from '@zp/core/client';
import { ToneIcon, type Tone } from './icons.js';
import { ensureHost, newId, sharedFeed, useFeed } from './host.js';

/** How long a message toast stays (spec section 9: message toast 2 s). */
export const MESSAGE_DURATION = 2000;

export type MessageType = Tone;
interface Item {
  id: number;
  type: MessageType;
  text: string;
}

const feed = sharedFeed<Item>('messages');

function Messages() {
  const items = useFeed(feed);
  return (
    <div className="zp-messages" aria-live="polite">
      {items.map((m) => (
        <div key={m.id} className={`zp-message zp-message--${m.type}`} role={m.type === 'error' ? 'alert' : 'status'}>
          <ToneIcon tone={m.type} />
          <span>{m.text}</span>
        </div>
      ))}
    </div>
  );
}

function show(type: MessageType, text: string, options: { duration?: number } = {}): () => void {
  ensureHost(feed, <Messages />);
  const id = newId();
  feed.set([...feed.get(), { id, type, text }]);
  const close = () => feed.set(feed.get().filter((m) => m.id !== id));
  const duration = options.duration ?? MESSAGE_DURATION;
  if (duration > 0) setTimeout(close, duration);
  return close;
}

/**
 * The brief toast at the top of the page: `message.error(err.msg)`, `message.success('报名成功')`.
 * Each call returns a function that closes that toast early.
 */
export const message = {
  success: (text: string, options?: { duration?: number }) => show('success', text, options),
  warning: (text: string, options?: { duration?: number }) => show('warning', text, options),
  info: (text: string, options?: { duration?: number }) => show('info', text, options),
  error: (text: string, options?: { duration?: number }) => show('error', text, options),
  closeAll: () => feed.set([]),
};

/** The error toast for a failed call or action (spec section 8), in failureText's words. */
export function toastError(err: unknown): void {
  message.error(failureText(err));
}
