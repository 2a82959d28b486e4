import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { one, sql, type Db } from '../../db/index.js';
import { badRequest, tooMany } from '../../http/reply.js';

export type SmsPurpose = 'register' | 'login' | 'reset' | 'old_phone' | 'new_phone';

/** Where codes go. A provider adapter implements this; the demo sender writes to the server log. */
export interface SmsSender {
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
}

export function logSender(log: Logger): SmsSender {
  return {
    async send(phone, code, purpose) {
      log.info({ sms: { phone, purpose, code } }, `短信验证码 ${phone}: ${code}`);
    },
  };
}

export const SMS_RULES = { digits: 6, validSeconds: 300, intervalSeconds: 60, perDay: 10, maxTries: 5 } as const;

/**
 * `limits.smsPerAddressPerHour`: distinct phones one client address may have codes sent to within
 * an hour (config SMS_PER_ADDRESS_PER_HOUR), so no single address can spray codes at many numbers.
 */
export function smsCodes(db: Db, sender: SmsSender, secret: string, limits: { smsPerAddressPerHour: number }) {
  const digest = (phone: string, purpose: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('hex');

  return {
    /** Sends a code to `phone` on behalf of the client at `ip`. */
    async send(phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
      const byAddress = await one<{ others: number }>(
        db,
        sql`select count(distinct phone) filter (where phone <> ${phone})::int as others
            from sms_codes where ip = ${ip} and created_at > now() - interval '1 hour'`,
      );
      if ((byAddress?.others ?? 0) >= limits.smsPerAddressPerHour) throw tooMany('当前网络获取验证码的手机号过多，请 1 小时后再试');
      const recent = await one<{ last: string | null; today: number }>(
        db,
        sql`select max(created_at)::text as last,
                   count(*) filter (where created_at > now() - interval '1 day')::int as today,
                   (extract(epoch from now() - max(created_at)))::float as age
            from sms_codes where phone = ${phone} and created_at > now() - interval '1 day'`,
      );
      const age = (recent as unknown as { age: number | null } | undefined)?.age;
      if (age !== null && age !== undefined && age < SMS_RULES.intervalSeconds) {
        throw tooMany(`验证码发送过于频繁，请 ${Math.ceil(SMS_RULES.intervalSeconds - age)} 秒后再试`);
      }
      if ((recent?.today ?? 0) >= SMS_RULES.perDay) throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');
      const code = String(crypto.randomInt(0, 10 ** SMS_RULES.digits)).padStart(SMS_RULES.digits, '0');
      await db.execute(sql`insert into sms_codes (phone, purpose, code_hash, expires_at, ip)
        values (${phone}, ${purpose}, ${digest(phone, purpose, code)}, now() + make_interval(secs => ${SMS_RULES.validSeconds}), ${ip})`);
      await sender.send(phone, code, purpose);
    },

    /** Consumes the code when it matches; a wrong code counts a try and the fifth burns it. */
    async verify(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
      const row = await one<{ id: string; code_hash: string; tries: number }>(
        db,
        sql`select id::text as id, code_hash, tries from sms_codes
            where phone = ${phone} and purpose = ${purpose} and used_at is null and expires_at > now()
            order by created_at desc limit 1`,
      );
      if (!row) throw badRequest('验证码已失效，请重新获取');
      const expected = Buffer.from(row.code_hash, 'hex');
      const actual = Buffer.from(digest(phone, purpose, code), 'hex');
      if (!crypto.timingSafeEqual(expected, actual)) {
        const tries = row.tries + 1;
        if (tries >= SMS_RULES.maxTries) {
          await db.execute(sql`update sms_codes set tries = ${tries}, used_at = now() where id = ${row.id}`);
          throw badRequest('验证码错误次数过多，请重新获取');
        }
        await db.execute(sql`update sms_codes set tries = ${tries} where id = ${row.id}`);
        throw badRequest(`验证码错误，还可尝试 ${SMS_RULES.maxTries - tries} 次`);
      }
      await db.execute(sql`update sms_codes set used_at = now() where id = ${row.id}`);
    },
  };
}
export type SmsCodes = ReturnType<typeof smsCodes>;
