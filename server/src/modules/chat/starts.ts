/**
 * Who may start a one-to-one conversation with whom (the model of the big recruiting apps): a job
 * seeker writes to the HR of approved enterprises (whose jobs, booths and fairs are public); an HR
 * to seekers who applied to their enterprise, were invited to its interviews, queue at its booth
 * or can be found in talent search, and to colleagues; the operator to anyone. Friends may write
 * to each other, and once a conversation has a message, both go on in it. Anyone else is answered as if they did not exist (ids are sequential: no probing), and a
 * person starts at most so many new conversations a day.
 */
import { MIN_COMPLETENESS } from '@zp/core/contract';
import { USER_NOT_FOUND_TEXT, newConversationsLimitText } from '@zp/core/rules/chat';
import { one, sql, type Db } from '../../db/index.js';
import { c2cKey, refuse } from './common.js';
import type { ChatSettings } from './settings.js';

/** Conversations remembered as having messages (they keep them); past this many the memory starts again. */
const TALKING_MAX = 200_000;

export class StartRules {
  private talking = new Set<string>();

  constructor(
    private db: Db,
    private settings: Pick<ChatSettings, 'newConversationsQz' | 'newConversationsHr'>,
  ) {}

  /**
   * Before a 1:1 send: refused unless allowed; the first message of a conversation counts as a
   * start. The start is recorded first and counted with the others, so that sends on several
   * sockets at once cannot pass the limit together, and a retried first message (refused later
   * on, say by the rate limit) is not counted twice.
   */
  async checkSend(me: string, peer: string): Promise<void> {
    const conv = c2cKey(me, peer);
    if (this.talking.has(conv) || (await this.hasMessages(conv))) return;
    const r = await this.rule(me, peer);
    if (!r.allowed) throw refuse('userNotFound', USER_NOT_FOUND_TEXT);
    const limit = r.role === 'qz' ? this.settings.newConversationsQz : r.role === 'hr' ? this.settings.newConversationsHr : 0;
    if (limit <= 0) return;
    const fresh = await one<{ conv: string }>(
      this.db,
      sql`insert into chat_starts (conv, user_id) values (${conv}, ${me}) on conflict (conv) do nothing returning conv`,
    );
    if (!fresh) return; // already started (a retry, or the other person's start)
    const today = await one<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from chat_starts
          where user_id = ${me} and started_at >= (date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`,
    );
    if ((today?.n ?? 0) > limit) {
      await this.db.execute(sql`delete from chat_starts where conv = ${conv} and user_id = ${me}`);
      // Not a rate code: the SDK would keep resending what only tomorrow allows.
      throw refuse('permission', newConversationsLimitText(limit));
    }
  }

  /** Before showing a conversation that has no message yet (发起会话 by user ID). */
  async checkOpen(me: string, peer: string): Promise<void> {
    if (!(await this.mayStart(me, peer))) throw refuse('userNotFound', USER_NOT_FOUND_TEXT);
  }

  /** Whether `me` may start with `peer` (adding a friend follows the same rule). */
  async mayStart(me: string, peer: string): Promise<boolean> {
    const conv = c2cKey(me, peer);
    return this.talking.has(conv) || (await this.hasMessages(conv)) || (await this.rule(me, peer)).allowed;
  }

  private async hasMessages(conv: string): Promise<boolean> {
    const r = await one<{ n: number }>(this.db, sql`select last_seq::int as n from chat_convs where conv = ${conv}`);
    if (!r || r.n === 0) return false;
    if (this.talking.size >= TALKING_MAX) this.talking.clear();
    this.talking.add(conv);
    return true;
  }

  private async rule(me: string, peer: string): Promise<{ allowed: boolean; role: string }> {
    const r = await one<{ role: string; allowed: boolean }>(
      this.db,
      sql`select my.role,
                 my.id = p.id
                 or my.role = 'xs'
                 -- a seeker: the HR of approved enterprises
                 or (my.role = 'qz' and p.role = 'hr' and exists (
                       select 1 from hr_profiles h join companies c on c.id = h.company_id
                       where h.user_id = p.id and h.join_state = 2 and c.status = 1))
                 -- an HR of an enterprise: colleagues, and seekers it has to do with or can find
                 or (my.role = 'hr' and exists (
                       select 1 from hr_profiles mine where mine.user_id = my.id and mine.join_state = 2 and (
                         (p.role = 'hr' and exists (select 1 from hr_profiles h where h.user_id = p.id and h.join_state = 2 and h.company_id = mine.company_id))
                         or (p.role = 'qz' and (
                           exists (select 1 from applications a where a.company_id = mine.company_id and a.seeker_id = p.id)
                           or exists (select 1 from interviews i where i.company_id = mine.company_id and i.seeker_id = p.id)
                           or exists (select 1 from queue_entries q where q.company_id = mine.company_id and q.user_id = p.id)
                           or exists (select 1 from seeker_profiles s where s.user_id = p.id and not s.hidden and s.completeness >= ${MIN_COMPLETENESS}))))))
                 -- friends either way (a friend request follows these rules); not members of one group:
                 -- anyone may be put in a group by anyone, so being in one proves nothing
                 or exists (select 1 from chat_friends f where (f.user_id = my.id and f.friend_id = p.id) or (f.user_id = p.id and f.friend_id = my.id))
                 as allowed
          from users my, users p where my.id = ${me} and p.id = ${peer}`,
    );
    return { allowed: r?.allowed ?? false, role: r?.role ?? '' };
  }
}
