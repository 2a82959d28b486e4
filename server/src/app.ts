import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import cors from '@fastify/cors';
import { installCompression } from './http/compression.js';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase, one, sql } from './db/index.js';
import { migrate } from './db/migrate.js';
import { memoryBus, redisBus, type Bus } from './bus/index.js';
import { installErrorHandling } from './http/errors.js';
import { compile } from './http/validation.js';
import { sessionStore } from './modules/auth/sessions.js';
import { logSender, smsCodes, type SmsSender } from './modules/auth/sms.js';
import type { Services } from './services.js';
import { modules } from './modules/index.js';
import { mountSite, SITE_BASE } from './http/site.js';
import { installSecurityHeaders } from './http/headers.js';
import { installSockets } from './http/socket.js';
import { installOriginRefusal, OriginPolicy } from './http/origins.js';
import { defaultLogger, redactingLogger } from './http/logging.js';

export interface App {
  app: FastifyInstance;
  services: Services;
  /** Stops accepting, lets in-flight requests finish, closes sockets, bus and database. */
  close(): Promise<void>;
}

export interface BuildOptions {
  logger?: Logger;
  smsSender?: SmsSender;
}

/**
 * Requests are logged at debug: at the default info level the log keeps starts, stops, warnings
 * and errors (a failed request still logs at error), and the start-up banner stays readable.
 */
class QuietRequests extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]) {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  // Tokens, userSigs, passwords and signatures are redacted from every URL and header logged.
  const log = redactingLogger(opts.logger ?? defaultLogger(config.logLevel));
  const database = await openDatabase(config);
  await migrate(database, log);
  const bus: Bus = config.redisUrl ? await redisBus(config.redisUrl, log, config.redisPrefix) : memoryBus();
  const secret = (await one<{ value: string }>(database.db, sql`select value from app_secrets where name = 'main'`))!.value;
  const closers: (() => Promise<void> | void)[] = [];

  const app: FastifyInstance = Fastify({
    loggerInstance: log as unknown as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    logController: new QuietRequests(),
    // The previous client writes some paths with a doubled slash (bsdwbmxx//findDwBmzt).
    routerOptions: { ignoreDuplicateSlashes: true },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  });
  // Bodies are checked without coercion (a number is not a string); query and path strings are coerced.
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema as object, httpPart !== 'body'));
  // Replies are documented by their schema but sent as the handler built them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandling(app);
  // Older clients post `Content-Type: application/json` with no body on calls that take none.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    // The callback form (it answers through done); biome takes the parser type's promise form.
    void parseJson(req, body as string, done);
  });

  const origins = new OriginPolicy(config);
  const services: Services = {
    config,
    database,
    db: database.db,
    bus,
    log,
    secret,
    sessions: sessionStore(database.db, secret, origins, { maxDays: config.sessionMaxDays }),
    sms: smsCodes(database.db, opts.smsSender ?? logSender(log), secret, config),
    origins,
    companyStateOfHr: async () => -1,
    onClose: (fn) => closers.push(fn),
  };

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: '招聘与招聘会平台 API', version: '0.1.0', description: '回复约定：{code: 0, msg: "success", ...}；失败时 code 非 0，msg 为中文说明。' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
  });
  await installSockets(app, { perAddress: config.socketsPerAddress });
  await installCompression(app, SITE_BASE);
  // Every origin gets CORS headers, so that a widget on any page can load and read the API's
  // answer; who may actually call the API is decided by the refusal hook right after: a foreign
  // origin that is neither an enabled partner site nor in CORS_ORIGINS gets the 403 refusal
  // before any handler runs. The token travels in the `token` header, never in cookies.
  await app.register(cors, {
    origin: true,
    allowedHeaders: ['content-type', 'token'],
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    maxAge: 600,
  });
  installOriginRefusal(app, services.origins);

  // Before any route: helmet adds its headers to each route as the route is declared.
  await installSecurityHeaders(app, config, SITE_BASE);

  for (const m of modules) await m.register(app, services);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/health', { schema: { hide: true } }, async () => ({ code: 0, msg: 'success', db: database.kind, bus: bus.kind }));

  await mountSite(app, services);

  let closed = false;
  return {
    app,
    services,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      for (const fn of closers.reverse()) await fn();
      await bus.close();
      await database.close();
    },
  };
}
