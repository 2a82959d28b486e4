import { one, sql } from '../../db/index.js';
import type { Services } from '../../services.js';

export type ReminderCategory = 'wjxx' | 'hxxx' | 'xtxx';

/** Bus topic on which every node hears new reminders, to push them to the sockets it holds. */
export const NOTIFY_TOPIC = 'notify.user';

export interface NotifyEvent {
  userId: string;
  id: string;
  category: ReminderCategory;
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
): Promise<string> {
  const r = await one<{ id: string }>(
    s.db,
    sql`insert into notifications (user_id, category, title, content, link)
        values (${userId}, ${category}, ${title}, ${content}, ${link}) returning id::text as id`,
  );
  const event: NotifyEvent = { userId, id: r!.id, category, title, content, link };
  await s.bus.publish(NOTIFY_TOPIC, event);
  return r!.id;
}
