#!/usr/bin/env node
// Bootstrap for a fresh machine that has only Node and npm: fetches the pinned pnpm through npx,
// installs the workspace, builds it, then starts the product, runs every test, or runs the CLI.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PNPM = 'pnpm@10.34.8';
const [, , command = 'start', ...rest] = process.argv;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: process.env, ...opts });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} 失败 (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}
const pnpm = (...args) => run('npx', ['--yes', PNPM, ...args]);

function install() {
  pnpm('install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only');
}

function build() {
  if (process.env.ZP_SKIP_BUILD === '1') return;
  pnpm('-r', '--workspace-concurrency=2', '--reporter=append-only', 'build');
}

// Screenshots of a Chinese UI need Chinese fonts; a bare Debian has none (every glyph a box).
function hasChineseFont() {
  const r = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() !== '';
}

function ensureChromium() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) missing.push('chromium');
  if (!hasChineseFont()) missing.push('fonts-noto-cjk');
  // The server lays out HR's PDF résumés with this TrueType CJK face (server/src/modules/resumes/pdf.ts).
  if (!existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc')) missing.push('fonts-wqy-microhei');
  // The video journey forced through TURN starts Debian's coturn on loopback.
  if (spawnSync('turnserver', ['--version']).error) missing.push('coturn');
  // The media server of rooms beyond a pair (Janus's VideoRoom), its recording tools and ffmpeg.
  if (spawnSync('janus', ['--version']).error) missing.push('janus', 'janus-tools', 'ffmpeg');
  if (!missing.length) return;
  if (process.getuid?.() !== 0) {
    if (missing.includes('chromium')) {
      console.error('缺少 /usr/bin/chromium：请以 root 运行或先执行 apt-get install -y chromium fonts-noto-cjk');
      process.exit(1);
    }
    if (missing.includes('janus')) console.warn('缺少 janus：经媒体服务器的视频面试测试将失败（apt-get install -y janus janus-tools ffmpeg）');
    if (missing.includes('coturn')) console.warn('缺少 turnserver：经 TURN 的视频面试测试将失败（apt-get install -y coturn）');
    if (missing.includes('fonts-noto-cjk')) console.warn('缺少中文字体：截图中的中文会显示为方框（apt-get install -y fonts-noto-cjk）');
    if (missing.includes('fonts-wqy-microhei')) console.warn('缺少 PDF 简历字体：PDF 简历测试将失败（apt-get install -y fonts-wqy-microhei）');
    return;
  }
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

switch (command) {
  case 'start':
    install();
    build();
    run('node', ['server/dist/main.js', ...rest]);
    break;
  case 'test':
    install();
    // The static checks first (Biome lint, module boundaries and cycles, unused code): a minute,
    // and what they find needs no server or browser.
    run('npm', ['run', '--silent', 'check']);
    build();
    ensureChromium();
    // Sequential (the server suites and e2e each start real servers and browsers; two cores),
    // every package even after a failure, the browser journeys last.
    pnpm('-r', '--workspace-concurrency=1', '--no-bail', '--reporter=append-only', '--filter', '!@zp/e2e', 'test');
    pnpm('--filter', '@zp/e2e', '--reporter=append-only', 'test');
    break;
  case 'zp':
    if (!existsSync(path.join(root, 'server/dist/cli.js'))) { install(); build(); }
    run('node', ['server/dist/cli.js', ...rest]);
    break;
  default:
    console.error(`未知命令 ${command}：可用 start | test | zp`);
    process.exit(2);
}
