import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { isPhone } from '@zp/core/rules/phone';
import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrate } from './db/migrate.js';
import { createUser } from './modules/auth/index.js';
import { md5 } from './db/seed.js';
import { seedDemo } from './demo.js';
import { seedVolume } from './modules/jobs/volume.js';

const usage = `用法：
  pnpm zp create-operator --phone 13900000000 [--password 明文密码]
  pnpm zp seed-demo
  pnpm zp seed --jobs 1000000 [--seed 1]   批量生成企业与岗位（压测用，约每 50 个岗位一家企业）`;

const [command, ...args] = process.argv.slice(2);
const log = pino({ level: 'warn' });
const config = loadConfig();
const database = await openDatabase(config);
await migrate(database, log);
try {
  switch (command) {
    case 'create-operator': {
      const { values } = parseArgs({ args, options: { phone: { type: 'string' }, password: { type: 'string' } } });
      if (!values.phone || !isPhone(values.phone)) throw new Error('请用 --phone 给出 11 位手机号');
      const password = values.password ?? crypto.randomBytes(9).toString('base64url');
      const id = await createUser(database.db, 'xs', values.phone, md5(password), '运营');
      console.log(`运营账号已创建：id ${id}，手机号 ${values.phone}，密码 ${password}\n登录接口：POST /api/sec/pc/logonXs`);
      break;
    }
    case 'seed': {
      const { values } = parseArgs({ args, options: { jobs: { type: 'string' }, seed: { type: 'string' } } });
      const jobs = Number(values.jobs);
      if (!Number.isInteger(jobs) || jobs < 1 || jobs > 20_000_000) throw new Error('请用 --jobs 给出 1–20000000 之间的岗位数');
      let last = 0;
      const r = await seedVolume(database, log, {
        jobs,
        seed: values.seed ? Number(values.seed) : undefined,
        onProgress: (what, done, total) => {
          if (Date.now() - last < 2000 && done < total) return;
          last = Date.now();
          console.log(`${what === 'jobs' ? '岗位' : '企业'} ${done}/${total}`);
        },
      });
      console.log(`已生成 ${r.companies} 家企业、${r.jobs} 个岗位，用时 ${r.seconds.toFixed(1)} 秒（${database.kind}）`);
      break;
    }
    case 'seed-demo':
      console.log((await seedDemo(database.db, log)) ? '演示数据已写入' : '演示数据已存在');
      break;
    default:
      console.log(usage);
      process.exitCode = command ? 2 : 0;
  }
} catch (err) {
  console.error(`失败：${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
