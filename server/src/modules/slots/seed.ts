import type { DemoContext } from '../../db/seed.js';
import { one, rows, sql } from '../../db/index.js';
import { SLOT_OFFER_ADDRESS } from '@zp/core/rules/slots';

/**
 * Demo step of the slots module, after the applications: the demo HR has published interview
 * slots for the coming three days (two by video, one on site, 30 minutes each), and the demo
 * seeker has an invitation from that HR, for a job not applied to (found in talent search), that
 * offers three of them to book; the other two are open at the enterprise's booths (展位可约).
 */
export async function seedSlotsDemo(ctx: DemoContext): Promise<void> {
  const { db, seekerId, hrId, companyId } = ctx;
  const job = await one<{ id: string }>(
    db,
    sql`select id::text as id from jobs j where company_id = ${companyId} and status = 1 and deleted_at is null
          and not exists (select 1 from interviews i where i.job_id = j.id and i.seeker_id = ${seekerId})
          and not exists (select 1 from applications a where a.job_id = j.id and a.seeker_id = ${seekerId})
        order by id limit 1`,
  );
  if (!job) {
    ctx.log.warn('demo slots skipped: no job of the demo enterprise left to invite for');
    return;
  }
  /** [days ahead, Beijing hour, minute, mode, address, open at the booths] */
  const plan: [number, number, number, 'video' | 'onsite', string, boolean][] = [
    [1, 14, 0, 'video', '', false],
    [1, 14, 30, 'video', '', true],
    [2, 10, 0, 'onsite', '深圳市南山区科技园科苑路 15 号 8 楼', false],
    [3, 15, 0, 'video', '', false],
    [3, 15, 30, 'video', '', true],
  ];
  const slots = await rows<{ id: string }>(
    db,
    sql`insert into interview_slots (company_id, hr_id, starts_at, minutes, mode, address, capacity, job_ids, cutoff_minutes, at_booth)
        values ${sql.join(
          plan.map(
            ([days, hour, minute, mode, address, atBooth]) =>
              sql`(${companyId}, ${hrId},
                   (date_trunc('day', now() at time zone 'Asia/Shanghai') + make_interval(days => ${days}, hours => ${hour}, mins => ${minute})) at time zone 'Asia/Shanghai',
                   30, ${mode}, ${address}, 1, '{}', 120, ${atBooth})`,
          ),
          sql`, `,
        )}
        returning id::text as id`,
  );
  const inv = await one<{ id: string }>(
    db,
    sql`insert into interviews (seeker_id, job_id, company_id, hr_id, title, at, address, contact, phone, note, offers_slots, created_at)
        values (${seekerId}, ${job.id}, ${companyId}, ${hrId}, '技术面试', null, ${SLOT_OFFER_ADDRESS}, '王芳', '13800000002',
                '面试约 30 分钟，视频面试请提前调试摄像头和麦克风。', true, now() - interval '3 days')
        returning id::text as id`,
  );
  const offered = [slots[0]!, slots[2]!, slots[3]!];
  await db.execute(sql`insert into interview_slot_offers (interview_id, slot_id) values ${sql.join(offered.map((x) => sql`(${inv!.id}, ${x.id})`), sql`, `)}`);
  ctx.log.info({ slots: slots.length, offered: offered.length }, 'demo interview slots');
}
