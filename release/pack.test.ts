/**
 * The release check: packs every publishable workspace package exactly as `pnpm publish` would
 * (publishConfig applied, workspace: ranges replaced) and looks inside each tarball at what a
 * consumer gets. Needs the built packages (`pnpm -r build`, which `npm test` runs first).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** What is published; everything else in the workspace is private. */
const PUBLISHED = [
  '@zp/core',
  '@zp/ui',
  '@zp/chat-sdk',
  '@zp/rtc-sdk',
  '@zp/widget-chat',
  '@zp/widget-video-room',
  '@zp/widget-feedback',
  '@zp/widget-job-fairs',
];
const WIDGETS = PUBLISHED.filter((name) => name.startsWith('@zp/widget-'));
/** Packed size above which something that is no consumer's business has got in (the largest is ~120 KB). */
const MAX_TARBALL = 400 * 1024;

/** The pnpm running this test (`pnpm -r test`), else the pinned one through npx. */
function pnpm(args: string[], cwd = root): string {
  const exec = process.env.npm_execpath;
  const [cmd, pre] = exec && /pnpm/.test(exec) ? [process.execPath, [exec]] : ['npx', ['--yes', 'pnpm@10.34.8']];
  return execFileSync(cmd, [...pre, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

interface Manifest {
  name: string;
  version?: string;
  private?: boolean;
  license?: string;
  types?: string;
  exports?: Record<string, unknown>;
  sideEffects?: boolean | string[];
  [deps: string]: unknown;
}

interface Packed {
  manifest: Manifest;
  /** paths inside the package, e.g. dist/index.js */
  files: string[];
  dir: string;
  tarballBytes: number;
}

/** Every file an export map (conditions nested) points at. */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports];
  if (exports && typeof exports === 'object') return Object.values(exports).flatMap(exportTargets);
  return [];
}

const DEP_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/** tsc keeps comments, and comments show imports as examples. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Bare module specifiers a built ES module imports (static, re-export and dynamic). */
function bareImports(code: string): string[] {
  const found = [...withoutComments(code).matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'".][^'"]*)['"]/g)].map((m) => m[1]);
  // '@scope/name/sub' and 'name/sub' belong to '@scope/name' and 'name'.
  return [...new Set(found.map((s) => s.split('/').slice(0, s.startsWith('@') ? 2 : 1).join('/')))];
}

/** Relative specifiers a built module imports. */
const relativeImports = (code: string) => [...withoutComments(code).matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.\.?\/[^'"]+)['"]/g)].map((m) => m[1]);

const packed = new Map<string, Packed>();
let tmp = '';
let workspace: { name: string; private?: boolean }[] = [];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zp-release-'));
  workspace = JSON.parse(pnpm(['ls', '-r', '--depth', '-1', '--json'])) as { name: string; private?: boolean }[];
  const out = path.join(tmp, 'tarballs');
  pnpm(['-r', ...PUBLISHED.flatMap((name) => ['--filter', name]), 'pack', '--pack-destination', out]);
  for (const tarball of fs.readdirSync(out)) {
    const dir = path.join(tmp, tarball.replace(/\.tgz$/, ''));
    fs.mkdirSync(dir);
    execFileSync('tar', ['-xzf', path.join(out, tarball), '-C', dir]);
    const files = execFileSync('tar', ['-tzf', path.join(out, tarball)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((f) => f.replace(/^package\//, ''));
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package', 'package.json'), 'utf8')) as Manifest;
    packed.set(manifest.name, { manifest, files, dir: path.join(dir, 'package'), tarballBytes: fs.statSync(path.join(out, tarball)).size });
  }
}, 180_000);

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

it('publishes exactly the libraries and the widgets; the site, server, tests and benchmarks stay private', () => {
  const publishable = workspace.filter((p) => !p.private).map((p) => p.name);
  expect(publishable.sort()).toEqual([...PUBLISHED].sort());
  expect([...packed.keys()].sort()).toEqual([...PUBLISHED].sort());
});

describe.each(PUBLISHED)('%s as packed', (name) => {
  const pkg = () => {
    const p = packed.get(name);
    if (!p) throw new Error(`${name} was not packed`);
    return p;
  };

  it('has a publishable manifest: version, licence, no private flag, no workspace: ranges', () => {
    const { manifest } = pkg();
    expect(manifest.private).toBeUndefined();
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.license).toBeTruthy();
    for (const field of DEP_FIELDS) {
      for (const [dep, range] of Object.entries((manifest[field] as Record<string, string> | undefined) ?? {})) {
        expect(range, `${field}.${dep}`).not.toMatch(/^workspace:/);
      }
    }
  });

  it('exports built files that are in the tarball, each with its declarations', () => {
    const { manifest, files } = pkg();
    expect(manifest.exports).toBeTruthy();
    const targets = [...exportTargets(manifest.exports), manifest.types ?? ''];
    for (const target of targets) {
      expect(target, 'points into dist/').toMatch(/^\.\/dist\/.+\.(js|d\.ts)$/);
      expect(files, target).toContain(target.slice(2));
    }
    for (const [sub, entry] of Object.entries(manifest.exports!)) {
      expect(entry, sub).toMatchObject({ types: expect.stringMatching(/\.d\.ts$/), default: expect.stringMatching(/\.js$/) });
    }
  });

  it('carries its README and only what a consumer needs: no sources, tests, build info or node_modules', () => {
    const { files, tarballBytes } = pkg();
    expect(files).toContain('README.md');
    expect(files).toContain('package.json');
    const stray = files.filter(
      (f) => !/^(dist\/|README\.md$|CHANGELOG\.md$|package\.json$|LICENSE)/.test(f) || /\.test\.|\.tsbuildinfo$|(^|\/)node_modules\/|(^|\/)src\/|^dist\/browser\//.test(f),
    );
    expect(stray).toEqual([]);
    expect(files.some((f) => f.endsWith('.d.ts'))).toBe(true);
    expect(tarballBytes).toBeLessThan(MAX_TARBALL);
  });

  it('imports nothing it does not ship or declare as a dependency', () => {
    const { manifest, files, dir } = pkg();
    const declared = new Set(['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((f) => Object.keys((manifest[f] as object | undefined) ?? {})));
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const spec of bareImports(code)) expect(declared, `${file} imports ${spec}`).toContain(spec);
      for (const rel of relativeImports(code)) expect(files, `${file} imports ${rel}`).toContain(path.posix.join(path.posix.dirname(file), rel));
    }
  });
});

describe.each(WIDGETS)('%s for a bundler', (name) => {
  it('registers its custom element when imported, and says so in sideEffects', () => {
    const p = packed.get(name)!;
    const entry = fs.readFileSync(path.join(p.dir, 'dist', 'index.js'), 'utf8');
    expect(entry).toMatch(/defineWidget\(\s*'zp-/);
    expect(p.manifest.sideEffects).toEqual(expect.arrayContaining(['./dist/index.js']));
  });
});
