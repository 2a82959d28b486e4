import path from 'node:path';
import { normaliseOrigin } from './http/origins.js';
import { RTC_SFU_MAX_MEMBERS } from '@zp/core/contract';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set, PGlite under dataDir otherwise. */
  databaseUrl: string | null;
  /** Optional schema (search_path) inside databaseUrl; tests use one per server. */
  databaseSchema: string | null;
  /** Redis channel prefix: the nodes of one deployment share it, and only they */
  redisPrefix: string;
  redisUrl: string | null;
  demo: boolean;
  logLevel: string;
  /** Public origin used in links the server hands out (upload host, file urls). */
  publicUrl: string;
  s3: { endpoint: string; bucket: string; accessKey: string; secretKey: string; region: string; publicUrl: string } | null;
  tencent: { sdkAppId: number; secret: string } | null;
  iceServers: IceServer[];
  /** Video: TURN credentials by the coturn REST scheme (use-auth-secret), and how long a dropped member stays. */
  rtc: { turnSecret: string | null; turnUrls: string[]; turnTtl: number; reconnectGraceMs: number; inviteSms: boolean };
  /**
   * The media server for rooms beyond a pair (Janus): `urls` are external servers (JANUS_URL,
   * ws:// or file:// for a Unix socket); without them the server starts its own Janus when the
   * binary is installed, unless JANUS=off. sfuMaxMembers: a paying HR's room size through it.
   */
  janus: { urls: string[]; child: boolean; binary: string; rtpPorts: string; sfuMaxMembers: number; recordingDays: number };
  /** Where the built site lives; the server serves it under /zppc/ when present. */
  siteDir: string | null;
  /** Test runs check every reply against its contract schema. */
  checkReplies: boolean;
  /** Anonymous feedback accepted per client address per hour (spam guard). */
  feedbackAnonPerHour: number;
  /** Distinct phones one client address may have SMS codes sent to per hour. */
  smsPerAddressPerHour: number;
  /**
   * Accounts one client address may get wrong passwords at within 15 minutes / a day before its
   * password logins need the SMS code too (credential stuffing). A campus behind one NAT address
   * may need more.
   */
  loginAccountsPerAddress: { window: number; day: number };
  /** Origins allowed to call the API from the browser (partner pages); empty = any. */
  corsOrigins: string[];
  /** A login's absolute lifetime in days (SESSION_MAX_DAYS): refreshing never keeps it past this. */
  sessionMaxDays: number;
  /** Trust X-Forwarded-For (only behind a proxy that sets it): client IPs feed login throttling. */
  trustProxy: boolean;
  /** Sockets (chat, notifications, video signalling) one address (IPv6: one /64) may hold open on one node. */
  socketsPerAddress: number;
  /** Outgoing mail (SMTP_URL, smtp:// or smtps://, and MAIL_FROM); null: reminders go by page and SMS only. */
  mail: { url: string; from: string } | null;
}

export class ConfigError extends Error {}

/** RTCIceServer as the browser takes it. */
interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name}=${raw} 无效：应为 ${min}–${max} 的整数`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(`${name}=${raw} 不是合法的 URL`);
  }
  if (!protocols.includes(u.protocol)) throw new ConfigError(`${name} 的协议应为 ${protocols.join(' 或 ')}，实际为 ${u.protocol}`);
  return raw;
}

/** CORS_ORIGINS: comma-separated `scheme://host[:port]`; a typo would silently shut a partner out, so it stops the start. */
function corsOrigins(raw: string | undefined): string[] {
  const list = (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return list.map((o) => {
    const origin = normaliseOrigin(o);
    if (!origin) throw new ConfigError(`CORS_ORIGINS 中的 ${o} 无效：应为 https://域名[:端口]，不含路径`);
    return origin;
  });
}

function iceServer(e: unknown, i: number): IceServer {
  const o = e as Record<string, unknown> | null;
  const urls = o?.urls;
  const ok = typeof urls === 'string' || (Array.isArray(urls) && urls.length > 0 && urls.every((u) => typeof u === 'string'));
  if (!o || typeof o !== 'object' || !ok) throw new ConfigError(`ICE_SERVERS 第 ${i + 1} 项应为 {"urls": "stun:…" 或 ["turn:…"], "username"?, "credential"?}`);
  for (const k of ['username', 'credential'] as const) {
    if (o[k] !== undefined && typeof o[k] !== 'string') throw new ConfigError(`ICE_SERVERS 第 ${i + 1} 项的 ${k} 应为字符串`);
  }
  return { urls: urls as string | string[], ...(o.username !== undefined ? { username: o.username as string } : {}), ...(o.credential !== undefined ? { credential: o.credential as string } : {}) };
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name}=${raw} 无效：应为 1 或 0`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseSchema = env.DATABASE_SCHEMA || null;
  if (databaseSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) throw new ConfigError(`DATABASE_SCHEMA=${databaseSchema} 无效`);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  // Deployments (or test servers) sharing one Redis must not hear each other: their ids overlap.
  const redisPrefix = env.REDIS_PREFIX || (databaseSchema ? `zp:${databaseSchema}:` : 'zp:');
  if (!/^[A-Za-z0-9:_-]{1,64}$/.test(redisPrefix)) throw new ConfigError(`REDIS_PREFIX=${redisPrefix} 无效`);
  const demo = flag(env, 'DEMO', !databaseUrl);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) throw new ConfigError(`LOG_LEVEL=${logLevel} 无效`);

  let s3: Config['s3'] = null;
  const s3Keys = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'];
  const s3Set = s3Keys.filter((k) => env[k]);
  if (s3Set.length > 0) {
    const missing = s3Keys.filter((k) => !env[k]);
    if (missing.length) throw new ConfigError(`S3 配置不完整，缺少 ${missing.join(', ')}`);
    s3 = {
      endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:'])!,
      bucket: env.S3_BUCKET!,
      accessKey: env.S3_ACCESS_KEY!,
      secretKey: env.S3_SECRET_KEY!,
      region: env.S3_REGION || 'us-east-1',
      publicUrl: env.S3_PUBLIC_URL || `${env.S3_ENDPOINT!.replace(/\/$/, '')}/${env.S3_BUCKET}`,
    };
  }

  let tencent: Config['tencent'] = null;
  if (env.TENCENT_SDKAPPID || env.TENCENT_SECRET) {
    if (!env.TENCENT_SDKAPPID || !env.TENCENT_SECRET) throw new ConfigError('TENCENT_SDKAPPID 与 TENCENT_SECRET 需同时设置');
    tencent = { sdkAppId: int(env, 'TENCENT_SDKAPPID', 0, 1, 2 ** 32), secret: env.TENCENT_SECRET };
  }

  let iceServers: IceServer[] = [];
  if (env.ICE_SERVERS) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.ICE_SERVERS);
    } catch {
      throw new ConfigError('ICE_SERVERS 应为 JSON 数组，如 [{"urls":"turn:turn.example.com:443","username":"u","credential":"p"}]');
    }
    if (!Array.isArray(parsed)) throw new ConfigError('ICE_SERVERS 应为 JSON 数组');
    iceServers = parsed.map((e, i) => iceServer(e, i));
  }

  const turnSecret = env.TURN_SECRET || null;
  const turnUrls = (env.TURN_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  if (turnSecret && !turnUrls.length) throw new ConfigError('TURN_SECRET 需与 TURN_URLS 同时设置，如 TURN_URLS=turn:turn.example.com:3478,turns:turn.example.com:443');
  if (!turnSecret && turnUrls.length) throw new ConfigError('TURN_URLS 需与 TURN_SECRET 同时设置（固定账号的 TURN 请写在 ICE_SERVERS 中）');
  for (const u of turnUrls) if (!/^turns?:[^\s]+$/.test(u)) throw new ConfigError(`TURN_URLS 中的 ${u} 应以 turn: 或 turns: 开头`);
  const rtc = {
    turnSecret,
    turnUrls,
    turnTtl: int(env, 'TURN_TTL', 86400, 60, 7 * 86400),
    reconnectGraceMs: int(env, 'RTC_RECONNECT_GRACE_MS', 30_000, 100, 600_000),
    /** Also text an invited seeker who has no page open (through the SMS sender's notice). */
    inviteSms: flag(env, 'RTC_INVITE_SMS', false),
  };

  const janusUrls = (env.JANUS_URL ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  for (const u of janusUrls) if (!/^(wss?|file):\/\/\S+$/.test(u)) throw new ConfigError(`JANUS_URL 中的 ${u} 应以 ws://、wss:// 或 file://（Unix 套接字）开头`);
  const rtpPorts = env.JANUS_RTP_PORTS || '20000-40000';
  if (!/^\d{4,5}-\d{4,5}$/.test(rtpPorts)) throw new ConfigError('JANUS_RTP_PORTS 应为端口范围，如 20000-40000');
  const janus = {
    urls: janusUrls,
    child: !janusUrls.length && env.JANUS !== 'off',
    binary: env.JANUS_BIN || 'janus',
    rtpPorts,
    sfuMaxMembers: int(env, 'RTC_SFU_MAX_MEMBERS', RTC_SFU_MAX_MEMBERS, 3, 50),
    /** days a recording of an interview is kept until the operator sets it (recording/retention.ts) */
    recordingDays: int(env, 'RTC_RECORDING_DAYS', 30, 1, 3650),
  };

  const smtpUrl = env.SMTP_URL || '';
  if (smtpUrl && !/^smtps?:\/\/\S+$/.test(smtpUrl)) throw new ConfigError('SMTP_URL 应以 smtp:// 或 smtps:// 开头，如 smtps://user:pass@smtp.example.com:465');
  const mail = smtpUrl ? { url: smtpUrl, from: env.MAIL_FROM || '招聘平台 <no-reply@localhost>' } : null;

  const publicUrl = (env.PUBLIC_URL || `http://127.0.0.1:${port}`).replace(/\/$/, '');
  const siteDir = env.SITE_DIR === '' ? null : path.resolve(cwd, env.SITE_DIR || path.join(import.meta.dirname, '../../site/dist'));

  return {
    port, host, dataDir, databaseUrl, databaseSchema, redisUrl, redisPrefix, demo, logLevel, publicUrl, s3, tencent, iceServers, rtc, janus, siteDir,
    checkReplies: flag(env, 'CHECK_REPLIES', false),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    feedbackAnonPerHour: int(env, 'FEEDBACK_ANON_PER_HOUR', 5, 1, 100000),
    smsPerAddressPerHour: int(env, 'SMS_PER_ADDRESS_PER_HOUR', 20, 1, 1000000),
    loginAccountsPerAddress: {
      window: int(env, 'LOGIN_ACCOUNTS_PER_ADDRESS', 5, 1, 1000000),
      day: int(env, 'LOGIN_ACCOUNTS_PER_ADDRESS_DAY', 20, 1, 1000000),
    },
    sessionMaxDays: int(env, 'SESSION_MAX_DAYS', 30, 1, 365),
    socketsPerAddress: int(env, 'SOCKETS_PER_ADDRESS', 500, 1, 10_000_000),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    mail,
  };
}
