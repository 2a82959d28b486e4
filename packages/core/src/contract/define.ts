import { Type, type Static, type TSchema, type TObject, type TProperties } from '@sinclair/typebox';
import { PHONE_PATTERN } from '../rules/phone.js';

/** Who may call a route; the server enforces it, the client only uses it to decide on the token. */
export type Access =
  | 'public' // anyone, token ignored
  | 'optional' // anyone; a valid token personalises the answer
  | 'user' // any logged-in role
  | 'qz' // job seeker
  | 'hr' // HR of any enterprise (or none yet)
  | 'hrApproved' // HR whose enterprise is approved (shzt 1)
  | 'xs'; // operator

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteSpec<
  B extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  P extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
> {
  method: Method | Method[];
  url: string;
  summary: string;
  access: Access;
  /**
   * May a partner token (a login made on a partner site, bound to that site's origin) call it?
   * Default deny: only the calls the embedded widgets make are marked.
   */
  partner?: boolean;
  tags?: string[];
  body?: B;
  query?: Q;
  params?: P;
  /** The whole success reply, built with `replyOf` so that it carries code and msg. */
  reply: R;
}

export function route<
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  // biome-ignore lint/complexity/noBannedTypes: TypeBox's type of an object schema without properties
  R extends TSchema = TObject<{}>,
>(spec: RouteSpec<B, Q, P, R>): RouteSpec<B, Q, P, R> {
  return spec;
}

/** Every reply carries code (0 on success) and msg, as the legacy contract does. */
export const Envelope = Type.Object({ code: Type.Integer(), msg: Type.String() });
export type Envelope = Static<typeof Envelope>;

export function replyOf<P extends TProperties>(props: P) {
  return Type.Object({ code: Type.Integer(), msg: Type.String(), ...props });
}
export const EmptyReply = replyOf({});

/** A string enum that validates as `enum` (one precise error, unlike a union of literals). */
export function Enum<const T extends readonly (string | number)[]>(values: T, opts: { title?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({
    type: typeof values[0] === 'number' ? 'integer' : 'string',
    enum: [...values],
    ...opts,
  });
}

/** The legacy page shape: `page: {list, totalCount, totalPage, currPage, pageSize}`. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    totalCount: Type.Integer(),
    totalPage: Type.Integer(),
    currPage: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1, title: '页码' }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10, title: '每页条数' }),
};

export const Phone = Type.String({ pattern: PHONE_PATTERN, title: '手机号' });
/** Passwords travel as the hex MD5 of what the person typed; the server hashes that again. */
export const Md5Password = Type.String({ pattern: '^[0-9a-fA-F]{32}$', title: '密码' });
export const SmsCode = Type.String({ pattern: '^\\d{6}$', title: '验证码' });
/**
 * Dates and times travel as Beijing wall-clock text without a zone, the previous back end's
 * form: 'YYYY-MM', 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' ('T' may stand
 * for the space). Every date field of the contract is built by DateText or DateRangeText: the
 * pattern gives the shapes a field takes, and the format DATE_FORMAT makes the validator check
 * that the digits name a real day and time ('2023-02-30', '2024-13-01', '24:00' are refused like
 * any malformed value, before they reach the database).
 */
export const DATE_FORMAT = 'zp-date';
export type DatePrecision = 'month' | 'day' | 'minute' | 'second';
const DATE_PARTS: Record<DatePrecision, string> = {
  month: '\\d{4}-\\d{2}',
  day: '-\\d{2}',
  minute: '[ T]\\d{2}:\\d{2}',
  second: ':\\d{2}',
};
const PRECISIONS: DatePrecision[] = ['month', 'day', 'minute', 'second'];

/** The pattern of a date from `from` to `to` precision: the parts after `from` are optional, nested. */
function datePattern(from: DatePrecision, to: DatePrecision): string {
  const a = PRECISIONS.indexOf(from);
  const b = PRECISIONS.indexOf(to);
  let tail = '';
  for (let i = b; i > a; i--) tail = `(${DATE_PARTS[PRECISIONS[i]]}${tail})?`;
  let head = '';
  for (let i = 0; i <= a; i++) head += DATE_PARTS[PRECISIONS[i]];
  return head + tail;
}

/** A date or time field: shapes from `from` to `to` precision; `empty` also lets '' stand for none. */
export function DateText(title: string, opts: { from: DatePrecision; to: DatePrecision; empty?: boolean }) {
  const one = datePattern(opts.from, opts.to);
  return Type.String({ pattern: opts.empty ? `^(${one})?$` : `^${one}$`, format: DATE_FORMAT, title });
}

/** A period as 'from,to' (or one date alone, or '' for none), each a day. */
export function DateRangeText(title: string) {
  const day = datePattern('day', 'day');
  return Type.String({ pattern: `^(${day}(,${day})?)?$`, format: DATE_FORMAT, title });
}

const DATE_IN_TEXT = /(\d{4})-(\d{2})(?:-(\d{2}))?(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/g;

/** True when every date in the text names a real day and time (the Gregorian calendar, years 1–9999). */
export function isRealDate(text: string): boolean {
  for (const m of text.matchAll(DATE_IN_TEXT)) {
    const [year, month, day, hour, minute, second] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
    if (!year || !month || month > 12) return false;
    if (day !== undefined) {
      const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
      const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
      if (day < 1 || day > days) return false;
    }
    if (hour !== undefined && (hour > 23 || minute! > 59)) return false;
    if (second !== undefined && second > 59) return false;
  }
  return true;
}

/** Ids travel as decimal strings of at most 18 digits (they fit a PostgreSQL bigint). */
export const ID_PATTERN = '^[1-9]\\d{0,17}$';
export const Id = (title = 'ID') => Type.String({ pattern: ID_PATTERN, title });
/** An id or '' (a field a client may send empty). */
export const IdOrEmpty = (title = 'ID') => Type.String({ pattern: `^(${ID_PATTERN.slice(1, -1)})?$`, title });
const ID_RE = new RegExp(ID_PATTERN);
/** Whether a value is an id as `Id` takes it: for ids that arrive outside a checked field (a message's `to`, a bus message). */
export const isId = (value: unknown): value is string => typeof value === 'string' && ID_RE.test(value);

export type Body<S> = S extends RouteSpec<infer B, infer _Q, infer _P, infer _R> ? (B extends TSchema ? Static<B> : undefined) : never;
export type Query<S> = S extends RouteSpec<infer _B, infer Q, infer _P, infer _R> ? (Q extends TSchema ? Static<Q> : undefined) : never;
export type Params<S> = S extends RouteSpec<infer _B, infer _Q, infer P, infer _R> ? (P extends TSchema ? Static<P> : undefined) : never;
export type Reply<S> = S extends RouteSpec<infer _B, infer _Q, infer _P, infer R> ? Static<R> : never;
