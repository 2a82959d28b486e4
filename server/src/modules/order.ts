/** A server module, and the order modules are set up in. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

export interface Module {
  name: string;
  /** Modules whose set-up this one relies on (routes, state on Services, hooks): registered first. */
  dependencies: readonly string[];
  register(app: FastifyInstance, services: Services): Promise<void> | void;
}

/**
 * The modules in an order where each comes after all it depends on; among those free to go, by
 * name, so the order is the same on every start. An unknown name or a cycle stops the start.
 */
export function orderModules(list: readonly Module[]): Module[] {
  const byName = new Map(list.map((m) => [m.name, m]));
  for (const m of list) {
    for (const d of m.dependencies) if (!byName.has(d)) throw new Error(`模块 ${m.name} 依赖的模块 ${d} 不存在`);
  }
  const ordered: Module[] = [];
  const placed = new Set<string>();
  while (ordered.length < list.length) {
    const ready = list.filter((m) => !placed.has(m.name) && m.dependencies.every((d) => placed.has(d)));
    if (!ready.length) {
      const left = list.filter((m) => !placed.has(m.name)).map((m) => m.name);
      throw new Error(`模块之间存在循环依赖：${left.join(', ')}`);
    }
    ready.sort((a, b) => a.name.localeCompare(b.name));
    ordered.push(ready[0]!);
    placed.add(ready[0]!.name);
  }
  return ordered;
}
