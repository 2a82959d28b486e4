/** What other modules may ask of video interviews: whether a person was in one of an enterprise's rooms. */
import { one, sql, type Db } from '../../db/index.js';

/** True when the user was in a video room of the enterprise at some moment between `from` and `to`. */
export async function wasInCompanyRoom(db: Db, userId: string, companyId: string, from: Date, to: Date): Promise<boolean> {
  return !!(await one(
    db,
    sql`select 1 as ok from rtc_room_members m join rtc_rooms r on r.id = m.room_id
        where m.user_id = ${userId} and r.company_id = ${companyId}
          and m.joined_at <= ${to.toISOString()} and (m.left_at is null or m.left_at >= ${from.toISOString()})
        limit 1`,
  ));
}
