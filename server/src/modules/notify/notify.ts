import { one, sql } from '../../db/index.js';
import type { Services } from '../../services.js';

export type ReminderCategory = 'wjxx' | 'hxxx' | 'xtxx';
/** The message list's category (the previous client's tabs): xx_001 system, xx_002 recruitment, xx_003 interviews, xx_004 viewed by, xx_005 questionnaires. */
export type MessageKind = 'xx_001' | 'xx_002' | 'xx_003' | 'xx_004' | 'xx_005';
/** The list category a counter's reminder falls in when the caller names none. */
const KIND_OF: Record<ReminderCategory, MessageKind> = { xtxx: 'xx_001', wjxx: 'xx_002', hxxx: 'xx_002' };

/** Bus topic on which every node hears new reminders, to push them to the sockets it holds. */
export const NOTIFY_TOPIC = 'notify.user';

export interface NotifyEvent {
  userId: string;
  id: string;
  category: ReminderCategory;
  kind: MessageKind;
  title: string;
  content: string;
  link: string;
}

/**
 * Stores a reminder for a user (it counts in the nav badge until read) and tells every node,
 * so the user's open pages update live.
 */
export async function notify(
  s: Pick<Services, 'db' | 'bus'>,
  userId: string,
  category: ReminderCategory,
  title: string,
  content = '',
  link = '',
  kind: MessageKind = KIND_OF[category],
): Promise<string> {
  const r = await one<{ id: string }>(
    s.db,
    sql`insert into notifications (user_id, category, kind, title, content, link)
        values (${userId}, ${category}, ${kind}, ${title}, ${content}, ${link}) returning id::text as id`,
  );
  const event: NotifyEvent = { userId, id: r!.id, category, kind, title, content, link };
  await s.bus.publish(NOTIFY_TOPIC, event);
  return r!.id;
}

/** Bus topic on which every node hears signals (SocketMessage type 3) for the sockets it holds. */
export const SIGNAL_TOPIC = 'notify.signal';

export interface SignalEvent {
  userIds: string[];
  topic: string;
}

/**
 * Tells the open pages of these users that what they show of `topic` changed (they read it
 * again); on every node, nothing stored. For live views such as a booth's queue.
 */
export async function signalUsers(s: Pick<Services, 'bus'>, userIds: string[], topic: string): Promise<void> {
  if (userIds.length) await s.bus.publish(SIGNAL_TOPIC, { userIds: [...new Set(userIds)], topic } satisfies SignalEvent);
}
