import type { ReactNode } from 'react';
import { ToneIcon, type Tone } from './icons.js';
import { ensureHost, newId, sharedFeed, useFeed } from './host.js';

/** How long a notification stays (spec section 9: notification 3 s). */
export const NOTIFICATION_DURATION = 3000;

export interface NotifyOptions {
  title: string;
  message?: ReactNode;
  type?: Tone;
  /** ms; 0 keeps it until closed */
  duration?: number;
}

interface Item extends NotifyOptions {
  id: number;
}

const feed = sharedFeed<Item>('notifications');
const close = (id: number) => feed.set(feed.get().filter((n) => n.id !== id));

function Notifications() {
  const items = useFeed(feed);
  return (
    <div className="zp-notifications" aria-live="polite">
      {items.map((n) => (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is 'alert' or 'status', both named by aria-labelledby
        <div key={n.id} className="zp-notification" role={n.type === 'error' ? 'alert' : 'status'} aria-labelledby={`zp-notification-${n.id}`}>
          {n.type ? (
            <span className="zp-notification__icon">
              <ToneIcon tone={n.type} />
            </span>
          ) : null}
          <div className="zp-notification__body">
            <p className="zp-notification__title" id={`zp-notification-${n.id}`}>
              {n.title}
            </p>
            {n.message ? <div className="zp-notification__text">{n.message}</div> : null}
          </div>
          <button type="button" className="zp-close" aria-label="关闭" onClick={() => close(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** The corner notification: `notify({title: '新消息', message: '…'})`. Returns a function closing it. */
export function notify(options: NotifyOptions): () => void {
  ensureHost(feed, <Notifications />);
  const id = newId();
  feed.set([...feed.get(), { ...options, id }]);
  const duration = options.duration ?? NOTIFICATION_DURATION;
  if (duration > 0) setTimeout(() => close(id), duration);
  return () => close(id);
}

notify.closeAll = () => feed.set([]);
