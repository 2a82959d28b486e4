import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from './contract/index.js';
import * as manifest from './routes.gen.js';
import { isRouteGroup, renderRoutesManifest } from '../scripts/routes-manifest.js';

const src = (rel: string) => fs.readFileSync(new URL(rel, import.meta.url), 'utf8');
type Spec = { method: unknown; url: string; access: string };

describe('routes manifest (routes.gen.ts)', () => {
  it('is what the generator makes of the current contract (else: pnpm --filter @zp/core gen:routes)', () => {
    expect(src('./routes.gen.ts')).toBe(renderRoutesManifest());
  });

  it('has every contract route with the same method, url and access, and nothing else', () => {
    const groups = Object.entries(contract).filter(([, v]) => isRouteGroup(v)) as [string, Record<string, Spec>][];
    expect(groups.length).toBeGreaterThan(10);
    const m = manifest as unknown as Record<string, Record<string, Spec>>;
    for (const [name, group] of groups) {
      expect(Object.keys(m[name] ?? {}), name).toEqual(Object.keys(group));
      for (const [routeName, spec] of Object.entries(group)) {
        expect({ ...m[name][routeName] }, `${name}.${routeName}`).toEqual({ method: spec.method, url: spec.url, access: spec.access });
      }
    }
    const isEntryMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((e) => typeof e === 'object' && e !== null && 'url' in e);
    const manifestGroups = Object.keys(manifest).filter((k) => isEntryMap((manifest as Record<string, unknown>)[k]));
    expect(manifestGroups.sort()).toEqual(groups.map(([n]) => n).sort());
  });

  it('carries the plain constants by value', () => {
    expect(manifest.APPLICATION_STATES).toEqual(contract.APPLICATION_STATES);
    expect(manifest.GENERAL_CODE_TABLES).toEqual(contract.GENERAL_CODE_TABLES);
    expect(manifest.BANNER_SLOTS).toEqual(contract.BANNER_SLOTS);
  });

  it('keeps TypeBox out of browser modules: they import the contract for types only', () => {
    for (const file of ['./routes.gen.ts', './session.ts', './client.ts', './socket.ts']) {
      const valueImports = src(file)
        .split('\n')
        .filter((l) => /^import\s+(?!type\b)/.test(l) && /contract|typebox/.test(l));
      expect(valueImports, file).toEqual([]);
    }
  });
});
