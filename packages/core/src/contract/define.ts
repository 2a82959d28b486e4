import { Type, type Static, type TSchema, type TObject, type TProperties } from '@sinclair/typebox';

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

export const Phone = Type.String({ pattern: '^1[3-9]\\d{9}$', title: '手机号' });
/** Passwords travel as the hex MD5 of what the person typed; the server hashes that again. */
export const Md5Password = Type.String({ pattern: '^[0-9a-fA-F]{32}$', title: '密码' });
export const SmsCode = Type.String({ pattern: '^\\d{6}$', title: '验证码' });
/** Ids travel as decimal strings of at most 18 digits (they fit a PostgreSQL bigint). */
export const Id = (title = 'ID') => Type.String({ pattern: '^[1-9]\\d{0,17}$', title });

export type Body<S> = S extends RouteSpec<infer B, any, any, any> ? (B extends TSchema ? Static<B> : undefined) : never;
export type Query<S> = S extends RouteSpec<any, infer Q, any, any> ? (Q extends TSchema ? Static<Q> : undefined) : never;
export type Params<S> = S extends RouteSpec<any, any, infer P, any> ? (P extends TSchema ? Static<P> : undefined) : never;
export type Reply<S> = S extends RouteSpec<any, any, any, infer R> ? Static<R> : never;
