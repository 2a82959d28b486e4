import { describe, expect, it } from 'vitest';
import { orderModules, type Module } from './order.js';
import { modules } from './index.js';

const mod = (name: string, dependencies: string[] = []): Module => ({ name, dependencies, register() {} });

describe('the order modules are set up in', () => {
  it('puts every module after those it depends on, the same way on every start', () => {
    const list = [mod('rtc', ['chat', 'companies']), mod('chat', ['auth']), mod('auth', ['partners']), mod('companies', ['auth']), mod('partners')];
    const names = orderModules(list).map((m) => m.name);
    expect(names).toEqual(['partners', 'auth', 'chat', 'companies', 'rtc']);
    expect(orderModules([...list].reverse()).map((m) => m.name)).toEqual(names);
  });

  it('refuses a cycle or an unknown name, naming them', () => {
    expect(() => orderModules([mod('a', ['b']), mod('b', ['a']), mod('c')])).toThrow('模块之间存在循环依赖：a, b');
    expect(() => orderModules([mod('a', ['nope'])])).toThrow('模块 a 依赖的模块 nope 不存在');
  });

  it("holds the server's own modules: each after its dependencies, partners before auth", () => {
    const at = new Map(modules.map((m, i) => [m.name, i]));
    for (const m of modules) for (const d of m.dependencies) expect(at.get(d)!, `${m.name} after ${d}`).toBeLessThan(at.get(m.name)!);
    expect(at.get('partners')!).toBeLessThan(at.get('auth')!);
    expect(modules).toHaveLength(21);
  });
});
