import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed.js';
import { seedDemo } from './demo.js';
import { videoMode } from './modules/rtc/index.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`配置错误：${err.message}`);
    process.exit(2);
  }
  throw err;
}

const { app, services, close } = await buildApp(config);
if (config.demo) await seedDemo(services.db, services.log, services);
const address = await app.listen({ port: config.port, host: config.host });
const port = Number(new URL(address).port);
if (!process.env.PUBLIC_URL) services.config.publicUrl = `http://127.0.0.1:${port}`;

const lines = [
  '',
  `  招聘平台已启动：http://127.0.0.1:${port}/zppc/`,
  `  数据库：${services.database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}；消息总线：${services.bus.kind}`,
  `  ${videoMode(services)}`,
];
if (config.demo) {
  lines.push(`  演示账号（密码均为 ${DEMO_PASSWORD}）：`);
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.phone}  ${a.what.padEnd(10, '　')}  登录：http://127.0.0.1:${port}/zppc/${a.login}`);
}
console.log(`${lines.join('\n')}\n`);

// The last resort: every request and socket handler answers its own errors, so anything that
// reaches here is a bug. It is logged at error level and the process stays up, rather than
// stopping the product for every user (which is what one hostile frame did): a thrown exception
// cannot corrupt memory in JavaScript, the state of record is in the database (an interrupted
// transaction rolls back), and what lives in memory here is caches and sockets, each of which
// recovers on its own. Installed after start-up, so that a failing start still exits.
process.on('uncaughtException', (err, origin) => services.log.error({ err, origin }, 'uncaught exception (kept running)'));
process.on('unhandledRejection', (reason) => services.log.error({ err: reason }, 'unhandled promise rejection (kept running)'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    services.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    close()
      .then(() => process.exit(0))
      .catch((err) => {
        services.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  });
}
