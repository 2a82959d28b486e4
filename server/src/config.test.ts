import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('defaults to the embedded database, in-process bus and demo data', () => {
    const c = loadConfig({}, '/srv/zp');
    expect(c).toMatchObject({ port: 8080, dataDir: '/srv/zp/data', databaseUrl: null, redisUrl: null, demo: true, s3: null, tencent: null });
  });

  it('DEMO defaults off on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT=abc 无效：应为 0–65535 的整数'],
    [{ PORT: '70000' }, 'PORT=70000 无效：应为 0–65535 的整数'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL 的协议应为 postgres: 或 postgresql:，实际为 mysql:'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL=not a url 不是合法的 URL'],
    [{ DEMO: 'maybe' }, 'DEMO=maybe 无效：应为 1 或 0'],
    [{ S3_BUCKET: 'b' }, 'S3 配置不完整，缺少 S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY'],
    [{ TENCENT_SDKAPPID: '1400000000' }, 'TENCENT_SDKAPPID 与 TENCENT_SECRET 需同时设置'],
    [{ ICE_SERVERS: '{oops' }, 'ICE_SERVERS 应为 JSON 数组，如 [{"urls":"turn:turn.example.com:443","username":"u","credential":"p"}]'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL=loud 无效'],
  ])('%j is refused with a clear message', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message);
  });

  it('reads S3, Tencent and ICE settings', () => {
    const c = loadConfig({
      S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'zp', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's',
      TENCENT_SDKAPPID: '1400000001', TENCENT_SECRET: 'sec', ICE_SERVERS: '[{"urls":"stun:127.0.0.1:3478"}]',
    });
    expect(c.s3).toMatchObject({ bucket: 'zp', publicUrl: 'https://s3.example.com/zp' });
    expect(c.tencent).toEqual({ sdkAppId: 1400000001, secret: 'sec' });
    expect(c.iceServers).toEqual([{ urls: 'stun:127.0.0.1:3478' }]);
  });
});
