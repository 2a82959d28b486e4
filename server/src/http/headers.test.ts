import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/helpers.js';
import { loadConfig } from '../config.js';
import { cspDirectives, formatPolicy, inlineScriptHashes } from './headers.js';

const ISLAND = '(()=>{var e=async t=>{await(await t())()};customElements.define("astro-island",class extends HTMLElement{})})();';
const DATA = '{"props":{"a":1}}';

/** A built site in miniature (as site.test.ts makes one): a page with inline scripts, a widget script. */
function fixtureSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-headers-'));
  const dir = path.join(root, 'site', 'dist');
  fs.mkdirSync(path.join(dir, 'client', '_astro'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.mkdirSync(path.join(root, 'widgets', 'chat', 'dist', 'browser'), { recursive: true });
  fs.writeFileSync(path.join(root, 'widgets', 'chat', 'dist', 'browser', 'chat.js'), 'customElements.define("zp-chat", class extends HTMLElement {})');
  fs.writeFileSync(path.join(dir, 'client', '_astro', 'page.abc123.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `export async function handler(req, res) {
      // /zppc/stated: a page that names its (absent) encoding, in headers written in capitals.
      if (req.url === '/zppc/stated') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Encoding': 'identity' });
      else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><html><head><script type="module" src="/zppc/_astro/page.abc123.js"></script>');
      res.write('<script>${ISLAND}</script>');
      res.end('</head><body><script type="application/json" id="d">${DATA}</script><p>页面</p><p>${'招聘会'.repeat(600)}</p></body></html>');
    }`,
  );
  return dir;
}

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('security headers', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer({ env: { SITE_DIR: fixtureSite(), CORS_ORIGINS: 'https://partner.example.edu' } });
  });
  afterAll(() => srv?.close());

  const policyOf = (h: Headers) =>
    Object.fromEntries(
      String(h.get('content-security-policy'))
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    ) as Record<string, string[]>;

  it('every API reply: nosniff, a Referrer-Policy, no framing, a policy with scripts from this origin only', async () => {
    const r = await fetch(`${srv.url}/api/health`);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    const csp = policyOf(r.headers);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    // The API stays callable from listed partner pages (CORS) and its resources loadable.
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const cors = await fetch(`${srv.url}/api/health`, { headers: { origin: 'https://partner.example.edu' } });
    expect(cors.status).toBe(200);
    expect(cors.headers.get('access-control-allow-origin')).toBe('https://partner.example.edu');
    // Any other origin reads its refusal and nothing else.
    const other = await fetch(`${srv.url}/api/health`, { headers: { origin: 'https://unknown.example.com' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBe('https://unknown.example.com');
  });

  it('a page: its own inline scripts by hash (no unsafe-inline), not framable', async () => {
    const r = await fetch(`${srv.url}/zppc/seeker/resume`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<p>页面</p>');
    const csp = policyOf(r.headers);
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", sha(ISLAND), sha(DATA)]));
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a page stating content-encoding identity is text like any other: its scripts are hashed', async () => {
    const r = await fetch(`${srv.url}/zppc/stated`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.headers.get('content-encoding')).toBe('identity');
    expect(await r.text()).toContain('<p>页面</p>');
    expect(policyOf(r.headers)['script-src']).toEqual(expect.arrayContaining(["'self'", sha(ISLAND), sha(DATA)]));
  });

  it('a public page keeps its scripts\' hashes when served compressed from the page cache', async () => {
    for (const [encoding, cache] of [['br', 'miss'], ['br', 'hit'], ['gzip', 'hit'], ['identity', 'hit']] as const) {
      const r = await fetch(`${srv.url}/zppc/public/csp-compressed`, { headers: { 'accept-encoding': encoding } });
      expect(r.headers.get('x-page-cache')).toBe(cache);
      expect(await r.text()).toContain('<p>页面</p>');
      expect(r.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(policyOf(r.headers)['script-src'], `${encoding} ${cache}`).toEqual(expect.arrayContaining(["'self'", sha(ISLAND), sha(DATA)]));
    }
  });

  it('the widget scripts stay embeddable on partner pages', async () => {
    const r = await fetch(`${srv.url}/zppc/widgets/chat.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the policy', () => {
  it('adds the S3 bucket and PUBLIC_URL for files, and the Tencent hosts only when Tencent is configured', () => {
    const plain = cspDirectives(loadConfig({ PUBLIC_URL: 'https://zp.example.com' }, '/tmp'));
    expect(plain['img-src']).toContain('https://zp.example.com');
    expect(plain['connect-src']).toContain('wss://zp.example.com');
    expect(formatPolicy(plain)).not.toMatch(/qcloud|upgrade-insecure/);
    expect(plain['script-src']).toEqual(["'self'"]);

    const cloud = cspDirectives(
      loadConfig(
        {
          S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'zp', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's', S3_PUBLIC_URL: 'https://cdn.example.com/zp',
          TENCENT_SDKAPPID: '1400000000', TENCENT_SECRET: 'x',
        },
        '/tmp',
      ),
    );
    expect(cloud['img-src']).toEqual(expect.arrayContaining(['https://s3.example.com', 'https://cdn.example.com', 'https://*.myqcloud.com']));
    expect(cloud['connect-src']).toEqual(expect.arrayContaining(['https://s3.example.com', 'wss://*.qcloud.com', 'wss://*.rtc.qq.com']));
    expect(cloud['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });

  it('hashes inline scripts and skips external ones', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script>x()</script><SCRIPT type="module">y()</SCRIPT>')).toEqual([sha('x()'), sha('y()')]);
  });
});
