import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './reply.js';
import { describe } from './validation.js';

const partNames: Record<string, string> = { body: 'body', querystring: 'querystring', params: 'params', headers: 'headers' };

/** The one error path: every failure leaves as `{code, msg}` in Chinese, never a stack trace. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.status, msg: err.message });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      return reply.status(400).send({ code: 400, msg: describe(fe.validation, partNames[fe.validationContext ?? 'body']) });
    }
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ code: 400, msg: fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? '请求体不能为空' : '请求体不是合法的 JSON' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ code: 413, msg: '请求体过大' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ code: 415, msg: '不支持的请求内容类型' });
    }
    if (err instanceof SyntaxError || (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)) {
      return reply.status(fe.statusCode ?? 400).send({ code: fe.statusCode ?? 400, msg: '请求格式不正确' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: '服务器开小差了，请稍后重试' });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ code: 404, msg: `接口不存在：${req.method} ${req.url.split('?')[0]}` }));
}
