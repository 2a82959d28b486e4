import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { RouteSpec, Body, Query, Params, Reply } from '@zp/core/contract';
import { AppError, forbidden, unauthorized } from './reply.js';
import { compile, describe } from './validation.js';
import type { Services } from '../services.js';
import { originMatches } from './origins.js';
import { COMPANY_NOT_APPROVED } from '@zp/core/rules/companies';

export type { User } from './user.js';
import type { User } from './user.js';

/** A partner token used from another origin than its own: stolen or copied, never valid there. */
export const PARTNER_WRONG_ORIGIN_MSG = '该登录仅限在签发它的合作网站上使用，请重新登录';
/** A full token on a partner site's page: only the login window's scoped token works there. */
export const FULL_TOKEN_ON_PARTNER_MSG = '该登录不能在合作网站上使用，请通过平台登录窗口重新登录';
/** A partner token on a route the widgets do not need (password, phone, résumé, ...). */
const PARTNER_NOT_ALLOWED_MSG = '合作网站登录无权进行此操作，请到平台网站操作';

interface Ctx<S extends RouteSpec> {
  body: Body<S>;
  query: Query<S>;
  params: Params<S>;
  /** The caller; null only on public and optional routes. */
  user: User | null;
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
}

/** What a handler returns: the reply without code (added here); msg may override 'success'. */
export type Result<S extends RouteSpec> = Omit<Reply<S>, 'code' | 'msg'> & { msg?: string };

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

export type Handler<S extends RouteSpec> = (ctx: Ctx<S> & { user: S['access'] extends 'public' | 'optional' ? User | null : User }) => Promise<Result<S>> | Result<S>;

/**
 * Registers one contract route: the schema validates and documents it, access is checked here
 * before the handler runs, and the reply gets the convention's code and msg.
 */
export function handle<S extends RouteSpec>(app: FastifyInstance, services: Services, spec: S, handler: Handler<S>) {
  const methods = (Array.isArray(spec.method) ? spec.method : [spec.method]) as HTTPMethods[];
  const dual = methods.includes('GET') && methods.includes('POST');
  const replyCheck = services.config.checkReplies ? compile(spec.reply, false, { input: false }) : null;

  const run = async (req: FastifyRequest, reply: FastifyReply, input?: { query: unknown }) => {
    const user = await authorise(services, spec, req);
    const ctx = {
      body: req.body as Body<S>,
      query: (input ? input.query : req.query) as Query<S>,
      params: req.params as Params<S>,
      user,
      req,
      reply,
      services,
    } as Parameters<Handler<S>>[0];
    const result = await handler(ctx);
    const out = { code: 0, msg: 'success', ...result };
    // Personal: answered to a logged-in person, or carrying a session token. No cache may keep it.
    if (user || typeof (out as { token?: unknown }).token === 'string') reply.header('cache-control', 'no-store');
    if (replyCheck && !replyCheck(out)) {
      throw new Error(`reply of ${spec.url} breaks its contract: ${JSON.stringify(replyCheck.errors)}`);
    }
    return out;
  };

  const schemaFor = (method: HTTPMethods) => ({
    summary: spec.summary,
    tags: spec.tags,
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.query && method === 'GET' ? { querystring: spec.query } : {}),
    ...(spec.query && !dual && method !== 'GET' ? { querystring: spec.query } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.access !== 'public' ? { security: [{ token: [] }] } : {}),
    response: { 200: spec.reply },
    ...(dual && method === 'POST' ? { description: '同时接受查询字符串与 JSON 请求体（字段同 GET）', hide: true } : {}),
  });

  for (const method of methods) {
    app.route({
      method,
      url: spec.url,
      schema: schemaFor(method),
      handler: async (req, reply) => {
        if (dual && method === 'POST' && spec.query) {
          // Legacy GETs that change data also accept the POST form: fields from the query or the body.
          const merged = { ...(req.query as object), ...(isPlainObject(req.body) ? req.body : {}) };
          const validate = compile(spec.query, true);
          if (!validate(merged)) throw new AppError(400, describe(validate.errors ?? [], 'querystring'));
          return run(req, reply, { query: merged });
        }
        return run(req, reply);
      },
    });
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function authorise(services: Services, spec: RouteSpec, req: FastifyRequest): Promise<User | null> {
  if (spec.access === 'public') return null;
  let user = await services.sessions.anyUserOf(req);
  if (user) {
    // A partner token: only from its own origin, and only on the routes marked for partners.
    // A full token: never from a partner's page.
    const fits = originMatches(user, services.origins.partnerOf(req));
    const allowed = !user.origin || !!spec.partner;
    if (spec.access === 'optional') {
      // Optional routes answer anyone: a token that does not fit just personalises nothing.
      if (!fits || !allowed) user = null;
    } else if (!fits) {
      throw unauthorized(user.origin ? PARTNER_WRONG_ORIGIN_MSG : FULL_TOKEN_ON_PARTNER_MSG);
    } else if (!allowed) {
      throw forbidden(PARTNER_NOT_ALLOWED_MSG);
    }
  }
  req.user = user;
  if (spec.access === 'optional') return user;
  if (!user) throw unauthorized('请先登录');
  switch (spec.access) {
    case 'user':
      return user;
    case 'qz':
      if (user.role !== 'qz') throw forbidden('该操作仅限求职者');
      return user;
    case 'hr':
      if (user.role !== 'hr') throw forbidden('该操作仅限企业 HR');
      return user;
    case 'hrApproved':
      if (user.role !== 'hr') throw forbidden('该操作仅限企业 HR');
      if ((await services.companyStateOfHr(user.id)) !== 1) throw forbidden(COMPANY_NOT_APPROVED);
      return user;
    case 'xs':
      if (user.role !== 'xs') throw forbidden('该操作仅限运营人员');
      return user;
  }
  return user;
}
