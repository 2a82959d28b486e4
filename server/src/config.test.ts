import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('defaults to the embedded database, in-process bus and demo data', () => {
    const c = loadConfig({}, '/srv/zp');
    expect(c).toMatchObject({ port: 8080, dataDir: '/srv/zp/data', databaseUrl: null, redisUrl: null, demo: true, s3: null, tencent: null });
  });

  it('gives the nodes of one deployment, and only them, the same Redis channels', () => {
    expect(loadConfig({ REDIS_URL: 'redis://h:6379' }).redisPrefix).toBe('zp:');
    expect(loadConfig({ REDIS_URL: 'redis://h:6379', DATABASE_SCHEMA: 'tenant_a' }).redisPrefix).toBe('zp:tenant_a:');
    expect(loadConfig({ REDIS_URL: 'redis://h:6379', REDIS_PREFIX: 'site2:' }).redisPrefix).toBe('site2:');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow('REDIS_PREFIX=a b 无效');
  });

  it('a login lasts 30 days at most unless SESSION_MAX_DAYS says otherwise', () => {
    expect(loadConfig({}).sessionMaxDays).toBe(30);
    expect(loadConfig({ SESSION_MAX_DAYS: '7' }).sessionMaxDays).toBe(7);
    expect(() => loadConfig({ SESSION_MAX_DAYS: '0' })).toThrow('SESSION_MAX_DAYS=0 无效：应为 1–365 的整数');
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
    [{ ICE_SERVERS: '[{"url":"stun:x"}]' }, 'ICE_SERVERS 第 1 项应为 {"urls": "stun:…" 或 ["turn:…"], "username"?, "credential"?}'],
    [{ ICE_SERVERS: '[{"urls":"turn:x","credential":5}]' }, 'ICE_SERVERS 第 1 项的 credential 应为字符串'],
    [{ TURN_SECRET: 's3cret' }, 'TURN_SECRET 需与 TURN_URLS 同时设置'],
    [{ TURN_URLS: 'turn:t.example.com:3478' }, 'TURN_URLS 需与 TURN_SECRET 同时设置'],
    [{ TURN_SECRET: 's', TURN_URLS: 'http://t.example.com' }, 'TURN_URLS 中的 http://t.example.com 应以 turn: 或 turns: 开头'],
    [{ TURN_SECRET: 's', TURN_URLS: 'turn:t', TURN_TTL: '10' }, 'TURN_TTL=10 无效：应为 60–604800 的整数'],
    [{ RTC_RECONNECT_GRACE_MS: '-1' }, 'RTC_RECONNECT_GRACE_MS=-1 无效：应为 100–600000 的整数'],
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

  it('reads the TURN secret and URLs, the video reconnect grace and the SMS invitation switch', () => {
    expect(loadConfig({}).rtc).toEqual({ turnSecret: null, turnUrls: [], turnTtl: 86400, reconnectGraceMs: 30_000, inviteSms: false });
    const c = loadConfig({ TURN_SECRET: 'coturn-secret', TURN_URLS: 'turn:127.0.0.1:3478?transport=udp, turns:turn.example.com:443', TURN_TTL: '3600', RTC_RECONNECT_GRACE_MS: '500', RTC_INVITE_SMS: '1' });
    expect(c.rtc).toEqual({
      turnSecret: 'coturn-secret',
      turnUrls: ['turn:127.0.0.1:3478?transport=udp', 'turns:turn.example.com:443'],
      turnTtl: 3600,
      reconnectGraceMs: 500,
      inviteSms: true,
    });
  });
});
