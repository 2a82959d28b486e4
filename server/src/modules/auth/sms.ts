import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.js';
import { badRequest, tooMany, type AppError } from '../../http/reply.js';
import { codesSentToday, insertSmsCode, insertSmsGuess, insertSmsRefusal, liveCodes, otherPhonesAskedFrom, useUpCodes, wrongCodesFrom } from './repo.js';

export type SmsPurpose = 'register' | 'login' | 'reset' | 'old_phone' | 'new_phone' | 'close_account';

/** Where codes go. A provider adapter implements this; the demo sender writes to the server log. */
export interface SmsSender {
  send(phone: string, code: string, purpose: SmsPurpose): Promise<void>;
  /** A notice without a code (a video interview invitation); a provider without a notice template leaves it out. */
  notice?(phone: string, text: string): Promise<void>;
}

export function logSender(log: Logger): SmsSender {
  return {
    async send(phone, code, purpose) {
      log.info({ sms: { phone, purpose, code } }, `短信验证码 ${phone}: ${code}`);
    },
    async notice(phone, text) {
      log.info({ smsNotice: { phone, text } }, `短信通知 ${phone}: ${text}`);
    },
  };
}

/**
 * maxTries: wrong codes from the requesting address (and, apart, from all other addresses) a code
 * takes; wrongPerAddressPerHour: wrong codes one address may type over all phones in an hour.
 */
const SMS_RULES = { digits: 6, validSeconds: 300, intervalSeconds: 60, perDay: 10, maxTries: 5, wrongPerAddressPerHour: 20 } as const;

/**
 * `limits.smsPerAddressPerHour`: distinct phones one client address may have codes sent to within
 * an hour (config SMS_PER_ADDRESS_PER_HOUR), so no single address can spray codes at many numbers.
 */
export function smsCodes(db: Db, sender: SmsSender, secret: string, limits: { smsPerAddressPerHour: number }) {
  const digest = (phone: string, purpose: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('hex');

  const codes = {
    /**
     * Sends a code to `phone` on behalf of the client at `ip`. `refusal`, when given, says why this
     * number cannot use the code (or null when it can): then nothing is sent and the request still
     * counts against the address's limit of phones an hour.
     */
    async send(phone: string, purpose: SmsPurpose, ip: string, refusal?: () => Promise<AppError | null>): Promise<void> {
      const byAddress = await otherPhonesAskedFrom(db, phone, ip);
      if ((byAddress?.others ?? 0) >= limits.smsPerAddressPerHour) throw tooMany('当前网络获取验证码的手机号过多，请 1 小时后再试');
      const refused = refusal ? await refusal() : null;
      if (refused) {
        await insertSmsRefusal(db, phone, purpose, ip);
        throw refused;
      }
      const recent = await codesSentToday(db, phone);
      const age = recent?.age;
      if (age !== null && age !== undefined && age < SMS_RULES.intervalSeconds) {
        throw tooMany(`验证码发送过于频繁，请 ${Math.ceil(SMS_RULES.intervalSeconds - age)} 秒后再试`);
      }
      if ((recent?.today ?? 0) >= SMS_RULES.perDay) throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');
      const code = String(crypto.randomInt(0, 10 ** SMS_RULES.digits)).padStart(SMS_RULES.digits, '0');
      await insertSmsCode(db, { phone, purpose, codeHash: digest(phone, purpose, code), validSeconds: SMS_RULES.validSeconds, ip });
      await sender.send(phone, code, purpose);
    },

    /**
     * Checks `code` for `phone` as typed at address `ip`, without using it up (a login that also
     * needs the password consumes it only once both are right); answers the refusal otherwise.
     *
     * Tries are counted per code and per side: wrong codes from the address that asked for it
     * count as before (the fifth burns it); wrong codes from any other addresses together count
     * apart, and their fifth only takes the code away from everyone but its requester. So no
     * stranger can burn the owner's code, and strangers share five guesses at it.
     */
    async check(phone: string, purpose: SmsPurpose, code: string, ip: string): Promise<void> {
      const byAddress = await wrongCodesFrom(db, ip);
      if ((byAddress?.n ?? 0) >= SMS_RULES.wrongPerAddressPerHour) throw tooMany('当前网络验证码错误次数过多，请 1 小时后再试');
      const live = await liveCodes(db, phone, purpose, ip);
      if (!live.length) throw badRequest('验证码已失效，请重新获取');
      /** Wrong tries left to this address on a code; 0: not usable from here. */
      const left = (r: (typeof live)[number], extra = 0) =>
        Math.max(0, r.own ? SMS_RULES.maxTries - r.own_fails - extra : Math.min(SMS_RULES.maxTries - r.own_fails, SMS_RULES.maxTries - r.other_fails - extra));
      const usable = live.filter((r) => left(r) > 0);
      if (!usable.length) throw badRequest('验证码错误次数过多，请重新获取');
      const actual = Buffer.from(digest(phone, purpose, code), 'hex');
      if (usable.some((r) => crypto.timingSafeEqual(Buffer.from(r.code_hash, 'hex'), actual))) return;
      await insertSmsGuess(db, phone, purpose, ip);
      const remaining = Math.max(...usable.map((r) => left(r, 1)));
      throw badRequest(remaining > 0 ? `验证码错误，还可尝试 ${remaining} 次` : '验证码错误次数过多，请重新获取');
    },

    /** Uses up every live code of `phone` for `purpose` (a code serves one action). */
    async consume(phone: string, purpose: SmsPurpose): Promise<void> {
      await useUpCodes(db, phone, purpose);
    },

    /** check, then consume. */
    async verify(phone: string, purpose: SmsPurpose, code: string, ip: string): Promise<void> {
      await codes.check(phone, purpose, code, ip);
      await codes.consume(phone, purpose);
    },

    /** Texts a notice when the sender can; false when it cannot (nothing is sent). */
    async notice(phone: string, text: string): Promise<boolean> {
      if (!sender.notice) return false;
      await sender.notice(phone, text);
      return true;
    },
  };
  return codes;
}
export type SmsCodes = ReturnType<typeof smsCodes>;
