/**
 * The text chat of a video room (trtc-sdk-v5's custom message ROOM_CHAT_CMD on our socket): each
 * message is kept with the interview, and read back by the people who were in the room and the
 * HR of its enterprise — when entering (what was said before) and on the interview's record.
 */
import { ROOM_CHAT_BAD_MSG, ROOM_CHAT_MAX_CHARS } from '@zp/core/rules/interview';
import type { RtcRoomChat, RtcRoomMessage } from '@zp/core/contract';
import { one, rows, sql, type Db } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../http/reply.js';
import { isCleanText } from '../../http/validation.js';
import { hrOfRoom } from './rooms.js';

const decoder = new TextDecoder('utf-8', { fatal: true });
/** Something to read: not only spaces and zero-width characters. */
const VISIBLE = /[^\s\u200b-\u200d\u2060\ufeff]/u;

/** The text of a chat message's bytes, or null when it is not a message the room takes. */
function chatText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return null;
  }
  const chars = [...text].length;
  if (!VISIBLE.test(text) || chars > ROOM_CHAT_MAX_CHARS || !isCleanText(text, true)) return null;
  return text;
}

export class RoomChat {
  constructor(private db: Db) {}

  /**
   * Keeps a message said in the room; its id is the custom message's seq. `now`: the rooms' clock
   * (ms), the one the member rows that the reading side compares with were written on.
   */
  async say(roomId: string, userId: string, bytes: Uint8Array, now: number): Promise<{ id: number }> {
    const text = chatText(bytes);
    if (text === null) throw badRequest(ROOM_CHAT_BAD_MSG);
    const r = await one<{ id: string }>(
      this.db,
      sql`insert into rtc_room_messages (room_id, user_id, body, sent_at)
          values (${roomId}, ${userId}, ${text}, ${new Date(now).toISOString()}::timestamptz) returning id::text as id`,
    );
    return { id: Number(r!.id) };
  }

  /**
   * What was said in a room, oldest first (the latest 500): all of it for the enterprise's HR; for
   * anyone else who was in the room, what was said while they were (a seeker who left a group
   * interview does not read what came after).
   */
  async list(userId: string, roomId: number): Promise<RtcRoomMessage[]> {
    const room = await one<{ hr: boolean; member: boolean }>(
      this.db,
      sql`select ${hrOfRoom(userId)} as hr, exists (select 1 from rtc_room_members m where m.room_id = r.id and m.user_id = ${userId}) as member
          from rtc_rooms r where r.id = ${roomId}`,
    );
    if (!room) throw notFound('房间不存在');
    if (!room.hr && !room.member) throw forbidden('无权查看该房间的聊天记录');
    const during = room.hr ? sql`true` : saidWhileIn(userId);
    const list = await rows<{ id: string; userId: string; text: string; at: string | number }>(
      this.db,
      sql`select id::text as id, user_id::text as "userId", body as text, floor(extract(epoch from sent_at) * 1000)::bigint as at
          from rtc_room_messages x where x.room_id = ${roomId} and ${during} order by x.id desc limit 500`,
    );
    return list.reverse().map((m) => ({ seq: Number(m.id), userId: m.userId, text: m.text, at: Number(m.at) }));
  }

  /**
   * The rooms with chat the caller may read, latest first (50), each with how many messages they
   * may read and when the first and last were said: for the interview records of both sides.
   */
  async rooms(userId: string): Promise<RtcRoomChat[]> {
    const list = await rows<{ room: string; count: number; first: string | number; last: string | number }>(
      this.db,
      sql`select x.room_id::text as room, count(*)::int as count,
                 floor(extract(epoch from min(x.sent_at)) * 1000)::bigint as first,
                 floor(extract(epoch from max(x.sent_at)) * 1000)::bigint as last
          from rtc_room_messages x join rtc_rooms r on r.id = x.room_id
          where ${hrOfRoom(userId)} or ${saidWhileIn(userId)}
          group by x.room_id order by max(x.sent_at) desc limit 50`,
    );
    return list.map((x) => ({ roomId: Number(x.room), count: Number(x.count), firstAt: Number(x.first), lastAt: Number(x.last) }));
  }
}

/** An SQL condition on `x` (a message): said while `userId` was in its room. */
const saidWhileIn = (userId: string) =>
  sql`exists (select 1 from rtc_room_members m where m.room_id = x.room_id and m.user_id = ${userId}
              and x.sent_at >= m.joined_at and (m.left_at is null or x.sent_at <= m.left_at))`;
