import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './reply.js';
import { describe } from './validation.js';

const partNames: Record<string, string> = { body: 'body', querystring: 'querystring', params: 'params', headers: 'headers' };

/**
 * The paths of the previous back end (legacy-api-inventory.md, product-spec section 7). It
 * answered every refusal with HTTP 200 and the reason in `{code, msg}`, and its web client reads
 * msg only from a 2xx reply (the error handlers of its pages read `error.data.msg` and throw on a
 * 4xx). Our own additions — the operator console under /api/xs/admin/, chat and file uploads,
 * banner images — answer with the HTTP status as well.
 */
const LEGACY_PATH = /^\/(?:api\/(?:hr|qz|sec|system)\/|api\/xs\/(?!admin\/)|imapi\/)/;

/**
 * Route config of a link a browser follows (a file download): its refusals keep their HTTP
 * status wherever it lives, or the browser would save the refusal as the file.
 */
export const BROWSER_LINK = { browserLink: true } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    browserLink?: boolean;
  }
}

/** The HTTP status of a refusal (4xx) of this request: 200 on the previous back end's paths. */
function refusalStatus(req: FastifyRequest, status: number): number {
  if (status >= 500) return status;
  if (req.routeOptions?.config?.browserLink) return status;
  const path = (req.routeOptions?.url ?? req.url).replace(/\/{2,}/g, '/');
  return LEGACY_PATH.test(path) ? 200 : status;
}

/** The one error path: every failure leaves as `{code, msg}` in Chinese, never a stack trace. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    const refuse = (code: number, msg: string) => reply.status(refusalStatus(req, code)).send({ code, msg });
    if (err instanceof AppError) return refuse(err.status, err.message);
    const fe = err as FastifyError;
    if (fe.validation) return refuse(400, describe(fe.validation, partNames[fe.validationContext ?? 'body']));
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return refuse(400, fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? '请求体不能为空' : '请求体不是合法的 JSON');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return refuse(413, '请求体过大');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return refuse(415, '不支持的请求内容类型');
    }
    if (err instanceof SyntaxError || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
      return refuse(fe.statusCode ?? 400, '请求格式不正确');
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: '服务器开小差了，请稍后重试' });
  });
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ code: 404, msg: `接口不存在：${req.method} ${req.url.split('?')[0]}` }),
  );
}
